/// The tokens of the XPath subset ODK forms use, as XLSForm cells and XForm binds
/// write it: `${name}` references, paths (`/data/group/q`, `.`, `..`,
/// `../sibling`), string and number literals, operators (`=`, `!=`, `<=`, `+`, `div`,
/// `mod`, `and`, `or`, `|`), function names with their prefixes and hyphens
/// (`jr:choice-name`, `count-selected`, `format-date`), brackets and commas.
///
/// XPath's operator names are words (`div`, `and`), and are operators only where an
/// operator can stand (after an operand), as the XPath grammar says: `/data/and` is
/// a path, `${a} and ${b}` a conjunction.
struct XPathToken: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// `${name}`: an XLSForm reference to a question by name.
        case reference(String)
        /// A location path: `/data/a/b`, `.`, `..`, `../b`, `a/b`, `instance('x')/root/item`
        /// is a function call followed by a path.
        case path(String)
        case string(String)
        /// A number as written (`3`, `0.5`, `.5`).
        case number(String)
        /// A function name, written before `(`: `if`, `jr:choice-name`, `count-selected`.
        case function(String)
        /// An operator: `=`, `!=`, `<`, `<=`, `>`, `>=`, `+`, `-`, `*`, `div`, `mod`, `and`, `or`, `|`.
        case op(String)
        case leftParenthesis, rightParenthesis, leftBracket, rightBracket, comma
    }

    let kind: Kind
    /// The offset in the expression, in characters (for diagnostics).
    let offset: Int
}

/// Why an expression cannot be read, with its offset in characters.
struct XPathError: Error, Sendable, Equatable, CustomStringConvertible {
    let message: String
    let offset: Int

    var description: String { "\(message) (at character \(offset + 1))" }
}

/// Splits an XPath expression into `XPathToken`s.
///
/// ```swift
/// try XPathLexer.tokens("${age} >= 18 and selected(${langs}, 'fr')")
/// // reference(age) op(>=) number(18) op(and) function(selected) ( reference(langs) , string(fr) )
/// ```
enum XPathLexer {
    /// One-character tokens (`-` is an operator: unary minus is the parser's business).
    static func punctuation(_ character: Character) -> XPathToken.Kind? {
        switch character {
        case "(": return .leftParenthesis
        case ")": return .rightParenthesis
        case "[": return .leftBracket
        case "]": return .rightBracket
        case ",": return .comma
        case "=", "+", "|", "-": return .op(String(character))
        default: return nil
        }
    }

    /// The characters in `range` as a string: from `bytes` when there is a byte per
    /// character.
    static func slice(_ characters: [Character], _ bytes: [UInt8]?, _ range: Range<Int>) -> String {
        guard let bytes else { return String(characters[range]) }
        return String(decoding: bytes[range], as: UTF8.self)
    }

    static func tokens(_ text: String) throws(XPathError) -> [XPathToken] {
        // One byte per character (ASCII, as most expressions are, and no `\r\n`, which
        // is one character): the characters are the bytes, without breaking the text
        // into graphemes, and texts are sliced from the bytes.
        let utf8 = Array(text.utf8)
        let oneBytePerCharacter =
            utf8.allSatisfy { $0 < 0x80 }
            && !zip(utf8, utf8.dropFirst()).contains { $0 == 0x0D && $1 == 0x0A }
        let characters = oneBytePerCharacter ? utf8.map { Character(Unicode.Scalar($0)) } : Array(text)
        let bytes = oneBytePerCharacter ? utf8 : nil
        var tokens: [XPathToken] = []
        var index = 0
        /// Whether the previous token ends an operand (so a word or `*` is an operator).
        func afterOperand() -> Bool {
            guard let last = tokens.last?.kind else { return false }
            switch last {
            case .reference, .path, .string, .number, .rightParenthesis, .rightBracket: return true
            default: return false
            }
        }
        func isNameCharacter(_ character: Character) -> Bool {
            isLetter(character) || isNumber(character) || character == "_" || character == "-" || character == "."
                || character == ":"
        }
        while index < characters.count {
            let character = characters[index]
            let start = index
            if isWhitespace(character) {
                index += 1
                continue
            }
            func add(_ kind: XPathToken.Kind) { tokens.append(XPathToken(kind: kind, offset: start)) }
            if let kind = punctuation(character) {
                add(kind)
                index += 1
                continue
            }
            switch character {
            case "$":
                guard index + 1 < characters.count, characters[index + 1] == "{",
                    let close = characters[(index + 2)...].firstIndex(of: "}")
                else { throw XPathError(message: "'$' must start a reference like ${name}", offset: start) }
                let name = slice(characters, bytes, (index + 2)..<close).trimmed(.whitespaces)
                guard !name.isEmpty else { throw XPathError(message: "an empty reference ${}", offset: start) }
                add(.reference(name))
                index = close + 1
            case "'", "\"":
                guard let close = characters[(index + 1)...].firstIndex(of: character) else {
                    throw XPathError(message: "a string without its closing \(character)", offset: start)
                }
                add(.string(slice(characters, bytes, (index + 1)..<close)))
                index = close + 1
            case "*":
                if afterOperand() {
                    add(.op("*"))
                    index += 1
                } else {
                    index = readPath(characters, bytes, from: index, into: &tokens)
                }
            case "!", "<", ">":
                if index + 1 < characters.count, characters[index + 1] == "=" {
                    add(.op(String(character) + "="))
                    index += 2
                } else if character == "!" {
                    throw XPathError(message: "'!' must be followed by '=' (XPath's 'not equal' is !=)", offset: start)
                } else {
                    add(.op(String(character)))
                    index += 1
                }
            case "/":
                index = readPath(characters, bytes, from: index, into: &tokens)
            case ".":
                if index + 1 < characters.count, isNumber(characters[index + 1]) {
                    var end = index + 1
                    while end < characters.count, isNumber(characters[end]) { end += 1 }
                    add(.number(slice(characters, bytes, index..<end)))
                    index = end
                } else {
                    index = readPath(characters, bytes, from: index, into: &tokens)
                }
            default:
                if isNumber(character) {
                    var end = index
                    while end < characters.count, isNumber(characters[end]) || characters[end] == "." { end += 1 }
                    add(.number(slice(characters, bytes, index..<end)))
                    index = end
                } else if isLetter(character) || character == "_" || character == "@" {
                    var end = index + 1
                    while end < characters.count, isNameCharacter(characters[end]) { end += 1 }
                    var word = slice(characters, bytes, index..<end)
                    // A hyphen at the end of a word is subtraction: `${a}-1` never gets here,
                    // but `a-` before a space does.
                    while word.hasSuffix("-") {
                        word.removeLast()
                        end -= 1
                    }
                    if afterOperand(), ["and", "or", "div", "mod"].contains(word) {
                        add(.op(word))
                        index = end
                        continue
                    }
                    var next = end
                    while next < characters.count, isWhitespace(characters[next]) { next += 1 }
                    if next < characters.count, characters[next] == "(" {
                        add(.function(word))
                        index = end
                    } else {
                        index = readPath(characters, bytes, from: index, into: &tokens)
                    }
                } else {
                    throw XPathError(message: "unexpected '\(character)'", offset: start)
                }
            }
        }
        return tokens
    }

    /// A location path from `start`: steps of names, `.`, `..`, `*` and `@attribute`
    /// separated by `/`; predicates (`[…]`) are tokens of their own.
    static func readPath(
        _ characters: [Character], _ bytes: [UInt8]?, from start: Int, into tokens: inout [XPathToken]
    ) -> Int {
        var end = start
        while end < characters.count {
            let character = characters[end]
            if isLetter(character) || isNumber(character) || isPathPunctuation(character) {
                end += 1
            } else {
                break
            }
        }
        // A path never ends with a hyphen: `../a -1` is a path minus one.
        while end > start + 1, characters[end - 1] == "-" { end -= 1 }
        tokens.append(XPathToken(kind: .path(slice(characters, bytes, start..<end)), offset: start))
        return end
    }

    /// `_-.:/@*`: what a path's steps hold besides letters and digits.
    static func isPathPunctuation(_ character: Character) -> Bool {
        switch character {
        case "_", "-", ".", ":", "/", "@", "*": return true
        default: return false
        }
    }

    // Character classes, answered at once for ASCII (what expressions are mostly
    // written in) and by Unicode's properties for the rest, as `Character` answers.

    /// The character's byte when it is one ASCII byte (`\r\n` is two): read from its
    /// UTF-8, which is quicker than `asciiValue`'s look at its scalars.
    @inline(__always)
    static func ascii(_ character: Character) -> UInt8? {
        let utf8 = character.utf8
        guard let first = utf8.first, first < 0x80, utf8.count == 1 else { return nil }
        return first
    }

    static func isLetter(_ character: Character) -> Bool {
        guard let ascii = ascii(character) else { return character.isLetter }
        return (ascii | 0x20) >= UInt8(ascii: "a") && (ascii | 0x20) <= UInt8(ascii: "z")
    }

    static func isNumber(_ character: Character) -> Bool {
        guard let ascii = ascii(character) else { return character.isNumber }
        return ascii >= UInt8(ascii: "0") && ascii <= UInt8(ascii: "9")
    }

    static func isWhitespace(_ character: Character) -> Bool {
        guard let ascii = ascii(character) else { return character.isWhitespace }
        return ascii == UInt8(ascii: " ") || (ascii >= 0x09 && ascii <= 0x0D)
    }
}
