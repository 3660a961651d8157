/// One value for each region a field's values fall into, given the values the
/// conditions compare the field with: what lint tries in place of every answer.
///
/// A number compared with 18 and 65 is tried empty, below 18, at 18, between, at 65
/// and above (within its literal `min` and `max`); a choice with each option and
/// empty; a multichoice with the subsets that tell the mentioned options apart; a
/// date the day before, of and after each date it is compared with. The candidates
/// may hold values the field never takes (a wider net only makes fewer claims), never
/// miss a region an exact atom tells apart.
enum ValueCandidates {
    /// Whether a field's values can be listed by region.
    static func isAnalyzable(_ field: FieldDefinition) -> Bool {
        switch field.kind {
        case .switch, .choice, .multichoice: return true
        case .note, .file, .rank, .geopoint, .secure: return false
        default:
            switch field.valueType {
            case .bool?, .number?, .string?, .date?: return true
            default: return false
            }
        }
    }

    /// Whether the candidates are every value the field can hold, not one per region:
    /// a switch, a choice (its options, empty, its default), a multichoice of a few
    /// options (every subset).
    static func listsEveryValue(_ field: FieldDefinition) -> Bool {
        switch field.kind {
        case .switch: true
        case .choice: !field.options.isEmpty
        case .multichoice: !field.options.isEmpty && field.options.count <= 6
        default: false
        }
    }

    /// The candidates of `field` over the values `constants`; `nil` when there would be
    /// too many to tell the regions apart.
    static func of(_ field: FieldDefinition, constants: [Value], neverShown: Bool, clearsHidden: Bool) -> [Value]? {
        if neverShown, clearsHidden, !field.kind.isComputed, field.trigger == nil { return [.null] }
        switch field.kind {
        case .switch: return [.null, .bool(true), .bool(false)]
        case .choice where !field.options.isEmpty:
            var values: [Value] = [.null] + field.options.map { .string($0.value) }
            if case .value(let given)? = field.defaultValue, !values.contains(given) { values.append(given) }
            return values
        case .multichoice: return multichoice(field, constants: constants)
        default: break
        }
        switch field.valueType {
        case .bool?: return [.null, .bool(true), .bool(false)]
        case .number?: return numbers(field, constants: constants)
        case .date?: return dates(field, constants: constants)
        default:
            var values: [Value] = [.null, .string("")]
            for case .string(let text) in constants where !values.contains(.string(text)) {
                values.append(.string(text))
            }
            values.append(.string("\u{2063}another"))
            return values
        }
    }

    private static func numbers(_ field: FieldDefinition, constants: [Value]) -> [Value] {
        let integral = field.step.map { $0 == $0.rounded() && $0 >= 1 } ?? false
        let low: Double? = if case .value(.number(let bound))? = field.minimum { bound } else { nil }
        let high: Double? = if case .value(.number(let bound))? = field.maximum { bound } else { nil }
        var points = Set<Double>()
        for case .number(let number) in constants where number.isFinite { points.insert(number) }
        if points.isEmpty { points = [0, 1] }
        let sorted = points.sorted()
        var tried = Set<Double>()
        for (position, point) in sorted.enumerated() {
            tried.formUnion([point, point.rounded(.down) - 1, point.rounded(.up) + 1, point.rounded(.down)])
            tried.insert(point.rounded(.up))
            if !integral, position + 1 < sorted.count { tried.insert((point + sorted[position + 1]) / 2) }
        }
        if let low { tried.insert(low) }
        if let high { tried.insert(high) }
        let kept = tried.filter { value in
            (low.map { value >= $0 } ?? true) && (high.map { value <= $0 } ?? true)
                && (!integral || value == value.rounded())
        }
        return [.null] + kept.sorted().map(Value.number)
    }

    private static func dates(_ field: FieldDefinition, constants: [Value]) -> [Value] {
        let low: LocalDate? = if case .value(.date(let bound))? = field.minimum { bound } else { nil }
        let high: LocalDate? = if case .value(.date(let bound))? = field.maximum { bound } else { nil }
        var days = Set<Int>()
        for case .date(let date) in constants {
            days.formUnion([date.daysSinceEpoch - 1, date.daysSinceEpoch, date.daysSinceEpoch + 1])
        }
        if let low { days.insert(low.daysSinceEpoch) }
        if let high { days.insert(high.daysSinceEpoch) }
        if days.isEmpty { days = [LocalDate(year: 2000, month: 1, day: 1)!.daysSinceEpoch] }
        let kept = days.filter { day in
            (low.map { day >= $0.daysSinceEpoch } ?? true) && (high.map { day <= $0.daysSinceEpoch } ?? true)
        }
        return [.null] + kept.sorted().map { .date(LocalDate(daysSinceEpoch: $0)) }
    }

    /// Every subset of a few options; of more, every subset of the options the
    /// conditions mention, with none to a few of the others beside them (their count
    /// is all a condition can tell of them).
    private static func multichoice(_ field: FieldDefinition, constants: [Value]) -> [Value]? {
        let options = field.options.map(\.value)
        var mentioned: [String] = []
        var largestCount = 0
        for constant in constants {
            switch constant {
            case .string(let value) where options.contains(value) && !mentioned.contains(value):
                mentioned.append(value)
            case .number(let count) where count.isFinite: largestCount = max(largestCount, Int(min(count, 64)))
            default: break
            }
        }
        let others: [String]
        if options.count <= 6 {
            mentioned = options
            others = []
        } else {
            guard mentioned.count <= 6 else { return nil }
            others = options.filter { !mentioned.contains($0) }
        }
        var values: [Value] = [.null]
        let extraCounts = 0...min(others.count, largestCount + 1)
        for mask in 0..<(1 << mentioned.count) {
            let chosen = mentioned.indices.filter { mask & (1 << $0) != 0 }.map { mentioned[$0] }
            for extra in extraCounts where !(chosen.isEmpty && extra == 0) {
                let selection = Set(chosen + others.prefix(extra))
                values.append(.list(options.filter(selection.contains).map(Value.string)))
            }
        }
        return values
    }
}
