import Formwork

/// A token of a SurveyJS expression, as survey-core 3.0.1's grammar
/// (`expressions/grammar.pegjs`) reads it.
struct SurveyJSToken: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// `{name}`: what is written between the braces.
        case variable(String)
        /// `'text'` or `"text"`, its escapes (`\'`, `\"`) read.
        case string(String)
        /// A number as survey-core reads it: `12`, `2.5`, `0x10`.
        case number(Double)
        /// Letters, digits and `_`, starting with a letter or `_`: a keyword (`and`,
        /// `contains`, `empty`…), a function's name, `true`, `null`, or a text written
        /// without quotes (`{q} = yes`).
        case word(String)
        /// `=`, `==`, `!=`, `<`, `<=`, `>`, `>=`, `+`, `-`, `*`, `/`, `%`, `^`, `*=`,
        /// `!`, `&&`, `||`, `(`, `)`, `[`, `]`, `,`.
        case symbol(String)
    }

    let kind: Kind
    /// Where the token starts and ends, in characters.
    let offset: Int
    let end: Int
}

/// Splits a SurveyJS expression into tokens.
///
/// survey-core first rewrites `=>` as `>=`, `=<` as `<=`, `<>` as `!=` and `equals`
/// as `equal ` everywhere in the text — inside quotes too — and so does the lexer
/// (each rewrite keeps the length, so offsets stay the expression's).
///
/// ```swift
/// try SurveyJSLexer.tokens("{age} >= 18 and {langs} contains 'fr'")
/// // variable(age) symbol(>=) number(18) word(and) variable(langs) word(contains) string(fr)
/// ```
enum SurveyJSLexer {
    static let symbols = [
        "==", "!=", "<=", ">=", "*=", "&&", "||", "=", "<", ">", "+", "-", "*", "/", "%", "^", "!", "(", ")", "[", "]",
        ",",
    ]

    static let symbolBytes = symbols.map { Array($0.utf8) }

    /// survey-core's rewrites (`ConditionsParser.patchExpression`), in its order.
    static func patched(_ text: String) -> String {
        // Most expressions have none of them: look before rewriting.
        var previous: UInt8 = 0
        var needed = false
        for byte in text.utf8 {
            if (previous == UInt8(ascii: "=") && (byte == UInt8(ascii: ">") || byte == UInt8(ascii: "<")))
                || (previous == UInt8(ascii: "<") && byte == UInt8(ascii: ">"))
                || (previous == UInt8(ascii: "l") && byte == UInt8(ascii: "s"))
            {
                needed = true
                break
            }
            previous = byte
        }
        guard needed else { return text }
        return text.replacingOccurrences(of: "=>", with: ">=").replacingOccurrences(of: "=<", with: "<=")
            .replacingOccurrences(of: "<>", with: "!=").replacingOccurrences(of: "equals", with: "equal ")
            .replacingOccurrences(of: "notequals", with: "notequal ")
    }

    /// - Throws: `TranslationError` with reason `.syntax`, at the offending character.
    static func tokens(_ text: String) throws(TranslationError) -> [SurveyJSToken] {
        let patched = patched(text)
        // ASCII without carriage returns: each character is one scalar, and scalars
        // are much cheaper to compare. Offsets are the same either way.
        if patched.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
            return try tokens(of: Array(patched.unicodeScalars))
        }
        return try tokens(of: Array(patched))
    }

    static func tokens<Element: SurveyJSLexeme>(
        of characters: [Element]
    ) throws(TranslationError) -> [SurveyJSToken] {
        var tokens: [SurveyJSToken] = []
        var index = 0
        func failure(_ message: String, at offset: Int) -> TranslationError {
            TranslationError(.syntax, message: message, offset: offset)
        }
        while index < characters.count {
            let character = characters[index]
            let start = index
            func add(_ kind: SurveyJSToken.Kind) { tokens.append(SurveyJSToken(kind: kind, offset: start, end: index)) }
            let byte = character.asciiByte
            // A space, a tab, a line feed, a carriage return (or both, one character).
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                index += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "{"):
                guard
                    let close = characters[(index + 1)...].firstIndex(where: {
                        $0.asciiByte == UInt8(ascii: "}") || $0.asciiByte == UInt8(ascii: "{")
                    }),
                    characters[close].asciiByte == UInt8(ascii: "}")
                else { throw failure("'{' without its '}' (a name is written {name})", at: start) }
                guard close > index + 1 else { throw failure("an empty name {}", at: start) }
                index = close + 1
                add(.variable(Element.text(characters[(start + 1)..<close])))
            case UInt8(ascii: "}"):
                throw failure("'}' without its '{'", at: start)
            case UInt8(ascii: "'"), UInt8(ascii: "\""):
                index += 1
                var value = ""
                while index < characters.count, characters[index] != character {
                    let quote = characters[index].asciiByte
                    if quote == UInt8(ascii: "\\"), index + 1 < characters.count,
                        characters[index + 1].asciiByte == UInt8(ascii: "'")
                            || characters[index + 1].asciiByte == UInt8(ascii: "\"")
                    {
                        characters[index + 1].append(to: &value)
                        index += 2
                        continue
                    }
                    guard quote != UInt8(ascii: "'"), quote != UInt8(ascii: "\"") else {
                        throw failure(
                            "a text in quotes holds the other quote mark; survey-core reads it only "
                                + "escaped (\\' or \\\")",
                            at: index)
                    }
                    characters[index].append(to: &value)
                    index += 1
                }
                guard index < characters.count else {
                    throw failure("a text without its closing \(character)", at: start)
                }
                index += 1
                add(.string(value))
            case _ where character.isASCIIDigitLexeme:
                index = try number(characters, from: index, into: &tokens)
            case _ where character.isASCIIWordLexeme:
                while index < characters.count, characters[index].isASCIIWordLexeme { index += 1 }
                add(.word(Element.text(characters[start..<index])))
            default:
                guard
                    let symbol = symbolBytes.first(where: { symbol in
                        index + symbol.count <= characters.count
                            && zip(characters[index..<(index + symbol.count)], symbol).allSatisfy { $0.asciiByte == $1 }
                    })
                else {
                    let hint = byte == UInt8(ascii: "&") || byte == UInt8(ascii: "|") ? " (write && or ||)" : ""
                    throw failure("'\(character)' is not part of survey-core's expressions\(hint)", at: start)
                }
                index += symbol.count
                add(.symbol(String(decoding: symbol, as: UTF8.self)))
            }
        }
        return tokens
    }

    /// A number from `start`: `0x` and decimal digits (read as hexadecimal, as
    /// survey-core does), digits `.` digits, or digits without a leading zero.
    private static func number<Element: SurveyJSLexeme>(
        _ characters: [Element], from start: Int, into tokens: inout [SurveyJSToken]
    ) throws(TranslationError) -> Int {
        var index = start
        func digits() -> String {
            let first = index
            while index < characters.count, characters[index].isASCIIDigitLexeme { index += 1 }
            return Element.text(characters[first..<index])
        }
        let value: Double
        if characters[index].asciiByte == UInt8(ascii: "0"), index + 2 < characters.count,
            characters[index + 1].asciiByte == UInt8(ascii: "x"), characters[index + 2].isASCIIDigitLexeme
        {
            index += 2
            let written = digits()
            guard written.count <= 15, let number = Int(written, radix: 16) else {
                throw TranslationError(.syntax, message: "'0x\(written)' is too large", offset: start)
            }
            value = Double(number)
        } else {
            let whole = digits()
            if index + 1 < characters.count, characters[index].asciiByte == UInt8(ascii: "."),
                characters[index + 1].isASCIIDigitLexeme
            {
                index += 1
                value = Double(whole + "." + digits()) ?? .nan
            } else {
                guard whole == "0" || !whole.hasPrefix("0") else {
                    throw TranslationError(
                        .syntax, message: "'\(whole)': survey-core reads no number with a leading zero", offset: start)
                }
                value = Double(whole) ?? .nan
            }
        }
        guard value.isFinite else {
            throw TranslationError(.syntax, message: "the number is too large", offset: start)
        }
        tokens.append(SurveyJSToken(kind: .number(value), offset: start, end: index))
        return index
    }
}

/// What the lexer reads an expression as: characters, or — for ASCII text, where
/// they are the same — Unicode scalars, which are cheaper.
protocol SurveyJSLexeme: Equatable, CustomStringConvertible {
    /// The ASCII code, if it is one (a carriage return and line feed: a line feed).
    var asciiByte: UInt8? { get }
    func append(to text: inout String)
    static func text(_ slice: ArraySlice<Self>) -> String
}

extension SurveyJSLexeme {
    var isASCIIDigitLexeme: Bool { asciiByte.map { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } ?? false }

    /// A letter, digit or `_` of survey-core's names (ASCII only).
    var isASCIIWordLexeme: Bool {
        guard let byte = asciiByte else { return false }
        return (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }
}

extension Character: SurveyJSLexeme {
    var asciiByte: UInt8? { asciiValue }
    func append(to text: inout String) { text.append(self) }
    static func text(_ slice: ArraySlice<Character>) -> String { String(slice) }
}

extension Unicode.Scalar: SurveyJSLexeme {
    var asciiByte: UInt8? { isASCII ? UInt8(value) : nil }
    func append(to text: inout String) { text.unicodeScalars.append(self) }
    /// The text of ASCII scalars (the only ones the lexer reads as scalars).
    static func text(_ slice: ArraySlice<Unicode.Scalar>) -> String {
        String(decoding: slice.lazy.map { UInt8(truncatingIfNeeded: $0.value) }, as: UTF8.self)
    }
}
