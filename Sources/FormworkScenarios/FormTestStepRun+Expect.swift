import Formwork

/// `expect` steps: each part read from the session and compared; a part that does not
/// hold says what was expected, what was found, and why.
extension FormTestStepRun {
    /// Every part of an `expect` step written at `location`.
    func check(_ expectation: FormTestExpectation, at location: SourceLocation) -> [FormTestFailure] {
        var failures: [FormTestFailure] = []
        for name in expectation.visible where !session.isVisible(path(name)) {
            failures.append(
                FormTestFailure(at: name.location, "\(name.text) is hidden, expected shown", why: explanation(name)))
        }
        for name in expectation.hidden where session.isVisible(path(name)) {
            failures.append(
                FormTestFailure(at: name.location, "\(name.text) is shown, expected hidden", why: explanation(name)))
        }
        for (name, expected) in expectation.values {
            let path = self.path(name)
            let actual = session.effectiveValue(of: path)
            guard !FormTestValues.matches(expected, actual, options: optionLabels(path)) else { continue }
            failures.append(
                FormTestFailure(
                    at: name.location, "\(name.text) is not \(expected)", expected: expected.description,
                    found: FormTestValues.describe(actual), why: valueExplanation(path)))
        }
        for (name, text) in expectation.labels {
            let label: String
            do { label = try session.label(of: path(name)) } catch {
                failures.append(FormTestFailure(at: name.location, "\(name.text): \(error.description)"))
                continue
            }
            guard !FormTestValues.textMatches(text, label) else { continue }
            failures.append(
                FormTestFailure(
                    at: name.location, "\(name.text)'s label is not as expected", expected: "'\(text)'",
                    found: "'\(label)'"))
        }
        for (name, expected) in expectation.options { failures += checkOptions(name, expected) }
        for name in expectation.required where !session.isRequired(path(name)) {
            failures.append(
                FormTestFailure(
                    at: name.location, "\(name.text) is not required, expected required", why: requiredExplanation(name)
                ))
        }
        for (name, count) in expectation.entries {
            let entries = (try? session.entries(of: path(name)))?.count ?? 0
            guard entries != count else { continue }
            failures.append(
                FormTestFailure(
                    at: name.location,
                    "\(name.text) has \(entries) entr\(entries == 1 ? "y" : "ies"), expected \(count)",
                    expected: "\(count)", found: "\(entries)", why: entries == 0 ? explanation(name) : []))
        }
        if let errors = expectation.errors {
            let problems = session.validate()
            if errors.isEmpty, !problems.isEmpty {
                failures.append(
                    FormTestFailure(
                        at: location, "submit would be refused, expected no problems",
                        found: problems.map(Self.describe).joined(separator: "; ")))
            }
            for error in errors { failures += check(error, problems: problems) }
        }
        if !expectation.answers.isEmpty { failures += checkAnswers(expectation.answers) }
        return failures
    }

    /// One expected problem (or its absence) among `problems`.
    func check(
        _ expected: FormTestExpectation.ExpectedError, problems: [FieldError]
    ) -> [FormTestFailure] {
        let path = self.path(expected.name)
        let own = problems.filter { $0.field == path }
        guard let rule = expected.rule else {
            guard !own.isEmpty else { return [] }
            return [
                FormTestFailure(
                    at: expected.name.location, "\(expected.name.text) has a problem, expected none",
                    found: own.map(Self.describe).joined(separator: "; "), why: own.flatMap(problemExplanation))
            ]
        }
        if own.contains(where: { FormTestValues.ruleMatches(rule, $0) }) { return [] }
        var why = own.isEmpty && !session.isVisible(path) ? explanation(expected.name) : []
        if own.isEmpty, session.isVisible(path) { why = requiredExplanation(expected.name) }
        return [
            FormTestFailure(
                at: expected.name.location,
                "\(expected.name.text) has \(own.isEmpty ? "no problem" : "other problems"), expected "
                    + (rule.isEmpty ? "one" : "'\(rule)'"),
                expected: rule.isEmpty ? "a problem" : rule,
                found: own.isEmpty ? "none" : own.map(Self.describe).joined(separator: "; "), why: why)
        ]
    }

    func checkOptions(_ name: FormTestName, _ expected: [String]) -> [FormTestFailure] {
        let path = self.path(name)
        let offered = session.visibleOptions(of: path)
        let matches =
            offered.count == expected.count
            && zip(offered, expected).allSatisfy { option, text in option.value == text || option.label == text }
        guard !matches else { return [] }
        var why: [String] = []
        if let instance = try? session.instance(path) {
            let field = session.field(ofInstance: instance)
            for option in field.options where expected.contains(option.value) || expected.contains(option.label) {
                guard !offered.contains(where: { $0.value == option.value }), let condition = option.visible else {
                    continue
                }
                why.append("option '\(option.value)' is not offered because its condition is false:")
                why += session.describe(condition, from: path)
            }
        }
        return [
            FormTestFailure(
                at: name.location, "\(name.text) offers other options",
                expected: "[" + expected.joined(separator: ", ") + "]",
                found: "[" + offered.map(\.value).joined(separator: ", ") + "]", why: why)
        ]
    }

    func optionLabels(_ path: String) -> [(value: String, label: String)] {
        (try? session.optionLabels(of: path)) ?? []
    }

    /// Why a field or section is shown or hidden (or why it cannot be named now).
    func explanation(_ name: FormTestName) -> [String] {
        do { return try session.explanation(of: path(name)) } catch { return [error.description] }
    }

    /// Why a value is what it is: a hidden field reads as null; a calculation's
    /// expression and what it read.
    func valueExplanation(_ path: String) -> [String] {
        guard let instance = try? session.instance(path) else { return [] }
        let field = session.field(ofInstance: instance)
        if !session.isVisible(path) || field.isCalculation || field.isInput {
            return (try? session.explanation(of: path)) ?? []
        }
        if let value = field.value {
            return ["\(path) is computed:"] + session.describe(value, key: "value", from: path)
                + session.behaviourExplanation(of: path)
        }
        return session.behaviourExplanation(of: path)
    }

    /// Why a field is not required: its requirement's condition, or that it has none.
    func requiredExplanation(_ name: FormTestName) -> [String] {
        let path = self.path(name)
        guard let instance = try? session.instance(path) else { return [] }
        if !session.isVisible(path) { return explanation(name) }
        switch session.field(ofInstance: instance).required {
        case .never: return ["\(name.text) is never required."]
        case .always: return ["\(name.text) is always required."]
        case .when(let condition):
            let held = session.isRequired(path)
            return ["\(name.text) is \(held ? "" : "not ")required because its condition is \(held):"]
                + session.describe(condition, key: "required", from: path)
        }
    }
}

/// `answers:`: a subset of the answers as the form's own format writes them.
extension FormTestStepRun {
    func checkAnswers(_ expected: [(key: FormTestName, value: FormTestValue)]) -> [FormTestFailure] {
        let answers = FormTestAnswers(session)
        let root = session.definition.submission.map(\.root)
        var failures: [FormTestFailure] = []
        for (key, value) in expected {
            let found = answers.leaves(named: key.text, root: root)
            if found.isEmpty {
                guard case .empty = value else {
                    failures.append(
                        FormTestFailure(
                            at: key.location, "the answers have no '\(key.text)'", expected: value.description,
                            found: "no such answer", why: answerExplanation(key)))
                    continue
                }
                continue
            }
            guard found.count == 1 else {
                failures.append(
                    FormTestFailure(
                        at: key.location,
                        "'\(key.text)' names \(found.count) answers: write its path, one of "
                            + found.map(\.path).joined(separator: ", ")))
                continue
            }
            guard !FormTestAnswers.matches(value, found[0].value) else { continue }
            failures.append(
                FormTestFailure(
                    at: key.location, "the answer '\(key.text)' is not \(value)", expected: value.description,
                    found: found[0].value.description, why: answerExplanation(key)))
        }
        return failures
    }

    /// Why an answer is missing or other than expected: the field's own explanation.
    func answerExplanation(_ key: FormTestName) -> [String] {
        let last = key.text.split(whereSeparator: { $0 == "/" || $0 == "." }).last.map(String.init) ?? key.text
        guard let path = runner.names.path(for: key.text) ?? runner.names.path(for: last) else { return [] }
        return valueExplanation(path)
    }
}
