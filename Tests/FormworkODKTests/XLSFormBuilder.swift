import Formwork
import Foundation
import ZIPFoundation

@testable import FormworkODK

/// XLSForm workbooks written here, sheet by sheet as rows of strings (the first row
/// the header), for tests of the reader that need a form of a given shape.
enum XLSFormBuilder {
    static let relationshipTypes = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
    static let contentTypes = "application/vnd.openxmlformats-officedocument.spreadsheetml."

    /// An `.xlsx` with the given sheets (name → rows), strings inline; with the
    /// package's content types and relationships, so that other readers (openpyxl, in
    /// pyxform) open it too.
    static func workbook(_ sheets: [(String, [[String]])]) throws -> [UInt8] {
        var parts: [(String, String)] = []
        var entries = ""
        var relationships = ""
        var overrides = ""
        for (index, (name, rows)) in sheets.enumerated() {
            entries += "<sheet name=\"\(escaped(name))\" sheetId=\"\(index + 1)\" r:id=\"rId\(index + 1)\"/>"
            relationships +=
                "<Relationship Id=\"rId\(index + 1)\" Type=\"\(relationshipTypes)worksheet\" "
                + "Target=\"worksheets/sheet\(index + 1).xml\"/>"
            overrides +=
                "<Override PartName=\"/xl/worksheets/sheet\(index + 1).xml\" "
                + "ContentType=\"\(contentTypes)worksheet+xml\"/>"
            var data = ""
            for (rowIndex, row) in rows.enumerated() {
                data += "<row r=\"\(rowIndex + 1)\">"
                for (column, text) in row.enumerated() where !text.isEmpty {
                    let reference = Cell.columnName(column) + String(rowIndex + 1)
                    data += "<c r=\"\(reference)\" t=\"inlineStr\"><is><t>\(escaped(text))</t></is></c>"
                }
                data += "</row>"
            }
            parts.append(
                (
                    "xl/worksheets/sheet\(index + 1).xml",
                    "<worksheet xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\">"
                        + "<sheetData>\(data)</sheetData></worksheet>"
                ))
        }
        parts.append(
            (
                "xl/workbook.xml",
                "<workbook xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\" "
                    + "xmlns:r=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships\">"
                    + "<sheets>\(entries)</sheets></workbook>"
            ))
        parts.append(
            (
                "xl/_rels/workbook.xml.rels",
                "<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">"
                    + "\(relationships)</Relationships>"
            ))
        parts.append(
            (
                "[Content_Types].xml",
                "<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\">"
                    + "<Default Extension=\"rels\" "
                    + "ContentType=\"application/vnd.openxmlformats-package.relationships+xml\"/>"
                    + "<Default Extension=\"xml\" ContentType=\"application/xml\"/>"
                    + "<Override PartName=\"/xl/workbook.xml\" ContentType=\"\(contentTypes)sheet.main+xml\"/>"
                    + overrides + "</Types>"
            ))
        parts.append(
            (
                "_rels/.rels",
                "<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">"
                    + "<Relationship Id=\"rId1\" Type=\"\(relationshipTypes)officeDocument\" "
                    + "Target=\"xl/workbook.xml\"/>"
                    + "</Relationships>"
            ))
        return try WorkbookTests.xlsx(parts)
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// The form a workbook of these sheets imports as.
    static func form(
        survey: [[String]], choices: [[String]]? = nil, settings: [[String]]? = nil, skipUnsupported: Bool = false
    ) throws -> FormDefinition {
        let bytes = try workbook(sheets(survey: survey, choices: choices, settings: settings))
        let (document, warnings) = try XLSFormImporter().document(
            bytes, path: "form.xlsx", options: ImportOptions(skipUnsupported: skipUnsupported))
        return try FormDefinition(document: document, path: "form.xlsx", warnings: warnings, formats: .odk)
    }

    /// The problems importing a workbook of these sheets reports (none when it loads).
    static func problems(
        survey: [[String]], choices: [[String]]? = nil, settings: [[String]]? = nil, skipUnsupported: Bool = false
    ) throws -> DiagnosticList? {
        do {
            _ = try form(survey: survey, choices: choices, settings: settings, skipUnsupported: skipUnsupported)
            return nil
        } catch let list as DiagnosticList {
            return list
        }
    }

    static func sheets(survey: [[String]], choices: [[String]]?, settings: [[String]]?) -> [(String, [[String]])] {
        [("survey", survey)] + (choices.map { [("choices", $0)] } ?? []) + (settings.map { [("settings", $0)] } ?? [])
    }
}
