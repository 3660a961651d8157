import Foundation

/// Text that reads answers: expressions in braces, checked when the form loads like
/// any condition, rendered with the current values.
///
/// ```swift
/// let label = try TextTemplate("Member {index()}: {$name}", environment: environment)
/// label.render(context)   // "Member 2: Ada"
/// ```
///
/// `{{` and `}}` stand for literal braces. A value is written as text: numbers
/// without a needless `.0`, dates as `YYYY-MM-DD`, lists joined with `, `, and null
/// (an unanswered or hidden field) as nothing.
public struct TextTemplate: Sendable {
    /// One piece of the text.
    public enum Part: Sendable {
        case text(String)
        case expression(CompiledExpression)
    }

    /// The text as written.
    public let source: String
    /// The text in order: literal runs (`{{` and `}}` already single braces) between the
    /// compiled expressions.
    public var parts: [Part] {
        if let compiled { return compiled }
        return source.isEmpty ? [] : [.text(source)]
    }

    /// The parts of a text with a brace; `nil` for one without, and for a literal (most
    /// texts: the source is the only part, and a form's thousands of them allocate no list).
    private let compiled: [Part]?

    /// The ids the expressions read, in order of appearance (no repeats).
    public var references: [String] {
        guard let compiled else { return [] }
        var seen = Set<String>()
        return compiled.flatMap { part -> [String] in
            guard case .expression(let expression) = part else { return [] }
            return expression.references.filter { seen.insert($0).inserted }
        }
    }

    /// Whether an expression of the text reads its entry's position (`index()`).
    var usesIndex: Bool {
        (compiled ?? []).contains { part in
            if case .expression(let expression) = part { return expression.expression.usesIndex }
            return false
        }
    }

    /// Whether the text reads anything (else it is the same for every answer).
    public var isConstant: Bool {
        !(compiled ?? []).contains { if case .expression = $0 { return true } else { return false } }
    }

    /// Parses the text and checks each expression in `environment`.
    ///
    /// - Throws: `ExpressionErrors`, with offsets in the whole text (in Unicode scalars).
    /// - Complexity: O(*n*) in the text's UTF-8 length, and the expressions' checks.
    public init(_ source: String, environment: ExpressionEnvironment) throws(ExpressionErrors) {
        self.source = source
        // Braces are ASCII, so they are found among the UTF-8 bytes (a byte of a longer
        // scalar is never one); most texts have none.
        let (open, close) = (UInt8(ascii: "{"), UInt8(ascii: "}"))
        guard Self.hasBrace(source) else {
            compiled = nil
            return
        }
        let bytes = Array(source.utf8)
        /// The offset in scalars of a byte offset (for errors).
        func scalarOffset(_ byteOffset: Int) -> Int {
            bytes[..<byteOffset].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        }
        var parts: [Part] = []
        var errors: [ExpressionError] = []
        var text: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let next: UInt8? = index + 1 < bytes.count ? bytes[index + 1] : nil
            if (byte == open && next == open) || (byte == close && next == close) {
                text.append(byte)
                index += 2
                continue
            }
            if byte == close {
                errors.append(
                    ExpressionError(
                        .unexpectedToken(found: "'}' without its '{'", expected: "'}}' for a brace"),
                        offset: scalarOffset(index)))
                index += 1
                continue
            }
            guard byte == open else {
                text.append(byte)
                index += 1
                continue
            }
            guard let end = Self.closingBrace(in: bytes, from: index + 1) else {
                errors.append(
                    ExpressionError(
                        .unexpectedToken(found: "'{' without its '}'", expected: "'{{' for a brace"),
                        offset: scalarOffset(index)))
                break
            }
            if !text.isEmpty { parts.append(.text(String(decoding: text, as: UTF8.self))) }
            text.removeAll(keepingCapacity: true)
            let inner = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
            do {
                parts.append(.expression(try CompiledExpression(inner, environment: environment)))
            } catch {
                let base = scalarOffset(index) + 1
                errors += error.errors.map { ExpressionError($0.problem, offset: $0.offset + base, length: $0.length) }
            }
            index = end + 1
        }
        if !text.isEmpty { parts.append(.text(String(decoding: text, as: UTF8.self))) }
        guard errors.isEmpty else { throw ExpressionErrors(errors: errors) }
        compiled = parts
    }

    /// Whether `text` holds `{` or `}` (braces are ASCII, so found among its UTF-8
    /// bytes, with `memchr`, in place: labels are often hundreds of bytes long).
    static func hasBrace(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            guard let base = bytes.baseAddress else { return false }
            return memchr(base, Int32(UInt8(ascii: "{")), bytes.count) != nil
                || memchr(base, Int32(UInt8(ascii: "}")), bytes.count) != nil
        } ?? text.utf8.contains { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") }
    }

    /// A text without expressions.
    public init(literal: String) {
        source = literal
        // Its source is its only part, braces and all.
        compiled = nil
    }

    /// The index of the `}` that closes the expression starting at `start`, skipping
    /// quoted strings (a backslash in one escapes the next scalar, whose other bytes
    /// are never a quote or a brace).
    static func closingBrace(in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        var quote: UInt8?
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == UInt8(ascii: "\\") {
                    index += 2
                    continue
                }
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
                quote = byte
            } else if byte == UInt8(ascii: "}") {
                return index
            }
            index += 1
        }
        return nil
    }

    /// The text with every expression's current value.
    public func render(_ context: EvaluationContext) -> String {
        guard let compiled else { return source }
        var result = ""
        for part in compiled {
            switch part {
            case .text(let text): result += text
            case .expression(let expression):
                let value = expression.evaluate(context)
                if case .number(let number) = value {
                    result += context.numbersInText.text(number)
                } else {
                    result += value.plainText
                }
            }
        }
        return result
    }
}
