import Foundation

/// Checks a finished response against its form: the form's logic run again over the
/// response's own answers, with the verdict the fill would have given at submit, and
/// what only a response that left the app can get wrong.
///
/// A response is read in one of the registry's `AnswerFormat`s — the form's own first
/// (an imported SurveyJS survey's `survey.data`, an ODK form's submission XML), else
/// whichever recognises it, Formwork's answers JSON (a mapping of the form's answer
/// keys to values, a repeat a list of such mappings) for JSON — into Formwork's
/// answers, each node at its place. Each problem points into the response (line and
/// column) with the answer's path, the question's id and the rule:
///
/// - the response is loaded into a fresh session of the form, as `loadValues` loads
///   a values file, but every answer is tried and every refusal noted: an unknown key
///   (`unknown`), a value of the wrong kind or against the field's own rules (`type`,
///   `max`, `pattern`…), a value given to a note (`readOnly`);
/// - an answer to a question that is not shown under the response's answers
///   (`visible`): an error, or a warning where the form keeps hidden answers
///   (`hiddenAnswers: kept`, SurveyJS's `clearInvisibleValues: none`);
/// - the submit verdict (`FormSession.validate()`): required questions left empty,
///   rules and constraints with their messages, options the response's earlier
///   answers no longer offer (cascading selects), entries against `min` and `max`;
/// - a computed value that differs from what the form computes (`value`; numbers
///   within a relative `tolerance` of 1e-9); entries other than a repeat's `count`.
///
/// The definition is compiled once and shared; each response gets its own session,
/// so one validator can check responses from several threads at once.
///
/// ```swift
/// let validator = ResponseValidator(definition: form, formats: .standard)
/// let verdict = validator.validate(Array(data), path: "response.json")
/// for problem in verdict.problems { print("response.json:\(problem)") }
/// let cleaned = verdict.session?.answersJSON()   // as the fill would have submitted it
/// ```
public struct ResponseValidator: Sendable {
    /// The form whose responses are checked.
    public let definition: FormDefinition
    /// The formats responses are read in.
    public let formats: FormatRegistry
    /// The moment `today()` and `now()` read (the clock's by default): a response is
    /// judged as of when it was filled, if that is known.
    public var now: LocalDateTime?
    /// How far apart a computed number and the response's may be, relative to the
    /// larger (at least 1).
    public var tolerance = 1e-9
    /// The limits responses are read within (text length, nesting, size).
    public var limits: Limits
    /// The formats a response is tried in, the form's own first.
    let responseFormats: [any AnswerFormat]
    /// Computed fields not compared: their values read the moment, or are random.
    let momentFields: Set<Int>
    /// What is shown as the form starts, for `defaults: whenShown`, made once per moment.
    let shownAtStart = ShownAtStart()

    /// A validator of `definition`'s responses, read in `formats`' answer formats.
    public init(definition: FormDefinition, formats: FormatRegistry = .formwork, now: LocalDateTime? = nil) {
        self.definition = definition
        self.formats = formats
        self.now = now
        self.limits = definition.limits
        self.momentFields = ResponseCheck.momentFields(of: definition)
        self.responseFormats = formats.responseFormats(for: definition)
    }

    /// Checks a response as a file or a line holds it, in `format` when given, else in
    /// the format that recognises it (`FormatRegistry.responseFormat`; `path`'s
    /// extension where its content cannot say). What the format cannot read is one
    /// problem (`syntax`, `form`).
    public func validate(
        _ bytes: [UInt8], path: String? = nil, in format: (any AnswerFormat)? = nil
    ) -> ResponseVerdict {
        let format = format ?? FormatRegistry.format(of: bytes, path: path, among: responseFormats)
        switch format.readResponse(bytes, of: definition) {
        case .success(let answers): return check(answers)
        case .failure(let problem): return ResponseVerdict(problems: [problem], session: nil)
        }
    }

    /// Checks a response given as a tree of Formwork's answers (as a format reads it).
    public func validate(_ response: ResponseNode) -> ResponseVerdict {
        check(response.syntaxNode)
    }

    /// Checks answers parsed from JSON (JSON-RPC's `response`), in the form's own
    /// format where it has one.
    func validate(data: SyntaxNode) -> ResponseVerdict {
        check(definition.answerFormat?.answersTree(data, of: definition) ?? data)
    }

    /// Checks a tree of Formwork's answers: loaded into a store of its own (no
    /// defaults: an answer left out is no answer), evaluated once, then checked.
    func check(_ root: SyntaxNode) -> ResponseVerdict {
        let today = now?.date ?? .today()
        let moment = now ?? LocalDateTime(date: today, time: .now())
        let seed = UInt64.random(in: .min ... .max)
        let store = AnswerStore(
            definition: definition, origin: .response, clock: AnswerStore.Clock(today: today, now: moment, seed: seed))
        store.populate(0)
        let typedNowIsFixed = now != nil
        func verdict(_ problems: [ResponseProblem], _ evaluation: Evaluation?) -> ResponseVerdict {
            ResponseVerdict(problems: problems) {
                let session = FormSession(
                    adopting: store, today: today, now: moment, typedNowIsFixed: typedNowIsFixed, uuidSeed: seed,
                    evaluation: evaluation)
                session.showsAllErrors = true
                return session
            }
        }
        guard let pairs = root.pairs else {
            let problem = ResponseProblem(.notAMapping(found: root.typeDescription), at: root.location)
            return verdict([problem], nil)
        }
        let recorder = ResponseRecorder()
        recorder.mappings[0] = root.location
        var collector = DiagnosticCollector()
        let load = ResponseLoad(store: store, recorder: recorder, today: today, now: moment, seed: seed)
        AnswerLoader(store: store, sink: load, recorder: recorder).load(pairs, in: 0, collector: &collector)
        var evaluation = load.evaluationFollowingCounts()
        // Each value against its field's own rules, its bounds read with every answer
        // in place; a value refused is no answer.
        var refused = false
        for (instance, node, name, value) in recorder.unchecked where store.tree.isLive(instance) {
            guard let error = evaluation.checkOwnRules(value, of: instance) else { continue }
            collector.report(.invalidValue(field: name, reason: error), at: node)
            store.place(.null, at: instance)
            refused = true
        }
        if refused { evaluation = load.evaluation() }
        if placeDefaultsShown(in: store, recorder: recorder, evaluation: evaluation, today: today, now: moment) {
            evaluation = load.evaluation()
        }
        var check = ResponseCheck(store: store, evaluation: evaluation, recorder: recorder, validator: self)
        check.addLoadProblems(collector.diagnostics)
        check.addHiddenAnswers()
        check.addVerdict(evaluation.verdict())
        check.addComputedValues()
        check.addCounts()
        let problems = check.problems.enumerated().sorted {
            ($0.element.location ?? SourceLocation(line: 0, column: 0), $0.offset)
                < ($1.element.location ?? SourceLocation(line: 0, column: 0), $1.offset)
        }
        return verdict(problems.map(\.element), evaluation)
    }
}

/// Where a response's answers were, noted while it loads.
final class ResponseRecorder {
    /// Each answered instance's key and value (two arrays: a tuple of nodes is
    /// copied through generic code), in the response's order, and where each
    /// instance's is among them (-1: none), so a lookup is one array read.
    /// (Out of the runtime's exclusivity checks, as they are written for every
    /// answer: a recorder serves one validation on one thread, and no access to
    /// them spans a call.)
    @exclusivity(unchecked) private var keys: [SyntaxNode] = []
    @exclusivity(unchecked) private var values: [SyntaxNode] = []
    @exclusivity(unchecked) private var answerIndex: [Int32] = []
    /// The answered instances in the response's order.
    @exclusivity(unchecked) private(set) var order: [Int] = []
    /// Computed instances the response gives a value for.
    var computed: [Int] = []
    /// Where each scope's mapping starts (0: the response).
    var mappings: [Int: SourceLocation] = [:]
    /// Values stored in bulk, to check against their fields' own rules at the end.
    var unchecked: [(instance: Int, node: SyntaxNode, name: String, value: Value)] = []
    /// Each repeat's list: the repeat, its holder, the list, how many entries.
    var lists: [(repeatIndex: Int, holder: Int, node: SyntaxNode, count: Int)] = []

    /// Notes an instance's answer (a later one for the same instance replaces it).
    func record(key: SyntaxNode, value: SyntaxNode, at instance: Int) {
        if instance >= answerIndex.count {
            answerIndex += repeatElement(-1, count: max(instance + 1, 2 * answerIndex.count) - answerIndex.count)
        }
        let index = Int(answerIndex[instance])
        if index >= 0 {
            keys[index] = key
            values[index] = value
        } else {
            answerIndex[instance] = Int32(keys.count)
            keys.append(key)
            values.append(value)
            order.append(instance)
        }
    }

    /// Whether the response answers an instance.
    func answers(_ instance: Int) -> Bool {
        instance < answerIndex.count && answerIndex[instance] >= 0
    }

    /// The key the response gives an instance's answer under (`answers(instance)`).
    func key(at instance: Int) -> SyntaxNode { keys[Int(answerIndex[instance])] }

    /// The value the response gives an instance, if any.
    func value(at instance: Int) -> SyntaxNode? {
        answers(instance) ? values[Int(answerIndex[instance])] : nil
    }
}
