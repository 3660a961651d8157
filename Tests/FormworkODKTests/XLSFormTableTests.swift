import Formwork
import Foundation
import Testing

@testable import FormworkODK

/// XLSForm sheets under canonical column names: aliases resolved, languages split
/// off, places named for diagnostics.
@Suite("XLSForm tables")
struct XLSFormTableTests {
    @Test(
        arguments: [
            ("type", "type", nil), ("  Name ", "name", nil), ("bind::relevant", "relevant", nil),
            ("relevance", "relevant", nil), ("Constraint Message", "constraint_message", nil),
            ("bind::jr:constraintMsg", "constraint_message", nil), ("bind::jr:requiredMsg", "required_message", nil),
            ("bind::calculate", "calculation", nil), ("read only", "read_only", nil),
            ("control::jr:count", "repeat_count", nil), ("list name", "list_name", nil),
            ("choice_filter", "choice_filter", nil),
            ("label::English (en)", "label", "English (en)"), ("label:Français", "label", "Français"),
            ("hint::fr", "hint", "fr"), ("media::image::English", "media::image", "English"),
            ("image::es", "media::image", "es"),
            ("constraint_message::English (en)", "constraint_message", "English (en)"),
            ("jr:constraintMsg::French", "constraint_message", "French"),
        ] as [(String, String, String?)])
    func columnNames(header: String, name: String, language: String?) {
        let canonical = XLSFormTable.canonical(header)
        #expect(canonical.name == name)
        #expect(canonical.language == language)
    }

    @Test func languagesGiveCodesAndNames() {
        #expect(XLSFormTable.language("English (en)") == FormLanguage(code: "en", name: "English"))
        #expect(XLSFormTable.language("Português (pt-BR)") == FormLanguage(code: "pt-BR", name: "Português"))
        #expect(XLSFormTable.language("French") == FormLanguage(code: "French", name: "French"))
        // A code is ASCII, as definitions take it (the corpus' IFRC form writes `Français`).
        #expect(XLSFormTable.language("Français") == FormLanguage(code: "Francais", name: "Français"))
        #expect(XLSFormTable.language("Deutsch (dé)") == FormLanguage(code: "Deutsch__de_", name: "Deutsch (dé)"))
        #expect(XLSFormTable.language("العربية").code == "_______")
        #expect(
            XLSFormTable.language("Swahili kenya") == FormLanguage(code: "Swahili_kenya", name: "Swahili kenya"))
    }

    @Test func rowsReadByNameAndLanguage() throws {
        let bytes = try WorkbookTests.standard(
            survey: """
                <row r="1"><c t="inlineStr"><is><t>Type</t></is></c><c t="inlineStr"><is><t>name</t></is></c>\
                <c t="inlineStr"><is><t>label::English (en)</t></is></c>\
                <c t="inlineStr"><is><t>label::Français (fr)</t></is></c>\
                <c t="inlineStr"><is><t>bind::relevant</t></is></c>\
                <c t="inlineStr"><is><t>hint::Deutsch</t></is></c></row>
                <row r="2"><c t="inlineStr"><is><t>text</t></is></c><c t="inlineStr"><is><t> q1 </t></is></c>\
                <c t="inlineStr"><is><t>Name?</t></is></c><c t="inlineStr"><is><t>Nom ?</t></is></c></row>
                <row r="4"><c t="inlineStr"><is><t>integer</t></is></c><c t="inlineStr"><is><t>q2</t></is></c>\
                <c r="E4" t="inlineStr"><is><t>${q1} != ''</t></is></c></row>
                """)
        let table = XLSFormTable(try #require(try Workbook(bytes: bytes)["survey"]))
        #expect(table.columns.map(\.name) == ["type", "name", "label", "label", "relevant", "hint"])
        #expect(table.languages == ["English (en)", "Français (fr)"])  // no text is in Deutsch
        #expect(table.rows.map(\.number) == [2, 4])
        #expect(table.rows[0]["name"] == "q1")
        #expect(table.rows[0]["label", language: "Français (fr)"] == "Nom ?")
        #expect(table.rows[0].translations(of: "label").map(\.text) == ["Name?", "Nom ?"])
        #expect(table.rows[1]["relevant"] == "${q1} != ''")
        #expect(table.rows[1]["label", language: "English (en)"] == nil)
        #expect(table.reference(of: "relevant", in: table.rows[1]) == "survey!E4")
    }

    /// Every corpus workbook's survey has `type` and `name` (or its alias), and the
    /// translated ones name their languages.
    @Test func theCorpusSurveysHaveTheirColumns() throws {
        guard let surveys = Corpus.surveys() else { return }
        var translated = 0
        for (name, _, survey) in surveys {
            #expect(survey.has("type") && survey.has("name"), "\(name): \(survey.columns.map(\.name))")
            #expect(
                survey.rows.allSatisfy { $0["type"] != nil || $0["name"] == nil },
                "\(name): a row with a name and no type")
            if !survey.languages.isEmpty { translated += 1 }
        }
        #expect(translated >= 2)
    }
}
