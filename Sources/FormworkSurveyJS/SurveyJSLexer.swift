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

    static let symbolCharacters = symbols.map(Array.init)

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

    /// - Throws: `SurveyJSTranslationError` with reason `.syntax`, at the offending character.
    static func tokens(_ text: String) throws(SurveyJSTranslationError) -> [SurveyJSToken] {
        let characters = Array(patched(text))
        var tokens: [SurveyJSToken] = []
        var index = 0
        func failure(_ message: String, at offset: Int) -> SurveyJSTranslationError {
            SurveyJSTranslationError(.syntax, message: message, offset: offset)
        }
        while index < characters.count {
            let character = characters[index]
            let start = index
            func add(_ kind: SurveyJSToken.Kind) { tokens.append(SurveyJSToken(kind: kind, offset: start, end: index)) }
            if character == " " || character == "\t" || character == "\n" || character == "\r" || character == "\r\n" {
                index += 1
                continue
            }
            switch character {
            case "{":
                guard let close = characters[(index + 1)...].firstIndex(where: { $0 == "}" || $0 == "{" }),
                    characters[close] == "}"
                else { throw failure("'{' without its '}' (a name is written {name})", at: start) }
                guard close > index + 1 else { throw failure("an empty name {}", at: start) }
                index = close + 1
                add(.variable(String(characters[(start + 1)..<close])))
            case "}":
                throw failure("'}' without its '{'", at: start)
            case "'", "\"":
                index += 1
                var value = ""
                while index < characters.count, characters[index] != character {
                    if characters[index] == "\\", index + 1 < characters.count,
                        ["'", "\""].contains(characters[index + 1])
                    {
                        value.append(characters[index + 1])
                        index += 2
                        continue
                    }
                    guard characters[index] != "'", characters[index] != "\"" else {
                        throw failure(
                            "a text in quotes holds the other quote mark; survey-core reads it only "
                                + "escaped (\\' or \\\")",
                            at: index)
                    }
                    value.append(characters[index])
                    index += 1
                }
                guard index < characters.count else {
                    throw failure("a text without its closing \(character)", at: start)
                }
                index += 1
                add(.string(value))
            case _ where character.isASCIIDigit:
                index = try number(characters, from: index, into: &tokens)
            case _ where character.isASCIIWordCharacter:
                while index < characters.count, characters[index].isASCIIWordCharacter { index += 1 }
                add(.word(String(characters[start..<index])))
            default:
                guard
                    let symbol = symbolCharacters.first(where: { symbol in
                        index + symbol.count <= characters.count
                            && characters[index..<(index + symbol.count)].elementsEqual(symbol)
                    }).map({ String($0) })
                else {
                    let hint = character == "&" || character == "|" ? " (write && or ||)" : ""
                    throw failure("'\(character)' is not part of survey-core's expressions\(hint)", at: start)
                }
                index += symbol.count
                add(.symbol(symbol))
            }
        }
        return tokens
    }

    /// A number from `start`: `0x` and decimal digits (read as hexadecimal, as
    /// survey-core does), digits `.` digits, or digits without a leading zero.
    private static func number(
        _ characters: [Character], from start: Int, into tokens: inout [SurveyJSToken]
    ) throws(SurveyJSTranslationError) -> Int {
        var index = start
        func digits() -> String {
            let first = index
            while index < characters.count, characters[index].isASCIIDigit { index += 1 }
            return String(characters[first..<index])
        }
        let value: Double
        if characters[index] == "0", index + 2 < characters.count, characters[index + 1] == "x",
            characters[index + 2].isASCIIDigit
        {
            index += 2
            let written = digits()
            guard written.count <= 15, let number = Int(written, radix: 16) else {
                throw SurveyJSTranslationError(.syntax, message: "'0x\(written)' is too large", offset: start)
            }
            value = Double(number)
        } else {
            let whole = digits()
            if index + 1 < characters.count, characters[index] == ".", characters[index + 1].isASCIIDigit {
                index += 1
                value = Double(whole + "." + digits()) ?? .nan
            } else {
                guard whole == "0" || !whole.hasPrefix("0") else {
                    throw SurveyJSTranslationError(
                        .syntax, message: "'\(whole)': survey-core reads no number with a leading zero", offset: start)
                }
                value = Double(whole) ?? .nan
            }
        }
        guard value.isFinite else {
            throw SurveyJSTranslationError(.syntax, message: "the number is too large", offset: start)
        }
        tokens.append(SurveyJSToken(kind: .number(value), offset: start, end: index))
        return index
    }
}

extension Character {
    /// A letter, digit or `_` of survey-core's names (ASCII only).
    var isASCIIWordCharacter: Bool {
        guard let byte = asciiValue else { return false }
        return (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }
}
