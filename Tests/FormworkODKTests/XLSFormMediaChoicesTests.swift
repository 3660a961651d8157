import Formwork
import Foundation
import Testing

@testable import FormworkODK

/// `select_one_from_file` and `select_multiple_from_file`: the choices of a CSV, XML
/// or GeoJSON file sent with the form, found in `FORM-media/` or beside the form;
/// a missing one is a warning and no choices, as JavaRosa loads it (its XML and
/// GeoJSON readings checked with the oracle's `fill` on the same files).
@Suite("XLSForm choices from files sent with the form")
struct XLSFormMediaChoicesTests {
    /// A folder with `form.xlsx` (these survey rows) and `form-media/` holding `files`.
    static func form(
        survey: [[String]], choices: [[String]]? = nil, files: [String: String], beside: Bool = false
    ) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-media-\(UUID())")
        let media = beside ? root : root.appendingPathComponent("form-media")
        try FileManager.default.createDirectory(at: media, withIntermediateDirectories: true)
        for (name, contents) in files { try Data(contents.utf8).write(to: media.appendingPathComponent(name)) }
        let bytes = try XLSFormBuilder.workbook(XLSFormBuilder.sheets(survey: survey, choices: choices, settings: nil))
        try Data(bytes).write(to: root.appendingPathComponent("form.xlsx"))
        return root
    }

    static func load(_ root: URL) throws -> FormDefinition {
        try FormDefinition.load(contentsOf: root.appendingPathComponent("form.xlsx"), formats: .odk)
    }

    static let villages = "name,label,district\nv1,\"Village, one\",d1\nv2,Village 2,d2\nv3,Village 3,d1\n"

    @Test func aCSVFilesRowsAreTheChoicesAndItsColumnsFilterThem() throws {
        let root = try Self.form(
            survey: [
                ["type", "name", "label", "choice_filter"], ["select_one d", "district", "District", ""],
                ["select_one_from_file villages.csv", "village", "Village", "district = ${district}"],
            ], choices: [["list_name", "name", "label"], ["d", "d1", "D1"], ["d", "d2", "D2"]],
            files: ["villages.csv": Self.villages])
        defer { try? FileManager.default.removeItem(at: root) }
        let form = try Self.load(root)
        #expect(form.field("village")?.options.map(\.label) == ["Village, one", "Village 2", "Village 3"])
        let session = FormSession(definition: form)
        try session.set("district", text: "d1")
        #expect(session.visibleOptions(of: "village").map(\.value) == ["v1", "v3"])
    }

    @Test func anXMLAndAGeoJSONFileBesideTheFormGiveTheirItemsAndFeatures() throws {
        let root = try Self.form(
            survey: [
                ["type", "name", "label"], ["select_one_from_file places.xml", "place", "Place"],
                ["select_multiple_from_file sites.geojson", "sites", "Sites"],
            ],
            files: [
                "places.xml":
                    "<root><item><name>p1</name><label>Place 1</label></item><item><name>p2</name>"
                    + "<label>Place 2</label></item></root>",
                "sites.geojson":
                    #"{"type": "FeatureCollection", "features": [{"type": "Feature", "id": "s1", "#
                    + #""geometry": {"type": "Point", "coordinates": [4.3, 52.1]}, "#
                    + #""properties": {"title": "Site 1"}}]}"#,
            ], beside: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let form = try Self.load(root)
        #expect(form.field("place")?.options.map(\.value) == ["p1", "p2"])
        #expect(form.field("sites")?.kind == .multichoice)
        #expect(form.field("sites")?.options.map(\.label) == ["Site 1"])
    }

    @Test func aMissingFileIsAWarningAndNoChoices() throws {
        let root = try Self.form(
            survey: [["type", "name", "label"], ["select_one_from_file villages.csv", "village", "Village"]], files: [:]
        )
        defer { try? FileManager.default.removeItem(at: root) }
        let form = try Self.load(root)
        #expect(form.field("village")?.options.isEmpty == true)
        let messages = form.warnings.map(\.message)
        #expect(messages.contains { $0.contains("'villages.csv' is not sent with the form (looked for") })
        #expect(messages.contains { $0.contains("form-media/villages.csv") })
    }

    @Test(arguments: [
        ("villages.csv", "code,label\nv1,V\n", "has no 'name' column"),
        ("places.xml", "<root><item>", "places.xml' 1:"),
        ("sites.geojson", "[1, 2]", "is not a GeoJSON FeatureCollection"),
        ("notes.txt", "x", "is not a .csv, .xml or .geojson file"),
    ])
    func aFileThatCannotBeReadIsAnErrorAtTheQuestion(_ file: String, _ contents: String, _ message: String) throws {
        let root = try Self.form(
            survey: [["type", "name", "label"], ["select_one_from_file \(file)", "q", "Q"]], files: [file: contents])
        defer { try? FileManager.default.removeItem(at: root) }
        let error = #expect(throws: DiagnosticList.self) { try Self.load(root) }
        #expect(error?.description.contains("survey!A2: error:") == true, "\(error?.description ?? "")")
        #expect(error?.description.contains(message) == true, "\(error?.description ?? "")")
    }

    @Test func aPathInsteadOfAFileNameIsRefused() {
        let outcome = XLSFormMediaChoices.load(
            "../secret.csv", form: "/tmp/form.xlsx", media: nil, value: "name", label: "label")
        guard case .unreadable(let reason) = outcome else {
            Issue.record("read \(outcome)")
            return
        }
        #expect(reason.contains("not a file name"))
    }

    /// An XForm's itemset over an external instance (`jr://file-csv/…`) reads the file
    /// from the form's media folder as an XLSForm's `select_one_from_file` does.
    @Test func anXFormsExternalInstanceIsReadFromTheMediaFolder() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-xmedia-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("form-media"), withIntermediateDirectories: true)
        try Data("code,title,zone\nv1,Village 1,a\nv2,Village 2,b\n".utf8).write(
            to: root.appendingPathComponent("form-media/villages.csv"))
        let xml = """
            <?xml version="1.0"?>
            <h:html xmlns="http://www.w3.org/2002/xforms" xmlns:h="http://www.w3.org/1999/xhtml">
            <h:head><h:title>t</h:title><model>
            <instance><data id="t"><village/></data></instance>
            <instance id="villages" src="jr://file-csv/villages.csv"/>
            <bind nodeset="/data/village" type="string"/></model></h:head>
            <h:body><select1 ref="/data/village"><label>Village</label>
            <itemset nodeset="instance('villages')/root/item[zone = 'a']">
            <value ref="code"/><label ref="title"/></itemset>
            </select1></h:body></h:html>
            """
        try Data(xml.utf8).write(to: root.appendingPathComponent("form.xml"))
        let form = try FormDefinition.load(contentsOf: root.appendingPathComponent("form.xml"), formats: .odk)
        #expect(form.field("village")?.options.map(\.label) == ["Village 1", "Village 2"])
        #expect(FormSession(definition: form).visibleOptions(of: "village").map(\.value) == ["v1"])
    }

    /// The files are found beside the form's file whatever path messages name it by,
    /// and in the folder `mediaDirectory` (`--media`) names instead when given.
    @Test func theFilesAreFoundBesideTheFormOrInTheMediaFolderGiven() throws {
        let root = try Self.form(
            survey: [["type", "name", "label"], ["select_one_from_file villages.csv", "village", "Village"]],
            files: ["villages.csv": Self.villages])
        defer { try? FileManager.default.removeItem(at: root) }
        let url = root.appendingPathComponent("form.xlsx")
        let named = try FormDefinition.load(contentsOf: url, displayPath: "shown/as/form.xlsx", formats: .odk)
        #expect(named.field("village")?.options.count == 3)
        let elsewhere = root.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try Data("name,label\nx,X\n".utf8).write(to: elsewhere.appendingPathComponent("villages.csv"))
        let given = try FormDefinition.load(contentsOf: url, formats: .odk, mediaDirectory: elsewhere.path)
        #expect(given.field("village")?.options.map(\.value) == ["x"])
    }
}
