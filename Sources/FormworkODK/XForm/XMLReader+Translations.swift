/// An XForm's translations read straight from their bytes.
///
/// The `<itext>` of a form is most of its bytes and most of its elements (the WHO
/// verbal autopsy form: four fifths of 1.5 MB, 10,000 of 15,000 elements), and all
/// that is read of it is, per language, each text's id and the text of its first plain
/// and first `long` value. So where the document is read by `XMLReader`, an
/// `<itext>` of the shape pyxform writes is read into `XFormTexts.Translation`s as
/// it is scanned, without an element made for each text and value:
///
/// ```xml
/// <itext>
///   <translation lang="English (en)" default="true()">
///     <text id="/data/age:label"><value>Age of <output value="/data/name"/></value></text>
///   </translation>
/// </itext>
/// ```
///
/// The shape: translations of texts of values, whose content is text (references
/// decoded) and empty `<output value|ref="…"/>` elements, between spaces; names and
/// attribute names without prefixes (none declaring a namespace). On anything else
/// (a comment, a CDATA section, another element, a prefix) the reader goes back to
/// the `<itext>`'s content and reads it as elements, as it reads any other, and
/// `XFormTexts` reads those: what is read is the same either way (`XFormTextsTests`
/// compares them).
extension XMLReader {
    /// `<itext>`'s content and end tag as translations (the index after its start tag;
    /// `name` as its start tag writes it), or `nil` with the reader where it was.
    mutating func translations(endingWith name: String) -> [XFormTexts.Translation]? {
        let saved = (index, line, lineStart, counted, elements)
        do {
            return try readTranslations(endingWith: name)
        } catch {
            (index, line, lineStart, counted, elements) = saved
            return nil
        }
    }

    private mutating func readTranslations(endingWith name: String) throws(GiveUp) -> [XFormTexts.Translation] {
        var translations: [XFormTexts.Translation] = []
        while try !closes(name) {
            let attributes = try startTag("translation")
            var translation = XFormTexts.Translation(
                language: attributes.attributes["lang"], isDefault: attributes.attributes["default"])
            if !attributes.empty {
                while try !closes("translation") {
                    let text = try startTag("text")
                    var forms = XFormTexts.TextForms()
                    if !text.empty {
                        while try !closes("text") {
                            let value = try startTag("value")
                            let written = value.empty ? "" : try mixedText()
                            forms.add(form: value.attributes["form"] ?? "") { written.trimmed(.whitespacesAndNewlines) }
                        }
                    }
                    if let id = text.attributes["id"] { translation.texts.append((id, forms)) }
                }
            }
            translations.append(translation)
        }
        return translations
    }

    /// Steps over spaces; whether the end tag of `name` is next (and then read). Gives
    /// up on anything but an end tag or a start tag.
    private mutating func closes(_ name: String) throws(GiveUp) -> Bool {
        _ = spaces()
        guard peek(UInt8(ascii: "<")), index + 1 < bytes.count else { throw GiveUp() }
        if bytes[index + 1] == UInt8(ascii: "/") {
            index += 2
            try endTag(name)
            return true
        }
        return false
    }

    /// The start tag of an element named `name` (no prefix) at the index: its
    /// attributes (none with a prefix or declaring a namespace), and whether it is empty.
    private mutating func startTag(_ name: StaticString) throws(GiveUp) -> (attributes: XMLAttributes, empty: Bool) {
        elements += 1
        guard elements <= limits.maximumElements, peek(UInt8(ascii: "<")) else { throw GiveUp() }
        index += 1
        // The name compared as bytes, and followed by what ends a name.
        let count = name.utf8CodeUnitCount
        guard index + count < bytes.count, matches(name, at: index) else { throw GiveUp() }
        index += count
        switch bytes[index] {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0A, UInt8(ascii: "/"), UInt8(ascii: ">"): break
        default: throw GiveUp()
        }
        let (attributes, empty) = try attributesAndEnd()
        for (attribute, _) in attributes
        where attribute.containsAnyByte(UInt8(ascii: ":")) || attribute == "xmlns" {
            throw GiveUp()
        }
        return (attributes, empty)
    }

    /// A `<value>`'s content up to its end tag (read): its text with its references
    /// decoded, each `<output value="…"/>` written as the marker `XFormReader.mixed`
    /// writes (U+E000, the expression, U+E001).
    private mutating func mixedText() throws(GiveUp) -> String {
        // Most values are one run of plain bytes, made a string at once; the rest are
        // gathered in `text` (references decoded, outputs marked).
        var text: [UInt8] = []
        var run = index
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "<"):
                if peek(UInt8(ascii: "/"), at: index + 1) {
                    let value =
                        text.isEmpty
                        ? String(decoding: bytes[run..<index], as: UTF8.self)
                        : String(decoding: text + bytes[run..<index], as: UTF8.self)
                    index += 2
                    try endTag("value")
                    return value
                }
                text += bytes[run..<index]
                let output = try startTag("output")
                guard output.empty else { throw GiveUp() }
                let expression = output.attributes["value"] ?? output.attributes["ref"] ?? ""
                text += "\u{E000}".utf8
                text += expression.utf8
                text += "\u{E001}".utf8
                run = index
            default:
                try stepOverText(byte, decoded: &text, run: &run)
            }
        }
        throw GiveUp()
    }
}

/// Where an element stands on the way to an XForm's translations,
/// `h:html/h:head/model/itext` (by local names): only there does `XMLReader` read
/// them straight from their bytes.
enum XFormStand: Sendable, Equatable {
    /// Before the root.
    case document
    case html, head, model
    /// Anywhere else.
    case elsewhere

    /// Where a child named `local` of an element standing here stands.
    func entering(_ local: String) -> XFormStand {
        switch self {
        case .document: local == "html" ? .html : .elsewhere
        case .html: local == "head" ? .head : .elsewhere
        case .head: local == "model" ? .model : .elsewhere
        case .model, .elsewhere: .elsewhere
        }
    }
}
