import Formwork
import Foundation
import Testing

@testable import FormworkODK

/// A workbook's cells read as pyxform reads them before it writes the XForm that
/// JavaRosa fills: typographic quotes straightened in every sheet, runs of spaces
/// made one in the `survey` sheet (unless `clean_text_values` is `no`), and a note
/// without a name named by its row. An XForm is read as written.
@Suite("XLSForm cells as pyxform reads them")
struct XLSFormCellCleaningTests {
    @Test func typographicQuotesAreStraightInExpressionsAndTexts() throws {
        let form = try XLSFormBuilder.form(
            survey: [
                ["type", "name", "label", "relevant"],
                ["select_one yn", "alive", "Is the deceased\u{2019}s mother alive?", ""],
                ["text", "why", "Say \u{201C}why\u{201D}", "${alive} = \u{2018}yes\u{2019}"],
            ],
            choices: [["list_name", "name", "label"], ["yn", "yes", "Yes \u{2018}sure\u{2019}"], ["yn", "no", "No"]])
        let session = FormSession(definition: form)
        #expect(try session.label(of: "alive") == "Is the deceased's mother alive?")
        #expect(try session.label(of: "why") == "Say \"why\"")
        #expect(form.field("alive")?.options.first?.label == "Yes 'sure'")
        #expect(!session.isVisible("why"))
        try session.set("alive", text: "yes")
        #expect(session.isVisible("why"))
    }

    @Test func runsOfSpacesInTheSurveySheetAreOneUnlessTheSettingsSayNo() throws {
        let survey = [["type", "name", "label"], ["text", "a", "  Two   spaces  here "]]
        let cleaned = try XLSFormBuilder.form(survey: survey)
        #expect(try FormSession(definition: cleaned).label(of: "a") == "Two spaces here")
        let kept = try XLSFormBuilder.form(
            survey: survey, settings: [["form_id", "clean_text_values"], ["f", "no"]])
        let label = try FormSession(definition: kept).label(of: "a")
        #expect(label == "Two   spaces  here")
    }

    @Test func aNoteWithoutANameIsNamedByItsRowAsPyxformNamesIt() throws {
        let form = try XLSFormBuilder.form(survey: [
            ["type", "name", "label"], ["text", "a", "A"], ["note", "", "Read this"], ["text", "b", "B"],
        ])
        #expect(form.fields.map(\.id).contains("generated_note_name_3"))
        let problems = try XLSFormBuilder.problems(survey: [["type", "name", "label"], ["text", "", "A"]])
        #expect(problems?.description.contains("survey!B2") == true)
    }

    @Test func anXFormKeepsItsTypographicQuotes() throws {
        let xml = """
            <?xml version="1.0"?>
            <h:html xmlns="http://www.w3.org/2002/xforms" xmlns:h="http://www.w3.org/1999/xhtml">
            <h:head><h:title>t</h:title><model><instance><data id="t"><a/></data></instance>
            <bind nodeset="/data/a" type="string"/></model></h:head>
            <h:body><input ref="/data/a"><label>It\u{2019}s   here</label></input></h:body></h:html>
            """
        let (document, _) = try XFormImporter().document(Array(xml.utf8), path: "t.xml", options: ImportOptions())
        let form = try FormDefinition(document: document, path: "t.xml", formats: .odk)
        #expect(try FormSession(definition: form).label(of: "a") == "It\u{2019}s   here")
    }
}
