import Foundation
import Testing

@testable import Formwork

/// The limit on strings (Formwork's Safety article) holds on every path a value comes in, not only in
/// definitions: before, a 150,000-character value set at the prompt or through
/// `field.set` was accepted and printed over 3,200 lines.
@Suite("Value limits")
struct ValueLimitTests {
    static let yaml =
        "id: t\ntitle: T\nsections: [{id: s, fields: [{id: bio, kind: text, label: Bio, multiline: true}, {id: pin, "
        + "kind: secure, label: PIN}]}]"
    static let limitError = FieldError(field: "bio", rule: .lengthLimit(100_000))
    let long = String(repeating: "é", count: 100_001)

    func session(limits: Limits = .default) throws -> FormSession {
        FormSession(definition: try FormDefinition(yaml: Self.yaml, limits: limits))
    }

    @Test func theSwiftAPIRefusesIt() throws {
        let session = try session()
        #expect(throws: SessionError.rejected(Self.limitError)) { try session.set("bio", text: long) }
        #expect(throws: SessionError.rejected(Self.limitError)) { try session.set("bio", to: .string(long)) }
        #expect(throws: SessionError.rejected(FieldError(field: "pin", rule: .lengthLimit(100_000)))) {
            try session.set("pin", text: long)
        }
        try session.set("bio", text: String(long.dropLast()))  // exactly the limit is fine
        #expect(Self.limitError.rule.name == "limit")
    }

    @Test func aLoadedDefinitionsLimitsApply() throws {
        var limits = Limits.default
        limits.maximumStringLength = 10
        let session = try session(limits: limits)
        #expect(throws: SessionError.self) { try session.set("bio", text: "eleven char") }
    }

    @Test func aValuesFileIsRefusedAtTheValue() throws {
        let session = try session()
        do {
            try session.loadValues(bytes: Array("{\"bio\": \"\(long)\"}".utf8), isJSON: true)
            Issue.record("accepted")
        } catch {
            #expect(error.diagnostics.map(\.problem) == [.invalidValue(field: "bio", reason: Self.limitError)])
            #expect(error.diagnostics.first?.location == SourceLocation(line: 1, column: 9))
        }
    }

    @Test func aDraftLeavesTheValueOutAndSaysWhy() throws {
        let session = try session()
        let bytes = Array(
            """
            {"formwork": "draft", "version": 1, "form": "/f.yaml", "definition": "x", "saved": "2026-01-01T00:00:00Z",
             "values": {"bio": "\(long)"}}
            """.utf8)
        let report = session.resume(from: try FormDraft(bytes: bytes, path: "draft.json"))
        #expect(report.restored.isEmpty)
        #expect(report.dropped.map(\.reason) == [Self.limitError.message])
    }

    @Test func jsonRPCRefusesItAsTextAndAsAValue() throws {
        let server = FormServer(session: try session())
        for member in ["text", "value"] {
            let request =
                #"{"jsonrpc":"2.0","id":1,"method":"field.set","params":{"id":"bio","\#(member)":"\#(long)"}}"#
            let response = try #require(server.handle(request).last)
            #expect(
                response.contains(#""code":-32001"#) && response.contains(#""rule":"limit""#), "\(response.prefix(200))"
            )
        }
        #expect(server.session.value(of: "bio") == .null)
    }

    @Test func anOversizedRequestLineGetsAnInvalidRequestError() throws {
        let server = FormServer(session: try session())
        let response = server.oversizedRequest(bytes: 209_715_293)
        #expect(
            response
                == #"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: the line is "#
                + #"209715293 bytes; requests are limited to 8388608 "#
                + #"bytes","data":{"bytes":209715293,"limit":8388608}}}"#
        )
    }
}
