import Formwork

/// Parses the tokens of `SurveyJSLexer` into a `SurveyJSExpression`, one function per
/// precedence level of survey-core's grammar (lowest first):
///
/// ```
/// expression     → conjunction ( ( "or" | "||" ) conjunction )*
/// conjunction    → comparison ( ( "and" | "&&" ) comparison )*
/// comparison     → additive ( COMPARATOR additive )*
/// additive       → multiplicative ( ( "+" | "-" ) multiplicative )*
/// multiplicative → power ( ( "*" | "/" | "%" ) power )*
/// power          → membership ( ( "^" | "power" ) membership )*
/// membership     → factor ( SET_OPERATOR factor? )*
/// factor         → "(" expression ")"? | WORD "(" arguments ")"? | ( "!" | "negate" ) factor
///                | atom ( "empty" | "notempty" )? | "[" arguments "]"
/// atom           → "null" | "undefined" | "true" | "false" | "-"? NUMBER | WORD | STRING | "{" NAME "}"
/// arguments      → ( expression ( "," expression )* )?
/// COMPARATOR     → "=" | "==" | "equal" | "!=" | "notequal" | "<" | "less" | "<=" | "lessorequal"
///                | ">" | "greater" | ">=" | "greaterorequal"
/// SET_OPERATOR   → "contains" | "contain" | "*=" | "notcontains" | "notcontain" | "anyof" | "allof" | "noneof"
/// ```
///
/// As survey-core has it: keywords are read in any case; comparisons chain (`1 < 2 <
/// 3` is `(1 < 2) < 3`); `!` binds to one factor (`!{a} = 1` is `(!{a}) = 1`); `^`
/// binds more loosely than `contains` and chains left to right; a closing `)` may be
/// left out at the end; `-` is a sign only when it touches its number (`-5`); a
/// word that is not a keyword is text (`{q} = yes`). Operators of one level are kept
/// flat (`SurveyJSExpression.chain`), and brackets, calls and `!` nest at most
/// `maximumDepth` levels, so no input can overflow the stack.
struct SurveyJSParser {
    /// How deep brackets, calls and `!` may nest.
    static let maximumDepth = 100

    private let tokens: [SurveyJSToken]
    /// The expression's length in characters: where "the end" is.
    private let end: Int
    private var position = 0
    private var depth = 0

    /// Parses an expression.
    ///
    /// - Throws: `TranslationError` with reason `.syntax`, at the offending offset.
    static func parse(_ text: String) throws(TranslationError) -> SurveyJSExpression {
        let tokens = try SurveyJSLexer.tokens(text)
        var parser = SurveyJSParser(tokens: tokens, end: text.count)
        guard !tokens.isEmpty else { throw parser.failure("an empty expression") }
        let expression = try parser.parseExpression()
        if let token = parser.current {
            throw parser.failure("expected an operator or the end, found \(Self.describe(token.kind))", at: token)
        }
        return expression
    }

    private init(tokens: [SurveyJSToken], end: Int) {
        self.tokens = tokens
        self.end = end
    }

    // MARK: Tokens

    private var current: SurveyJSToken? { position < tokens.count ? tokens[position] : nil }

    private func failure(_ message: String, at token: SurveyJSToken? = nil) -> TranslationError {
        TranslationError(.syntax, message: message, offset: (token ?? current)?.offset ?? end)
    }

    private func currentOperator(_ level: Int) -> SurveyJSOperator? {
        guard let kind = current?.kind, let op = SurveyJSOperator(kind), op.level == level else { return nil }
        return op
    }

    private mutating func nest() throws(TranslationError) {
        depth += 1
        if depth > Self.maximumDepth {
            // Formwork's bound, not survey-core's syntax: not supported, never ignored.
            throw TranslationError(
                .unsupported, message: "the expression nests more than \(Self.maximumDepth) levels deep",
                offset: current?.offset ?? end)
        }
    }

    private func isSymbol(_ symbol: String) -> Bool { current?.kind == .symbol(symbol) }

    /// Whether the current token can start a factor (so `!` and `contains` have an operand).
    private var startsFactor: Bool {
        guard let kind = current?.kind else { return false }
        switch kind {
        case .variable, .string, .number: return true
        case .word(let word): return SurveyJSOperator(kind) == nil || word.lowercased() == "negate"
        case .symbol(let symbol): return ["(", "[", "!", "-"].contains(symbol)
        }
    }

    static func describe(_ kind: SurveyJSToken.Kind) -> String {
        switch kind {
        case .variable(let name): return "{\(name)}"
        case .string(let text): return "the text '\(text)'"
        case .number(let number): return SurveyJSValue.javaScriptText(number)
        case .word(let word): return "'\(word)'"
        case .symbol(let symbol): return "'\(symbol)'"
        }
    }

    // MARK: Levels

    mutating func parseExpression() throws(TranslationError) -> SurveyJSExpression {
        try nest()
        defer { depth -= 1 }
        return try chain(level: 1) { parser throws(TranslationError) in
            try parser.chain(level: 2) { parser throws(TranslationError) in
                try parser.chain(level: 3) { parser throws(TranslationError) in
                    try parser.chain(level: 4) { parser throws(TranslationError) in
                        try parser.chain(level: 5) { parser throws(TranslationError) in
                            try parser.chain(level: 6) { parser throws(TranslationError) in
                                try parser.parseMembership()
                            }
                        }
                    }
                }
            }
        }
    }

    /// Operands of `next` joined by the operators of `level`.
    private mutating func chain(
        level: Int, _ next: (inout SurveyJSParser) throws(TranslationError) -> SurveyJSExpression
    ) throws(TranslationError) -> SurveyJSExpression {
        let first = try next(&self)
        var links: [SurveyJSLink] = []
        while let op = currentOperator(level) {
            let offset = current!.offset
            position += 1
            links.append(SurveyJSLink(op: op, operand: try next(&self), offset: offset))
        }
        return links.isEmpty ? first : .chain(first, links, offset: first.offset)
    }

    /// `contains`, `anyof`…, whose right operand may be left out.
    private mutating func parseMembership() throws(TranslationError) -> SurveyJSExpression {
        let first = try parseFactor()
        var links: [SurveyJSLink] = []
        while let op = currentOperator(7) {
            let offset = current!.offset
            position += 1
            links.append(SurveyJSLink(op: op, operand: startsFactor ? try parseFactor() : nil, offset: offset))
        }
        return links.isEmpty ? first : .chain(first, links, offset: first.offset)
    }

    private mutating func parseFactor() throws(TranslationError) -> SurveyJSExpression {
        guard let token = current else { throw failure("the expression ends where a value is expected") }
        switch token.kind {
        case .symbol("("):
            position += 1
            let inner = try parseExpression()
            if isSymbol(")") { position += 1 }
            return inner
        case .symbol("["):
            position += 1
            let elements = try parseArguments(closing: "]")
            guard isSymbol("]") else {
                throw failure("expected ']' or ',', found \(current.map { Self.describe($0.kind) } ?? "the end")")
            }
            position += 1
            return .array(elements, offset: token.offset)
        case .symbol("!"):
            return try parseNegation(token)
        case .word(let name)
        where position + 1 < tokens.count && tokens[position + 1].kind == .symbol("(")
            && tokens[position + 1].offset == token.end:
            position += 2
            try nest()
            defer { depth -= 1 }
            let arguments = try parseArguments(closing: ")")
            if isSymbol(")") { position += 1 }
            return .call(name, arguments, offset: token.offset)
        case .word(let word) where word.lowercased() == "negate" && position + 1 < tokens.count:
            let saved = position
            position += 1
            if startsFactor {
                position = saved
                return try parseNegation(token)
            }
            position = saved
            return try parseAtom()
        default:
            let atom = try parseAtom()
            if case .word(let word)? = current?.kind, ["empty", "notempty"].contains(word.lowercased()) {
                let keyword = current!
                position += 1
                return .emptiness(atom, negated: word.lowercased() == "notempty", offset: keyword.offset)
            }
            return atom
        }
    }

    private mutating func parseNegation(_ token: SurveyJSToken) throws(TranslationError) -> SurveyJSExpression {
        position += 1
        try nest()
        defer { depth -= 1 }
        guard startsFactor else {
            throw failure(
                "expected a value after \(Self.describe(token.kind)), found "
                    + "\(current.map { Self.describe($0.kind) } ?? "the end")"
            )
        }
        return .negation(try parseFactor(), offset: token.offset)
    }

    /// Expressions separated by commas, up to `closing` (not consumed).
    private mutating func parseArguments(closing: String) throws(TranslationError) -> [SurveyJSExpression] {
        guard current != nil, !isSymbol(closing) else { return [] }
        var arguments = [try parseExpression()]
        while isSymbol(",") {
            position += 1
            arguments.append(try parseExpression())
        }
        return arguments
    }

    private mutating func parseAtom() throws(TranslationError) -> SurveyJSExpression {
        guard let token = current else { throw failure("the expression ends where a value is expected") }
        position += 1
        switch token.kind {
        case .number(let number): return .literal(.number(number), offset: token.offset)
        case .string(let text): return .literal(.text(text), offset: token.offset)
        case .variable(let name): return .variable(name, offset: token.offset)
        case .symbol("-"):
            guard case .number(let number)? = current?.kind, current!.offset == token.end else {
                throw failure("'-' is a sign only when its number follows it directly (-5)", at: token)
            }
            position += 1
            return .literal(.number(-number), offset: token.offset)
        case .word(let word):
            switch word {
            case "null", "undefined": return .literal(.null, offset: token.offset)
            case _ where word.lowercased() == "true": return .literal(.bool(true), offset: token.offset)
            case _ where word.lowercased() == "false": return .literal(.bool(false), offset: token.offset)
            default: break
            }
            // survey-core reads `true`, `null`… at the start of a longer word, then fails on the rest.
            let lowered = word.lowercased()
            if lowered.hasPrefix("true") || lowered.hasPrefix("false") || word.hasPrefix("null")
                || word.hasPrefix("undefined")
            {
                throw failure("'\(word)' starts with a value survey-core reads alone; write it in quotes", at: token)
            }
            return .literal(.text(word), offset: token.offset)
        default:
            throw failure("expected a value, found \(Self.describe(token.kind))", at: token)
        }
    }
}
