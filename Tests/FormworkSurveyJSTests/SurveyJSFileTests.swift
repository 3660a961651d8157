import Formwork
import Foundation
import Testing

@testable import FormworkSurveyJS

/// Files and signatures as survey-core keeps them: a `file` question with
/// `allowMultiple` keeps every file with its name, a browser's upload (a data URL)
/// passes through Formwork unchanged, and a `signaturepad` is answered with an image
/// file held in the data as a data URL. Compared with survey-core's own data where
/// the oracle runs.
@Suite("SurveyJS: files and signatures")
struct SurveyJSFileTests {
    static let survey = """
        {"pages": [{"name": "p", "elements": [
          {"type": "file", "name": "docs", "allowMultiple": true},
          {"type": "file", "name": "scan", "acceptedTypes": ".pdf"},
          {"type": "signaturepad", "name": "sign"},
          {"type": "expression", "name": "count", "expression": "{docs.length}"}
        ]}]}
        """

    /// A browser's data: two uploads with their names and types, a path, a signature.
    static let browserData = """
        {"docs": [{"name": "a.png", "type": "image/png", "content": "data:image/png;base64,AAAA"},
                  {"name": "notes, v2.txt", "type": "text/plain", "content": "data:text/plain;base64,QQ=="}],
         "scan": [{"name": "x.pdf", "type": "application/pdf", "content": "data:application/pdf;base64,JVBERg=="}],
         "sign": "data:image/png;base64,iVBORw0KGgo="}
        """

    static func data(_ session: FormSession) throws -> NSDictionary {
        let json = SurveyJSData.json(of: session, pretty: false)
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? NSDictionary)
    }

    @Test func everyFileKeepsItsNameAndContentThroughFormwork() throws {
        let form = try SurveyJSReaderTests.load(Self.survey)
        #expect(form.field("docs")?.multipleFiles == true && form.field("docs")?.valueType == .list(.string))
        let session = FormSession(definition: form)
        try session.loadValues(bytes: Array(Self.browserData.utf8), isJSON: true)
        #expect(session.value(of: "count") == 2)
        let written = try Self.data(session)
        let expected = try #require(
            try JSONSerialization.jsonObject(with: Data(Self.browserData.utf8), options: .mutableContainers)
                as? NSMutableDictionary)
        expected["count"] = 2
        #expect(written == expected)
        // Files held in the answers are not attachments to copy.
        #expect(session.attachments.isEmpty)
        guard SurveyJSOracle.unavailable == nil else { return }
        let answers = try #require(
            try JSONSerialization.jsonObject(with: Data(Self.browserData.utf8)) as? [String: Any]
        ).sorted { $0.key < $1.key }.map { [$0.key, $0.value] }
        let oracle = try SurveyJSOracle.fill(
            survey: try JSONSerialization.jsonObject(with: Data(Self.survey.utf8)), answers: answers)
        #expect(oracle["data"] as? NSDictionary == written)
    }

    @Test func severalPathsAreGivenAtThePromptSeparatedByCommas() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = folder.appendingPathComponent("a.txt").path
        let second = folder.appendingPathComponent("b,c.txt").path
        let image = folder.appendingPathComponent("sign.png").path
        try Data("one".utf8).write(to: URL(fileURLWithPath: first))
        try Data("two".utf8).write(to: URL(fileURLWithPath: second))
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: URL(fileURLWithPath: image))
        let session = FormSession(definition: try SurveyJSReaderTests.load(Self.survey))
        let docs = try #require(session.definition.field("docs"))
        let typed = "\(first), \(second.replacingOccurrences(of: ",", with: "\\,")) ,, \(first)"
        try session.set("docs", text: typed)
        #expect(session.value(of: "docs") == .list([.string(first), .string(second)]))
        #expect(docs.inputText(for: session.value(of: "docs")) == "\(first), \(folder.path)/b\\,c.txt")
        #expect(session.attachments.map(\.file) == [first, second])
        #expect(throws: SessionError.self) { try session.set("docs", text: "\(first), \(folder.path)/missing") }
        #expect(session.value(of: "docs") == .list([.string(first), .string(second)]))

        try session.set("sign", text: image)
        #expect(session.value(of: "sign") == .string("data:image/png;name=sign.png;base64,iVBORw=="))
        #expect(throws: SessionError.self) { try session.set("sign", text: first) }  // not a .png
        #expect(throws: SessionError.self) { try session.set("scan", text: "data:text/plain;base64,QQ==") }
        #expect(throws: SessionError.self) { try session.set("scan", text: "data:application/pdf;base64,Q") }
        let written = try Self.data(session)
        #expect(written["sign"] as? String == "data:image/png;base64,iVBORw==")
        #expect(
            written["docs"] as? [NSDictionary] == [
                ["name": "a.txt", "content": first], ["name": "b,c.txt", "content": second],
            ])
    }

    @Test func aSignatureIsAnImageFileWithAWarning() throws {
        let (_, problems) = try SurveyJSReaderTests.read(
            #"{"elements": [{"type": "signaturepad", "name": "s", "dataFormat": "jpeg"}]}"#)
        #expect(
            problems.map(\.message) == [
                "the signature pad 's' is answered with an image file (.jpg or .jpeg), kept in the data as a data "
                    + "URL as survey-core keeps a signature (a signature is drawn with a pointer)"
            ])
    }

    @Test(
        arguments: [
            ("data:image/png;base64,iVBORw0KGgo=", "image/png", nil, 8),
            ("data:,hello%20there", "", nil, 11),
            ("data:image/png;name=my%20sign.png;base64,AAAA", "image/png", "my sign.png", 3),
            ("data:text/plain;charset=utf-8;base64,QUI=", "text/plain", nil, 2),
        ] as [(String, String, String?, Int)])
    func dataURLsAreRead(text: String, mediaType: String, name: String?, size: Int) throws {
        let url = try #require(DataURL(text))
        #expect(url.mediaType == mediaType && url.name == name && url.byteCount == size)
        #expect(url.text() == text)
    }

    @Test(arguments: ["data:image/png;base64,A", "data:image/png;base64,AA=A", "data:nope;base64,AAAA", "data:x"])
    func malformedDataURLsAreRefused(text: String) {
        #expect(DataURL(text)?.byteCount == nil)
    }
}
