import Foundation
import Testing

@testable import Formwork

/// Field behaviours over JSON-RPC: `form.setInput`, read-only refusals, and what
/// `form.describe` and `form.snapshot` say of them.
@Suite("JSON-RPC server: field behaviours")
struct FormServerBehaviourTests {
    static func server() throws -> FormServer {
        FormServer(
            session: try FormSession(
                definition: FormDefinition(yaml: BehaviourSessionTests.yaml), today: Fixtures.today))
    }

    static func call(_ server: FormServer, _ method: String, _ params: String? = nil) throws -> [String: Any] {
        let lines = server.handle(FormServerTests.request(method, params: params))
        return try FormServerTests.object(try #require(lines.last))
    }

    @Test func setInputGivesAnInputAndFieldSetRefusesIt() throws {
        let server = try Self.server()
        #expect(
            server.handle(FormServerTests.request("field.set", params: #"{"id":"region","value":"south"}"#)) == [
                FormServerTests.error(
                    code: -32007,
                    "region is an input of the form: the program gives it (--set, --values), not the person filling it",
                    data: #"{"field":"region","rule":"input","message":"is an input of the form: the program gives it "#
                        + #"(--set, --values), not the person filling it"}"#)
            ])
        let result = try #require(try Self.call(server, "form.setInput", #"{"id":"region","text":"south"}"#)["result"])
        #expect(result is [String: Any])
        #expect(server.session.value(of: "where") == "south")
        let wrong = try #require(
            try Self.call(server, "form.setInput", #"{"id":"qty","value":1}"#)["error"] as? [String: Any])
        #expect(wrong["code"] as? Int == -32002)
        #expect(wrong["message"] as? String == "'qty' is not an input of the form")
    }

    @Test func fieldSetRefusesReadOnlyFieldsWithTheirRule() throws {
        let server = try Self.server()
        let refused = try #require(
            try Self.call(server, "field.set", #"{"id":"ref","text":"X"}"#)["error"] as? [String: Any])
        #expect(refused["code"] as? Int == -32007)
        #expect(refused["message"] as? String == "ref is read-only")
        #expect((refused["data"] as? [String: Any])?["rule"] as? String == "readonly")
        #expect(server.session.value(of: "ref") == "R-1")
        // A values load is the program's: it may set a read-only field.
        _ = try Self.call(server, "session.load", #"{"values":{"order-ref":"R-7"}}"#)
        #expect(server.session.value(of: "ref") == "R-7")
    }

    @Test func describeSaysReadonlyKeysTriggersCalculationsAndInputs() throws {
        let server = try Self.server()
        let result = try #require(try Self.call(server, "form.describe")["result"] as? [String: Any])
        let fields = try #require(((result["sections"] as? [[String: Any]])?.first)?["fields"] as? [[String: Any]])
        #expect(fields[1]["readonly"] as? Bool == true && fields[1]["key"] as? String == "order-ref")
        #expect(fields[2]["readonly"] as? String == "$locked")
        let trigger = try #require(fields[2]["recalculate"] as? [String: Any])
        #expect(trigger["on"] as? [String] == ["qty", "rate"] && trigger["value"] as? String == "$qty * $rate")
        #expect(trigger["when"] as? String == "$rate != null")
        #expect(fields[4]["kind"] as? String == "calculate" && fields[4]["value"] as? String == "$price * 2")
        let inputs = try #require(result["inputs"] as? [[String: Any]])
        #expect(inputs.map { $0["id"] as? String } == ["region", "rate"])
        #expect(inputs[0]["type"] as? String == "text" && inputs[0]["default"] as? String == "north")
    }

    @Test func snapshotRowsSayReadonlyAndCalculationsAndInputsAreListed() throws {
        let server = try Self.server()
        _ = try Self.call(server, "field.set", #"{"id":"price","value":4}"#)
        _ = try Self.call(server, "field.set", #"{"id":"locked","value":true}"#)
        let result = try #require(try Self.call(server, "form.snapshot")["result"] as? [String: Any])
        let rows = try #require(((result["sections"] as? [[String: Any]])?.first)?["rows"] as? [[String: Any]])
        #expect(rows.map { $0["id"] as? String } == ["locked", "ref", "price", "qty", "shown", "where"])
        #expect(rows.map { $0["readonly"] as? Bool } == [false, true, true, false, false, false])
        let calculations = try #require(result["calculations"] as? [[String: Any]])
        #expect(calculations.count == 1)
        #expect(calculations[0]["id"] as? String == "total" && calculations[0]["value"] as? Double == 8)
        let inputs = try #require(result["inputs"] as? [[String: Any]])
        #expect(inputs[0]["value"] as? String == "north" && inputs[1]["value"] is NSNull)
    }

    @Test func answersUseKeysAndATriggerIsReportedAsAChange() throws {
        let server = try Self.server()
        _ = try Self.call(server, "form.setInput", #"{"id":"rate","value":2}"#)
        let result = try #require(
            try Self.call(server, "field.set", #"{"id":"qty","value":3}"#)["result"] as? [String: Any])
        let values = try #require(result["values"] as? [[String: Any]])
        #expect(values.map { $0["field"] as? String } == ["price", "qty", "shown"])
        let rows = ((result["changes"] as? [String: Any])?["rows"] as? [String: Any])?["updated"] as? [[String: Any]]
        #expect(rows?.map { $0["id"] as? String } == ["price", "qty", "shown"])
        let answers = try #require(try Self.call(server, "form.answers")["result"] as? [String: Any])
        #expect(answers["order-ref"] as? String == "R-1" && answers["ref"] == nil)
        #expect(answers["total"] as? Double == 12 && answers["region"] == nil)
    }
}
