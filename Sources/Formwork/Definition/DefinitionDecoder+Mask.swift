/// `mask`: how a text or number field's value is typed at the prompt (`InputMask`).
///
/// ```yaml
/// mask: "+1(999)999-99-99"                       # a pattern: 9 a digit, a a letter, # either
/// mask: { pattern: "aa-999", keep: true }        # the value keeps the mask's literals
/// mask: { number: { precision: 2, prefix: "$", min: 0 } }
/// mask: { dateTime: "mm/dd/yyyy" }               # held as YYYY-MM-DD
/// ```
extension DefinitionDecoder {
    static let maskKeys = ["pattern", "keep", "number", "dateTime"]
    static let numberMaskKeys = [
        "precision", "prefix", "suffix", "decimalSeparator", "thousandsSeparator", "allowNegative", "min", "max",
    ]

    mutating func decodeMask(_ reader: MappingReader, _ pending: inout PendingField) {
        guard let node = reader["mask"] else { return }
        if let pattern = node.scalarText {
            pending.definition.mask = pattern.isEmpty ? nil : .pattern(pattern)
            return
        }
        guard
            let mask = MappingReader(node, context: "mask", key: "mask", allowed: Self.maskKeys, collector: &collector)
        else { return }
        let written = Self.maskKeys.filter { mask.has($0) && $0 != "keep" }
        guard written.count == 1 else {
            collector.report(
                .wrongType(
                    key: "mask", expected: "one of 'pattern', 'number' or 'dateTime'",
                    found: written.isEmpty ? "none" : written.map { "'\($0)'" }.joined(separator: " and ")),
                at: node)
            return
        }
        switch written[0] {
        case "pattern":
            guard let pattern = mask.requiredText("pattern", collector: &collector, limits: limits) else { return }
            pending.definition.mask = .pattern(pattern, keepsMask: mask.bool("keep", collector: &collector) ?? false)
        case "dateTime":
            guard let pattern = mask.requiredText("dateTime", collector: &collector, limits: limits) else { return }
            pending.definition.mask = .dateTime(pattern)
        default:
            guard
                let settings = MappingReader(
                    mask["number"]!, context: "a number mask", key: "number", allowed: Self.numberMaskKeys,
                    collector: &collector)
            else { return }
            var number = NumericMask()
            if let precision = settings.integer("precision", collector: &collector) {
                number.precision = max(0, min(precision, 15))
            }
            number.prefix = settings.text("prefix", collector: &collector, limits: limits) ?? ""
            number.suffix = settings.text("suffix", collector: &collector, limits: limits) ?? ""
            if let decimal = settings.text("decimalSeparator", collector: &collector, limits: limits),
                let first = decimal.first
            {
                number.decimalSeparator = first
            }
            if let thousands = settings.text("thousandsSeparator", collector: &collector, limits: limits) {
                number.thousandsSeparator = thousands.first
            }
            number.allowsNegative = settings.bool("allowNegative", collector: &collector) ?? true
            number.minimum = settings.number("min", collector: &collector)
            number.maximum = settings.number("max", collector: &collector)
            pending.definition.mask = .numeric(number)
        }
    }

    /// The definition schema of `mask`.
    static var maskSchema: JSONOutput {
        let text: JSONOutput = .object([("type", "string")])
        let number: JSONOutput = .object(
            [
                ("type", "object"), ("additionalProperties", false),
                (
                    "properties",
                    .object(
                        numberMaskKeys.map { key in
                            switch key {
                            case "precision": return (key, .object([("type", "integer"), ("minimum", 0)]))
                            case "min", "max": return (key, .object([("type", "number")]))
                            case "allowNegative": return (key, .object([("type", "boolean")]))
                            default: return (key, text)
                            }
                        })
                ),
            ])
        return DefinitionSchema.described(
            .object([
                (
                    "oneOf",
                    .array([
                        text,
                        .object([
                            ("type", "object"), ("additionalProperties", false),
                            (
                                "properties",
                                .object([
                                    ("pattern", text), ("keep", .object([("type", "boolean")])), ("number", number),
                                    ("dateTime", text),
                                ])
                            ),
                        ]),
                    ])
                )
            ]),
            "How the value is typed at the prompt: a pattern (9 a digit, a a letter, # either), a number's "
                + "separators, decimals and currency sign, or a date's pattern (mm/dd/yyyy).")
    }
}
