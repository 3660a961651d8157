/// A token of the condition language, with its position in the expression text
/// (offset and length in Unicode scalars).
///
/// `Lexer` (in Lexer.swift) makes them; `Parser` reads them.
struct Token: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        case number(Double)
        case string(String)
        case reference(String)  // $name
        case identifier(String)  // function names and keywords
        case symbol(String)  // ( ) [ ] , == != < <= > >= + - * / % ! && ||
        case end
    }

    var kind: Kind
    var offset: Int
    var length: Int

    /// How the token reads in an error message.
    var description: String {
        switch kind {
        case .number(let value): return "the number \(JSONText.format(value))"
        case .string: return "a string"
        case .reference(let name): return "'$\(name)'"
        case .identifier(let name): return "'\(name)'"
        case .symbol(let symbol): return "'\(symbol)'"
        case .end: return "the end of the expression"
        }
    }
}
