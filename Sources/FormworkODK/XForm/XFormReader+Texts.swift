import Foundation

/// The texts of an XForm: itext translations, labels and hints as columns per
/// language, messages, and `<output/>`s in them.
/// An XForm's translations (`<itext>`), read once: for each language, its texts by id,
/// in the forms JavaRosa shows.
struct XFormTexts: Sendable {
    /// The languages in the order the translations are written.
    private(set) var languages: [String] = []
    /// The translation marked `default="true()"`, if one is.
    private(set) var defaultLanguage: String?
    /// Text id → its entry: the entry's texts are at `entry * languages.count +
    /// language` (the language's position in `languages`) in `labels` (the text a
    /// label shows: its `long` form, else its plain one) and `plains` (its plain text,
    /// no `form`: a hint's, a message's). An id is hashed once for every language, and
    /// the texts of thousands of ids are two arrays, not two per id.
    private var entries: [String: Int] = [:]
    private var labels: [String?] = []
    private var plains: [String?] = []
    /// The columns the reader fills from texts, per language (`label::English (en)`),
    /// each name made once rather than for every text.
    private var columnNames: [String: [String]] = [:]

    /// A `<translation>` as read: its `lang` and `default` attributes and its texts
    /// with an `id`, in order.
    struct Translation: Sendable {
        var language: String?
        var isDefault: String?
        var texts: [(id: String, forms: TextForms)] = []
    }

    /// The forms of a `<text>` that a label, a hint or a message shows: its first
    /// plain `<value>` (no `form`, or `form=""` as JavaRosa reads it) and its first
    /// `long` one. `short` is a label's abbreviation (ODK Collect shows the long one),
    /// `image`, `audio`, `video` and `big-image` are media and `guidance` a hint for
    /// the person who trains: none of them is a label.
    struct TextForms: Sendable {
        private(set) var plain: String?
        private(set) var long: String?

        /// Adds a `<value>` of `form`, its text made only when it is kept.
        mutating func add(form: String, _ text: () -> String) {
            switch form {
            case "": if plain == nil { plain = text() }
            case "long": if long == nil { long = text() }
            default: break
            }
        }

        /// What a label shows: the long form, else the plain one, as
        /// `FormEntryCaption.getQuestionText` picks it.
        var label: String? { long ?? plain }
    }

    /// Reads each translation's texts in the forms JavaRosa shows: from what
    /// `XMLReader` read of the `<itext>` straight from its bytes, else from its elements.
    init(itext itextElement: XMLTree.Element?) {
        self.init(translations: itextElement.map { $0.translations ?? Self.translations(of: $0) } ?? [])
    }

    /// The `<translation>`s of an `<itext>` element and their texts.
    static func translations(of itext: XMLTree.Element) -> [Translation] {
        itext.children.filter { $0.localName == "translation" }.map { element in
            var translation = Translation(language: element.attribute("lang"), isDefault: element.attribute("default"))
            for text in element.children where text.localName == "text" {
                guard let id = text.attribute("id") else { continue }
                var forms = TextForms()
                for value in text.children where value.localName == "value" {
                    forms.add(form: value.attribute("form") ?? "") { XFormReader.itextValue(value) }
                }
                translation.texts.append((id, forms))
            }
            return translation
        }
    }

    /// The table of `translations`' texts by id and language (a label's long form,
    /// else its plain one; a hint's and a message's plain one).
    init(translations: [Translation]) {
        var defaultFound = false
        // Languages first, so each entry is made at its full size.
        for translation in translations {
            let language = translation.language ?? "default"
            if !defaultFound, ["true()", "true"].contains(translation.isDefault ?? "") {
                defaultFound = true
                defaultLanguage = translation.language
            }
            // A language given twice is one language (its later texts win).
            if !languages.contains(language) { languages.append(language) }
        }
        let count = languages.count
        for name in ["label", "hint", "constraint_message", "required_message"] {
            columnNames[name] = languages.map { XFormReader.column(name, $0) }
        }
        // Sized once: growing a table of thousands of ids rehashes them all each time.
        let expected = translations.first?.texts.count ?? 0
        entries.reserveCapacity(expected)
        labels.reserveCapacity(expected * count)
        plains.reserveCapacity(expected * count)
        for translation in translations {
            let position = languages.firstIndex(of: translation.language ?? "default") ?? 0
            for (id, forms) in translation.texts {
                guard let label = forms.label else { continue }
                let entry: Int
                if let known = entries[id] {
                    entry = known
                } else {
                    entry = entries.count
                    entries[id] = entry
                    labels.append(contentsOf: repeatElement(nil, count: count))
                    plains.append(contentsOf: repeatElement(nil, count: count))
                }
                labels[entry * count + position] = label
                if let plain = forms.plain { plains[entry * count + position] = plain }
            }
        }
    }

    /// A text under the name of its language, or of its column in that language.
    typealias Named = (name: String, text: String)

    /// The label text of `id` in each language that has one (its long form, else its
    /// plain one), under the language's name, in the translations' order.
    func label(_ id: String) -> [Named] { texts(id, in: labels, named: languages) }

    /// The plain text of `id` in each language that has one.
    func plain(_ id: String) -> [Named] { texts(id, in: plains, named: languages) }

    /// The label text of `id` in each language that has one, under the column
    /// `name` is in that language (`label::English (en)`).
    func label(_ id: String, column name: String) -> [Named] { texts(id, in: labels, named: columns(name)) }

    /// The plain text of `id` in each language that has one, under its column.
    func plain(_ id: String, column name: String) -> [Named] { texts(id, in: plains, named: columns(name)) }

    /// The column `name` in each language, in the translations' order.
    func columns(_ name: String) -> [String] {
        columnNames[name] ?? languages.map { XFormReader.column(name, $0) }
    }

    /// The texts of `id` in `table`, each under the name of its language's position in
    /// `names` (the languages, or a column in each language).
    private func texts(_ id: String, in table: [String?], named names: [String]) -> [Named] {
        guard let entry = entries[id] else { return [] }
        var texts: [Named] = []
        texts.reserveCapacity(names.count)
        for (position, name) in names.enumerated() {
            if let text = table[entry * names.count + position] { texts.append((name, text)) }
        }
        return texts
    }

    /// Every id with a text, sorted.
    var ids: [String] { entries.keys.sorted() }
}

extension XFormReader {
    /// A `<value>`'s text: JavaRosa trims its ends (pyxform writes
    /// `<value> Hi <output …/> </value>`) and keeps the spaces between its parts.
    static func itextValue(_ value: XMLTree.Element) -> String {
        mixed(value).trimmed(.whitespacesAndNewlines)
    }

    /// Text with `<output value="…"/>` written as a marker the text reader translates.
    static func mixed(_ element: XMLTree.Element) -> String {
        // Most values are one text.
        if element.content.count == 1, case .text(let text) = element.content[0] { return text }
        return element.content.map { part in
            switch part {
            case .text(let text): return text
            case .element(let inner) where inner.localName == "output":
                return "\u{E000}" + (inner.attribute("value") ?? inner.attribute("ref") ?? "") + "\u{E001}"
            case .element(let inner): return mixed(inner)
            }
        }.joined()
    }

    /// A text as columns: `label` (untranslated) or `label::LANG` from itext (a
    /// label's long or plain form, a hint's plain one).
    func texts(_ column: String, of element: XMLTree.Element?) -> [String: String] {
        guard let element else { return [:] }
        if let ref = element.attribute("ref"), let id = Self.itextID(ref) {
            let translations =
                column == "label" ? translated.label(id, column: column) : translated.plain(id, column: column)
            var texts: [String: String] = [:]
            texts.reserveCapacity(translations.count)
            for (name, text) in translations { texts[name] = text }
            return texts
        }
        let text = Self.mixed(element).trimmed(.whitespacesAndNewlines)
        guard !text.isEmpty else { return [:] }
        // A text written inline in a translated form reads the same in every language.
        guard !languages.isEmpty else { return [column: text] }
        return Dictionary(translated.columns(column).map { ($0, text) }) { first, _ in first }
    }

    /// Columns by name, then by language in the order itext declares them.
    /// (A function of the languages alone, not of the reader: a closure of the reader
    /// would copy it, its tables and all, for every row.)
    static func columnOrder(languages: [String]) -> (String, String) -> Bool {
        { first, second in
            let (a, b) = (columnParts(first), columnParts(second))
            if a.name != b.name { return a.name < b.name }
            func rank(_ language: Substring?) -> Int {
                language.map { languages.firstIndex(of: String($0)) ?? 0 } ?? -1
            }
            return rank(a.language) < rank(b.language)
        }
    }

    /// `label::English (en)` → (`label`, `English (en)`); what lies between the first
    /// `::` and the next (or the end) is the language.
    static func columnParts(_ column: String) -> (name: Substring, language: Substring?) {
        guard let separator = column.range(of: "::") else { return (column[...], nil) }
        let rest = column[separator.upperBound...]
        return (column[..<separator.lowerBound], rest[..<(rest.range(of: "::")?.lowerBound ?? rest.endIndex)])
    }

    /// `label::English (en)`; pyxform's `default` language is the untranslated column.
    static func column(_ name: String, _ language: String) -> String {
        language == "default" ? name : name + "::" + language
    }

    /// `jr:itext('id')` → `id`.
    static func itextID(_ reference: String) -> String? {
        // By bytes: the prefix, the bracket and what is trimmed are ASCII, and stepping
        // over them by characters would break the text into graphemes.
        let utf8 = reference.utf8
        guard utf8.starts(with: "jr:itext(".utf8), utf8.count > 9, utf8.last == UInt8(ascii: ")") else { return nil }
        var start = utf8.index(utf8.startIndex, offsetBy: 9)
        var end = utf8.index(before: utf8.endIndex)
        func trimmed(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: " ")
        }
        while start < end, trimmed(utf8[start]) { utf8.formIndex(after: &start) }
        while start < end, trimmed(utf8[utf8.index(before: end)]) { utf8.formIndex(before: &end) }
        return String(Substring(utf8[start..<end]))
    }

    /// A message attribute (`jr:constraintMsg`): text, or `jr:itext('id')` per language
    /// (its plain form, as JavaRosa's `jr:itext()` reads it).
    func message(_ value: String?, column: String) -> [String: String] {
        guard let value else { return [:] }
        if let id = Self.itextID(value) {
            return Dictionary(translated.plain(id, column: column).map { ($0.name, $0.text) }) {
                first, _ in first
            }
        }
        guard !languages.isEmpty else { return [column: value] }
        return Dictionary(translated.columns(column).map { ($0, value) }) { first, _ in first }
    }
}
