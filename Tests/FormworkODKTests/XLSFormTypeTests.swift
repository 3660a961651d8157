import Foundation
import Testing

@testable import FormworkODK

/// The `type` column: every spelling XLSForm accepts, selects with their lists and
/// `or_other`, structure rows, metadata, what cannot be represented, and typos.
@Suite("XLSForm types")
struct XLSFormTypeTests {
    @Test(arguments: [
        ("text", XLSFormType.text), ("  Integer ", .integer), ("int", .integer), ("decimal", .decimal),
        ("dateTime", .dateTime), ("add date prompt", .date), ("time", .time), ("note", .note),
        ("calculate", .calculate), ("hidden", .hidden), ("trigger", .acknowledge), ("acknowledge", .acknowledge),
        ("barcode", .barcode), ("geopoint", .geopoint), ("gps", .geopoint), ("image", .media("image")),
        ("photo", .media("image")), ("background-audio", .media("background-audio")), ("range", .range),
        ("select_one yes_no", .selectOne(list: "yes_no", orOther: false)),
        ("select1 yn", .selectOne(list: "yn", orOther: false)),
        ("select_one yes_no or_other", .selectOne(list: "yes_no", orOther: true)),
        ("select one yes_no", .selectOne(list: "yes_no", orOther: false)),
        ("select_multiple fruits", .selectMultiple(list: "fruits", orOther: false)),
        ("select all that apply fruits or_other", .selectMultiple(list: "fruits", orOther: true)),
        ("rank colours", .rank(list: "colours")),
        ("select_one_from_file cities.csv", .selectFromFile(file: "cities.csv", multiple: false)),
        ("select_one_external county", .selectExternal(list: "county")),
        ("begin group", .beginGroup), ("begin_group", .beginGroup), ("End Group", .endGroup),
        ("begin repeat", .beginRepeat), ("end_repeat", .endRepeat), ("begin looped group", .beginRepeat),
        ("start", .metadata("start")), ("deviceid", .metadata("deviceid")), ("audit", .metadata("audit")),
        ("imei", .metadata("deviceid")), ("uri:deviceid", .metadata("deviceid")),
        ("phone number", .phoneNumber), ("phonenumber", .metadata("phonenumber")),
        ("select one from yes_no", .selectOne(list: "yes_no", orOther: false)),
        ("select all that apply from browsers", .selectMultiple(list: "browsers", orOther: false)),
        ("select one from sexes or specify other", .selectOne(list: "sexes", orOther: true)),
        (
            "select all that apply from toilet_type or specify other",
            .selectMultiple(list: "toilet_type", orOther: true)
        ),
        ("begin loop over toilet_type", .beginLoop(list: "toilet_type")), ("end loop", .endLoop),
    ])
    func types(cell: String, expected: XLSFormType) {
        #expect(XLSFormType(cell) == expected)
    }

    @Test func unsupportedAndUnknownTypesSayWhy() {
        guard case .unsupported("entity", let reason) = XLSFormType("entity") else {
            Issue.record("entity")
            return
        }
        #expect(reason.contains("ODK Central"))
        #expect(XLSFormType("xml-external") == .externalInstance(fileExtension: "xml"))
        #expect(XLSFormType("csv-external") == .externalInstance(fileExtension: "csv"))
        #expect(XLSFormType("geoshape") == .geoshape)
        #expect(XLSFormType("geotrace") == .geotrace)
        #expect(XLSFormType("integr") == .unknown("integr", suggestion: "integer"))
        #expect(XLSFormType("selectone x") == .unknown("selectone x", suggestion: "select_one"))
        #expect(XLSFormType("select_one") == .unknown("select_one", suggestion: "select_one LIST_NAME"))
        #expect(XLSFormType("select_one a b") == .unknown("select_one a b", suggestion: "select_one LIST_NAME"))
    }

    /// Every `type` of every corpus survey is one XLSForm knows: none reads as a typo.
    @Test func everyCorpusTypeIsKnown() throws {
        guard let surveys = Corpus.surveys() else { return }
        var seen = 0
        for (name, _, survey) in surveys {
            for row in survey.rows {
                guard let type = row["type"] else { continue }
                seen += 1
                if case .unknown = XLSFormType(type) {
                    Issue.record("\(name) \(survey.reference(of: "type", in: row)): unknown type '\(type)'")
                }
            }
        }
        #expect(seen > 300)
    }
}
