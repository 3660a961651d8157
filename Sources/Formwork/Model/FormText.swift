/// A text a person reads — a title, a header, a label, a help text, a note, an
/// option's label, a rule's message, an entry's title — in one language or in each
/// of the form's languages, each of which may read answers.
///
/// In a definition, a text is a string (the same in every language) or a mapping
/// from language code to string; braces hold expressions, checked when the form
/// loads like any condition (`{{` and `}}` are literal braces):
///
/// ```yaml
/// languages: { en: English, ar: العربية }
/// …
///     label: { en: "How old is {$name}?", ar: "كم عمر {$name}؟" }
/// ```
///
/// ```swift
/// field.texts.label.render(in: "ar", defaultLanguage: "en", context)   // "كم عمر Ada؟"
/// ```
///
/// A language the text lacks falls back to the form's default language, then to
/// the first language written (`formwork check` warns about each missing one).
public struct FormText: Sendable {
    /// The text in one language.
    public struct Variant: Sendable {
        /// The language code; `nil` for a plain string (every language).
        public let language: String?
        /// The text, with its expressions.
        public let template: TextTemplate

        /// The text `template` in `language` (`nil`: every language).
        public init(language: String?, template: TextTemplate) {
            self.language = language
            self.template = template
        }
    }

    enum Storage: Sendable {
        /// Constant text, the same in every language (most texts: no allocation but the string).
        case plain(String)
        case variants([Variant])
    }

    let storage: Storage

    /// A constant text, the same in every language.
    public init(_ literal: String) {
        storage = .plain(literal)
    }

    /// A text in several languages (or one `nil`-language template).
    public init(variants: [Variant]) {
        if variants.count == 1, variants[0].language == nil, variants[0].template.isConstant {
            // The text as shown: `{{` and `}}` are single braces.
            storage = .plain(
                variants[0].template.parts.map { part in
                    if case .text(let text) = part { return text }
                    return ""
                }.joined())
        } else {
            storage = .variants(variants)
        }
    }

    /// The variants as written (a plain text: one, without a language).
    public var variants: [Variant] {
        switch storage {
        case .plain(let text): return [Variant(language: nil, template: TextTemplate(literal: text))]
        case .variants(let variants): return variants
        }
    }

    /// Whether the text is written per language.
    public var isTranslated: Bool {
        if case .variants(let variants) = storage { return variants.contains { $0.language != nil } }
        return false
    }

    /// The languages the text is written in.
    public var languages: [String] {
        guard case .variants(let variants) = storage else { return [] }
        return variants.compactMap(\.language)
    }

    /// Whether the text reads nothing (the same for every answer).
    public var isConstant: Bool {
        switch storage {
        case .plain: return true
        case .variants(let variants): return variants.allSatisfy { $0.template.isConstant }
        }
    }

    /// The ids the text's expressions read, in every language.
    public var references: [String] {
        guard case .variants(let variants) = storage else { return [] }
        var seen = Set<String>()
        return variants.flatMap { $0.template.references.filter { seen.insert($0).inserted } }
    }

    /// The expressions of every language's text.
    var expressions: [CompiledExpression] {
        guard case .variants(let variants) = storage else { return [] }
        return variants.flatMap { variant in
            variant.template.parts.compactMap { part in
                if case .expression(let expression) = part { return expression }
                return nil
            }
        }
    }

    /// Whether an expression of the text reads its entry's position (`index()`).
    var usesIndex: Bool {
        guard case .variants(let variants) = storage else { return false }
        return variants.contains { $0.template.usesIndex }
    }

    /// The variant shown in `language`: that language's, else the default
    /// language's, else the first written.
    public func variant(in language: String?, defaultLanguage: String?) -> Variant {
        switch storage {
        case .plain(let text): return Variant(language: nil, template: TextTemplate(literal: text))
        case .variants(let variants):
            if variants.count == 1 { return variants[0] }
            return variants.first { $0.language == language } ?? variants.first { $0.language == defaultLanguage }
                ?? variants.first { $0.language == nil } ?? variants[0]
        }
    }

    /// The text as written in `language` (expressions not evaluated).
    public func source(in language: String?, defaultLanguage: String?) -> String {
        if case .plain(let text) = storage { return text }
        return variant(in: language, defaultLanguage: defaultLanguage).template.source
    }

    /// The text in `language` with its expressions' current values.
    public func render(in language: String?, defaultLanguage: String?, _ context: EvaluationContext) -> String {
        if case .plain(let text) = storage { return text }
        return variant(in: language, defaultLanguage: defaultLanguage).template.render(context)
    }
}

/// The texts of a field (`FieldDefinition.texts`).
public struct FieldTexts: Sendable {
    /// The label per language.
    public var label: FormText
    /// The help text per language, if any.
    public var help: FormText?
    /// The text shown while the field is empty, per language, if any.
    public var placeholder: FormText?
    /// A note's text.
    public var note: FormText?

    /// A field's texts; the loader builds them.
    init(label: FormText, help: FormText? = nil, placeholder: FormText? = nil, note: FormText? = nil) {
        self.label = label
        self.help = help
        self.placeholder = placeholder
        self.note = note
    }

    /// Every text, for checks over all of them.
    var all: [FormText] { [label] + [help, placeholder, note].compactMap { $0 } }
}

/// A language a form is written in.
public struct FormLanguage: Sendable, Hashable {
    /// The code texts are keyed by (`en`, `fr`, `pt-BR`).
    public let code: String
    /// Its name for people (`Français`); the code when the form gives none.
    public let name: String

    /// The language `code`, called `name` for people.
    public init(code: String, name: String) {
        self.code = code
        self.name = name
    }
}
