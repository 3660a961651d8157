import Formwork
import Foundation
import Testing

@testable import FormworkODK

/// A walk is replayed on the day JavaRosa ran it: `today()`, and a time shown as text
/// (of today's date, as JavaRosa shows it), then read the same on both sides, even
/// when the comparison runs after midnight or the oracle's run crossed it.
@Suite("Walks replayed on the oracle's day")
struct WalkDayTests {
    static func walk(label: String, days: [String]?) -> ODKWalk {
        ODKWalk(
            oracle: [
                "answers": [["/data/t", "18:24:00.000Z"]],
                "questions": [["ref": "/data/t", "label": "Time"], ["ref": "/data/n", "label": label]],
                "submission_xml": "<data id=\"data\"><t>18:24:00.000Z</t><n/></data>",
            ], language: nil, days: days)
    }

    @Test func theLabelIsReadOnTheDayTheOracleRan() throws {
        let form = try XLSFormBuilder.form(
            survey: [["type", "name", "label"], ["time", "t", "Time"], ["text", "n", "At ${t}"]],
            settings: [["form_id"], ["data"]])
        // On the oracle's day: the same.
        let same = ODKWalkComparison.compare(form, Self.walk(label: "At 2020-01-01", days: ["2020-01-01"]))
        #expect(same.differences["labels"] == nil)
        // A run that crossed midnight: either day.
        #expect(
            ODKWalkComparison.compare(form, Self.walk(label: "At 2020-01-02", days: ["2020-01-01", "2020-01-02"]))
                .differences["labels"] == nil)
        // Another day is another label.
        let other = ODKWalkComparison.compare(form, Self.walk(label: "At 2020-01-03", days: ["2020-01-01"]))
        #expect(other.differences["labels"]?.contains(#"Formwork "At 2020-01-01", JavaRosa "At 2020-01-03""#) == true)
    }
}
