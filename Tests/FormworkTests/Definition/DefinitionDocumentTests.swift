import Foundation
import Testing

@testable import Formwork

/// Definitions built as data (what importers produce): checked as files are, problems
/// reported at the node's own place, and written back as YAML and JSON that load to
/// the same form.
@Suite("Definition documents")
struct DefinitionDocumentTests {
    /// A form whose `visible` came from cell `survey!G4`.
    static func document(visible: String) -> DefinitionDocument {
        .object([
            ("id", "imported"), ("title", "Imported"),
            (
                "sections",
                .list([
                    .object([
                        ("id", "main"),
                        (
                            "fields",
                            .list([
                                .object([("id", "age"), ("kind", "number"), ("label", "Age")]),
                                .object(
                                    [
                                        ("id", "school"), ("kind", "text"), ("label", "School"),
                                        (
                                            "visible",
                                            .string(visible, at: SourcePlace("survey!G4", quote: "${age} > 'x'"))
                                        ),
                                    ], at: SourcePlace("survey!A4")),
                            ])
                        ),
                    ])
                ])
            ),
        ])
    }

    @Test func aProblemIsReportedAtTheNodesPlaceWithWhatIsWrittenThere() throws {
        let error = #expect(throws: DiagnosticList.self) {
            try FormDefinition(document: Self.document(visible: "$age > 'x'"), path: "form.xlsx")
        }
        let diagnostic = try #require(error?.diagnostics.first)
        #expect(diagnostic.place?.name == "survey!G4")
        let rendered = try #require(error?.rendered)
        #expect(rendered.hasPrefix("form.xlsx: survey!G4: error: "), "\(rendered)")
        #expect(rendered.contains("\n    ${age} > 'x'\n"), "\(rendered)")
    }

    @Test func aDocumentThatIsRightLoads() throws {
        let form = try FormDefinition(document: Self.document(visible: "$age >= 5"), path: "form.xlsx")
        #expect(form.fields.map(\.id) == ["age", "school"])
        #expect(form.fields[1].visible?.source == "$age >= 5")
    }

    @Test func writtenAsYAMLOrJSONItLoadsToTheSameForm() throws {
        let document = Self.document(visible: "$age >= 5 and $age < 18")
        let fromYAML = try FormDefinition(yaml: document.yaml())
        let fromJSON = try FormDefinition(json: document.json())
        for form in [fromYAML, fromJSON] {
            #expect(form.fields.map(\.id) == ["age", "school"])
            #expect(form.fields[1].visible?.source == "$age >= 5 and $age < 18")
        }
    }

    /// Strings YAML would read otherwise are quoted; plain words are not.
    @Test(arguments: [
        ("yes", "\"yes\""), ("No", "\"No\""), ("null", "\"null\""), ("12", "\"12\""), ("a: b", "\"a: b\""),
        ("a #b", "\"a #b\""), ("two\nlines", "\"two\\nlines\""), (" lead", "\" lead\""), ("", "\"\""),
        ("{x}", "\"{x}\""), ("- item", "\"- item\""), ("Plain words, fine", "Plain words, fine"), ("é-t_é", "é-t_é"),
        ("bell\u{7}", "\"bell\\u0007\""),
    ])
    func yamlQuotesWhatItMust(_ text: String, _ written: String) throws {
        #expect(DefinitionDocument.yamlString(text) == written)
        let document: DefinitionDocument = .object([("value", .string(text))])
        let tree = try YAMLLoader.parse(document.yaml(), limits: .default)
        #expect(tree.pairs?.first?.value.scalar == .string(text))
    }

    @Test func aFileWithoutAnExtensionIsReadByItsContent() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let json = directory.appendingPathComponent("form")
        try Self.document(visible: "$age >= 5").json().write(to: json, atomically: true, encoding: .utf8)
        #expect(try FormDefinition.load(contentsOf: json).fields.count == 2)
        let yaml = directory.appendingPathComponent("form.txt")
        try Self.document(visible: "$age >= 5").yaml().write(to: yaml, atomically: true, encoding: .utf8)
        #expect(try FormDefinition.load(contentsOf: yaml).fields.count == 2)
    }

    /// A workbook or an XML document given without an importer is named, not read as YAML.
    @Test(arguments: [
        ([0x50, 0x4B, 0x03, 0x04, 0x14, 0x00] as [UInt8], "ZIP archive"),
        ([0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1], "Excel 97–2003"),
        (Array("<?xml version=\"1.0\"?><h:html/>".utf8), "XML"),
    ])
    func aForeignFormatWithoutAnImporterIsNamed(_ bytes: [UInt8], _ named: String) throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-\(UUID().uuidString).yaml")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let error = #expect(throws: DiagnosticList.self) { try FormDefinition.load(contentsOf: url) }
        #expect(error?.rendered.contains(named) == true, "\(error?.rendered ?? "")")
        #expect(error?.rendered.contains("FormDefinition.load(contentsOf:formats:)") == true)
    }

    /// An importer that recognises the content reads the file, whatever its name, and
    /// its warnings come first.
    @Test func anImporterReadsWhatItRecognises() throws {
        struct Upper: DefinitionImporter {
            var formatName: String { "upper-case text" }
            func recognizes(_ bytes: [UInt8], path: String) -> Bool { bytes.starts(with: Array("FORM ".utf8)) }
            func document(
                _ bytes: [UInt8], path: String, options: ImportOptions
            ) throws(DiagnosticList)
                -> (document: DefinitionDocument, warnings: [Diagnostic])
            {
                var warning = Diagnostic(.importNotice("read from upper-case text"), at: nil)
                warning.severity = .warning
                warning.place = SourcePlace("line 1")
                return (DefinitionDocumentTests.document(visible: "$age >= 5"), [warning])
            }
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-\(UUID().uuidString).yaml")
        try Data("FORM whatever".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let form = try FormDefinition.load(contentsOf: url, formats: FormatRegistry(importers: [Upper()]))
        #expect(form.fields.count == 2)
        #expect(form.warnings.first?.message == "read from upper-case text")
        let (document, _) = try DefinitionDocument.read(contentsOf: url, formats: FormatRegistry(importers: [Upper()]))
        #expect(document["id"]?.text == "imported")
    }
}
