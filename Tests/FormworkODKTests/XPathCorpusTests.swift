import Formwork
import Foundation
import Testing

@testable import FormworkODK

/// Every expression of every corpus workbook (`../shared/corpus/xlsform`) translates:
/// none is a syntax error, and what is unsupported is exactly the list below, so a
/// change in what the translator reads shows here. Names resolve permissively: each
/// `${name}` to its question, typed by its row's `type`, in the repeats its rows
/// are in; a choice_filter once per choice of its list, with that choice's columns.
@Suite("XPath translation of the corpus")
struct XPathCorpusTests {
    /// `workbook survey!CELL: message` for each expression the translator cannot represent.
    static let unsupported: Set<String> = []

    /// The columns that hold expressions, and how each is used.
    static let columns: [(String, ExpressionUse)] = [
        ("relevant", .condition), ("constraint", .condition), ("required", .condition), ("read_only", .condition),
        ("choice_filter", .condition), ("calculation", .text), ("repeat_count", .value), ("trigger", .value),
    ]

    /// `required`, `read_only` cells that are flags, not expressions, as pyxform reads
    /// them (and a spreadsheet's TRUE and FALSE in any condition).
    static let flags: Set<String> = ["yes", "no", "true", "false", "true()", "false()", "1", "0"]

    /// A row's type as the reader gives it to XPath (structure rows as containers).
    static func valueType(_ type: XLSFormType) -> XPathValueType {
        switch type {
        case .note, .beginGroup, .beginLoop: return .none
        case .beginRepeat: return .repeatEntries
        default: return XLSFormReader.valueType(type)
        }
    }

    /// Each row's symbol (by name) and the repeats it is in.
    static func symbols(_ survey: XLSFormTable) -> (byName: [String: XPathSymbol], repeatsOfRow: [Int: [String]]) {
        var byName: [String: XPathSymbol] = [:]
        var repeatsOfRow: [Int: [String]] = [:]
        var repeats: [String] = []
        for row in survey.rows {
            let type = XLSFormType(row["type"] ?? "")
            repeatsOfRow[row.number] = repeats
            if type == .endRepeat { repeats = repeats.dropLast() }
            guard let name = row["name"] else { continue }
            byName[name] = XPathSymbol(id: name, type: valueType(type), repeats: repeats)
            switch type {
            case .beginRepeat: repeats.append(name)
            case .selectOne(_, true), .selectMultiple(_, true):
                byName[name + "_other"] = XPathSymbol(id: name + "_other", type: .text, repeats: repeats)
            default: break
            }
        }
        return (byName, repeatsOfRow)
    }

    @Test func everyExpressionTranslates() throws {
        guard let surveys = Corpus.surveys() else { return }
        var unsupported = Set<String>()
        var count = 0
        for (name, workbook, survey) in surveys {
            let (symbols, repeatsOfRow) = Self.symbols(survey)
            let choices = workbook["choices"].map { XLSFormChoices(XLSFormTable($0)) }
            // Each list is an instance (pyxform's), and `_itext` the translations by id.
            var tables: [String: [String]] = [XPathTranslation.itextTable: ["id", "label"]]
            for (list, rows) in choices?.lists ?? [:] {
                tables[list] = ["name", "label", "itextId"] + Set(rows.flatMap(\.properties.keys)).sorted()
            }
            for row in survey.rows {
                let type = XLSFormType(row["type"] ?? "")
                let current = row["name"].flatMap { symbols[$0] }
                let repeats = repeatsOfRow[row.number] ?? []
                for (column, use) in Self.columns {
                    guard let expression = row[column] else { continue }
                    if ["required", "read_only"].contains(column), Self.flags.contains(expression.lowercased()) {
                        continue
                    }
                    if use == .condition, expression == "TRUE" || expression == "FALSE" { continue }
                    var rowsOfColumns: [[String: String]?] = [nil]
                    if column == "choice_filter" {
                        let list: String? =
                            switch type {
                            case .selectOne(let list, _), .selectMultiple(let list, _), .rank(let list): list
                            default: nil
                            }
                        rowsOfColumns = (list.flatMap { choices?.lists[$0] } ?? []).map { choice in
                            var columns = choice.properties
                            columns["name"] = choice.name
                            columns["label"] = choice.labels.first?.text ?? ""
                            return columns
                        }
                    }
                    for choiceColumns in rowsOfColumns {
                        count += 1
                        let context = XPathContext(
                            current: current, repeats: repeats,
                            name: { symbols[$0] }, choiceColumns: choiceColumns, tables: tables)
                        let place = "\(name) \(survey.reference(of: column, in: row))"
                        do {
                            _ = try XPathTranslator.translate(expression, as: use, in: context)
                        } catch {
                            switch error.reason {
                            case .syntax, .unknownReference, .unknownFunction:
                                Issue.record("\(place): \(error) in \(expression)")
                            case .unsupported:
                                unsupported.insert("\(place): \(error.message)")
                            }
                        }
                    }
                }
            }
        }
        #expect(count > 700)
        #expect(unsupported == Self.unsupported, "\(unsupported.sorted().joined(separator: "\n"))")
    }
}
