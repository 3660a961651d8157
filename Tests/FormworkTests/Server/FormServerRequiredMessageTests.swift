import Foundation
import Testing

@testable import Formwork

/// `requiredMessage` over JSON-RPC: `form.describe` writes it as the definition
/// does; `form.validate` and `form.submit` report the message under the rule
/// `required`, in the session's language.
@Suite("JSON-RPC server: required messages")
struct FormServerRequiredMessageTests {
    static let yaml = """
        id: visit
        title: Visit
        languages: { en: English, fr: Français }
        sections:
          - id: s
            fields:
              - { id: child, kind: text, label: Child }
              - id: age
                kind: number
                label: Age
                required: true
                requiredMessage: { en: "Give {$child}'s age", fr: "Quel âge a {$child} ?" }
              - { id: email, kind: text, label: E-mail, required: $age > 16, requiredMessage: "An e-mail, please" }
        """

    static func server() throws -> FormServer {
        FormServer(session: try FormSession(definition: FormDefinition(yaml: yaml), today: Fixtures.today))
    }

    @Test func describeWritesTheMessageAsTheDefinitionDoes() throws {
        let described = try Self.server().handle(FormServerTests.request("form.describe"))[0]
        #expect(
            described.contains(
                #"{"id":"age","kind":"number","label":"Age","type":"number","required":true,"#
                    + #""requiredMessage":{"en":"Give {$child}'s age","fr":"Quel âge a {$child} ?"}}"#),
            "\(described)")
        #expect(
            described.contains(#""required":"$age > 16","requiredMessage":"An e-mail, please"}"#), "\(described)")
        #expect(!described.contains(#"{"id":"child","kind":"text","label":"Child","type":"text","requiredMessage""#))
    }

    @Test func validateAndSubmitSayTheMessageUnderTheRuleRequired() throws {
        let server = try Self.server()
        _ = server.handle(FormServerTests.request("field.set", params: #"{"id":"child","text":"Ada"}"#))
        #expect(
            server.handle(FormServerTests.request("form.validate")).last
                == #"{"jsonrpc":"2.0","id":1,"result":{"valid":false,"errors":[{"field":"age","rule":"required","#
                + #""message":"Give Ada's age"}]}}"#)
        _ = server.handle(FormServerTests.request("form.setLanguage", params: #"{"language":"fr"}"#))
        #expect(
            server.handle(FormServerTests.request("form.submit", id: "2")).last
                == FormServerTests.error(
                    id: "2", code: -32004, "1 problem to fix before submitting",
                    data: #"{"errors":[{"field":"age","rule":"required","message":"Quel âge a Ada ?"}]}"#))
        _ = server.handle(FormServerTests.request("field.set", params: #"{"id":"age","text":"40"}"#))
        #expect(
            server.handle(FormServerTests.request("form.validate", id: "3")).last
                == #"{"jsonrpc":"2.0","id":3,"result":{"valid":false,"errors":[{"field":"email","rule":"required","#
                + #""message":"An e-mail, please"}]}}"#)
    }
}
