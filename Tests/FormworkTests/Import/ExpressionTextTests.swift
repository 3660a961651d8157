import FormworkTesting
import Testing

@testable import Formwork

/// What `ExpressionText` writes reads back through Formwork's own lexer and parser as
/// what it was written from: every string (quotes, backslashes, line breaks, any
/// Unicode scalar), every finite number, operands grouped as the grammar binds them,
/// and ids as `$` reads them.
@Suite("Expression text: writing Formwork's language")
struct ExpressionTextTests {
    // MARK: Strings

    /// Scalars that a string literal has to survive, alone and in any order.
    static let trickyScalars: [Unicode.Scalar] = [
        "'", "\"", "\\", "\n", "\t", "\r", " ", "a", "Z", "0", "n", "t", "{", "}", "$", "(", ")", "\u{0}",
        "\u{7F}", "é", "\u{301}", "\u{FEFF}", "\u{200D}", "\u{2028}", "ا", "字", "👩", "🏽", "\u{10FFFF}",
    ]

    /// `text`, read back from the literal written for it; `nil` when it does not parse
    /// as one string literal.
    static func readBack(_ text: String) -> String? {
        guard let expression = try? Parser.parse(ExpressionText.string(text)),
            case .literal(.string(let read)) = expression.kind
        else { return nil }
        return read
    }

    @Test func everyStringReadsBackScalarForScalar() {
        var random = SeededGenerator(seed: 32)
        for _ in 0..<3_000 {
            let length = Int.random(in: 0...24, using: &random)
            var scalars = String.UnicodeScalarView()
            for _ in 0..<length { scalars.append(Self.trickyScalars.randomElement(using: &random)!) }
            let text = String(scalars)
            let read = Self.readBack(text)
            // Scalar for scalar: `==` on String would accept a canonically equivalent one.
            #expect(read.map { Array($0.unicodeScalars) } == Array(text.unicodeScalars), "\(text.debugDescription)")
        }
    }

    /// A quote that starts a grapheme cluster is still a quote to the lexer, which reads
    /// scalars: it is escaped all the same.
    @Test func aQuoteWithACombiningMarkIsEscaped() {
        #expect(ExpressionText.string("'\u{301}") == "'\\'\u{301}'")
        #expect(Self.readBack("'\u{301}") == "'\u{301}")
        let backslashWithAccent = "\\\u{301}n"
        #expect(Self.readBack(backslashWithAccent) == backslashWithAccent)
    }

    @Test func theFourEscapesAndNothingElse() {
        let written: [(String, String)] = [
            ("", "''"), ("plain text", "'plain text'"), ("it's", #"'it\'s'"#), (#"a\d+"#, #"'a\\d+'"#),
            ("two\nlines\tand a tab", #"'two\nlines\tand a tab'"#), ("say \"hi\"\r", "'say \"hi\"\r'"),
        ]
        for (text, literal) in written { #expect(ExpressionText.string(text) == literal, "\(text.debugDescription)") }
    }

    // MARK: Numbers

    /// The value `text` evaluates to, as Formwork computes it.
    static func evaluated(_ text: String) throws -> Value {
        let compiled = try CompiledExpression(text, environment: ExpressionEnvironment())
        return compiled.evaluate(EvaluationContext(today: LocalDate("2024-03-01")!) { _ in .null })
    }

    static let edgeNumbers: [Double] = [
        0, 1, -1, 0.5, -0.5, 0.1, 1.0 / 3, 42, 1e15 - 1, 1e15, -1e15, 1e15 + 2, 9_007_199_254_740_994,
        9.223_372_036_854_775e18, 1e-7, 1.5e-300, .leastNonzeroMagnitude, -.leastNonzeroMagnitude,
        .leastNormalMagnitude, .greatestFiniteMagnitude,
        -.greatestFiniteMagnitude, .ulpOfOne, 123_456.789, -987_654_321.123_456_7,
    ]

    @Test(arguments: edgeNumbers)
    func aNumberReadsBackAsItsValue(_ number: Double) throws {
        let text = try #require(ExpressionText.number(number))
        #expect(try Self.evaluated(text) == .number(number), "\(text)")
    }

    /// Numbers from random bit patterns (every exponent, subnormals, both signs).
    @Test func everyFiniteNumberReadsBackExactly() throws {
        var random = SeededGenerator(seed: 7)
        var checked = 0
        while checked < 3_000 {
            let number = Double(bitPattern: random.next())
            guard number.isFinite else {
                #expect(ExpressionText.number(number) == nil)
                continue
            }
            let text = try #require(ExpressionText.number(number))
            guard case .number(let read) = try Self.evaluated(text) else {
                Issue.record("\(text) is not a number")
                continue
            }
            // The same bits, but for the sign of zero (`-0` is written `0`).
            #expect(read.bitPattern == number.bitPattern || (read == 0 && number == 0), "\(text)")
            checked += 1
        }
    }

    @Test func wholeNumbersHaveNoFractionAndTheLanguageHasNoNaN() {
        #expect(ExpressionText.number(5) == "5")
        #expect(ExpressionText.number(-2) == "-2")
        #expect(ExpressionText.number(-0.0) == "0")
        #expect(ExpressionText.number(0.5) == "0.5")
        #expect(ExpressionText.number(1e-7) == "1e-07")
        #expect(ExpressionText.number(1e20) == "1e+20")
        #expect(ExpressionText.number(.nan) == nil)
        #expect(ExpressionText.number(.infinity) == nil)
        #expect(ExpressionText.number(-.infinity) == nil)
    }

    // MARK: Composing

    @Test func callsAndJoinedConditions() throws {
        #expect(ExpressionText.call("max", ["$a", "1"]) == "max($a, 1)")
        #expect(ExpressionText.call("today", []) == "today()")
        #expect(ExpressionText.conjunction([]) == nil)
        #expect(ExpressionText.conjunction(["$a"]) == "$a")
        #expect(ExpressionText.conjunction(["$a or $b", "$c"]) == "($a or $b) and ($c)")
        #expect(ExpressionText.disjunction(["$a and $b", "not $c"]) == "($a and $b) or (not $c)")
        #expect(ExpressionText.disjunction([]) == nil)
        let joined = try Parser.parse(try #require(ExpressionText.conjunction(["$a or $b", "$c"])))
        #expect(Self.shape(joined) == "(and (or a b) c)")
    }

    // MARK: Precedence

    /// A parsed expression as a tree of operators: `(* (+ a b) c)`.
    static func shape(_ expression: Expression) -> String {
        switch expression.kind {
        case .reference(let id): return id
        case .literal(let value): return "\(value)"
        case .unary(let op, let operand): return "(\(op.rawValue) \(shape(operand)))"
        case .binary(let op, let left, let right): return "(\(op.rawValue) \(shape(left)) \(shape(right)))"
        case .call(let name, let arguments): return "(\(name) \(arguments.map(shape).joined(separator: " ")))"
        case .list(let elements): return "[\(elements.map(shape).joined(separator: " "))]"
        }
    }

    /// A binary operator of each level, with where its operands must bind (the
    /// grammar's: `or`, `and`, `+`, `*` are left-associative, comparisons do not chain).
    static let binaryOperators:
        [(
            op: String, level: ExpressionText.Precedence, left: ExpressionText.Precedence,
            right: ExpressionText.Precedence
        )] = [
            ("or", .or, .or, .and), ("and", .and, .and, .not), ("==", .comparison, .additive, .additive),
            ("<", .comparison, .additive, .additive), ("in", .comparison, .additive, .additive),
            ("+", .additive, .additive, .multiplicative), ("-", .additive, .additive, .multiplicative),
            ("*", .multiplicative, .multiplicative, .unary), ("%", .multiplicative, .multiplicative, .unary),
        ]

    /// An operand written with an operator of any level inside any other, parenthesized
    /// by `parenthesized(_:binding:at:)`, parses as the tree it was written as: the
    /// levels are the parser's.
    @Test func parenthesizedOperandsParseAsWritten() throws {
        let operators = Self.binaryOperators
        for inner in operators {
            let innerText = "$a \(inner.op) $b"
            let innerShape = "(\(inner.op) a b)"
            for outer in operators {
                let left = ExpressionText.parenthesized(innerText, binding: inner.level, at: outer.left)
                let right = ExpressionText.parenthesized(innerText, binding: inner.level, at: outer.right)
                let asLeft = try Parser.parse("\(left) \(outer.op) $c")
                let asRight = try Parser.parse("$c \(outer.op) \(right)")
                #expect(Self.shape(asLeft) == "(\(outer.op) \(innerShape) c)", "\(left) \(outer.op) $c")
                #expect(Self.shape(asRight) == "(\(outer.op) c \(innerShape))", "$c \(outer.op) \(right)")
            }
            let negated = ExpressionText.parenthesized(innerText, binding: inner.level, at: .unary)
            #expect(Self.shape(try Parser.parse("-" + negated)) == "(- \(innerShape))")
            let not = ExpressionText.parenthesized(innerText, binding: inner.level, at: .not)
            #expect(Self.shape(try Parser.parse("not " + not)) == "(not \(innerShape))")
        }
    }

    /// A negative number binds as unary minus: an operand of `*` keeps it bare, the
    /// right operand of `-` needs no parentheses either, and it reads back negative.
    @Test func aNegativeNumberIsAUnaryOperand() throws {
        let minusTwo = try #require(ExpressionText.number(-2))
        let product = "$a * " + ExpressionText.parenthesized(minusTwo, binding: .unary, at: .unary)
        #expect(Self.shape(try Parser.parse(product)) == "(* a (- \(Value.number(2))))")
        #expect(try Self.evaluated("3 - " + minusTwo) == .number(5))
    }

    // MARK: Ids

    @Test func idsAreAsciiLettersDigitsAndUnderscores() {
        for id in ["a", "_", "first_name", "Q2", "_2nd", "camelCase"] {
            #expect(ExpressionText.isIdentifier(id), "\(id)")
        }
        for text in ["", "2nd", "first-name", "a b", "née", "a.b", "$a", "ａ"] {
            #expect(!ExpressionText.isIdentifier(text), "\(text)")
        }
    }

    /// An id is exactly what `$` reads as one reference (the lexer's rule is the same).
    @Test func anIdIsWhatTheLexerReadsAfterADollar() {
        let alphabet: [Unicode.Scalar] = ["a", "Z", "_", "0", "9", "-", " ", "é", "$", "(", "ａ"]
        var random = SeededGenerator(seed: 11)
        for _ in 0..<2_000 {
            let length = Int.random(in: 1...6, using: &random)
            let text = String(
                String.UnicodeScalarView((0..<length).map { _ in alphabet.randomElement(using: &random)! }))
            var reads = false
            if let expression = try? Parser.parse("$" + text), case .reference(let id) = expression.kind {
                reads = id == text
            }
            #expect(ExpressionText.isIdentifier(text) == reads, "\(text.debugDescription)")
        }
    }
}
