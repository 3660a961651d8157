import Formwork
import Foundation

/// A survey's JSON object (the survey, a page, a panel, a question, a choice) with
/// typed reads of its properties; every node keeps its `line:col`.
struct SurveyJSElement {
    let node: DefinitionDocument
    /// `type`, lowercased (`radiogroup`), or empty: read once, as the reader asks for it
    /// many times per element.
    let type: String
    /// A bit for each of its property names (`bit(for:)`): a name whose bit is not set
    /// is not among them. The reader asks an element for many properties it does not
    /// have, and this answers most of those without looking through its names.
    private let nameBits: UInt64

    init(_ node: DefinitionDocument) {
        self.node = node
        var bits: UInt64 = 0
        if case .object(let pairs) = node.content {
            for pair in pairs { bits |= Self.bit(for: pair.key) }
        }
        nameBits = bits
        // Most objects (choices, validators' settings…) have no `type`: not searched for.
        self.type = bits & Self.typeBit == 0 ? "" : Self.type(of: node)
    }

    private static let typeBit = bit(for: "type")

    /// A name's bit, from its length and its first and last bytes, the same whatever
    /// the case of its letters (survey-core reads names whatever their case).
    private static func bit(for name: String) -> UInt64 {
        let utf8 = name.utf8
        guard let first = utf8.first, let last = utf8.last else { return 1 }
        let hash = (Int(first | 0x20) &* 31 &+ Int(last | 0x20)) &* 31 &+ utf8.count
        return 1 << UInt64(hash & 63)
    }

    /// A node's `type`, lowercased, or empty.
    private static func type(of node: DefinitionDocument) -> String {
        guard let written = Self.property("type", in: node)?.text else { return "" }
        // Types are mostly written in lower case already.
        return written.utf8.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") })
            ? written.lowercased() : written
    }

    /// `line:col` of the object, or of a property's value.
    var place: String { node.place?.name ?? "1:1" }
    func place(of key: String) -> String { self[key]?.place?.name ?? place }

    var name: String? { text("name") ?? number("name").map(SurveyJSElement.formatted) }

    subscript(key: String) -> DefinitionDocument? {
        nameBits & Self.bit(for: key) == 0 ? nil : Self.property(key, in: node)
    }

    static func property(_ key: String, in node: DefinitionDocument) -> DefinitionDocument? {
        guard case .object(let pairs) = node.content else { return nil }
        // SurveyJS reads property names case-insensitively (`visibleIf`, `visibleif`).
        if let exact = pairs.firstIndex(where: { $0.key == key }) { return pairs[exact].value }
        return pairs.firstIndex { Self.equalIgnoringCase($0.key, key) }.map { pairs[$0].value }
    }

    /// Whether two names are the same but for case (ASCII letters compared without
    /// it, as survey-core's property names are; anything else exactly).
    static func equalIgnoringCase(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        for (x, y) in zip(a.utf8, b.utf8) where x != y {
            let (lowerX, lowerY) = (x | 0x20, y | 0x20)
            guard lowerX == lowerY, lowerX >= UInt8(ascii: "a"), lowerX <= UInt8(ascii: "z") else { return false }
        }
        return true
    }

    var keys: [String] {
        guard case .object(let pairs) = node.content else { return [] }
        return pairs.map(\.key)
    }

    func has(_ key: String) -> Bool { self[key] != nil }

    /// A property written as text (a number or a boolean written as such is not text).
    func text(_ key: String) -> String? { self[key]?.text }

    /// A property as text whatever scalar it is (`1`, `true`, `'a'`).
    func scalarText(_ key: String) -> String? { self[key].flatMap(SurveyJSElement.scalarText) }

    func bool(_ key: String) -> Bool? {
        switch self[key]?.content {
        case .bool(let flag)?: return flag
        case .string(let text)?: return text.lowercased() == "true" ? true : text.lowercased() == "false" ? false : nil
        default: return nil
        }
    }

    func number(_ key: String) -> Double? {
        switch self[key]?.content {
        case .number(let text)?: return Double(text)
        case .string(let text)?: return Double(text.trimmingCharacters(in: .whitespaces))
        default: return nil
        }
    }

    func integer(_ key: String) -> Int? {
        guard let number = number(key), number.isFinite, number == number.rounded(), abs(number) < 1e9 else {
            return nil
        }
        return Int(number)
    }

    func list(_ key: String) -> [DefinitionDocument]? {
        if case .list(let elements)? = self[key]?.content { return elements }
        return nil
    }

    func elements(_ key: String) -> [SurveyJSElement] { (list(key) ?? []).map(SurveyJSElement.init) }

    var isObject: Bool {
        if case .object = node.content { return true }
        return false
    }

    static func scalarText(_ node: DefinitionDocument) -> String? {
        switch node.content {
        case .string(let text): return text
        case .number(let text): return Double(text).map(formatted) ?? text
        case .bool(let flag): return flag ? "true" : "false"
        default: return nil
        }
    }

    /// A number as SurveyJS writes it in text: `3`, not `3.0`.
    static func formatted(_ number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return String(number)
    }
}
