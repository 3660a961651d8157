import Formwork
import Foundation
import Testing

@testable import FormworkODK

/// ODK entities: the `entities` sheet (and an XForm's `meta/entity`) makes a
/// submission's `meta/entity` as JavaRosa computes it — the XForm pyxform writes
/// filled by the oracle and by Formwork gives the same block — and `validate` reads
/// it back and checks it.
@Suite("ODK entities")
struct EntityTests {
    static let survey = [
        ["type", "name", "label", "save_to"], ["text", "species", "Species", "species"],
        ["integer", "height", "Height", "height_m"],
    ]
    static let creating = [
        ["list_name", "label", "create_if"], ["trees", "concat(${species}, ' ', ${height})", "${height} > 1"],
    ]

    static func form(survey: [[String]] = survey, entities: [[String]] = creating) throws -> FormDefinition {
        let sheets = XLSFormBuilder.sheets(survey: survey, choices: nil, settings: [["form_id"], ["ent"]])
        let bytes = try XLSFormBuilder.workbook(sheets + [("entities", entities)])
        let (document, warnings) = try XLSFormImporter().document(bytes, path: "form.xlsx", options: ImportOptions())
        return try FormDefinition(document: document, path: "form.xlsx", warnings: warnings, formats: .odk)
    }

    /// `<meta>…</meta>` of a submission, with the entity's uuid replaced by `ID`.
    static func meta(_ xml: String) -> String {
        guard let start = xml.range(of: "<meta>"), let end = xml.range(of: "</meta>") else { return "" }
        let meta = String(xml[start.lowerBound..<end.upperBound]).replacingOccurrences(of: "\n", with: "")
            .replacingOccurrences(of: "  ", with: "")
        return meta.replacingOccurrences(
            of: #"id="[0-9a-f-]{36}""#, with: #"id="ID""#, options: .regularExpression
        ).replacingOccurrences(
            of: #"<instanceID>[^<]*</instanceID>"#, with: "<instanceID/>", options: .regularExpression)
    }

    @Test func aRegistrationCreatesTheEntityWhenItsConditionHolds() throws {
        let session = FormSession(definition: try Self.form())
        try session.set("species", text: "oak")
        try session.set("height", text: "5")
        let xml = ODKSubmission.xml(of: session, instanceID: "uuid:1")
        #expect(
            Self.meta(xml)
                == #"<meta><entity dataset="trees" create="1" id="ID"><label>oak 5</label></entity>"#
                + "<instanceID/></meta>",
            "\(xml)")
        try session.set("height", text: "0")
        #expect(Self.meta(ODKSubmission.xml(of: session)).contains(#"create="0""#))
        // The id is a UUID, the same for the whole session.
        let ids = [xml, ODKSubmission.xml(of: session)].map { $0.firstMatch(of: /id="([0-9a-f-]{36})"/)?.1 }
        #expect(ids[0] != nil && ids[0] == ids[1])
    }

    /// pyxform's XForm of the same sheet, filled by JavaRosa and by Formwork.
    static let xform = """
        <?xml version="1.0"?>
        <h:html xmlns="http://www.w3.org/2002/xforms" xmlns:h="http://www.w3.org/1999/xhtml" \
        xmlns:jr="http://openrosa.org/javarosa" xmlns:odk="http://www.opendatakit.org/xforms" \
        xmlns:entities="http://www.opendatakit.org/xforms/entities">
        <h:head><h:title>ent</h:title><model odk:xforms-version="1.0.0" entities:entities-version="2024.1.0">
        <instance><data id="ent"><species/><height/><meta><entity dataset="trees" create="1" id=""><label/></entity>\
        <instanceID/></meta></data></instance>
        <bind nodeset="/data/species" type="string" entities:saveto="species"/>
        <bind nodeset="/data/height" type="int" entities:saveto="height_m"/>
        <bind nodeset="/data/meta/entity/@create" calculate=" /data/height  &gt; 1" readonly="true()" type="string"/>
        <bind nodeset="/data/meta/entity/@id" readonly="true()" type="string"/>
        <setvalue ref="/data/meta/entity/@id" event="odk-instance-first-load" value="uuid()"/>
        <bind nodeset="/data/meta/entity/label" calculate="concat( /data/species , ' ',  /data/height )" \
        readonly="true()" type="string"/>
        <bind nodeset="/data/meta/instanceID" type="string" readonly="true()" jr:preload="uid"/>
        </model></h:head><h:body><input ref="/data/species"><label>Species</label></input>
        <input ref="/data/height"><label>Height</label></input></h:body></h:html>
        """

    @Test(arguments: ["5", "0"])
    func anXFormsEntityIsWrittenAsJavaRosaWritesIt(_ height: String) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-entity-\(UUID())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("form.xml")
        try Data(Self.xform.utf8).write(to: file)
        let session = FormSession(definition: try FormDefinition.load(contentsOf: file, formats: .odk))
        try session.set("species", text: "oak")
        try session.set("height", text: height)
        let ours = Self.meta(ODKSubmission.xml(of: session))
        #expect(
            ours.hasPrefix(#"<meta><entity dataset="trees" create="\#(height == "5" ? 1 : 0)" id="ID">"#), "\(ours)")
        guard
            let oracle = try XFormOracle.fill(
                Self.xform, answers: [["/data/species", "oak"], ["/data/height", height]])
        else { return }
        #expect(Self.meta(oracle.submission.replacingOccurrences(of: " />", with: "/>")) == ours)
    }

    @Test func anUpdateNamesTheEntityAndItsVersionInTheList() throws {
        let root = try XLSFormMediaChoicesTests.form(
            survey: [
                ["type", "name", "label"], ["select_one_from_file trees.csv", "tree", "Tree"],
                ["integer", "height", "Height"],
            ],
            files: ["trees.csv": "name,label,__version,height_m\nt1,Oak,3,5\nt2,Elm,1,7\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let sheets =
            XLSFormBuilder.sheets(
                survey: [
                    ["type", "name", "label"], ["select_one_from_file trees.csv", "tree", "Tree"],
                    ["integer", "height", "Height"],
                ], choices: nil, settings: [["form_id"], ["upd"]])
            + [("entities", [["list_name", "entity_id", "update_if"], ["trees", "${tree}", "${height} > 0"]])]
        try Data(try XLSFormBuilder.workbook(sheets)).write(to: root.appendingPathComponent("form.xlsx"))
        let session = FormSession(definition: try XLSFormMediaChoicesTests.load(root))
        try session.set("tree", text: "t1")
        try session.set("height", text: "4")
        #expect(
            Self.meta(ODKSubmission.xml(of: session))
                == #"<meta><entity dataset="trees" update="1" baseVersion="3" trunkVersion="" branchId="" id="t1"/>"#
                + "<instanceID/></meta>")
    }

    @Test func aSubmissionsEntityIsReadBackAndChecked() throws {
        let form = try Self.form()
        let session = FormSession(definition: form)
        try session.set("species", text: "oak")
        try session.set("height", text: "5")
        let xml = ODKSubmission.xml(of: session)
        func problems(_ xml: String) throws -> [String] {
            let response = try ODKResponse.read(Data(xml.utf8), definition: form).get()
            return ResponseValidator(definition: form).validate(response).problems.map { "\($0.path) \($0.rule)" }
        }
        #expect(try problems(xml).isEmpty)
        let tampered = xml.replacingOccurrences(of: "<label>oak 5</label>", with: "<label>elm 5</label>")
            .replacingOccurrences(of: #"create="1""#, with: #"create="0""#)
        let found = try problems(tampered)
        #expect(found.count == 2, "\(found)")
    }

    @Test func aBadDeclarationIsAnErrorAtItsCell() throws {
        let error = #expect(throws: DiagnosticList.self) {
            try Self.form(entities: [["list_name", "label", "update_if"], ["trees.v2", "", "${height} > 1"]])
        }
        let text = error?.rendered ?? ""
        #expect(text.contains("entities!A2: error: the entity list 'trees.v2' cannot have a '.'"), "\(text)")
        #expect(text.contains("entities!B2: error: an entity that a submission creates needs a label"))
        #expect(text.contains("entities!C2: error: 'update_if' needs an 'entity_id'"))
    }
}
