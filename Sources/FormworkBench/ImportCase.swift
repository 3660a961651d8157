import Formwork
import FormworkODK
import Foundation
import ZIPFoundation

/// Importing an ODK XLSForm (`.xlsx` bytes in memory: the ZIP, the sheets' XML, the
/// XLSForm reader, the XPath translation, then the same checks as any definition)
/// against loading the same form already converted to Formwork's YAML. The form is
/// generated like the real long ones: groups of questions of every common type, a
/// `relevant` on most that reads an earlier answer, selects over shared lists,
/// constraints and calculations.
enum ImportCase {
    static func run(sizes: [Int], runs: Int) -> [BenchRow] {
        sizes.map { size in
            let workbook = onOwnInput("write the XLSForm workbook") { try Self.workbook(questions: size) }
            var limits = Limits()
            limits.maximumFields = max(limits.maximumFields, size * 2)
            let options = ImportOptions(limits: limits)
            let (document, _) = onOwnInput("import the XLSForm workbook") {
                try XLSFormImporter().document(workbook, path: "bench.xlsx", options: options)
            }
            let yaml = document.yaml()
            let (time, base, value) = Measure.paired(
                runs: runs,
                candidate: {
                    consume(
                        onOwnInput("import the XLSForm workbook") {
                            let (document, warnings) = try XLSFormImporter().document(
                                workbook, path: "bench.xlsx", options: options)
                            return try FormDefinition(
                                document: document, path: "bench.xlsx", warnings: warnings, limits: limits,
                                formats: .odk)
                        })
                },
                baseline: {
                    consume(
                        onOwnInput("load its YAML") { try FormDefinition(yaml: yaml, limits: limits, formats: .odk) })
                })
            return BenchRow(
                benchmarkCase: "import XLSForm", size: sizeLabel(size), time: format(time),
                baseline: "its YAML \(format(base))", ratio: String(format: "%.2f×", value), target: "≤ 2×",
                note: "\(size) questions, .xlsx → definition", met: value <= 2)
        }
    }

    /// An `.xlsx` XLSForm of `questions` questions.
    static func workbook(questions: Int) throws -> [UInt8] {
        try xlsx([
            ("survey", surveyRows(questions: questions)), ("choices", choiceRows),
            ("settings", [["form_id"], ["bench"]]),
        ])
    }

    /// The `survey` sheet of `workbook(questions:)`, its header first.
    static func surveyRows(questions: Int) -> [[String]] {
        var survey = [["type", "name", "label", "relevant", "constraint", "calculation", "required"]]
        let types = ["integer", "text", "select_one yn", "decimal", "date", "select_multiple colors", "calculate"]
        for index in 0..<questions {
            if index % 50 == 0 {
                if index > 0 { survey.append(["end group"]) }
                survey.append(["begin group", "g\(index / 50)", "Group \(index / 50)"])
            }
            let type = types[index % types.count]
            var row = [type, "q\(index)", type == "calculate" ? "" : "Question \(index): ${q\(max(0, index - 7))}"]
            row.append(
                index >= 7 && index % 3 != 0
                    ? Self.relevant(reading: index - 7, type: types[(index - 7) % types.count]) : "")
            row.append(type == "integer" ? ". >= 0 and . < 150" : "")
            row.append(type == "calculate" ? "concat(${q\(index - 1)}, '!')" : "")
            row.append(index % 5 == 0 && type != "calculate" ? "yes" : "")
            survey.append(row)
        }
        survey.append(["end group"])
        return survey
    }

    /// The `choices` sheet of `workbook(questions:)`.
    static let choiceRows = [
        ["list_name", "name", "label"], ["yn", "yes", "Yes"], ["yn", "no", "No"], ["colors", "red", "Red"],
        ["colors", "green", "Green"], ["colors", "blue", "Blue"],
    ]

    static func relevant(reading index: Int, type: String) -> String {
        switch type {
        case "integer", "decimal": return "${q\(index)} > 3"
        case "select_one yn": return "${q\(index)} = 'yes'"
        case "select_multiple colors": return "selected(${q\(index)}, 'red')"
        default: return "${q\(index)} != ''"
        }
    }

    /// Sheets as an `.xlsx`, strings inline, written with ZIPFoundation.
    static func xlsx(_ sheets: [(String, [[String]])]) throws -> [UInt8] {
        var parts: [(String, String)] = []
        var entries = ""
        var relationships = ""
        for (index, (name, rows)) in sheets.enumerated() {
            entries += "<sheet name=\"\(name)\" sheetId=\"\(index + 1)\" r:id=\"rId\(index + 1)\"/>"
            relationships +=
                "<Relationship Id=\"rId\(index + 1)\" Type=\"worksheet\" Target=\"worksheets/sheet\(index + 1).xml\"/>"
            var data = ""
            for (rowIndex, row) in rows.enumerated() {
                data += "<row r=\"\(rowIndex + 1)\">"
                for (column, text) in row.enumerated() where !text.isEmpty {
                    data += "<c r=\"\(Cell.columnName(column))\(rowIndex + 1)\" t=\"inlineStr\">"
                    data += "<is><t>\(XMLText.escaped(text))</t></is></c>"
                }
                data += "</row>"
            }
            parts.append(
                ("xl/worksheets/sheet\(index + 1).xml", "<worksheet><sheetData>\(data)</sheetData></worksheet>"))
        }
        parts.append(
            (
                "xl/workbook.xml",
                "<workbook xmlns:r=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships\">"
                    + "<sheets>\(entries)</sheets></workbook>"
            ))
        parts.append(("xl/_rels/workbook.xml.rels", "<Relationships>\(relationships)</Relationships>"))
        let archive = try Archive(data: Data(), accessMode: .create)
        for (path, text) in parts {
            let data = Data(text.utf8)
            try archive.addEntry(
                with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate,
                provider: { position, size in data.subdata(in: Int(position)..<Int(position) + size) })
        }
        return [UInt8](archive.data!)
    }
}
