import Foundation
import Testing

@testable import FormworkODK

/// Every question type pyxform 4.5 knows (the keys of its `QUESTION_TYPE_DICT`, listed
/// here as pyxform writes them) is a type Formwork reads: none is unknown, so no
/// workbook pyxform converts is refused for its types.
@Suite("pyxform's question types")
struct PyxformTypeListTests {
    /// `pyxform.question_type_dictionary.QUESTION_TYPE_DICT.keys()`, pyxform 4.5.0.
    static let pyxformTypes = [
        "acknowledge", "add acknowledge prompt", "add audio prompt", "add barcode prompt", "add calculate prompt",
        "add date prompt", "add date time prompt", "add dateTime prompt", "add decimal prompt", "add file prompt",
        "add image prompt", "add integer prompt", "add location prompt", "add note prompt",
        "add select multiple prompt using", "add select one prompt using", "add text prompt", "add video prompt",
        "audio", "audit", "background-audio", "background-geopoint", "barcode", "calculate", "csv-external", "date",
        "date time", "dateTime", "datetime", "decimal", "device id", "deviceid", "email", "end", "end time", "file",
        "geopoint", "geoshape", "geotrace", "get device id", "get end time", "get phone number", "get sim id",
        "get start time", "get subscriber id", "get today", "gps", "hidden", "image", "imei", "int", "integer",
        "location", "note", "number of days in last month", "number of days in last six months",
        "number of days in last year", "osm", "percentage", "phone number", "phonenumber", "photo", "q acknowledge",
        "q audio", "q barcode", "q calculate", "q date", "q date time", "q dateTime", "q decimal", "q geopoint",
        "q geoshape", "q geotrace", "q image", "q int", "q location", "q note", "q picture", "q select", "q select1",
        "q string", "q video", "range", "rank", "select all that apply", "select all that apply from",
        "select multiple from", "select multiple using", "select one", "select one external", "select one using",
        "sim id", "simserial", "start", "start time", "start-geopoint", "string", "subscriber id", "subscriberid",
        "text", "time", "today", "trigger", "uri:deviceid", "uri:email", "uri:phonenumber", "uri:simserial",
        "uri:subscriberid", "uri:username", "username", "video", "xml-external",
    ]

    /// The types that name a list after them (`select one using LIST`).
    static let takesAList: Set<String> = [
        "add select multiple prompt using", "add select one prompt using", "q select", "q select1", "rank",
        "select all that apply", "select all that apply from", "select multiple from", "select multiple using",
        "select one", "select one external", "select one using",
    ]

    @Test(arguments: pyxformTypes)
    func everyTypeIsRead(_ type: String) {
        let cell = Self.takesAList.contains(type) ? type + " colours" : type
        if case .unknown(let written, _) = XLSFormType(cell) {
            Issue.record("'\(written)' is unknown")
        }
    }
}
