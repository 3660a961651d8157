import FormworkCore
import Foundation

extension FormServer {
    /// Runs one method, found in the method table.
    func call(_ method: String, _ params: Parameters, notify: (String) -> Void) throws -> JSONOutput {
        guard let found = Self.methodsByName[method] else {
            let suggestion = Suggestions.closest(to: method, in: Self.methods).first
            throw ServerProblem.methodNotFound(method, suggestion: suggestion)
        }
        return try found.run(self, params, notify)
    }

    // MARK: Methods

    /// `form.validate`: every problem, now shown.
    func validateForm(_ notify: (String) -> Void) -> JSONOutput {
        let errors = session.validate()
        _ = reloadAndReport(notify)
        return .object([("valid", .value(.bool(errors.isEmpty))), ("errors", Self.json(errors))])
    }

    /// `form.submit`: the answers (and in the form's own format), or the problems.
    func submit(_ notify: (String) -> Void) throws -> JSONOutput {
        let errors = session.validate()
        _ = reloadAndReport(notify)
        guard errors.isEmpty else { throw ServerProblem.submitFailed(errors) }
        var result: [(String, JSONOutput)] = [("answers", answers()), ("attachments", attachments())]
        if let own = session.definition.answerFormat {
            result += [("format", .value(.string(own.name))), ("data", own.json(of: session))]
        }
        return .object(result)
    }

    /// `field.clear`.
    func clearField(_ params: Parameters, _ notify: (String) -> Void) throws -> JSONOutput {
        let id = try params.string("id")
        _ = try field(id)
        try perform { () throws(SessionError) in try session.clear(id) }
        return reloadAndReport(notify)
    }

    /// `entry.add`: the new entry's path, and what changed.
    func addEntry(_ params: Parameters, _ notify: (String) -> Void) throws -> JSONOutput {
        let group = try params.string("group")
        let position = try params.optionalPosition("position")
        var added = ""
        try perform { () throws(SessionError) in added = try session.addEntry(group, at: position) }
        return Self.merging(("entry", .value(.string(added))), into: reloadAndReport(notify))
    }

    /// `entry.remove`.
    func removeEntry(_ params: Parameters, _ notify: (String) -> Void) throws -> JSONOutput {
        let entry = try params.string("entry")
        try perform { () throws(SessionError) in try session.removeEntry(entry) }
        return reloadAndReport(notify)
    }

    /// `entry.move`.
    func moveEntry(_ params: Parameters, _ notify: (String) -> Void) throws -> JSONOutput {
        let entry = try params.string("entry")
        guard let position = try params.optionalPosition("position") else {
            throw ServerProblem.missingPosition("position")
        }
        try perform { () throws(SessionError) in try session.moveEntry(entry, to: position) }
        return reloadAndReport(notify)
    }

    /// `session.undo` and `session.redo`.
    func undo(redoing: Bool, _ notify: (String) -> Void) throws -> JSONOutput {
        guard redoing ? session.redo() : session.undo() else { throw ServerProblem.nothingToUndo(redo: redoing) }
        return reloadAndReport(notify)
    }

    /// `form.setLanguage`: a language code of the form, or null for its default.
    func setLanguage(_ params: Parameters, _ notify: (String) -> Void) throws -> JSONOutput {
        let language = params.member("language")
        let code: String?
        if let language, language.isQuoted, let text = language.scalarText {
            code = text
        } else if language == nil || language?.scalar == .null {
            code = nil
        } else {
            throw ServerProblem.languageType
        }
        try perform { () throws(SessionError) in try session.setLanguage(code) }
        return Self.merging(("language", .optional(session.language)), into: reloadAndReport(notify))
    }

    /// `session.load`: a values object, all of it or nothing.
    func loadValues(_ params: Parameters, _ notify: (String) -> Void) throws -> JSONOutput {
        guard let values = params.member("values"), values.pairs != nil else { throw ServerProblem.valuesNotAnObject }
        do {
            try session.loadValues(root: values, path: "params.values", source: "")
        } catch {
            throw ServerProblem.valuesNotLoaded(error.diagnostics)
        }
        return reloadAndReport(notify)
    }

    func field(_ id: String) throws -> FieldDefinition {
        do {
            return try session.field(id)
        } catch {
            throw ServerProblem.session(error)
        }
    }

    func perform(_ change: () throws(SessionError) -> Void) throws {
        do {
            try change()
        } catch {
            throw ServerProblem.session(error)
        }
    }

    /// Reloads, sends `form.changed` when something changed, and returns the same
    /// payload as the result.
    func reloadAndReport(_ notify: (String) -> Void) -> JSONOutput {
        let (changeset, change) = session.reloadReportingChange()
        let payload = changes(change)
        if !changeset.isEmpty {
            notify(JSONOutput.object([("jsonrpc", "2.0"), ("method", "form.changed"), ("params", payload)]).encoded)
        }
        return payload
    }

    func answers() -> JSONOutput {
        Self.json(session.answers())
    }

    /// The answers in the answer format called `format` (Formwork's own by default).
    func answers(format: String?) throws -> JSONOutput {
        guard let format else { return answers() }
        if let answerFormat = formats.answerFormat(named: format) { return answerFormat.json(of: session) }
        throw ServerProblem.unknownAnswerFormat(format, known: formats.answerFormats.map(\.name))
    }

    /// `[{field, file}]`: the files the answers refer to (`FormSession.attachments`).
    func attachments() -> JSONOutput {
        .array(
            session.attachments.map {
                .object([("field", .value(.string($0.field))), ("file", .value(.string($0.file)))])
            })
    }

    static func json(_ answers: [AnsweredField]) -> JSONOutput {
        .object(
            answers.map { answered in
                switch answered.answer {
                case .value(let value): return (answered.id, .value(value))
                case .entries(let entries): return (answered.id, .array(entries.map(json)))
                }
            })
    }

    /// A result object with one more member first.
    static func merging(_ member: (String, JSONOutput), into result: JSONOutput) -> JSONOutput {
        guard case .object(let members) = result else { return result }
        return .object([member] + members)
    }
}
