/// `data:`: the form's tables, each a list of rows (mappings of column to cell).
///
/// A cell is a scalar (text; a number or a boolean as written) or, for text shown to
/// people, a mapping of the form's languages to text. Columns are the keys of every
/// row, in the order they first appear; a row without a column has `""` there.
extension DefinitionDecoder {
    mutating func decodeData(_ node: SyntaxNode) {
        guard let pairs = node.pairs else {
            collector.report(
                .wrongType(
                    key: "data", expected: "a mapping of table names to lists of rows", found: node.typeDescription),
                at: node)
            return
        }
        for (key, value) in pairs {
            guard let name = key.scalarText, ExpressionText.isIdentifier(name) || isTableName(name) else {
                collector.report(
                    .wrongType(
                        key: "data", expected: "a table name (letters, digits, '_', '-' and '.')",
                        found: key.scalarText.map { "'\($0)'" } ?? key.typeDescription), at: key)
                continue
            }
            guard tables[name] == nil else {
                collector.report(.duplicateKey(name), at: key)
                continue
            }
            if let table = decodeTable(name, value) { tables[name] = table }
        }
    }

    private func isTableName(_ name: String) -> Bool {
        !name.isEmpty
            && name.unicodeScalars.allSatisfy {
                $0.properties.isAlphabetic || "0123456789_-.".unicodeScalars.contains($0)
            }
    }

    private mutating func decodeTable(_ name: String, _ node: SyntaxNode) -> DataTable? {
        guard let elements = node.elements else {
            collector.report(
                .wrongType(
                    key: name, expected: "a list of rows (mappings of column to value)", found: node.typeDescription),
                at: node)
            return nil
        }
        var columns: [String] = []
        var columnIndex: [String: Int] = [:]
        var rows: [[String]] = []
        rows.reserveCapacity(elements.count)
        var translations: [Int: [String: [String]]] = [:]
        let codes = languages.map(\.code)
        for element in elements {
            guard let cells = element.pairs else {
                collector.report(
                    .wrongType(
                        key: name, expected: "a row (a mapping of column to value)", found: element.typeDescription),
                    at: element)
                continue
            }
            var row = [String](repeating: "", count: columns.count)
            for (key, value) in cells {
                guard let column = key.scalarText, !column.isEmpty else {
                    collector.report(
                        .wrongType(key: name, expected: "a column name", found: key.typeDescription), at: key)
                    continue
                }
                let position: Int
                if let known = columnIndex[column] {
                    position = known
                } else {
                    position = columns.count
                    columnIndex[column] = position
                    columns.append(column)
                    row.append("")
                }
                if let text = value.scalarText {
                    row[position] = value.isNullScalar ? "" : text
                } else if let variants = value.pairs {
                    // The default language's text, else the first given, is the cell's own.
                    var ownText: String?
                    defer { row[position] = ownText ?? "" }
                    for (languageNode, textNode) in variants {
                        guard let code = languageNode.scalarText, codes.contains(code) else {
                            let code = languageNode.scalarText ?? ""
                            collector.report(
                                .unknownLanguage(
                                    code, declared: codes, suggestion: Suggestions.closest(to: code, in: codes).first),
                                at: languageNode)
                            continue
                        }
                        guard let text = textNode.scalarText else {
                            collector.report(
                                .wrongType(key: column, expected: "text", found: textNode.typeDescription), at: textNode
                            )
                            continue
                        }
                        if code == defaultLanguage || ownText == nil { ownText = text }
                        var perRow = translations[position]?[code] ?? []
                        if perRow.count < rows.count {
                            perRow += Array(repeating: "", count: rows.count - perRow.count)
                        }
                        perRow.append(text)
                        translations[position, default: [:]][code] = perRow
                    }
                } else {
                    collector.report(
                        .wrongType(
                            key: column, expected: "a value, or its text per language", found: value.typeDescription),
                        at: value)
                }
            }
            rows.append(row)
            for (column, byLanguage) in translations {
                for (code, perRow) in byLanguage where perRow.count < rows.count {
                    translations[column]![code] = perRow + Array(repeating: "", count: rows.count - perRow.count)
                }
            }
        }
        return DataTable(name: name, columns: columns, rows: rows, translations: translations)
    }
}
