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
    public let parts: [Part]

    /// The ids the expressions read, in order of appearance (no repeats).
    public var references: [String] {
        var seen = Set<String>()
        return parts.flatMap { part -> [String] in
            guard case .expression(let expression) = part else { return [] }
            return expression.references.filter { seen.insert($0).inserted }
        }
    }

    /// Whether an expression of the text reads its entry's position (`index()`).
    var usesIndex: Bool {
        parts.contains { part in
            if case .expression(let expression) = part { return expression.expression.usesIndex }
            return false
        }
    }

    /// Whether the text reads anything (else it is the same for every answer).
    public var isConstant: Bool {
        !parts.contains { if case .expression = $0 { return true } else { return false } }
    }

    /// Parses the text and checks each expression in `environment`.
    ///
    /// - Throws: `ExpressionErrors`, with offsets in the whole text.
    public init(_ source: String, environment: ExpressionEnvironment) throws(ExpressionErrors) {
        self.source = source
        let scalars = Array(source.unicodeScalars)
        var parts: [Part] = []
        var errors: [ExpressionError] = []
        var text = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            let next: Unicode.Scalar? = index + 1 < scalars.count ? scalars[index + 1] : nil
            if (scalar == "{" && next == "{") || (scalar == "}" && next == "}") {
                text.append(scalar)
                index += 2
                continue
            }
            if scalar == "}" {
                errors.append(
                    ExpressionError(
                        .unexpectedToken(found: "'}' without its '{'", expected: "'}}' for a brace"),
                        offset: index))
                index += 1
                continue
            }
            guard scalar == "{" else {
                text.append(scalar)
                index += 1
                continue
            }
            guard let end = Self.closingBrace(in: scalars, from: index + 1) else {
                errors.append(
                    ExpressionError(
                        .unexpectedToken(found: "'{' without its '}'", expected: "'{{' for a brace"),
                        offset: index))
                break
            }
            if !text.isEmpty { parts.append(.text(String(text))) }
            text = String.UnicodeScalarView()
            let inner = String(String.UnicodeScalarView(scalars[(index + 1)..<end]))
            do {
                parts.append(.expression(try CompiledExpression(inner, environment: environment)))
            } catch {
                errors += error.errors.map {
                    ExpressionError($0.problem, offset: $0.offset + index + 1, length: $0.length)
                }
            }
            index = end + 1
        }
        if !text.isEmpty { parts.append(.text(String(text))) }
        guard errors.isEmpty else { throw ExpressionErrors(errors: errors) }
        self.parts = parts
    }

    /// A text without expressions.
    public init(literal: String) {
        source = literal
        parts = literal.isEmpty ? [] : [.text(literal)]
    }

    /// The index of the `}` that closes the expression starting at `start`, skipping
    /// quoted strings.
    static func closingBrace(in scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var index = start
        var quote: Unicode.Scalar?
        while index < scalars.count {
            let scalar = scalars[index]
            if let open = quote {
                if scalar == "\\" {
                    index += 2
                    continue
                }
                if scalar == open { quote = nil }
            } else if scalar == "'" || scalar == "\"" {
                quote = scalar
            } else if scalar == "}" {
                return index
            }
            index += 1
        }
        return nil
    }

    /// The text with every expression's current value.
    public func render(_ context: EvaluationContext) -> String {
        var result = ""
        for part in parts {
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
