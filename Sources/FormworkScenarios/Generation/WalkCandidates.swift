import Formwork

/// The values a walk tries for each question, as text typed at the prompt: what its
/// kind takes (a few numbers, dates, words; the options offered now), and for every
/// constant a condition compares it with — `$age < 5`, `selected(${q}, 'yes')` — that
/// constant and its neighbours (4, 5, 6; the day before and after), and its bounds,
/// so that walks reach both sides of the form's conditions.
struct WalkCandidates: Sendable {
    /// Per field id: the constants its conditions compare it with, as typed.
    let constants: [String: [String]]
    /// The fields a repeat's `count` reads: given a few entries' worth (0 to 3), so
    /// that a walk does not make a hundred entries of a form.
    let countDrivers: Set<String>
    let today: LocalDate

    init(_ definition: FormDefinition, today: LocalDate) {
        self.today = today
        var constants: [String: [String]] = [:]
        func add(_ field: String, _ literal: Value) {
            let id = FieldPath(field)?.name ?? field
            var texts: [String] = []
            switch literal {
            case .number(let number):
                texts = [number - 1, number, number + 1].map { Value.number($0).description }
            case .string(let text) where !text.isEmpty: texts = [text]
            case .date(let date): texts = [date.adding(days: -1), date, date.adding(days: 1)].map(\.description)
            case .bool(let flag): texts = [flag ? "yes" : "no"]
            default: break
            }
            for text in texts where !(constants[id]?.contains(text) ?? false) {
                constants[id, default: []].append(text)
            }
        }
        func visit(_ expression: Expression) {
            switch expression.kind {
            case .binary(let operation, let left, let right):
                if Self.comparisons.contains(operation) {
                    if let field = Self.reference(in: left), case .literal(let value) = right.kind { add(field, value) }
                    if let field = Self.reference(in: right), case .literal(let value) = left.kind { add(field, value) }
                }
                visit(left)
                visit(right)
            case .call(_, let arguments):
                if let field = arguments.lazy.compactMap(Self.reference).first {
                    for argument in arguments { if case .literal(let value) = argument.kind { add(field, value) } }
                }
                arguments.forEach(visit)
            case .unary(_, let operand): visit(operand)
            case .list(let elements): elements.forEach(visit)
            case .literal, .reference: break
            }
        }
        for field in definition.fields {
            for (_, expression) in field.expressions { visit(expression.expression) }
            for bound in [field.minimum, field.maximum] {
                if case .value(let value)? = bound { add(field.id, value) }
            }
        }
        // What a count reads, and what the calculations it reads read, on down.
        var drivers = Set<String>()
        var queue = definition.repeats.flatMap { $0.count?.references ?? [] }
        while let reference = queue.popLast() {
            let id = FieldPath(reference)?.name ?? reference
            guard drivers.insert(id).inserted, let field = definition.field(id) else { continue }
            queue += field.value?.references ?? []
        }
        countDrivers = drivers
        for section in definition.sections { if let visible = section.visible { visit(visible.expression) } }
        for group in definition.repeats { if let visible = group.visible { visit(visible.expression) } }
        self.constants = constants
    }

    static let comparisons: Set<BinaryOperator> = [
        .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual, .in,
    ]

    /// The field an operand reads, through a conversion or a count (`number($age)`).
    static func reference(in expression: Expression) -> String? {
        switch expression.kind {
        case .reference(let name): return name
        case .call(_, let arguments) where arguments.count == 1: return reference(in: arguments[0])
        case .unary(_, let operand): return reference(in: operand)
        default: return nil
        }
    }

    /// Values to try for the question at `path` now, most telling first, shuffled.
    func values(
        for path: String, in session: FormSession, using random: inout SeededGenerator
    ) -> [String] {
        guard let instance = try? session.instance(path) else { return [] }
        let field = session.field(ofInstance: instance)
        let options = session.visibleOptions(of: path).map(\.value)
        var ordinary: [String]
        switch field.kind {
        case .choice: return options.shuffled(using: &random)
        case .multichoice:
            guard !options.isEmpty else { return [] }
            let picked = options.shuffled(using: &random).prefix(
                Int.random(in: 1...min(2, options.count), using: &random))
            return [picked.joined(separator: ", ")]
        case .rank: return options.isEmpty ? [] : [options.shuffled(using: &random).joined(separator: ", ")]
        case .switch: return ["yes", "no"].shuffled(using: &random)
        case .number: ordinary = ["0", "1", "2", "3", "5", "10", "18", "30", "65", "100"]
        case .date:
            ordinary = [today, today.adding(days: -1), today.adding(days: -400), today.adding(days: -7_000)].map(
                \.description)
        case .time: ordinary = ["08:30", "12:00", "18:45"]
        case .datetime: ordinary = ["\(today) 09:00", "\(today.adding(days: -30)) 14:30"]
        case .geopoint: ordinary = ["52.37 4.89 0 5", "-1.29 36.82 1700 10"]
        case .secure: ordinary = ["s3cret-Passw0rd", "12345678"]
        default: ordinary = ["a", "Test answer", "12345", "x@example.org", "Ada Lovelace", "yes", "no"]
        }
        if countDrivers.contains(field.id) { return ["0", "1", "2", "3"].shuffled(using: &random) }
        let own = constants[field.id] ?? []
        if !own.isEmpty, Double.random(in: 0..<1, using: &random) < 0.7 {
            return own.shuffled(using: &random) + ordinary.shuffled(using: &random)
        }
        return ordinary.shuffled(using: &random) + own
    }
}
