import Formwork
import Foundation

/// Texts: SurveyJS's localisable strings (`"Age"` or `{ "default": "Age", "fr": "Âge" }`)
/// as Formwork texts per language, `{q}` placeholders read as answers.
extension SurveyJSReader {
    /// SurveyJS's own default locale: what `"default"` texts are written in.
    static let defaultLocale = "en"

    /// The languages of the survey's texts: every key of a localisable string, the
    /// default locale (`"default"`) first. Fewer than two: the form is not translated.
    mutating func collectLanguages() {
        var found: [String] = []
        var seen: Set<String> = []
        func visit(_ node: DefinitionDocument, depth: Int) {
            guard depth < 200 else { return }
            switch node.content {
            case .object(let pairs):
                if Self.isLocalised(node) {
                    for (key, _) in pairs {
                        let code = Self.languageCode(key)
                        if seen.insert(code).inserted { found.append(code) }
                    }
                    return
                }
                for pair in pairs { visit(pair.value, depth: depth + 1) }
            case .list(let elements):
                for element in elements { visit(element, depth: depth + 1) }
            default: break
            }
        }
        visit(survey.node, depth: 0)
        if let index = found.firstIndex(of: Self.defaultLocale) {
            found.remove(at: index)
            found.insert(Self.defaultLocale, at: 0)
        }
        languages = found.count >= 2 ? found : []
    }

    /// Whether an object is a localisable string: every value text, every key
    /// `default` or a locale code (`fr`, `pt-br`, `zh-cn`); `{ "de": "Wo?" }` is one.
    static func isLocalised(_ node: DefinitionDocument) -> Bool {
        guard case .object(let pairs) = node.content, !pairs.isEmpty else { return false }
        return pairs.allSatisfy { pair in
            pair.value.text != nil && (pair.key == "default" || isLocaleCode(pair.key))
        }
    }

    static func isLocaleCode(_ key: String) -> Bool {
        // `type`, `title`, `name`…: too long for a code without a `-`.
        guard key.utf8.count <= 3 || key.utf8.contains(UInt8(ascii: "-")) else { return false }
        let parts = key.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count), parts.count <= 2 else { return false }
        return key.allSatisfy { $0.isASCII && ($0.isLetter || $0 == "-") }
    }

    static func languageCode(_ key: String) -> String { key == "default" ? defaultLocale : key.lowercased() }

    /// The language shown first: the survey's `locale` when its texts have it.
    var defaultLanguage: String? {
        guard let first = languages.first else { return nil }
        if let locale = survey.text("locale")?.lowercased(), languages.contains(locale) { return locale }
        return first
    }

    /// A localisable property as a Formwork text (`nil` when absent or empty), each
    /// language's `{q}` placeholders read as answers in `repeats`' scope. A language
    /// the text is not written in shows its `default` text, else `missing` (survey-core
    /// shows a question's name for its title, a choice's value for its text).
    mutating func text(
        _ key: String, of element: SurveyJSElement, repeats: [String], html: Bool = false, missing: String? = nil
    )
        -> DefinitionDocument?
    {
        guard let node = element[key] else { return nil }
        return text(node, at: element.place(of: key), repeats: repeats, html: html, missing: missing)
    }

    mutating func text(
        _ node: DefinitionDocument, at place: String, repeats: [String], html: Bool = false, missing: String? = nil
    )
        -> DefinitionDocument?
    {
        let at = SourcePlace(place)
        if Self.isLocalised(node), case .object(let pairs) = node.content {
            var written: [(String, String)] = []
            var positions: [String: Int] = [:]
            for (key, value) in pairs {
                guard let raw = value.text else { continue }
                let code = Self.languageCode(key)
                // An explicit `en` text wins over `default` (SurveyJS reads the locale's first).
                if let index = positions[code] {
                    if key != "default" { written[index].1 = raw }
                    continue
                }
                positions[code] = written.count
                written.append((code, raw))
            }
            let texts = written.compactMap { code, raw in
                template(html ? Self.plainText(fromHTML: raw) : raw, at: place, repeats: repeats).map { (code, $0) }
            }.filter { !$0.1.isEmpty }
            guard !texts.isEmpty else { return nil }
            if languages.isEmpty || texts.count == 1 && texts[0].0 == Self.defaultLocale {
                return .string(texts[0].1, at: at)
            }
            // A language the text is not written in shows its `default` text, as
            // survey-core does, else `missing`, else the survey's language's text (or the
            // first written); silently, as in SurveyJS. Every text is written in every
            // language, so they are counted.
            guard grow(nodes: languages.count, at: place) else { return .string(texts[0].1, at: at) }
            let byLanguage = Dictionary(texts, uniquingKeysWith: { first, _ in first })
            let fallback =
                byLanguage[Self.defaultLocale] ?? missing.flatMap { template($0, at: place, repeats: repeats) }
                ?? defaultLanguage.flatMap { byLanguage[$0] } ?? texts[0].1
            let complete = languages.map { language in (language, byLanguage[language] ?? fallback) }
            return .object(complete.map { ($0.0, .string($0.1, at: at)) }, at: at)
        }
        guard let raw = SurveyJSElement.scalarText(node) else { return nil }
        guard let text = template(html ? Self.plainText(fromHTML: raw) : raw, at: place, repeats: repeats),
            !text.isEmpty
        else { return nil }
        return .string(text, at: at)
    }

    /// A text with `{q}` placeholders as Formwork text.
    mutating func template(_ raw: String, at place: String, repeats: [String]) -> String? {
        guard raw.utf8.contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") }) else { return raw }
        if repeats.isEmpty, let prefetch, prefetch.skipped == skippedNames, let made = prefetch.template(for: raw),
            work.done + made.steps <= work.limit
        {
            work.done += made.steps
            return made.text
        }
        do {
            return try SurveyJSTranslator.template(raw, in: context(repeats: repeats))
        } catch {
            reportExpression(error, written: raw, at: place)
            return raw.replacingOccurrences(of: "{", with: "{{").replacingOccurrences(of: "}", with: "}}")
        }
    }

    /// The plain text of an HTML fragment, as a note shows it: tags removed (a line
    /// break for `<br>`, paragraphs, list items, headings and rows), character
    /// references decoded, runs of blanks collapsed.
    static func plainText(fromHTML html: String) -> String {
        var output = ""
        var index = html.startIndex
        let breaking: Set<String> = [
            "br", "p", "/p", "div", "/div", "li", "/li", "tr", "/tr", "h1", "h2", "h3", "h4",
            "/h1", "/h2", "/h3", "/h4", "ul", "/ul", "ol", "/ol", "hr", "table", "/table",
        ]
        // A `<` after the last `>` starts no tag: it is not searched for one, so that
        // each of 100,000 `<` does not read the rest of the text again.
        let lastClose = html.lastIndex(of: ">")
        while index < html.endIndex {
            let character = html[index]
            if character == "<", let lastClose, index < lastClose, let close = html[index...].firstIndex(of: ">") {
                let inner = html[html.index(after: index)..<close]
                let closing = inner.hasPrefix("/")
                let tag = inner.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }.lowercased()
                if breaking.contains(closing ? "/" + tag : tag) { output += "\n" }
                if tag == "li", !closing { output += "• " }
                index = html.index(after: close)
                continue
            }
            if character == "&", let semicolon = html[index...].prefix(12).firstIndex(of: ";") {
                let entity = String(html[html.index(after: index)..<semicolon])
                if let decoded = decodedEntity(entity) {
                    output.append(decoded)
                    index = html.index(after: semicolon)
                    continue
                }
            }
            output.append(character)
            index = html.index(after: index)
        }
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
        }
        var kept: [String] = []
        for line in lines where !(line.isEmpty && (kept.last?.isEmpty ?? true)) { kept.append(line) }
        while kept.last?.isEmpty == true { kept.removeLast() }
        return kept.joined(separator: "\n")
    }

    static func decodedEntity(_ entity: String) -> Character? {
        let named: [String: Character] = [
            "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "ndash": "–", "mdash": "—",
            "hellip": "…", "rsquo": "’", "lsquo": "‘", "rdquo": "”", "ldquo": "“", "copy": "©", "reg": "®",
            "deg": "°", "eacute": "é", "egrave": "è", "uuml": "ü", "ouml": "ö", "auml": "ä", "szlig": "ß",
            "middot": "·", "bull": "•", "times": "×",
        ]
        if let character = named[entity.lowercased()] { return character }
        guard entity.hasPrefix("#") else { return nil }
        let digits = entity.dropFirst()
        let value =
            digits.lowercased().hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
        guard let value, let scalar = Unicode.Scalar(value), scalar.value >= 0x20 || scalar == "\n" else { return nil }
        return Character(scalar)
    }
}
