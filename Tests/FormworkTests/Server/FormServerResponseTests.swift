import Foundation
import Testing

@testable import Formwork

/// `response.validate` over JSON-RPC: a finished response checked as `formwork
/// validate` checks it, the session untouched; the cleaned answers on request; a
/// response given as text, read in the format that recognises it.
@Suite("JSON-RPC server: checking responses")
struct FormServerResponseTests {
    static func call(_ server: FormServer, _ params: String) throws -> [String: Any] {
        let lines = server.handle(FormServerTests.request("response.validate", params: params))
        return try FormServerTests.object(try #require(lines.last))
    }

    @Test func aResponseIsCheckedAndTheSessionIsUntouched() throws {
        let server = FormServer(session: FormSession(definition: try ResponseValidatorTests().form))
        let reply = try Self.call(
            server,
            #"{"response": {"name": "Ada", "hasChildren": "no", "childCount": 2, "nights": 3, "pets": [{}]}, "#
                + #""clean": true}"#
        )
        let result = try #require(reply["result"] as? [String: Any])
        #expect(result["ok"] as? Bool == false)
        let problems = result["problems"] as? [[String: Any]] ?? []
        #expect(problems.map { $0["rule"] as? String } == ["visible"])
        #expect(problems.first?["field"] as? String == "childCount")
        #expect(problems.first?["line"] == nil)  // no place inside a request line
        let answers = try #require(result["answers"] as? [String: Any])
        #expect(answers["childCount"] == nil && answers["total"] as? Int == 30)
        #expect(server.session.value(of: "name") == .null)  // the session is not the response's
    }

    @Test func textIsReadByItsFormatAndMissingParamsAreRefused() throws {
        let server = FormServer(session: FormSession(definition: try ResponseValidatorTests().form))
        let json = try Self.call(server, #"{"text": "{\"name\": \"Ada\",\n \"nights\": \"x\"}"}"#)
        let problems = (json["result"] as? [String: Any])?["problems"] as? [[String: Any]] ?? []
        #expect(problems.first?["rule"] as? String == "type", "\(json)")
        #expect(problems.first?["line"] as? Int == 2, "\(json)")  // placed within the text
        // XML with no format that reads it registered: what Formwork's reader says of it.
        let xml = try Self.call(server, #"{"text": "<data/>"}"#)
        let syntax = (xml["result"] as? [String: Any])?["problems"] as? [[String: Any]] ?? []
        #expect(syntax.map { $0["rule"] as? String } == ["syntax"], "\(xml)")
        let none = try Self.call(server, #"{}"#)
        #expect(((none["error"] as? [String: Any])?["message"] as? String)?.contains("give \"response\"") == true)
    }
}
