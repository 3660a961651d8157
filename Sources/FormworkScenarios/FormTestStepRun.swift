import Formwork

/// One case's steps acting on its session, as a person at the prompt would: each
/// returns what went wrong and whether the case can go on.
struct FormTestStepRun {
    let runner: FormTestRunner
    let session: FormSession
    /// What the case has exercised so far, when the run records it.
    var coverage: FormCoverage?

    /// Does `step` and, when the run records coverage, the states it passes through.
    mutating func run(_ step: FormTestStep) -> (failures: [FormTestFailure], stops: Bool) {
        let outcome = act(step)
        if step.changesState { observe() }
        return outcome
    }

    /// Records the session's state in the coverage, when the run records it.
    mutating func observe() {
        guard var seen = coverage else { return }
        coverage = nil  // so that `seen` is the only reference, and is changed in place
        seen.observe(session)
        coverage = seen
    }

    /// Does `step`; returns its failures, and whether the case stops (a step that
    /// cannot be done leaves the session where later steps do not expect it).
    mutating func act(_ step: FormTestStep) -> (failures: [FormTestFailure], stops: Bool) {
        switch step.action {
        case .set(let assignments):
            for (name, value) in assignments {
                let path = self.path(name)
                do {
                    if case .empty = value {
                        try session.clear(path)
                    } else {
                        try session.set(path, text: value.typed)
                    }
                    // Each answer given is a state the person saw.
                    if assignments.count > 1 { observe() }
                } catch {
                    return ([refused("set \(name.text) to \(value)", error, at: name.location, path: path)], true)
                }
            }
        case .clear(let fields):
            for name in fields {
                do { try session.clear(path(name)) } catch {
                    return ([refused("clear \(name.text)", error, at: name.location, path: path(name))], true)
                }
            }
        case .toggle(let name, let option):
            do { try session.toggle(path(name), option: option) } catch {
                let what = option.map { "toggle \(name.text)'s option '\($0)'" } ?? "toggle \(name.text)"
                return ([refused(what, error, at: name.location, path: path(name))], true)
            }
        case .add(let name, let position):
            do { _ = try session.addEntry(path(name), at: position.map { $0 - 1 }) } catch {
                return ([refused("add an entry to \(name.text)", error, at: name.location, path: path(name))], true)
            }
        case .remove(let name):
            do { try session.removeEntry(path(name)) } catch {
                return ([refused("remove \(name.text)", error, at: name.location, path: path(name))], true)
            }
        case .move(let name, let position):
            do { try session.moveEntry(path(name), to: position - 1) } catch {
                return ([refused("move \(name.text) to \(position)", error, at: name.location, path: path(name))], true)
            }
        case .language(let code):
            do { try session.setLanguage(code.text) } catch {
                return ([FormTestFailure(at: code.location, "cannot show the form in '\(code.text)': \(error)")], true)
            }
        case .submit(let accepted, let errors):
            return (submit(accepted: accepted, errors: errors, at: step.location), false)
        case .expect(let expectation):
            return (check(expectation, at: step.location), false)
        }
        return ([], false)
    }

    /// The session's path for a name the file uses (checked before the run).
    func path(_ name: FormTestName) -> String { runner.names.path(for: name.text) ?? name.text }

    /// A step the session refused: the session's reason, and why the field is as it is.
    func refused(_ what: String, _ error: SessionError, at location: SourceLocation, path: String) -> FormTestFailure {
        var why: [String] = []
        if case .rejected(let fieldError) = error {
            // A value refused by the field's own rule needs no more; a read-only
            // condition says what it read.
            if case .locked = fieldError.rule { why = session.readOnlyExplanation(of: path) }
        } else if !session.isVisible(path), let explanation = try? session.explanation(of: path) {
            why = explanation
        }
        return FormTestFailure(at: location, "cannot \(what): \(error.description)", why: why)
    }

    /// `submit: accepted | refused`: what submit would say now (every visible field
    /// checked, as at the prompt), and the problems a refusal names.
    func submit(
        accepted: Bool, errors: [FormTestExpectation.ExpectedError]?, at location: SourceLocation
    ) -> [FormTestFailure] {
        let problems = session.validate()
        if accepted, !problems.isEmpty {
            return [
                FormTestFailure(
                    at: location, "submit is refused, expected accepted",
                    found: problems.map(Self.describe).joined(separator: "; "),
                    why: problems.prefix(3).flatMap { problemExplanation($0) })
            ]
        }
        if !accepted, problems.isEmpty {
            return [FormTestFailure(at: location, "submit is accepted, expected refused", found: "no problems")]
        }
        return (errors ?? []).flatMap { check($0, problems: problems) }
    }

    /// `field: rule`, as failures list a problem.
    static func describe(_ problem: FieldError) -> String {
        "\(problem.field): \(problem.rule.name) (\(problem.message))"
    }

    /// Why a field has a problem: its requirement's or rule's condition.
    func problemExplanation(_ problem: FieldError) -> [String] {
        guard let instance = try? session.instance(problem.field) else { return [] }
        let field = session.field(ofInstance: instance)
        switch problem.rule {
        case .required, .requiredMessage:
            if case .when(let condition) = field.required {
                return ["\(problem.field) is required because its condition is true:"]
                    + session.describe(condition, key: "required", from: problem.field)
            }
            return []
        case .check(let index, _):
            guard index < field.rules.count else { return [] }
            return ["\(problem.field) breaks \(problem.rule.name):"]
                + session.describe(field.rules[index].check, key: "check", from: problem.field)
        default: return []
        }
    }
}
