import Formwork

/// ODK's functions, one table: each name with the arguments it takes and how it is
/// written in Formwork; the functions Formwork cannot compute, with why.
extension XPathTranslation {
    typealias Translate =
        @Sendable (XPathTranslation, [XPathExpression], Int) throws(TranslationError) ->
        XPathOperand

    /// A function of ODK's XPath that has a translation.
    struct Function: Sendable {
        let arity: ClosedRange<Int>
        let translate: Translate

        init(_ arity: ClosedRange<Int>, _ translate: @escaping Translate) {
            self.arity = arity
            self.translate = translate
        }
    }

    static let many = Int.max

    static let functions: [String: Function] = [
        // Booleans
        "true": Function(0...0) { _, _, _ in .bool(true) },
        "false": Function(0...0) { _, _, _ in .bool(false) },
        "boolean": Function(1...1) { t, a, _ throws(TranslationError) in
            try t.boolean(try t.translate(a[0]), at: a[0].offset)
        },
        "not": Function(1...1) { t, a, _ throws(TranslationError) in
            t.negated(try t.boolean(try t.translate(a[0]), at: a[0].offset))
        },
        "boolean-from-string": Function(1...1) { t, a, _ throws(TranslationError) in try t.booleanFromString(a[0])
        },
        "if": Function(3...3) { t, a, _ throws(TranslationError) in try t.ifThenElse(a) },
        "coalesce": Function(2...2) { t, a, _ throws(TranslationError) in try t.coalesce(a) },
        // Numbers
        "number": Function(1...1) { t, a, _ throws(TranslationError) in
            try t.number(try t.translate(a[0]), at: a[0].offset)
        },
        "random": Function(0...0) { _, _, _ in
            .call("random", [], kind: .number, absence: .never, readsAnswers: false)
        },
        "int": Function(1...1) { t, a, _ throws(TranslationError) in try t.numeric("int", a) },
        "abs": Function(1...1) { t, a, _ throws(TranslationError) in try t.numeric("abs", a) },
        "sqrt": Function(1...1) { t, a, _ throws(TranslationError) in try t.numeric("sqrt", a) },
        "pow": Function(2...2) { t, a, _ throws(TranslationError) in try t.numeric("pow", a) },
        "round": Function(1...2) { t, a, _ throws(TranslationError) in try t.round(a) },
        "pi": Function(0...0) { _, _, _ in .number(Double.pi) },
        "exp": Function(1...1) { t, a, _ throws(TranslationError) in try t.numeric("exp", a) },
        "exp10": Function(1...1) { t, a, _ throws(TranslationError) in try t.numeric("exp10", a) },
        "log": Function(1...1) { t, a, _ throws(TranslationError) in try t.numeric("log", a) },
        "log10": Function(1...1) { t, a, _ throws(TranslationError) in try t.numeric("log10", a) },
        "sin": Function(1...1) { t, a, _ throws(TranslationError) in try t.numeric("sin", a) },
        "cos": Function(1...1) { t, a, _ throws(TranslationError) in try t.numeric("cos", a) },
        "tan": Function(1...1) { t, a, _ throws(TranslationError) in try t.numeric("tan", a) },
        "asin": Function(1...1) { t, a, _ throws(TranslationError) in try t.numeric("asin", a) },
        "acos": Function(1...1) { t, a, _ throws(TranslationError) in try t.numeric("acos", a) },
        "atan": Function(1...1) { t, a, _ throws(TranslationError) in try t.numeric("atan", a) },
        "atan2": Function(2...2) { t, a, _ throws(TranslationError) in try t.numeric("atan2", a) },
        // Text
        "string": Function(0...1) { t, a, o throws(TranslationError) in
            try t.explicitText(a.isEmpty ? try t.current(at: o) : try t.translate(a[0]), at: a.first?.offset ?? o)
        },
        "concat": Function(0...many) { t, a, _ throws(TranslationError) in try t.concat(a) },
        "join": Function(1...many) { t, a, _ throws(TranslationError) in try t.join(a) },
        "string-length": Function(0...1) { t, a, o throws(TranslationError) in try t.stringLength(a, at: o) },
        "contains": Function(2...2) { t, a, _ throws(TranslationError) in try t.affix("contains", a) },
        "starts-with": Function(2...2) { t, a, _ throws(TranslationError) in try t.affix("starts-with", a) },
        "ends-with": Function(2...2) { t, a, _ throws(TranslationError) in try t.affix("ends-with", a) },
        "substr": Function(2...3) { t, a, _ throws(TranslationError) in try t.substr(a) },
        "normalize-space": Function(0...1) { t, a, o throws(TranslationError) in
            try t.textual("normalize-space", a.isEmpty ? [] : a, current: a.isEmpty ? o : nil)
        },
        "translate": Function(3...3) { t, a, _ throws(TranslationError) in try t.textual("translate", a) },
        "substring-before": Function(2...2) { t, a, _ throws(TranslationError) in
            try t.textual("substring-before", a)
        },
        "substring-after": Function(2...2) { t, a, _ throws(TranslationError) in try t.textual("substring-after", a) },
        "base64-decode": Function(1...1) { t, a, _ throws(TranslationError) in try t.textual("base64-decode", a) },
        "checklist": Function(2...many) { t, a, _ throws(TranslationError) in try t.checklist(a, weighted: false) },
        "weighted-checklist": Function(2...many) { t, a, _ throws(TranslationError) in
            try t.checklist(a, weighted: true)
        },
        "regex": Function(2...2) { t, a, _ throws(TranslationError) in try t.regex(a) },
        "uuid": Function(0...1) { t, a, _ throws(TranslationError) in try t.uuid(a) },
        "digest": Function(2...3) { t, a, _ throws(TranslationError) in try t.digest(a) },
        "extract-signed": Function(2...2) { t, a, _ throws(TranslationError) in try t.textual("extract-signed", a) },
        // Choices
        "selected": Function(2...2) { t, a, _ throws(TranslationError) in try t.selected(a) },
        "is-selected": Function(2...2) { t, a, _ throws(TranslationError) in try t.selected(a) },
        "count-selected": Function(1...1) { t, a, _ throws(TranslationError) in try t.countSelected(a[0]) },
        "selected-at": Function(2...2) { t, a, _ throws(TranslationError) in try t.selectedAt(a) },
        "jr:choice-name": Function(2...2) { t, a, o throws(TranslationError) in try t.choiceName(a, at: o) },
        // Repeats
        "count": Function(1...1) { t, a, _ throws(TranslationError) in try t.count(a[0]) },
        "count-non-empty": Function(1...1) { t, a, _ throws(TranslationError) in try t.countNonEmpty(a[0]) },
        "sum": Function(1...1) { t, a, _ throws(TranslationError) in try t.sum(a[0]) },
        "max": Function(1...many) { t, a, _ throws(TranslationError) in try t.extreme("max", a) },
        "min": Function(1...many) { t, a, _ throws(TranslationError) in try t.extreme("min", a) },
        "indexed-repeat": Function(3...11) { t, a, o throws(TranslationError) in try t.indexedRepeat(a, at: o) },
        "position": Function(0...1) { t, a, o throws(TranslationError) in try t.position(a, at: o) },
        "randomize": Function(1...2) { t, a, o throws(TranslationError) in try t.randomize(a, at: o) },
        // Dates
        "today": Function(0...0) { _, _, _ in .call("today", [], kind: .date, absence: .never, readsAnswers: false) },
        "now": Function(0...0) { _, _, _ in .call("now", [], kind: .dateTime, absence: .never, readsAnswers: false) },
        "date": Function(1...1) { t, a, _ throws(TranslationError) in try t.date(a[0]) },
        "date-time": Function(1...1) { t, a, _ throws(TranslationError) in try t.dateTime(a[0]) },
        "decimal-date-time": Function(1...1) { t, a, _ throws(TranslationError) in try t.decimalDateTime(a[0]) },
        "decimal-time": Function(1...1) { t, a, _ throws(TranslationError) in try t.decimalTime(a[0]) },
        "format-date": Function(2...2) { t, a, _ throws(TranslationError) in try t.formatDate(a) },
        "format-date-time": Function(2...2) { t, a, _ throws(TranslationError) in try t.formatDate(a) },
        // Places
        "distance": Function(1...many) { t, a, o throws(TranslationError) in try t.distance(a, at: o) },
        "area": Function(1...1) { t, a, _ throws(TranslationError) in try t.area(a[0], name: "area") },
        "enclosed-area": Function(1...1) { t, a, _ throws(TranslationError) in try t.area(a[0], name: "enclosed-area")
        },
        "geofence": Function(2...2) { t, a, _ throws(TranslationError) in try t.geofence(a) },
        // The expression itself
        "current": Function(0...0) { t, _, o throws(TranslationError) in try t.current(at: o) },
        // The form and the device
        "version": Function(0...0) { t, _, _ in .text(t.context.formVersion) },
        "property": Function(1...1) { t, a, o throws(TranslationError) in try t.property(a[0], at: o) },
        // Secondary instances
        "pulldata": Function(4...4) { t, a, o throws(TranslationError) in try t.pulldata(a, at: o) },
        "jr:itext": Function(1...1) { t, a, o throws(TranslationError) in try t.itext(a[0], at: o) },
        "once": Function(1...1) { t, a, o throws(TranslationError) in try t.once(a[0], at: o) },
        "depend": Function(1...many) { t, a, _ throws(TranslationError) in try t.translate(a[0]) },
    ]

    /// Functions of ODK forms that have no translation, and why.
    static let unsupportedFunctions: [String: String] = [
        "instance": "an instance is read through a path: instance('list')/root/item[name = ${x}]/label"
    ].merging(notInJavaRosa.map { ($0, Self.notInJavaRosaReason) }) { a, _ in a }

    /// Functions of XPath 1.0 that JavaRosa does not have: a form that calls one does
    /// not load in ODK Collect.
    static let notInJavaRosa = [
        "last", "local-name", "name", "namespace-uri", "id", "lang", "substring", "floor", "ceiling", "sum-product",
    ]
    static let notInJavaRosaReason = "JavaRosa has no such function (a form using it does not load in ODK Collect)"

    func call(
        _ name: String, _ arguments: [XPathExpression], at offset: Int
    ) throws(TranslationError)
        -> XPathOperand
    {
        guard let function = Self.functions[name] else {
            if let reason = Self.unsupportedFunctions[name] {
                throw unsupported("\(name)(): \(reason)", at: offset)
            }
            throw unsupported("\(name)() is not a function of ODK forms (JavaRosa has none of that name)", at: offset)
        }
        guard function.arity.contains(arguments.count) else {
            let range = function.arity
            let expected =
                range.upperBound == Self.many
                ? "at least \(range.lowerBound)"
                : range.lowerBound == range.upperBound
                    ? "\(range.lowerBound)" : "\(range.lowerBound) to \(range.upperBound)"
            let noun = expected == "1" ? "argument" : "arguments"
            throw invalid("\(name)() takes \(expected) \(noun), not \(arguments.count)", at: offset)
        }
        return try function.translate(self, arguments, offset)
    }

    // MARK: Booleans and conversions

    func booleanFromString(_ argument: XPathExpression) throws(TranslationError) -> XPathOperand {
        let text = try text(try translate(argument), at: argument.offset)
        if case .text(let value)? = text.literal { return .bool(value.lowercased() == "true" || value == "1") }
        return XPathOperand(
            code: "lower(\(text.code)) in ['true', '1']", kind: .bool, absence: .never, precedence: .comparison,
            readsAnswers: text.readsAnswers)
    }

    func ifThenElse(_ arguments: [XPathExpression]) throws(TranslationError) -> XPathOperand {
        let condition = try boolean(try translate(arguments[0]), at: arguments[0].offset)
        if case .bool(let flag)? = condition.literal { return try translate(arguments[flag ? 1 : 2]) }
        let (then, otherwise, kind) = try unified(
            try translate(arguments[1]), try translate(arguments[2]), at: (arguments[1].offset, arguments[2].offset))
        return .call(
            "if", [condition.code, then.code, otherwise.code], kind: kind,
            absence: Self.absence(then.absence, otherwise.absence),
            readsAnswers: condition.readsAnswers || then.readsAnswers || otherwise.readsAnswers)
    }

    /// JavaRosa's `coalesce`: the second when the first is `''` or `NaN`.
    func coalesce(_ arguments: [XPathExpression]) throws(TranslationError) -> XPathOperand {
        let (first, second, kind) = try unified(
            try translate(arguments[0]), try translate(arguments[1]), at: (arguments[0].offset, arguments[1].offset))
        if first.absence == .never { return first }
        return .call(
            "coalesce", [first.code, second.code], kind: kind, absence: second.absence,
            readsAnswers: first.readsAnswers || second.readsAnswers)
    }

    /// `name(numbers…)`: `int`, `abs`, `sqrt`, `pow`, the exponentials, logarithms
    /// and trigonometry.
    func numeric(_ name: String, _ arguments: [XPathExpression]) throws(TranslationError) -> XPathOperand {
        var codes: [String] = []
        var reads = false
        for argument in arguments {
            let operand = try number(try translate(argument), at: argument.offset)
            if operand.isNaN { return .number(.nan) }
            codes.append(operand.code)
            reads = reads || operand.readsAnswers
        }
        return .call(name, codes, kind: .number, absence: .nan, readsAnswers: reads)
    }

    /// `checklist(min, max, c…)` and `weighted-checklist(min, max, c, w, …)`: the bounds
    /// as numbers, each condition as XPath's `boolean()`, each weight as a number.
    func checklist(_ arguments: [XPathExpression], weighted: Bool) throws(TranslationError) -> XPathOperand {
        guard arguments.count >= 3, !weighted || arguments.count % 2 == 0 else {
            throw invalid(
                weighted
                    ? "weighted-checklist() takes min, max and pairs of a condition and its weight"
                    : "checklist() takes min, max and at least one condition", at: arguments.first?.offset ?? 0)
        }
        var codes: [String] = []
        var reads = false
        for (index, argument) in arguments.enumerated() {
            let translated = try translate(argument)
            let isNumber = index < 2 || (weighted && (index - 2) % 2 == 1)
            let operand =
                isNumber ? try number(translated, at: argument.offset) : try boolean(translated, at: argument.offset)
            codes.append(isNumber && operand.absence != .never ? "coalesce(\(operand.code), 0)" : operand.code)
            reads = reads || operand.readsAnswers
        }
        return .call(
            weighted ? "weighted-checklist" : "checklist", codes, kind: .bool, absence: .never, readsAnswers: reads)
    }

    /// `round(x, digits)`: JavaRosa truncates the digits to a whole number.
    func round(_ arguments: [XPathExpression]) throws(TranslationError) -> XPathOperand {
        let value = try number(try translate(arguments[0]), at: arguments[0].offset)
        if value.isNaN { return value }
        guard arguments.count == 2 else {
            return .call("round", [value.code], kind: .number, absence: .nan, readsAnswers: value.readsAnswers)
        }
        let digits = try number(try translate(arguments[1]), at: arguments[1].offset)
        let code: String
        switch digits.literal {
        case .number(let places)? where places.isNaN: code = "0"
        case .number(let places)?: code = XPathOperand.number(places.rounded(.towardZero)).code
        default: code = "int(\(digits.code))"
        }
        return .call(
            "round", code == "0" ? [value.code] : [value.code, code], kind: .number, absence: .nan,
            readsAnswers: value.readsAnswers || digits.readsAnswers)
    }

    /// `once(x)` inside an expression. A calculation that is `once(x)` keeps its
    /// first value (see `XPathTranslator.translate(_:as:in:keepingFirstValue:)`);
    /// within an expression, Formwork fixes `now()`, `today()`, `uuid()` and `random()`
    /// for a session, so `once()` of what reads no answer is the value itself; of
    /// answers, it is unsupported.
    func once(_ argument: XPathExpression, at offset: Int) throws(TranslationError) -> XPathOperand {
        let operand = try translate(argument)
        guard !operand.readsAnswers else {
            throw unsupported(
                "once() of answers inside an expression (a calculation that is once(…) keeps its first value)",
                at: offset)
        }
        return operand
    }
}
