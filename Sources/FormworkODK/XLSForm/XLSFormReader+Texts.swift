import Formwork

extension XLSFormReader {
    /// A translatable column (`label`, `hint`, `constraint_message`…) as a Formwork
    /// text: one string, or one per language when the form is translated; `${x}` read
    /// as `{…}` (the question's value as ODK prints it), braces escaped, a loop's
    /// `%(label)s` replaced by its choice's label.
    mutating func texts(_ column: String, of node: XLSFormSurvey.Node, repeats: [String]) -> DefinitionDocument? {
        var translations = node.row.translations(of: column)
        if column == "label", let override = node.labelOverride { translations = override }
        guard !translations.isEmpty else { return nil }
        func text(_ written: String, language: String?) -> DefinitionDocument {
            var written = written
            if !node.loopLabel.isEmpty, written.contains("%(label)s") {
                let label = node.loopLabel.first { $0.language == language } ?? node.loopLabel[0]
                written = written.replacingOccurrences(of: "%(label)s", with: label.text)
            }
            let at = place(column, node.row, language: language)
            return .string(
                template(written, row: node.row, repeats: repeats, place: at), at: SourcePlace(at, quote: written))
        }
        let untranslated = translations.allSatisfy { $0.language == nil } && !writtenLanguages.contains(nil)
        guard !writtenLanguages.isEmpty, !untranslated else {
            return text(translations[0].text, language: translations[0].language)
        }
        return .object(
            filled(translations).map { (languageCode($0.language), text($0.text, language: $0.language)) })
    }

    /// A text in every language of the form: one missing in a language is the default
    /// language's (else the first written), as JavaRosa shows it; so a form whose
    /// columns are translated unevenly loads without a warning per text.
    func filled(_ translations: [(language: String?, text: String)]) -> [(language: String?, text: String)] {
        let defaultCode = defaultLanguage.code
        let fallback = translations.first { languageCode($0.language) == defaultCode } ?? translations[0]
        return writtenLanguages.map { language in
            translations.first { $0.language == language } ?? (language, fallback.text)
        }
    }

    /// A choice's label, one per language when the form is translated.
    func choiceLabel(_ choice: XLSFormChoices.Choice) -> DefinitionDocument? {
        guard !choice.labels.isEmpty else { return nil }
        let at = SourcePlace(choice.place)
        let untranslated = choice.labels.allSatisfy { $0.language == nil } && !writtenLanguages.contains(nil)
        guard !writtenLanguages.isEmpty, !untranslated else {
            return .string(Self.escapedTemplate(choice.labels[0].text), at: at)
        }
        return .object(
            filled(choice.labels).map { (languageCode($0.language), .string(Self.escapedTemplate($0.text))) },
            at: at)
    }

    /// A text with `${x}` as Formwork interpolations and every other brace escaped.
    mutating func template(_ written: String, row: XLSFormTable.Row, repeats: [String], place: String) -> String {
        // Most texts have no `${`, no <output/> (U+E000, whose UTF-8 starts with EE) and
        // no brace: they are as written, found in one pass over their bytes.
        let special = written.containsAnyByte(UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "$"), 0xEE)
        guard special else { return written }
        var output = ""
        var rest = Substring(written)
        while let start = Self.nextInterpolation(in: rest) {
            output += Self.escapedTemplate(String(rest[..<start.range.lowerBound]))
            if let translated = translate(
                start.expression, column: "label", row: row, use: .text, current: nil, repeats: repeats,
                placeName: place)
            {
                output += "{" + translated.text + "}"
            }
            rest = rest[start.range.upperBound...]
        }
        return output + Self.escapedTemplate(String(rest))
    }

    /// The next answer a text shows: `${name}` (XLSForm), or an XForm's
    /// `<output value="…"/>` (read between U+E000 and U+E001).
    static func nextInterpolation(in text: Substring) -> (range: Range<Substring.Index>, expression: String)? {
        // Found by bytes (`$`, `{`, `}` and U+E000/U+E001 are whole scalars, and pyxform
        // matches `${…}` by code points): a label is often hundreds of characters, and
        // searching it by characters, or through Foundation, costs far more.
        let utf8 = text.utf8
        var reference: Range<Substring.Index>?
        var index = utf8.startIndex
        while let dollar = utf8[index...].firstIndex(of: UInt8(ascii: "$")) {
            let brace = utf8.index(after: dollar)
            if brace < utf8.endIndex, utf8[brace] == UInt8(ascii: "{") {
                reference = utf8[brace...].firstIndex(of: UInt8(ascii: "}")).map { dollar..<utf8.index(after: $0) }
                break
            }
            index = brace
        }
        let output = Self.firstScalar(0xE000, from: utf8.startIndex, in: utf8).flatMap { start in
            Self.firstScalar(0xE001, from: start, in: utf8).map { start..<utf8.index($0, offsetBy: 3) }
        }
        if let output, reference.map({ output.lowerBound < $0.lowerBound }) ?? true {
            let inside = utf8.index(output.lowerBound, offsetBy: 3)..<utf8.index(output.upperBound, offsetBy: -3)
            return (output, String(text[inside]))
        }
        return reference.map { ($0, String(text[$0])) }
    }

    /// Whether the three bytes at `index` are `scalar` (one of U+E000…U+EFFF).
    private static func isScalar(_ scalar: UInt32, at index: Substring.Index, in utf8: Substring.UTF8View) -> Bool {
        guard utf8[index] == 0xE0 | UInt8(scalar >> 12) else { return false }
        let second = utf8.index(after: index)
        guard second < utf8.endIndex, utf8[second] == 0x80 | UInt8((scalar >> 6) & 0x3F) else { return false }
        let third = utf8.index(after: second)
        return third < utf8.endIndex && utf8[third] == 0x80 | UInt8(scalar & 0x3F)
    }

    /// The first place from `index` where `scalar` (one of U+E000…U+EFFF) is written.
    private static func firstScalar(
        _ scalar: UInt32, from index: Substring.Index, in utf8: Substring.UTF8View
    ) -> Substring.Index? {
        var index = index
        while let lead = utf8[index...].firstIndex(of: 0xEE) {
            if isScalar(scalar, at: lead, in: utf8) { return lead }
            index = utf8.index(after: lead)
        }
        return nil
    }

    /// Braces doubled, so Formwork shows them as written.
    static func escapedTemplate(_ text: String) -> String {
        guard text.containsByte(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") }) else { return text }
        return text.replacingOccurrences(of: "{", with: "{{").replacingOccurrences(of: "}", with: "}}")
    }

    // MARK: Options

    /// A select's options from its list, each with the `choice_filter` as its
    /// `visible` (the choice's columns read as literals), and `other` when the
    /// question has `or_other`.
    mutating func options(
        _ list: String, of node: XLSFormSurvey.Node, repeats: [String]
    )
        -> DefinitionDocument
    {
        let typePlace = cellPlace("type", node.row)
        guard let choices = self.choices.lists[list] else {
            let closest = Suggestions.closest(to: list, in: self.choices.order).first
            report(
                .importError(
                    "there is no choice list '\(list)' in the choices sheet",
                    hint: Suggestions.didYouMean(closest) ?? "add its choices to the 'choices' sheet"),
                at: typePlace.name, quote: typePlace.quote)
            return .list([])
        }
        let filter = node.row["choice_filter"]
        // Without a filter a list's options are the same for every question over it.
        if filter == nil, let built = unfilteredOptions[list] { return .list(built, at: typePlace) }
        let current = XPathSymbol(
            id: node.id, type: Self.valueType(.selectOne(list: list, orOther: false)), repeats: repeats)
        // A value listed twice (allow_choice_duplicates, usually under different filters)
        // is one option, offered when any of its rows' filters holds.
        var order: [String] = []
        var merged: [String: (choice: XLSFormChoices.Choice, conditions: [String])] = [:]
        var filterFailed = false
        // The filter reads a choice's columns by name: choices that agree on those it
        // names have the same condition, translated once (a cascade's hundreds of
        // choices have a few parents).
        let namesRead = filter.flatMap { try? XPathParser.parse($0) }.map(Self.choiceColumnsRead)
        var translated: [[String]: TranslatedExpression] = [:]
        for choice in choices {
            if merged[choice.name] == nil {
                order.append(choice.name)
                merged[choice.name] = (choice, [])
            }
            guard let filter, !filterFailed else { continue }
            var columns = choice.properties
            columns["name"] = choice.name
            columns["label"] = choice.labels.first?.text ?? ""
            let key = namesRead.map { $0.map { columns[$0] ?? "" } }
            if let key, let visible = translated[key] {
                merged[choice.name]!.conditions.append(visible.text)
            } else if let visible = translate(
                filter, column: "choice_filter", row: node.row, use: .condition, current: current, repeats: repeats,
                choiceColumns: columns)
            {
                merged[choice.name]!.conditions.append(visible.text)
                if let key { translated[key] = visible }
            } else {
                filterFailed = true
            }
        }
        let options: [DefinitionDocument] = order.map { name in
            let (choice, conditions) = merged[name]!
            var pairs: [(String, DefinitionDocument)] = [("value", .string(choice.name))]
            if let label = choiceLabel(choice) { pairs.append(("label", label)) }
            if filter != nil, !filterFailed, let visible = ExpressionText.disjunction(conditions) {
                pairs.append(("visible", .string(visible, at: cellPlace("choice_filter", node.row))))
            }
            return .object(pairs, at: SourcePlace(choice.place))
        }
        if filter == nil { unfilteredOptions[list] = options }
        return .list(options, at: typePlace)
    }

    /// The names a choice filter reads as columns of the choice's row: its paths of
    /// one step (`region`, in `region = ${region}`), each once.
    static func choiceColumnsRead(_ expression: XPathExpression) -> [String] {
        var names: [String] = []
        var pending = [expression]
        while let next = pending.popLast() {
            switch next {
            case .path(let path, _) where !path.contains("/"):
                if !names.contains(path) { names.append(path) }
            case .number, .string, .reference, .path: break
            case .call(_, let arguments, _): pending += arguments
            case .step(let base, _, _), .negation(let base, _): pending.append(base)
            case .predicate(let base, let predicate, _): pending += [base, predicate]
            case .chain(let first, let links, _): pending += [first] + links.map(\.operand)
            }
        }
        return names
    }
}
