import Formwork
import Foundation
import Testing

@testable import FormworkODK

/// The pieces an XForm's texts go through on their way to a form, each read the
/// fast way (by bytes, in one table) and checked against what the slow way gave.
@Suite("XForm texts, read fast")
struct XFormTextPathTests {
    /// `${…}` and `<output/>` (U+E000…U+E001) found in the order written; one left open
    /// does not hide the other kind after it.
    @Test(
        arguments: [
            ("Hi ${name}!", "${name}", "${name}"),
            ("\u{E000} /data/a \u{E001} then ${b}", "\u{E000} /data/a \u{E001}", " /data/a "),
            ("${b} then \u{E000}/data/a\u{E001}", "${b}", "${b}"),
            ("open ${ never closed, then \u{E000}/data/a\u{E001}", "\u{E000}/data/a\u{E001}", "/data/a"),
            ("open \u{E000} never closed, then ${b}", "${b}", "${b}"),
            ("$ {not one} and $5 but ${réponse}", "${réponse}", "${réponse}"),
            ("Déjà vu: \u{E000}/data/é\u{E001} fin", "\u{E000}/data/é\u{E001}", "/data/é"),
        ] as [(String, String, String)])
    func interpolationsAreFoundByBytes(text: String, found: String, expression: String) throws {
        let whole = Substring(text)
        let next = try #require(XLSFormReader.nextInterpolation(in: whole))
        #expect(String(whole[next.range]) == found)
        #expect(next.expression == expression)
    }

    @Test(arguments: ["", "plain text", "$ { } and {braces}", "\u{E000} alone", "\u{E001}\u{E000}", "${"])
    func textsWithoutOneHaveNone(text: String) {
        #expect(XLSFormReader.nextInterpolation(in: Substring(text)) == nil)
    }

    /// One table of ids for every language: a language written twice is one (its later
    /// texts win), a label shows its long form, a hint its plain one.
    @Test func translationsAreReadIntoOneTable() throws {
        let tree = try XMLTree(
            Data(
                """
                <itext>
                  <translation lang="English" default="true()">
                    <text id="q:label">
                      <value form="short">Q</value><value>Question</value><value form="long">The question</value>
                    </text>
                    <text id="q:hint"><value>A hint</value></text>
                  </translation>
                  <translation lang="French">
                    <text id="q:label"><value>La question</value></text>
                  </translation>
                  <translation lang="English">
                    <text id="r:label"><value>Later</value></text>
                    <text id="q:hint"><value>A later hint</value></text>
                  </translation>
                </itext>
                """.utf8))
        let texts = XFormTexts(itext: tree.root)
        #expect(texts.languages == ["English", "French"])
        #expect(texts.defaultLanguage == "English")
        #expect(
            texts.label("q:label").map { "\($0.name)=\($0.text)" } == [
                "English=The question", "French=La question",
            ])
        #expect(
            texts.plain("q:label").map { "\($0.name)=\($0.text)" } == ["English=Question", "French=La question"])
        #expect(texts.plain("q:hint").map { "\($0.name)=\($0.text)" } == ["English=A later hint"])
        #expect(texts.label("r:label").map(\.name) == ["English"])
        #expect(texts.label("missing").isEmpty)
        #expect(texts.ids == ["q:hint", "q:label", "r:label"])
    }

    /// An XForm's rows as a table, as a workbook's sheet of the same cells reads; a
    /// row's new columns come after the known ones, in order.
    @Test func rowsMakeTheTableTheirSheetWould() throws {
        var rows = XFormRows(columns: ["type", "name"])
        rows.add(["type": "text", "name": "a", "label::English (en)": "  A  ", "hint": ""], order: <)
        rows.add(["type": "note", "name": "b", "hint": "   ", "constraint": ". > 1"], order: <)
        #expect(rows.columns == ["type", "name", "hint", "label::English (en)", "constraint"])
        // A row added before a column was known is short: it has no value there.
        let constraint = try #require(rows.columns.firstIndex(of: "constraint"))
        #expect(rows.cells[1][constraint] == ". > 1")
        #expect(rows.cells[0].count <= constraint)
        // The same rows as a workbook's sheet writes them: `""` where a row has none.
        let matrix =
            [rows.columns]
            + rows.cells.map { row in
                rows.columns.indices.map { $0 < row.count ? row[$0] ?? "" : "" }
            }
        let table = XLSFormTable(sheet: "survey", columns: rows.columns, cells: rows.cells, places: [2: "form.xml:3:5"])
        let sheet = XLSFormTable(
            Sheet(
                name: "survey",
                rows: matrix.enumerated().map { index, values in
                    Row(
                        number: index + 1,
                        cells: values.enumerated().compactMap { column, text in
                            text.isEmpty ? nil : Cell(column: column, row: index + 1, value: .text(text))
                        })
                }))
        func names(_ table: XLSFormTable) -> [String] { table.columns.map { "\($0.name)|\($0.language ?? "-")" } }
        func cells(_ row: XLSFormTable.Row) -> [String] { row.cells.map { $0.map { $0 ?? "<blank>" } ?? "<none>" } }
        #expect(names(table) == names(sheet))
        #expect(table.rows.map(\.number) == [2, 3])
        #expect(table.rows.map(cells) == sheet.rows.map(cells))
        #expect(table.rows[0]["label", language: "English (en)"] == "A")
        #expect(table.reference(of: "label", in: table.rows[0]) == "form.xml:3:5")
    }

    @Test func wordsAreFoundInAnyCase() {
        #expect("select_one yes_no OR_OTHER".containsASCIIIgnoringCase("other"))
        #expect("Select_One_From_File cities.csv".containsASCIIIgnoringCase("file"))
        #expect(!"select_one yes_no".containsASCIIIgnoringCase("other"))
        #expect(!"fil".containsASCIIIgnoringCase("file"))
        #expect("".containsASCIIIgnoringCase(""))
    }

    /// The bytes looked for with `memchr`, in small and long texts, ASCII or not.
    @Test func bytesAreFoundWhereverTheyAre() {
        let colon = UInt8(ascii: ":")
        #expect("h:head".containsAnyByte(colon))
        #expect(!"head".containsAnyByte(colon))
        #expect(!"".containsAnyByte(colon))
        let long = String(repeating: "Décrivez les symptômes ", count: 20)
        #expect(!long.containsAnyByte(UInt8(ascii: "{"), UInt8(ascii: "$"), 0xEE))
        #expect((long + "${q}").containsAnyByte(UInt8(ascii: "{"), UInt8(ascii: "$")))
        #expect(("\u{E000}" + long).containsAnyByte(UInt8(ascii: "}"), 0xEE))
        #expect(!long.containsAnyByte())
    }
}
