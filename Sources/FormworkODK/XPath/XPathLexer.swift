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
    static func punctuation(_ ascii: UInt8?) -> XPathToken.Kind? {
        switch ascii {
        case UInt8(ascii: "("): return .leftParenthesis
        case UInt8(ascii: ")"): return .rightParenthesis
        case UInt8(ascii: "["): return .leftBracket
        case UInt8(ascii: "]"): return .rightBracket
        case UInt8(ascii: ","): return .comma
        case UInt8(ascii: "="): return .op("=")
        case UInt8(ascii: "+"): return .op("+")
        case UInt8(ascii: "|"): return .op("|")
        case UInt8(ascii: "-"): return .op("-")
        default: return nil
        }
    }

    static func tokens(_ text: String) throws(XPathError) -> [XPathToken] {
        // One byte per character (ASCII, as most expressions are, and no `\r\n`, which
        // is one character): the bytes are read as the characters, without breaking
        // the text into graphemes.
        let utf8 = Array(text.utf8)
        let oneBytePerCharacter =
            utf8.allSatisfy { $0 < 0x80 }
            && !zip(utf8, utf8.dropFirst()).contains { $0 == 0x0D && $1 == 0x0A }
        return oneBytePerCharacter ? try tokens(of: utf8) : try tokens(of: Array(text))
    }

    /// The tokens of an expression read as `characters` (its bytes or its characters).
    static func tokens<Unit: XPathCharacter>(of characters: [Unit]) throws(XPathError) -> [XPathToken] {
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
        func isNameCharacter(_ character: Unit) -> Bool {
            if character.isXPathLetter || character.isXPathNumber { return true }
            switch character.ascii {
            case UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: ":"): return true
            default: return false
            }
        }
        func isASCII(_ index: Int, _ byte: UInt8) -> Bool {
            index < characters.count && characters[index].ascii == byte
        }
        while index < characters.count {
            let character = characters[index]
            let ascii = character.ascii
            let start = index
            if character.isXPathWhitespace {
                index += 1
                continue
            }
            func add(_ kind: XPathToken.Kind) { tokens.append(XPathToken(kind: kind, offset: start)) }
            if let kind = punctuation(ascii) {
                add(kind)
                index += 1
                continue
            }
            switch ascii {
            case UInt8(ascii: "$"):
                guard isASCII(index + 1, UInt8(ascii: "{")),
                    let close = characters[(index + 2)...].firstIndex(where: { $0.ascii == UInt8(ascii: "}") })
                else { throw XPathError(message: "'$' must start a reference like ${name}", offset: start) }
                let name = Unit.string(characters[(index + 2)..<close]).trimmed(.whitespaces)
                guard !name.isEmpty else { throw XPathError(message: "an empty reference ${}", offset: start) }
                add(.reference(name))
                index = close + 1
            case UInt8(ascii: "'"), UInt8(ascii: "\""):
                guard let close = characters[(index + 1)...].firstIndex(of: character) else {
                    throw XPathError(message: "a string without its closing \(character.character)", offset: start)
                }
                add(.string(Unit.string(characters[(index + 1)..<close])))
                index = close + 1
            case UInt8(ascii: "*"):
                if afterOperand() {
                    add(.op("*"))
                    index += 1
                } else {
                    index = readPath(characters, from: index, into: &tokens)
                }
            case UInt8(ascii: "!"), UInt8(ascii: "<"), UInt8(ascii: ">"):
                let written = String(character.character)
                if isASCII(index + 1, UInt8(ascii: "=")) {
                    add(.op(written + "="))
                    index += 2
                } else if written == "!" {
                    throw XPathError(message: "'!' must be followed by '=' (XPath's 'not equal' is !=)", offset: start)
                } else {
                    add(.op(written))
                    index += 1
                }
            case UInt8(ascii: "/"):
                index = readPath(characters, from: index, into: &tokens)
            case UInt8(ascii: "."):
                if index + 1 < characters.count, characters[index + 1].isXPathNumber {
                    var end = index + 1
                    while end < characters.count, characters[end].isXPathNumber { end += 1 }
                    add(.number(Unit.string(characters[index..<end])))
                    index = end
                } else {
                    index = readPath(characters, from: index, into: &tokens)
                }
            default:
                if character.isXPathNumber {
                    var end = index
                    while end < characters.count, characters[end].isXPathNumber || characters[end].ascii == 0x2E {
                        end += 1
                    }
                    add(.number(Unit.string(characters[index..<end])))
                    index = end
                } else if character.isXPathLetter || ascii == UInt8(ascii: "_") || ascii == UInt8(ascii: "@") {
                    var end = index + 1
                    while end < characters.count, isNameCharacter(characters[end]) { end += 1 }
                    // A hyphen at the end of a word is subtraction: `${a}-1` never gets here,
                    // but `a-` before a space does.
                    while end > index + 1, characters[end - 1].ascii == UInt8(ascii: "-") { end -= 1 }
                    let word = Unit.string(characters[index..<end])
                    if afterOperand(), ["and", "or", "div", "mod"].contains(word) {
                        add(.op(word))
                        index = end
                        continue
                    }
                    var next = end
                    while next < characters.count, characters[next].isXPathWhitespace { next += 1 }
                    if isASCII(next, UInt8(ascii: "(")) {
                        add(.function(word))
                        index = end
                    } else {
                        index = readPath(characters, from: index, into: &tokens)
                    }
                } else {
                    throw XPathError(message: "unexpected '\(character.character)'", offset: start)
                }
            }
        }
        return tokens
    }

    /// A location path from `start`: steps of names, `.`, `..`, `*` and `@attribute`
    /// separated by `/`; predicates (`[…]`) are tokens of their own.
    static func readPath<Unit: XPathCharacter>(
        _ characters: [Unit], from start: Int, into tokens: inout [XPathToken]
    ) -> Int {
        var end = start
        while end < characters.count {
            let character = characters[end]
            if character.isXPathLetter || character.isXPathNumber || isPathPunctuation(character.ascii) {
                end += 1
            } else {
                break
            }
        }
        // A path never ends with a hyphen: `../a -1` is a path minus one.
        while end > start + 1, characters[end - 1].ascii == UInt8(ascii: "-") { end -= 1 }
        tokens.append(XPathToken(kind: .path(Unit.string(characters[start..<end])), offset: start))
        return end
    }

    /// `_-.:/@*`: what a path's steps hold besides letters and digits.
    static func isPathPunctuation(_ ascii: UInt8?) -> Bool {
        switch ascii {
        case UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: ":"), UInt8(ascii: "/"),
            UInt8(ascii: "@"), UInt8(ascii: "*"):
            return true
        default: return false
        }
    }
}

/// What `XPathLexer` reads an expression as: its bytes, where each byte is a character
/// (ASCII, as most expressions are), or its characters. The classes are answered at
/// once for ASCII and by Unicode's properties for the rest, as `Character` answers.
protocol XPathCharacter: Equatable {
    /// The character's byte when it is one ASCII byte (`\r\n` is two).
    var ascii: UInt8? { get }
    var isXPathLetter: Bool { get }
    var isXPathNumber: Bool { get }
    var isXPathWhitespace: Bool { get }
    /// The character itself (for messages).
    var character: Character { get }
    /// The characters as a string.
    static func string(_ characters: ArraySlice<Self>) -> String
}

extension XPathCharacter {
    @inline(__always)
    static func isASCIILetter(_ ascii: UInt8) -> Bool {
        (ascii | 0x20) >= UInt8(ascii: "a") && (ascii | 0x20) <= UInt8(ascii: "z")
    }

    @inline(__always)
    static func isASCIIDigit(_ ascii: UInt8) -> Bool { ascii >= UInt8(ascii: "0") && ascii <= UInt8(ascii: "9") }

    @inline(__always)
    static func isASCIIWhitespace(_ ascii: UInt8) -> Bool {
        ascii == UInt8(ascii: " ") || (ascii >= 0x09 && ascii <= 0x0D)
    }
}

extension UInt8: XPathCharacter {
    var ascii: UInt8? { self }
    var isXPathLetter: Bool { Self.isASCIILetter(self) }
    var isXPathNumber: Bool { Self.isASCIIDigit(self) }
    var isXPathWhitespace: Bool { Self.isASCIIWhitespace(self) }
    var character: Character { Character(Unicode.Scalar(self)) }
    static func string(_ characters: ArraySlice<UInt8>) -> String { String(decoding: characters, as: UTF8.self) }
}

extension Character: XPathCharacter {
    /// Read from its UTF-8, which is quicker than `asciiValue`'s look at its scalars.
    var ascii: UInt8? {
        let utf8 = utf8
        guard let first = utf8.first, first < 0x80, utf8.count == 1 else { return nil }
        return first
    }

    var isXPathLetter: Bool { ascii.map(Self.isASCIILetter) ?? isLetter }
    var isXPathNumber: Bool { ascii.map(Self.isASCIIDigit) ?? isNumber }
    var isXPathWhitespace: Bool { ascii.map(Self.isASCIIWhitespace) ?? isWhitespace }
    var character: Character { self }
    static func string(_ characters: ArraySlice<Character>) -> String { String(characters) }
}
