/// A text as read from the file (a string, or a string per language), waiting for
/// the environment its expressions are checked in.
struct PendingText {
    var variants: [(language: String?, source: String, node: SyntaxNode)]

    /// Whether the text is one string without braces: final at once.
    var isConstant: Bool {
        variants.count == 1 && variants[0].language == nil && !TextTemplate.hasBrace(variants[0].source)
    }

    /// Whether no variant has a brace: each is its own text, with nothing to compile
    /// (as most of a translated form's texts are).
    var isLiteral: Bool { !variants.contains { TextTemplate.hasBrace($0.source) } }
}

/// Where a text compiled late belongs.
enum TextTarget {
    case title
    case description
    case header(section: Int)
    case footer(section: Int)
    case label(field: Int)
    case help(field: Int)
    case placeholder(field: Int)
    case note(field: Int)
    case option(field: Int, option: Int)
    case repeatLabel(Int)
    case addLabel(Int)
    case entryLabel(Int)
}

/// Translations and text that reads answers. Phase 1 reads each text (checking its
/// languages against the form's `languages`, warning about missing ones); texts with
/// expressions or languages are compiled after the conditions, in the scope where
/// they are shown (a field's, an entry's), so `{$age}` means what `$age` means there.
extension DefinitionDecoder {
    /// Reads `languages` (a list of codes, or a mapping of code to name) and
    /// `defaultLanguage` (the first language unless given); before any text.
    mutating func decodeLanguages(_ form: MappingReader) {
        if let node = form["languages"] {
            var seen = Set<String>()
            func add(_ codeNode: SyntaxNode, name: String?) {
                guard let code = codeNode.scalarText, Self.isLanguageCode(code) else {
                    collector.report(
                        .wrongType(
                            key: "languages", expected: "a language code (letters, digits, '-' and '_')",
                            found: codeNode.scalarText.map { "'\($0)'" } ?? codeNode.typeDescription), at: codeNode)
                    return
                }
                guard seen.insert(code).inserted else {
                    collector.report(.duplicateKey(code), at: codeNode)
                    return
                }
                languages.append(FormLanguage(code: code, name: name ?? code))
                languageCodes.insert(code)
            }
            if let elements = node.elements {
                for element in elements { add(element, name: nil) }
            } else if let pairs = node.pairs {
                for (key, value) in pairs {
                    guard let name = value.scalarText, !name.isEmpty else {
                        collector.report(
                            .wrongType(
                                key: key.scalarText, expected: "the language's name", found: value.typeDescription),
                            at: value)
                        continue
                    }
                    add(key, name: name)
                }
            } else {
                collector.report(
                    .wrongType(
                        key: "languages", expected: "a list of language codes, or a mapping of code to name",
                        found: node.typeDescription), at: node)
            }
            if languages.isEmpty, node.elements?.isEmpty == true || node.pairs?.isEmpty == true {
                collector.report(.empty(context: "'languages'", missing: "languages"), at: node)
            }
        }
        defaultLanguage = languages.first?.code
        if let node = form["defaultLanguage"],
            let code = form.text("defaultLanguage", collector: &collector, limits: limits)
        {
            if languages.contains(where: { $0.code == code }) {
                defaultLanguage = code
            } else {
                reportUnknownLanguage(code, at: node)
            }
        }
    }

    static func isLanguageCode(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 35
            && text.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_")
            }
    }

    mutating func reportUnknownLanguage(_ code: String, at node: SyntaxNode) {
        let codes = languages.map(\.code)
        collector.report(
            .unknownLanguage(code, declared: codes, suggestion: Suggestions.closest(to: code, in: codes).first),
            at: node)
    }

    /// Reads a text key: a string, or a mapping from language code to string.
    /// `owner` names what the text belongs to in warnings ("field 'age'").
    mutating func readText(
        _ reader: MappingReader, _ key: String, owner: @autoclosure () -> String, required: Bool = false
    )
        -> PendingText?
    {
        guard let node = reader[key] else {
            if required { reader.reportMissing(key, collector: &collector) }
            return nil
        }
        guard let pairs = node.pairs else {
            guard let text = reader.text(key, collector: &collector, limits: limits) else { return nil }
            return PendingText(variants: [(nil, text, node)])
        }
        if languages.isEmpty {
            collector.report(.undeclaredLanguages, at: node)
            return nil
        }
        var pending = PendingText(variants: [])
        pending.variants.reserveCapacity(pairs.count)
        // A set, not a search of the list: a form of 10,000 languages reads each text
        // in a moment rather than in seconds.
        let declared = languageCodes
        for (keyNode, value) in pairs {
            guard let code = keyNode.scalarText else { continue }
            guard declared.contains(code) else {
                reportUnknownLanguage(code, at: keyNode)
                continue
            }
            guard let text = value.scalarText else {
                collector.report(
                    .wrongType(key: "\(key).\(code)", expected: "text", found: value.typeDescription), at: value)
                continue
            }
            guard text.utf8.count <= limits.maximumStringLength || text.count <= limits.maximumStringLength else {
                collector.report(.stringTooLong(length: text.count, limit: limits.maximumStringLength), at: value)
                continue
            }
            pending.variants.append((code, text, value))
        }
        guard !pending.variants.isEmpty else { return nil }
        // Every language written (as most texts are): nothing to warn of. A text in a
        // few languages is searched; only one in many makes a set.
        var missing: [String] = []
        if languages.count <= 16 {
            for language in languages where !pending.variants.contains(where: { $0.language == language.code }) {
                missing.append(language.code)
            }
        } else {
            let written = Set(pending.variants.compactMap(\.language))
            guard written.count < languages.count else { return pending }
            missing = languages.map(\.code).filter { !written.contains($0) }
        }
        guard !missing.isEmpty else { return pending }
        let fallback =
            pending.variants.contains { $0.language == defaultLanguage }
            ? defaultLanguage! : pending.variants[0].language!
        for language in missing {
            var warning = Diagnostic(
                .missingTranslation(owner: owner(), key: key, language: language, fallback: fallback),
                at: node.location)
            warning.severity = .warning
            warnings.append(warning)
        }
        return pending
    }

    /// The text as written in the default language (what `label`, `help`, … hold).
    func defaultSource(_ text: PendingText) -> String {
        (text.variants.first { $0.language == defaultLanguage } ?? text.variants[0]).source
    }

    /// A constant text at once; else remembered, to compile once the environment is known.
    mutating func text(_ pending: PendingText, for target: TextTarget) -> FormText {
        if pending.isConstant { return FormText(pending.variants[0].source) }
        // Without braces, a text reads nothing: final at once, not compiled later.
        if pending.isLiteral {
            return FormText(
                variants: pending.variants.map {
                    FormText.Variant(language: $0.language, template: TextTemplate(literal: $0.source))
                })
        }
        pendingTexts.append((target, pending))
        return FormText(defaultSource(pending))
    }

    /// Compiles each text in the scope it is shown in.
    mutating func compileTexts(_ environment: ExpressionEnvironment) {
        let texts = pendingTexts
        pendingTexts = []
        // The environment of the last scope, kept: texts come field by field, mostly in
        // the same scope, and a copy per text costs a retain and a release per table.
        var scoped = (scope: Int?.none, environment: environment.inScope(nil))
        for (target, pending) in texts {
            let scope: Int?
            switch target {
            case .title, .description, .header, .footer: scope = nil
            case .label(let field), .help(let field), .placeholder(let field), .note(let field),
                .option(let field, _):
                scope = definitions[field].repeatIndex
            case .repeatLabel(let index), .addLabel(let index): scope = repeats[index].parent
            case .entryLabel(let index): scope = index
            }
            if scoped.scope != scope { scoped = (scope, environment.inScope(scope)) }
            guard let text = compileText(pending, environment: scoped.environment) else { continue }
            switch target {
            case .title: titleText = text
            case .description: descriptionText = text
            case .header(let section): sections[section].headerText = text
            case .footer(let section): sections[section].footerText = text
            case .label(let field): definitions[field].texts.label = text
            case .help(let field): definitions[field].texts.help = text
            case .placeholder(let field): definitions[field].texts.placeholder = text
            case .note(let field): definitions[field].texts.note = text
            case .option(let field, let option):
                if definitions[field].options.indices.contains(option) {
                    definitions[field].options[option].labelText = text
                }
            case .repeatLabel(let index): repeats[index].labelText = text
            case .addLabel(let index): repeats[index].addLabelText = text
            case .entryLabel(let index): repeats[index].entryLabel = text
            }
        }
    }

    /// Each language's text as a template checked in `environment`.
    mutating func compileText(_ pending: PendingText, environment: ExpressionEnvironment) -> FormText? {
        if pending.isConstant { return FormText(pending.variants[0].source) }
        var variants: [FormText.Variant] = []
        for (language, source, node) in pending.variants {
            do {
                variants.append(
                    FormText.Variant(language: language, template: try TextTemplate(source, environment: environment)))
            } catch {
                collector.report(error.errors, in: node)
            }
        }
        return variants.count == pending.variants.count ? FormText(variants: variants) : nil
    }
}
