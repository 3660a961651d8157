import Formwork

/// Every name a test file uses, checked against its form before any case runs.
extension FormTestFile {
    /// The names the cases use that the form does not have (a field where a field is
    /// needed, a repeat where entries are added…), each at its place with "did you
    /// mean"; the language and the starting values too. Empty when all is well.
    public func problems(against definition: FormDefinition, names: FormTestNames) -> [Diagnostic] {
        var checker = NameChecker(definition: definition, names: names)
        if let language {
            checker.language(FormTestName(language.code, at: language.location))
        }
        for testCase in cases {
            for step in testCase.steps { checker.check(step.action) }
        }
        return checker.diagnostics
    }
}

/// Checks names against a form, collecting a diagnostic for each it does not have.
private struct NameChecker {
    let definition: FormDefinition
    let names: FormTestNames
    /// The last names an answer key may have: fields' keys and ids, repeats' ids.
    let answerNames: Set<String>
    var diagnostics: [Diagnostic] = []

    init(definition: FormDefinition, names: FormTestNames) {
        self.definition = definition
        self.names = names
        answerNames = Set(definition.fields.flatMap { [$0.answerKey, $0.id] } + definition.repeats.map(\.id))
    }

    /// What a name must stand for.
    enum Wanted: String {
        case field = "a field"
        case entries = "a repeat"
        case anything = "a field, a repeat or a section"

        /// `field`, `repeat`, `field, repeat or section`.
        var noun: String {
            switch self {
            case .field: return "field"
            case .entries: return "repeat"
            case .anything: return "field, repeat or section"
            }
        }
    }

    mutating func check(_ action: FormTestStep.Action) {
        switch action {
        case .set(let assignments): for (name, _) in assignments { require(name, .field) }
        case .clear(let fields): for name in fields { require(name, .field) }
        case .toggle(let name, _): require(name, .field)
        case .add(let name, _), .remove(let name), .move(let name, _): require(name, .entries)
        case .language(let code): language(code)
        case .submit(_, let errors): for error in errors ?? [] { require(error.name, .field) }
        case .expect(let expectation):
            for name in expectation.visible + expectation.hidden { require(name, .anything) }
            for name in expectation.values.map(\.name) + expectation.labels.map(\.name)
                + expectation.options.map(\.name) + expectation.required + (expectation.errors ?? []).map(\.name)
            {
                require(name, .field)
            }
            for (name, _) in expectation.entries { require(name, .entries) }
            for (key, _) in expectation.answers { answerKey(key) }
        }
    }

    mutating func require(_ name: FormTestName, _ wanted: Wanted) {
        let target = names.path(for: name.text) != nil ? names.target(of: name.text) : nil
        switch (wanted, target) {
        case (.anything, .some), (.field, .field?), (.entries, .repeatGroup?): return
        case (_, nil):
            let suggestions = names.suggestions(for: name.text)
            report(
                "the form has no \(wanted.noun) '\(name.text)'",
                hint: Suggestions.didYouMean(suggestions), at: name)
        case (_, let target?):
            let what: String
            switch target {
            case .field: what = "a field"
            case .repeatGroup: what = "a repeat"
            case .section: what = "a section"
            }
            report("'\(name.text)' is \(what), not \(wanted.rawValue)", hint: nil, at: name)
        }
    }

    mutating func language(_ code: FormTestName) {
        let codes = definition.languages.map(\.code)
        guard !codes.contains(code.text) else { return }
        report(
            "the form does not declare the language '\(code.text)'",
            hint: codes.isEmpty
                ? "the form has one language"
                : Suggestions.didYouMean(code.text, among: codes)
                    ?? "its languages are " + Suggestions.quotedList(codes),
            at: code)
    }

    /// An answer key: a field's key or id, or an element path, at its last part.
    mutating func answerKey(_ key: FormTestName) {
        let last = key.text.split(whereSeparator: { $0 == "/" || $0 == "." }).last.map {
            FormTestNames.split($0).name
        }
        if let last, answerNames.contains(last) || names.path(for: key.text) != nil { return }
        report(
            "the form has no answer '\(key.text)'",
            hint: Suggestions.didYouMean(Suggestions.closest(to: last ?? key.text, in: answerNames, limit: 3)), at: key)
    }

    mutating func report(_ message: String, hint: String?, at name: FormTestName) {
        diagnostics.append(
            Diagnostic(.invalidTest(message, hint: hint), at: name.location, length: max(1, name.text.count)))
    }
}
