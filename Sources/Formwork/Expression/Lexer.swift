/// Splits an expression into tokens.
///
/// Strings use `'…'` or `"…"` with backslash escapes (`\'`, `\"`, `\\`, `\n`, `\t`); a
/// backslash before any other character is kept (`'\d+'` is the pattern `\d+`).
/// Numbers are decimal (`12`, `3.5`, `1e3`). A function's name may hold hyphens
/// when `(` follows it directly (`format-date(`, as ODK spells it). References are `$` followed by an id, or
/// by a path into a repeat's entries (`$members.age`).
///
/// The first stage of an expression: `Parser.parse` calls it and reads the `Token`s
/// (in Token.swift); the lexer has no state beyond one call.
enum Lexer {
    static func tokenize(_ text: String) throws(ExpressionError) -> [Token] {
        let scalars = Array(text.unicodeScalars)
        // One byte per scalar (ASCII): numbers and names are sliced from the bytes, not
        // rebuilt scalar by scalar.
        let bytes = text.utf8.count == scalars.count ? Array(text.utf8) : nil
        func slice(_ range: Range<Int>) -> String {
            guard let bytes else { return String(String.UnicodeScalarView(scalars[range])) }
            return String(decoding: bytes[range], as: UTF8.self)
        }
        var tokens: [Token] = []
        var index = 0
        // `$id` reads an id by the definition's rule (`ExpressionText.isIdentifier`).
        func isIdentifierStart(_ s: Unicode.Scalar) -> Bool { ExpressionText.isIdentifierStart(s) }
        func isIdentifierPart(_ s: Unicode.Scalar) -> Bool { ExpressionText.isIdentifierPart(s) }

        while index < scalars.count {
            let scalar = scalars[index]
            let start = index
            if scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
                index += 1
                continue
            }
            if ("0"..."9").contains(scalar)
                || (scalar == "." && index + 1 < scalars.count && ("0"..."9").contains(scalars[index + 1]))
            {
                while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
                if index < scalars.count, scalars[index] == ".", index + 1 < scalars.count,
                    ("0"..."9").contains(scalars[index + 1])
                {
                    index += 1
                    while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
                }
                if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
                    var look = index + 1
                    if look < scalars.count, scalars[look] == "+" || scalars[look] == "-" { look += 1 }
                    if look < scalars.count, ("0"..."9").contains(scalars[look]) {
                        index = look
                        while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
                    }
                }
                let literal = slice(start..<index)
                guard let value = Double(literal), value.isFinite else {
                    throw ExpressionError(.numberOutOfRange(literal), offset: start, length: index - start)
                }
                tokens.append(Token(kind: .number(value), offset: start, length: index - start))
                continue
            }
            if scalar == "'" || scalar == "\"" {
                index += 1
                var value = String.UnicodeScalarView()
                var closed = false
                while index < scalars.count {
                    let character = scalars[index]
                    if character == scalar {
                        closed = true
                        index += 1
                        break
                    }
                    if character == "\\", index + 1 < scalars.count {
                        let escaped = scalars[index + 1]
                        switch escaped {
                        case "n": value.append("\n")
                        case "t": value.append("\t")
                        case "'", "\"", "\\": value.append(escaped)
                        default:  // not an escape: kept, so patterns like '\d+' read as written
                            value.append("\\")
                            value.append(escaped)
                        }
                        index += 2
                        continue
                    }
                    value.append(character)
                    index += 1
                }
                guard closed else { throw ExpressionError(.unterminatedString, offset: start, length: index - start) }
                tokens.append(Token(kind: .string(String(value)), offset: start, length: index - start))
                continue
            }
            if scalar == "$" {
                index += 1
                guard index < scalars.count, isIdentifierStart(scalars[index]) else {
                    throw ExpressionError(
                        .unexpectedToken(found: "'$' without a field id", expected: "a reference like $field"),
                        offset: start)
                }
                while index < scalars.count, isIdentifierPart(scalars[index]) { index += 1 }
                // `$members.age`: a path into a repeat's entries.
                while index + 1 < scalars.count, scalars[index] == ".", isIdentifierStart(scalars[index + 1]) {
                    index += 1
                    while index < scalars.count, isIdentifierPart(scalars[index]) { index += 1 }
                }
                let name = slice((start + 1)..<index)
                tokens.append(Token(kind: .reference(name), offset: start, length: index - start))
                continue
            }
            if isIdentifierStart(scalar) {
                while index < scalars.count, isIdentifierPart(scalars[index]) { index += 1 }
                // `format-date(`: a hyphenated name is a function's when `(` follows at
                // once; `a - b` and `$a-$b` stay subtractions (a bare name is never a value).
                var end = index
                while end + 1 < scalars.count, scalars[end] == "-", isIdentifierStart(scalars[end + 1]) {
                    end += 1
                    while end < scalars.count, isIdentifierPart(scalars[end]) { end += 1 }
                }
                if end > index, end < scalars.count, scalars[end] == "(" { index = end }
                let name = slice(start..<index)
                tokens.append(Token(kind: .identifier(name), offset: start, length: index - start))
                continue
            }
            let next: Unicode.Scalar? = index + 1 < scalars.count ? scalars[index + 1] : nil
            if let two = twoScalarSymbol(scalar, next) {
                tokens.append(Token(kind: .symbol(two), offset: start, length: 2))
                index += 2
                continue
            }
            if let one = oneScalarSymbol(scalar) {
                tokens.append(Token(kind: .symbol(one), offset: start, length: 1))
                index += 1
                continue
            }
            if scalar == "=" {
                throw ExpressionError(.unexpectedToken(found: "'='", expected: "'==' to compare"), offset: start)
            }
            throw ExpressionError(.unexpectedCharacter(TerminalText.escaped(String(scalar))), offset: start)
        }
        tokens.append(Token(kind: .end, offset: scalars.count, length: 1))
        return tokens
    }

    /// `==`, `!=`, `<=`, `>=`, `&&` or `||` when `first` and `second` write one.
    static func twoScalarSymbol(_ first: Unicode.Scalar, _ second: Unicode.Scalar?) -> String? {
        switch (first, second) {
        case ("=", "="): "=="
        case ("!", "="): "!="
        case ("<", "="): "<="
        case (">", "="): ">="
        case ("&", "&"): "&&"
        case ("|", "|"): "||"
        default: nil
        }
    }

    /// The one-scalar symbols: `( ) [ ] , < > + - * / % !`.
    static func oneScalarSymbol(_ scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "(": "("
        case ")": ")"
        case "[": "["
        case "]": "]"
        case ",": ","
        case "<": "<"
        case ">": ">"
        case "+": "+"
        case "-": "-"
        case "*": "*"
        case "/": "/"
        case "%": "%"
        case "!": "!"
        default: nil
        }
    }
}
