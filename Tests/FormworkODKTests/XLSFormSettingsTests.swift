import Foundation
import Testing

@testable import FormworkODK

/// The settings sheet: the first row by canonical name, older spellings resolved,
/// a number cell's digits kept.
@Suite("XLSForm settings")
struct XLSFormSettingsTests {
    @Test func theFirstRowByName() throws {
        let bytes = try WorkbookTests.standard(
            survey: "",
            settings: """
                <row r="1"><c t="inlineStr"><is><t>id_string</t></is></c><c t="inlineStr"><is><t>Form Title</t></is>\
                </c><c t="inlineStr"><is><t>version</t></is></c><c t="inlineStr"><is><t>default_language</t></is></c>\
                <c t="inlineStr"><is><t>allow_choice_duplicates</t></is></c></row>
                <row r="2"><c t="inlineStr"><is><t>household</t></is></c><c t="inlineStr"><is><t>Household</t></is></c>\
                <c><v>2024091201</v></c><c t="inlineStr"><is><t>English (en)</t></is></c>\
                <c t="inlineStr"><is><t>Yes</t></is></c></row>
                """)
        let settings = XLSFormSettings(try Workbook(bytes: bytes)["settings"].map { XLSFormTable($0) })
        #expect(settings.formID == "household")
        #expect(settings.title == "Household")
        #expect(settings.version == "2024091201")
        #expect(settings.defaultLanguage == "English (en)")
        #expect(settings.allowsChoiceDuplicates)
        #expect(XLSFormSettings(nil).values.isEmpty)
        #expect(!XLSFormSettings(nil).allowsChoiceDuplicates)
    }

    /// The corpus workbook named with its version gives that version, digits intact.
    @Test func aCorpusVersionKeepsItsDigits() throws {
        let path = Corpus.xlsform.appendingPathComponent("all-question-types-v2024091201-3.xlsx")
        guard FileManager.default.fileExists(atPath: path.path) else {
            print("skipped: ../shared/corpus/xlsform is absent")
            return
        }
        let settings = XLSFormSettings(try Workbook(contentsOf: path)["settings"].map { XLSFormTable($0) })
        #expect(settings.version?.hasPrefix("2024091201") == true, "\(settings.values)")
        #expect(settings.formID != nil)
    }
}
