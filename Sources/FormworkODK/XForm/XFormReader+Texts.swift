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

    /// Reads each translation's texts in the forms JavaRosa shows: a label's `long`
    /// form, else its plain one (a `<value>` without a `form`), as
    /// `FormEntryCaption.getQuestionText` picks it; a hint's and a message's plain one.
    /// `short` is a label's abbreviation (ODK Collect shows the long one), `image`,
    /// `audio`, `video` and `big-image` are media and `guidance` a hint for the
    /// person who trains: none of them is a label, so a text with only those has none.
    init(itext itextElement: XMLTree.Element?) {
        guard let itextElement else { return }
        var defaultFound = false
        let translations = itextElement.children.filter { $0.localName == "translation" }
        // Languages first, so each entry is made at its full size.
        for translation in translations {
            let language = translation.attribute("lang") ?? "default"
            if !defaultFound, ["true()", "true"].contains(translation.attribute("default") ?? "") {
                defaultFound = true
                defaultLanguage = translation.attribute("lang")
            }
            // A language given twice is one language (its later texts win).
            if !languages.contains(language) { languages.append(language) }
        }
        let count = languages.count
        // Sized once: growing a table of thousands of ids rehashes them all each time.
        let expected = translations.first?.children.count ?? 0
        entries.reserveCapacity(expected)
        labels.reserveCapacity(expected * count)
        plains.reserveCapacity(expected * count)
        for translation in translations {
            let position = languages.firstIndex(of: translation.attribute("lang") ?? "default") ?? 0
            for text in translation.children where text.localName == "text" {
                guard let id = text.attribute("id") else { continue }
                var plain: XMLTree.Element?
                var long: XMLTree.Element?
                for value in text.children where value.localName == "value" {
                    // JavaRosa reads `form=""` as no form.
                    switch value.attribute("form") ?? "" {
                    case "": if plain == nil { plain = value }
                    case "long": if long == nil { long = value }
                    default: break
                    }
                }
                guard let label = long ?? plain else { continue }
                let labelText = XFormReader.itextValue(label)
                let plainText = plain.map { $0 === label ? labelText : XFormReader.itextValue($0) }
                let entry: Int
                if let known = entries[id] {
                    entry = known
                } else {
                    entry = entries.count
                    entries[id] = entry
                    labels.append(contentsOf: repeatElement(nil, count: count))
                    plains.append(contentsOf: repeatElement(nil, count: count))
                }
                labels[entry * count + position] = labelText
                if let plainText { plains[entry * count + position] = plainText }
            }
        }
    }

    /// The label text of `id` in each language that has one (its long form, else its
    /// plain one), in the translations' order.
    func label(_ id: String) -> [(language: String, text: String)] { texts(id, in: labels) }

    /// The plain text of `id` in each language that has one.
    func plain(_ id: String) -> [(language: String, text: String)] { texts(id, in: plains) }

    private func texts(_ id: String, in table: [String?]) -> [(language: String, text: String)] {
        guard let entry = entries[id] else { return [] }
        var texts: [(language: String, text: String)] = []
        texts.reserveCapacity(languages.count)
        for (position, language) in languages.enumerated() {
            if let text = table[entry * languages.count + position] { texts.append((language, text)) }
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
            let translations = column == "label" ? translated.label(id) : translated.plain(id)
            var texts: [String: String] = [:]
            texts.reserveCapacity(translations.count)
            for (language, text) in translations { texts[Self.column(column, language)] = text }
            return texts
        }
        let text = Self.mixed(element).trimmed(.whitespacesAndNewlines)
        guard !text.isEmpty else { return [:] }
        // A text written inline in a translated form reads the same in every language.
        guard !languages.isEmpty else { return [column: text] }
        return Dictionary(languages.map { (Self.column(column, $0), text) }) { first, _ in first }
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
        let utf8 = reference.utf8
        guard utf8.starts(with: "jr:itext(".utf8), utf8.count > 9, utf8.last == UInt8(ascii: ")") else { return nil }
        // By bytes: the prefix and the bracket are ASCII, and stepping over them by
        // characters would break the text into graphemes.
        let inside = reference[utf8.index(utf8.startIndex, offsetBy: 9)..<utf8.index(before: utf8.endIndex)]
        return inside.trimmed { $0 == "'" || $0 == "\"" || $0 == " " }
    }

    /// A message attribute (`jr:constraintMsg`): text, or `jr:itext('id')` per language
    /// (its plain form, as JavaRosa's `jr:itext()` reads it).
    func message(_ value: String?, column: String) -> [String: String] {
        guard let value else { return [:] }
        if let id = Self.itextID(value) {
            return Dictionary(translated.plain(id).map { (Self.column(column, $0.language), $0.text) }) {
                first, _ in first
            }
        }
        guard !languages.isEmpty else { return [column: value] }
        return Dictionary(languages.map { (Self.column(column, $0), value) }) { first, _ in first }
    }
}
