import Foundation
import Testing

@testable import FormworkODK

/// The choices sheet: lists in order with their translated labels and filter
/// columns; rows without a list or a name, and duplicates, reported at their place;
/// every list a corpus survey selects from exists.
@Suite("XLSForm choices")
struct XLSFormChoicesTests {
    static func choices(_ rows: [[String]], header: [String]) throws -> XLSFormTable {
        // Each cell with its reference, so that empty ones leave their column empty.
        let referenced = ([header] + rows).enumerated().map { index, row in
            "<row r=\"\(index + 1)\">"
                + row.enumerated().compactMap { column, text in
                    text.isEmpty
                        ? nil
                        : "<c r=\"\(Cell.columnName(column))\(index + 1)\" t=\"inlineStr\"><is><t>\(text)</t></is></c>"
                }.joined() + "</row>"
        }.joined()
        let bytes = try WorkbookTests.standard(survey: referenced)
        return XLSFormTable(try #require(try Workbook(bytes: bytes)["survey"]))
    }

    @Test func listsInOrderWithLabelsAndFilterColumns() throws {
        let table = try Self.choices(
            [
                ["yes_no", "yes", "Yes", "Oui", ""], ["yes_no", "no", "No", "Non", ""],
                ["county", "nairobi", "Nairobi", "", "central"], ["county", "mombasa", "Mombasa", "", "coast"],
                ["", "", "", "", ""],
            ], header: ["list_name", "name", "label::English (en)", "label::Français (fr)", "region"])
        let choices = XLSFormChoices(table)
        #expect(choices.order == ["yes_no", "county"])
        #expect(choices.lists["yes_no"]?.map(\.name) == ["yes", "no"])
        #expect(choices.lists["yes_no"]?[1].labels.map(\.text) == ["No", "Non"])
        #expect(choices.lists["yes_no"]?[1].labels.map(\.language) == ["English (en)", "Français (fr)"])
        #expect(choices.lists["county"]?.map { $0.properties["region"] } == ["central", "coast"])
        #expect(choices.lists["county"]?[0].place == "survey!B4")
        #expect(choices.problems.isEmpty)
    }

    @Test func problemsAreReportedAtTheirPlace() throws {
        let table = try Self.choices(
            [["yn", "yes", "Yes"], ["yn", "", "Maybe"], ["", "no", "No"], ["yn", "yes", "Again"]],
            header: ["list name", "value", "label"])
        let choices = XLSFormChoices(table)
        #expect(
            choices.problems.map(\.description) == [
                "survey!B3: a choice of list 'yn' without a name (the value stored when it is chosen)",
                "survey!A4: a choice without a list_name is in no list (pyxform leaves it out too)",
                "survey!B5: list 'yn' has 'yes' twice (first on row 2); "
                    + "set allow_choice_duplicates to yes in settings if that is meant",
            ])
        #expect(choices.problems.map(\.isNotice) == [false, true, false])
        #expect(choices.lists["yn"]?.map(\.name) == ["yes"])
        #expect(XLSFormChoices(table, allowDuplicates: true).lists["yn"]?.map(\.name) == ["yes", "yes"])
    }

    /// Every list a corpus survey selects from (not from a file or external) is in
    /// its choices sheet.
    @Test func everyCorpusSelectHasItsList() throws {
        guard let surveys = Corpus.surveys() else { return }
        var selects = 0
        for (name, workbook, survey) in surveys {
            let choices = workbook["choices"].map { XLSFormChoices(XLSFormTable($0), allowDuplicates: true) }
            for row in survey.rows {
                let list: String
                switch row["type"].map(XLSFormType.init) {
                case .selectOne(let listName, _)?, .selectMultiple(let listName, _)?, .rank(let listName)?,
                    .beginLoop(let listName)?:
                    list = listName
                default: continue
                }
                selects += 1
                #expect(
                    choices?.lists[list] != nil,
                    "\(name) \(survey.reference(of: "type", in: row)): no list '\(list)' in the choices sheet")
            }
        }
        #expect(selects > 100)
    }
}
