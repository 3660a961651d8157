/// The checks of one response, once it is loaded (see `ResponseValidator`): each adds
/// problems at the places the recorder noted.
struct ResponseCheck {
    /// The response's answers, and their evaluation.
    let store: AnswerStore
    let evaluation: Evaluation
    let recorder: ResponseRecorder
    let validator: ResponseValidator
    private(set) var problems: [ResponseProblem] = []
    /// Paths already reported (a refused value is not also "required").
    private var reported: Set<String> = []

    init(store: AnswerStore, evaluation: Evaluation, recorder: ResponseRecorder, validator: ResponseValidator) {
        self.store = store
        self.definition = store.definition
        self.evaluation = evaluation
        self.recorder = recorder
        self.validator = validator
    }

    /// The store's definition, held here (read in loops: see `AnswerLoader`).
    private let definition: FormDefinition

    private mutating func add(_ reason: ResponseProblem.Reason, at location: SourceLocation?, path: String) {
        reported.insert(path)
        problems.append(ResponseProblem(reason, at: location, path: path))
    }

    /// What loading refused: unknown keys, values of the wrong kind or against the
    /// field's own rules, values given to notes.
    mutating func addLoadProblems(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics {
            switch diagnostic.problem {
            case let .invalidValue(field, reason):
                add(.field(reason), at: diagnostic.location, path: field)
            case let .unknownField(name, suggestion):
                add(.unknownKey(name, suggestion: suggestion), at: diagnostic.location, path: name)
            case let .wrongType(key, expected, found):
                add(.wrongType(expected: expected, found: found), at: diagnostic.location, path: key ?? "")
            default:
                add(.unreadable(diagnostic.message), at: diagnostic.location, path: "")
            }
        }
    }

    /// Answers to questions not shown under the response's answers.
    mutating func addHiddenAnswers() {
        let keepsHidden = definition.hiddenAnswers == .kept || definition.submission?.hiddenAnswers == .kept
        for instance in recorder.order where !evaluation.isVisible(instance) {
            guard let value = recorder.value(at: instance), !value.isNullScalar else { continue }
            let field = definition.fields[store.tree.field(ofInstance: instance)]
            guard field.kind.hasValue else { continue }
            // The form writes this one while it is hidden (`submission: { kept: [...] }`).
            if definition.submission?.keeps(field.id, evaluate: { $0.evaluate(evaluation.context) }) == true {
                continue
            }
            add(
                .hiddenAnswer(
                    condition: field.visible?.source,
                    kept: keepsHidden
                        && definition.submission?.drops(field.id, evaluate: { $0.evaluate(evaluation.context) }) != true
                ),
                at: recorder.key(at: instance).location, path: store.path(ofInstance: instance))
        }
    }

    /// The submit verdict, each problem where the answer is (else where the mapping
    /// that should hold it starts).
    mutating func addVerdict(_ errors: [FieldError]) {
        for error in errors where !reported.contains(error.field) {
            var location = recorder.mappings[0]
            if let target = try? store.resolve(error.field) {
                switch target {
                case .field(let instance):
                    location =
                        recorder.value(at: instance)?.location
                        ?? recorder.mappings[store.tree.scope(ofInstance: instance)] ?? location
                case .entry(let scope):
                    location = recorder.mappings[scope] ?? location
                case .group(let repeatIndex, let holder):
                    location =
                        recorder.lists.first { $0.repeatIndex == repeatIndex && $0.holder == holder }?.node.location
                        ?? recorder.mappings[holder] ?? location
                }
            }
            add(.field(error), at: location, path: error.field)
        }
    }

    /// Computed values the response gives that differ from the form's (not those
    /// that read the moment they were computed, a random number or a new id:
    /// `now()`, `uuid()`, `random()`, directly or through other computed values).
    mutating func addComputedValues() {
        for instance in recorder.computed {
            guard evaluation.isVisible(instance), let written = recorder.value(at: instance),
                !validator.momentFields.contains(store.tree.field(ofInstance: instance))
            else { continue }
            let computed = evaluation.value(of: instance)
            guard !same(computed, written) else { continue }
            let given =
                written.scalarText.map { written.isQuoted ? "'\(TerminalText.excerpt($0))'" : $0 }
                ?? written.typeDescription
            add(
                .computedValue(given: given, computed: computed.isNull ? "nothing" : computed.description),
                at: written.location, path: store.path(ofInstance: instance))
        }
    }

    /// The computed fields whose value reads `now()`, `uuid()`, `random()` or
    /// `randomize()`, keeps its first value (`once: true`: what it read then is not
    /// known), or, in a form of several languages, reads a text in the language shown
    /// (`label()`, a lookup in a table with texts per language: the response does not
    /// say which language it was filled in), directly or through other computed fields
    /// (found once per validator).
    static func momentFields(of definition: FormDefinition) -> Set<Int> {
        var found: Set<Int> = []
        var varying = momentFunctions
        if definition.languages.count > 1 {
            varying.insert("label")
            if definition.data.values.contains(where: { !$0.translations.isEmpty }) {
                varying.formUnion(["lookup", "lookup-all"])
            }
        }
        for field in definition.fields.indices where definition.fields[field].kind.isComputed {
            var seen: Set<Int> = []
            var pending = [field]
            while let index = pending.popLast() {
                guard seen.insert(index).inserted, let value = definition.fields[index].value else { continue }
                if definition.fields[index].keepsFirstValue
                    || !value.expression.calledFunctions.isDisjoint(with: varying)
                {
                    found.insert(field)
                    break
                }
                for name in value.references {
                    if let read = definition.fieldIndex[name], definition.fields[read].kind.isComputed {
                        pending.append(read)
                    }
                }
            }
        }
        return found
    }

    static let momentFunctions: Set<String> = ["now", "uuid", "random", "randomize"]

    /// Whether a value the response gives is the computed one: numbers within the
    /// tolerance (written as numbers or text), booleans also as 1/0, other values
    /// by their text.
    func same(_ computed: Value, _ node: SyntaxNode) -> Bool {
        guard let text = node.scalarText else { return false }
        let isNull = node.isNullScalar
        switch computed {
        case .null: return isNull || text.isEmpty
        case .number(let number):
            guard let given = Double(text) ?? Double(text.trimmingCharacters(in: .whitespaces)) else { return false }
            if number.isNaN { return given.isNaN }
            // JavaRosa's `Infinity` (`1 div 0` in a form that keeps it).
            if number.isInfinite || given.isInfinite { return number == given }
            let scale = max(1, abs(number), abs(given))
            return abs(number - given) <= validator.tolerance * scale
        case .bool(let flag):
            return [flag ? "true" : "false", flag ? "1" : "0"].contains(text.lowercased())
        case .string(let string): return string == text
        case .list(let elements):
            let given = text.split(separator: " ").map(String.init)
            return elements.map { $0.description.trimmingCharacters(in: ["\""]) } == given
        default:
            return computed.description.trimmingCharacters(in: ["\""]) == text
        }
    }

    /// Repeats that follow a `count`, given another number of entries.
    mutating func addCounts() {
        for list in recorder.lists {
            let repeatDefinition = definition.repeats[list.repeatIndex]
            guard let count = repeatDefinition.count, evaluation.isGroupVisible(list.repeatIndex, in: list.holder)
            else { continue }
            let expected = store.tree.list(of: list.repeatIndex, in: list.holder).count
            guard expected != list.count else { continue }
            add(
                .entryCount(given: list.count, expected: expected, count: count.source), at: list.node.location,
                path: store.path(ofGroup: list.repeatIndex, in: list.holder))
        }
    }
}
