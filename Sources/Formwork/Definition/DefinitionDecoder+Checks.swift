extension DefinitionDecoder {
    /// Checks literal constraints: ranges in order, positive steps and lengths,
    /// selection bounds within the options, and defaults the field would accept.
    mutating func checkConstraints(_ environment: ExpressionEnvironment) {
        // Definitions are passed, not bound to locals, and nothing else of `self` is
        // mutated meanwhile: either would copy every (large) definition.
        var found = DiagnosticCollector()
        for index in definitions.indices {
            Self.checkLiteralConstraints(definitions[index], fieldNodes[index], collector: &found)
        }
        for diagnostic in found.diagnostics { collector.report(diagnostic) }
        for index in definitions.indices {
            if let node = fieldNodes[index].defaultNode {
                definitions[index].defaultValue = decodeDefault(node, for: definitions[index], environment: environment)
            }
        }
    }

    static func checkLiteralConstraints(
        _ field: FieldDefinition, _ nodes: FieldNodes, collector: inout DiagnosticCollector
    ) {
        if case .value(let low)? = field.minimum, case .value(let high)? = field.maximum,
            let order = Semantics.order(low, high), order > 0
        {
            collector.report(
                .rangeInverted(lowerKey: "min", lower: low.plainText, upperKey: "max", upper: high.plainText),
                at: nodes.minimumNode?.location ?? field.location)
        }
        if let step = field.step, step <= 0 {
            collector.report(
                .notPositive(key: "step", value: JSONText.format(step), allowZero: false),
                at: nodes.stepNode?.location ?? field.location)
        }
        checkCounts(
            field.location, lowerKey: "minLength", upperKey: "maxLength", field.minLength, field.maxLength,
            nodes: nodes.lengthNodes, collector: &collector)
        checkCounts(
            field.location, lowerKey: "minSelected", upperKey: "maxSelected", field.minSelected, field.maxSelected,
            nodes: nodes.selectionNodes, collector: &collector)
        if let minSelected = field.minSelected, !field.options.isEmpty, minSelected > field.options.count {
            collector.report(
                .selectionBound(key: "minSelected", value: minSelected, optionCount: field.options.count),
                at: nodes.selectionNodes["minSelected"]?.location ?? field.location)
        }
    }

    static func checkCounts(
        _ location: SourceLocation, lowerKey: String, upperKey: String, _ lower: Int?, _ upper: Int?,
        nodes: [String: SyntaxNode], collector: inout DiagnosticCollector
    ) {
        for (key, value) in [(lowerKey, lower), (upperKey, upper)] {
            if let value, value < 0 {
                collector.report(
                    .notPositive(key: key, value: "\(value)", allowZero: true),
                    at: nodes[key]?.location ?? location)
            }
        }
        if let lower, let upper, lower > upper {
            collector.report(
                .rangeInverted(lowerKey: lowerKey, lower: "\(lower)", upperKey: upperKey, upper: "\(upper)"),
                at: nodes[lowerKey]?.location ?? location)
        }
    }

    /// A default read like a value in a values file, and checked like one; or, for any
    /// kind, `{ expression: "…" }`: an expression of the field's type that reads no
    /// field, computed when the form starts (`string(today())` in a text field).
    mutating func decodeDefault(
        _ node: SyntaxNode, for field: FieldDefinition, environment: ExpressionEnvironment
    ) -> Bound? {
        if let pairs = node.pairs {
            guard pairs.count == 1, pairs[0].key.scalarText == "expression", let type = field.valueType else {
                collector.report(
                    .wrongType(
                        key: "default", expected: "a value, or { expression: … } computed when the form starts",
                        found: node.typeDescription),
                    at: node)
                return nil
            }
            guard let compiled = compile(pairs[0].value, key: "default", expecting: type, environment: environment)
            else { return nil }
            if let reference = compiled.references.first {
                collector.report(
                    .resultType(
                        context: "'default'", expected: "\(type) that reads no field",
                        found: "an expression reading $\(reference)"), at: pairs[0].value)
                return nil
            }
            return .expression(compiled)
        }
        if field.kind.isTemporal, let text = node.scalarText, field.kind.temporalLiteral(text) == nil, !text.isEmpty {
            guard
                case .expression(let compiled)? = temporalBound(
                    node, key: "default", kind: field.kind, environment: environment)
            else { return nil }
            if let reference = compiled.references.first {
                collector.report(
                    .resultType(
                        context: "'default'", expected: "\(field.valueType ?? .date) that reads no field",
                        found: "an expression reading $\(reference)"), at: node)
                return nil
            }
            return .expression(compiled)
        }
        switch ValueReader.value(from: node, for: field) {
        case .failure(let error):
            collector.report(.invalidDefault(field: field.id, reason: error), at: node)
            return nil
        case .success(let value):
            let bounds = (field.minimum?.literal ?? .null, field.maximum?.literal ?? .null)
            if let error = FieldValues.check(value, for: field, minimum: bounds.0, maximum: bounds.1, limits: limits) {
                collector.report(.invalidDefault(field: field.id, reason: error), at: node)
                return nil
            }
            return value.isNull ? nil : .value(value)
        }
    }
}

extension Bound {
    /// The literal, when the bound is one.
    var literal: Value? {
        if case .value(let value) = self { return value }
        return nil
    }
}

extension Value {
    /// The value as a person reads it: text without quotes, numbers without `.0`.
    public var plainText: String {
        switch self {
        case .null: return ""
        case .bool(let flag): return flag ? "yes" : "no"
        case .number(let number): return JSONText.format(number)
        case .string(let text): return text
        case .date(let date): return date.description
        case .time(let time): return time.description
        case .dateTime(let dateTime): return dateTime.date.description + " " + dateTime.time.description
        case .geopoint(let point): return point.description
        case .list(let elements): return elements.map(\.plainText).joined(separator: ", ")
        }
    }
}

/// Reads a value for a field from a syntax node (values files and defaults), as the
/// field's kind reads it (`KindSpecification.read`): text kinds take any scalar's
/// text, so `zip: 01234` stays text.
enum ValueReader {
    static func value(from node: SyntaxNode, for field: FieldDefinition) -> Result<Value, FieldError> {
        if node.isNullScalar { return .success(.null) }
        return field.kind.specification.read(node, for: field)
    }
}
