import Foundation
import Testing

@testable import Formwork

/// A text without braces keeps no list of parts, and reads the same as one with.
@Suite("Text templates without braces")
struct TextTemplateLiteralTests {
    @Test func plainTextIsItsOwnPart() throws {
        let environment = ExpressionEnvironment(fields: [])
        let plain = try TextTemplate("Hello there", environment: environment)
        #expect(plain.isConstant)
        #expect(plain.references.isEmpty)
        #expect(plain.parts.count == 1)
        if case .text(let text) = plain.parts.first { #expect(text == "Hello there") } else { Issue.record("no text") }
        #expect(try TextTemplate("", environment: environment).parts.isEmpty)
        // A literal is shown as written, braces and all.
        let literal = TextTemplate(literal: "a {b} c")
        #expect(literal.isConstant)
        if case .text(let text) = literal.parts.first { #expect(text == "a {b} c") } else { Issue.record("no text") }
        // Doubled braces are single ones once parsed.
        let escaped = try TextTemplate("a {{b}} c", environment: environment)
        if case .text(let text) = escaped.parts.first { #expect(text == "a {b} c") } else { Issue.record("no text") }
    }

    /// A translated form's texts without braces are final as the form loads, in each
    /// language; those with braces are compiled once every field is known.
    @Test func translatedLiteralTextsAreFinalAtOnce() throws {
        let form = try FormDefinition(yaml: TranslationTests.yaml)
        let name = try #require(form.fields.first { $0.id == "name" }?.texts.label)
        #expect(name.isConstant && name.isTranslated)
        #expect(name.source(in: "fr", defaultLanguage: "en") == "Nom")
        let size = try #require(form.fields.first { $0.id == "size" })
        #expect(size.options.map { $0.labelText.source(in: "fr", defaultLanguage: "en") } == ["Petit", "Large"])
        let session = try TranslationTests.session()
        session.reload(nil, animated: false)
        try session.set("name", text: "Ada")
        try session.setLanguage("fr")
        session.reload()
        #expect(TranslationTests.labels(session).contains("Quel âge a Ada ?"))
        #expect(TranslationTests.labels(session).contains("Nom"))
    }
}
