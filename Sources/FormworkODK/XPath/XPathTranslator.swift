import Formwork

/// Translates ODK's XPath into Formwork's expression language, so that the
/// translation computes what JavaRosa, ODK's form engine, computes.
///
/// XPath converts its operands at run time; Formwork's expressions are typed when a
/// form loads. The translation is type-directed: each question's type (from the
/// context) decides which conversions JavaRosa would make, and they are written out.
///
/// ```swift
/// try XPathTranslator.translate("${age} > 5", as: .condition, in: context).text       // $age > 5
/// try XPathTranslator.translate("${sel} = 2", as: .condition, in: context).text       // number($sel) == 2
/// try XPathTranslator.translate("${name} != ''", as: .condition, in: context).text    // not empty($name)
/// try XPathTranslator.translate("selected(${langs}, 'fr')", as: .condition, in: context).text
/// // 'fr' in $langs (when the context knows 'fr' is an option)
/// ```
///
/// JavaRosa's rules, as written out:
/// - An unanswered question reads as `''`; a number computed from nothing is `NaN`.
///   Formwork has `null` for both, so `=` keeps them apart: `${n} = ''` is
///   `empty($n)`, and `'' = ''` holds while `NaN = NaN` does not.
/// - `=` and `!=` compare as booleans when one side is a boolean, else as numbers when
///   one side is a number (an answered number question is one), else as text (a
///   date as `YYYY-MM-DD`, a date and time as its date, a multiple choice as its
///   values joined by spaces).
/// - `<`, `<=`, `>`, `>=` and arithmetic read both sides as numbers (`number('abc')`
///   is `NaN`, so `${date} > '2020-01-01'` is false, as in JavaRosa; dates compare
///   as days).
/// - `and`, `or`, `not()` read `boolean()`: `''`, `0` and `NaN` are false.
/// - A question inside a repeat read from outside it is the list of its values
///   (`sum(${f})` is `sum($rep.f)`); read in an entry of its repeat it is that
///   entry's value. Read as one value where there may be several, it is
///   unsupported: JavaRosa fails as soon as there are two.
///
/// Where Formwork cannot compute what JavaRosa computes, the error is `.unsupported`
/// and says why; expressions JavaRosa rejects whatever the answers are `.syntax`.
enum XPathTranslator {
    /// Translates an XPath expression, as `use` needs it.
    ///
    /// - Parameters:
    ///   - xpath: An expression as an XLSForm cell or an XForm bind writes it.
    ///   - use: `.condition` gives a boolean (`boolean()` of the value), `.value` the
    ///     value with its type, `.text` the value as JavaRosa writes it as text.
    ///   - context: Where the expression is, how names resolve, and the loader's
    ///     limits (a longer expression than Formwork reads is `.unsupported`).
    /// - Returns: Formwork expression text and its type.
    /// - Throws: `TranslationError`: `.syntax`, `.unknownReference` or
    ///   `.unsupported`, at an offset in `xpath`.
    static func translate(
        _ xpath: String, as use: ExpressionUse, in context: XPathContext
    ) throws(TranslationError) -> TranslatedExpression {
        try translate(xpath, as: use, in: context, keepingFirstValue: false).expression
    }

    /// Translates a calculation: a whole `once(x)` is `x`, with `keepsFirstValue`
    /// true — the field keeps its first value (`once: true`), as JavaRosa's `once()`
    /// computes `x` only while the question is empty. Otherwise as
    /// `translate(_:as:in:)`.
    static func translate(
        _ xpath: String, as use: ExpressionUse, in context: XPathContext, keepingFirstValue: Bool
    ) throws(TranslationError) -> (expression: TranslatedExpression, keepsFirstValue: Bool) {
        try TranslationError.checkLength(of: xpath, limits: context.limits)
        var expression = try XPathParser.parse(xpath)
        var keeps = false
        if keepingFirstValue, case .call("once", let arguments, _) = expression, arguments.count == 1 {
            expression = arguments[0]
            keeps = true
        }
        let translation = XPathTranslation(context: context)
        let operand = try translation.translate(expression)
        var result: XPathOperand
        switch use {
        case .condition: result = try translation.boolean(operand, at: expression.offset)
        case .text:
            result = try translation.text(operand, at: expression.offset)
            result.kind = .text
        case .value: result = try translation.value(operand, at: expression.offset)
        }
        return (TranslatedExpression(text: result.code, type: result.kind.valueType), keeps)
    }
}

/// One translation: the context, and the walk over the expression.
struct XPathTranslation {
    let context: XPathContext

    /// The operand an expression is.
    func translate(_ expression: XPathExpression) throws(TranslationError) -> XPathOperand {
        switch expression {
        case .number(let text, let offset):
            guard let number = Double(text.hasSuffix(".") ? text + "0" : text) else {
                throw TranslationError(.syntax, message: "'\(text)' is not a number", offset: offset)
            }
            return .number(number)
        case .string(let text, _):
            return .text(text)
        case .reference(let name, let offset):
            guard let symbol = context.name(name) else {
                throw TranslationError(
                    .unknownReference(name, suggestion: nil), message: "'\(name)' names no question", offset: offset)
            }
            return try read(symbol, absolute: false, at: offset)
        case .path(let path, let offset):
            return try self.path(path, at: offset)
        case .step(let base, let path, let offset):
            if let data = try dataPath(expression) { return try readData(data, all: false) }
            return try step(base, path, at: offset)
        case .predicate(let base, _, let offset):
            if let data = try dataPath(expression) { return try readData(data, all: false) }
            var root = base
            while case .step(let inner, _, _) = root { root = inner }
            if case .call("instance", _, let at) = root {
                throw unsupported("instance() lookups (choices or data read from a list)", at: at)
            }
            throw unsupported("a predicate ([…]) that selects nodes", at: offset)
        case .call(let name, let arguments, let offset):
            return try call(name, arguments, at: offset)
        case .negation(let operand, _):
            let value = try number(try translate(operand), at: operand.offset)
            if case .number(let literal)? = value.literal { return .number(-literal) }
            return XPathOperand(
                code: "-" + value.code(.unary), kind: .number, absence: value.absence == .never ? .never : .nan,
                precedence: .unary, readsAnswers: value.readsAnswers)
        case .chain(let first, let links, _):
            return try chain(first, links)
        }
    }

    /// An error for what Formwork cannot compute, naming it.
    func unsupported(_ what: String, at offset: Int) -> TranslationError {
        TranslationError(.unsupported, message: what, offset: offset)
    }

    /// An error for what JavaRosa rejects whatever the answers.
    func invalid(_ message: String, at offset: Int) -> TranslationError {
        TranslationError(.syntax, message: message, offset: offset)
    }

    /// The result of a `.value` use: the operand, if it is one value.
    func value(_ operand: XPathOperand, at offset: Int) throws(TranslationError) -> XPathOperand {
        try single(operand, at: offset)
        return operand
    }
}

extension XPathOperand.Kind {
    /// The Formwork type of a value of this kind (the type `TranslatedExpression`
    /// reports).
    var valueType: ValueType {
        switch self {
        case .bool: return .bool
        case .number: return .number
        case .text, .choice: return .string
        case .multichoice: return .list(.string)
        case .date: return .date
        case .dateTime: return .dateTime
        case .time: return .time
        case .geopoint: return .geopoint
        case .list(let element): return .list(element.valueType)
        case .entries, .entry: return .list(.null)
        }
    }
}
