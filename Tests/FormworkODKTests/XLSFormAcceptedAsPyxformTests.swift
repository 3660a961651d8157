import Formwork
import Foundation
import Testing

@testable import FormworkODK

/// What pyxform converts and JavaRosa fills opens here too, filled as JavaRosa fills
/// it (each behaviour checked with the oracle's `describe` and `fill` on the same
/// workbook): a choice filter on a column named with capitals, a stray row of the
/// choices sheet, a default that is not a choice, a blocking note.
@Suite("XLSForms pyxform accepts")
struct XLSFormAcceptedAsPyxformTests {
    static let survey = [
        ["type", "name", "label", "choice_filter", "default", "required", "constraint", "relevant"],
        ["select_one gov", "governorate", "Governorate", "", "zz", "", "", ""],
        ["select_one dist", "district", "District", "Gov = ${governorate}", "", "", "", ""],
        ["integer", "age", "Age", "", "", "", "", ""],
        ["note", "stop", "Stop: age must be over 5", "", "", "yes", ". = 'ok'", "${age} < 5"],
    ]
    static let choices = [
        ["list_name", "name", "label", "Gov"], ["gov", "a", "A", ""], ["gov", "b", "B", ""], ["dist", "d1", "D1", "a"],
        ["dist", "d2", "D2", "b"], ["dist", "d3", "D3", "a"], ["", "stray", "Stray", ""],
    ]

    @Test func opensWithAWarningForEachThingPyxformLetsThrough() throws {
        let form = try XLSFormBuilder.form(survey: Self.survey, choices: Self.choices)
        let warnings = form.warnings.map { "\($0.place?.name ?? ""): \($0.message)" }
        #expect(warnings.contains { $0.hasPrefix("choices!A7") && $0.contains("without a list_name") })
        #expect(
            warnings.contains { $0.hasPrefix("survey!E2") && $0.contains("'zz' is not one of the question's choices") })
        #expect(warnings.contains { $0.hasPrefix("survey!G5") && $0.contains("constraint never applies") })
        #expect(form.field("governorate")?.options.map(\.value) == ["a", "b"])
    }

    @Test func aDefaultThatIsNoChoiceLeavesTheQuestionUnanswered() throws {
        let session = FormSession(definition: try XLSFormBuilder.form(survey: Self.survey, choices: Self.choices))
        #expect(session.value(of: "governorate") == .null)
    }

    @Test func aChoiceFilterReadsAColumnByItsNameAsWritten() throws {
        let session = FormSession(definition: try XLSFormBuilder.form(survey: Self.survey, choices: Self.choices))
        try session.set("governorate", text: "a")
        #expect(session.visibleOptions(of: "district").map(\.value) == ["d1", "d3"])
        try session.set("governorate", text: "b")
        #expect(session.visibleOptions(of: "district").map(\.value) == ["d2"])
    }

    @Test func aRequiredNoteBlocksTheSubmissionWhileItIsShown() throws {
        let session = FormSession(definition: try XLSFormBuilder.form(survey: Self.survey, choices: Self.choices))
        #expect(session.validate().isEmpty)
        try session.set("age", text: "3")
        #expect(session.validate().map(\.field) == ["stop"])
        #expect(session.validate().first?.rule.name == "required")
        try session.set("age", text: "7")
        #expect(session.validate().isEmpty)
    }

    /// What a device records and a terminal cannot: an empty element where JavaRosa's
    /// submission has one (`meta/audit` first in meta, as pyxform writes it), and a
    /// warning each.
    @Test func whatOnlyADeviceRecordsIsAnEmptyElementAndAWarning() throws {
        let form = try XLSFormBuilder.form(survey: [
            ["type", "name", "label"], ["audit", "audit", ""], ["start-geopoint", "sg", ""],
            ["background-audio", "ba", ""], ["text", "a", "A"],
        ])
        #expect(form.warnings.map { $0.place?.name ?? "" } == ["survey!A2", "survey!A3", "survey!A4"])
        let session = FormSession(definition: form)
        try session.set("a", text: "x")
        let xml = ODKSubmission.xml(of: session, instanceID: "uuid:1")
        #expect(
            xml.contains(
                "<sg/>\n  <ba/>\n  <a>x</a>\n  <meta>\n    <audit/>\n    <instanceID>uuid:1</instanceID>\n  </meta>"))
    }

    /// A line or a shape drawn on a map is typed as ODK writes it, validated as
    /// Collect's widget does, and written as JavaRosa writes it (checked with `fill`).
    @Test func aGeotraceAndAGeoshapeAreTypedAsODKWritesThem() throws {
        let form = try XLSFormBuilder.form(survey: [
            ["type", "name", "label"], ["geotrace", "line", "Line"], ["geoshape", "shape", "Shape"],
        ])
        #expect(form.warnings.map { $0.place?.name ?? "" } == ["survey!A2", "survey!A3"])
        let session = FormSession(definition: form)
        #expect(throws: SessionError.self) { try session.set("line", text: "52.1 4.3") }
        #expect(throws: SessionError.self) { try session.set("line", text: "52.1 4.3; 95 4.4") }
        #expect(throws: SessionError.self) { try session.set("shape", text: "52.1 4.3; 52.2 4.4; 52.3 4.3; 52.4 4.3") }
        try session.set("line", text: "52.1 4.3;52.2 4.4 12 5")
        try session.set("shape", text: "52.1 4.3; 52.2 4.4; 52.3 4.3; 52.1 4.3")
        let xml = ODKSubmission.xml(of: session, instanceID: "uuid:1")
        #expect(xml.contains("<line>52.1 4.3 0.0 0.0; 52.2 4.4 12.0 5.0</line>"))
        #expect(xml.contains("<shape>52.1 4.3 0.0 0.0; 52.2 4.4 0.0 0.0; 52.3 4.3 0.0 0.0; 52.1 4.3 0.0 0.0</shape>"))
    }

    /// A signature, a drawing or an annotated image is a file answer here.
    @Test func aSignatureIsAFileAnswer() throws {
        let form = try XLSFormBuilder.form(survey: [
            ["type", "name", "label", "appearance"], ["image", "sign", "Sign", "signature"],
            ["image", "sketch", "Sketch", "draw"], ["image", "marked", "Mark it", "annotate"],
        ])
        #expect(form.fields.map(\.kind) == [.file, .file, .file])
        #expect(form.warnings.map { $0.place?.name ?? "" } == ["survey!D2", "survey!D3", "survey!D4"])
        #expect(form.warnings.first?.message.contains("a signature is made on the screen in Collect") == true)
    }

    /// A file answer is written as the file's name, as Collect writes it (the file
    /// travels beside the submission: `ODKAnswerFormat.sendsFilesBeside`).
    @Test func aFileAnswerIsWrittenAsTheFilesName() throws {
        let form = try XLSFormBuilder.form(survey: [["type", "name", "label"], ["image", "photo", "Photo"]])
        let photo = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-\(UUID()).jpg")
        try Data("jpg".utf8).write(to: photo)
        defer { try? FileManager.default.removeItem(at: photo) }
        let session = FormSession(definition: form)
        try session.set("photo", text: photo.path)
        #expect(
            ODKSubmission.xml(of: session, instanceID: "uuid:1").contains("<photo>\(photo.lastPathComponent)</photo>"))
        #expect(ODKAnswerFormat().sendsFilesBeside)
        #expect(!FormworkAnswerFormat().sendsFilesBeside)
    }
}
