import FormworkCore
import Foundation

extension FormServer {
    /// Runs one method, found in the method table.
    func call(_ method: String, _ params: Parameters, notify: (String) -> Void) throws -> JSONOutput {
        guard let found = Self.methodsByName[method] else {
            throw Failure(
                code: .methodNotFound, message: "Method not found: \(method)",
                data: .compact([
                    ("method", .value(.string(method))),
                    ("suggestion", .optional(Suggestions.closest(to: method, in: Self.methods).first)),
                ]))
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
        guard errors.isEmpty else {
            throw Failure(
                code: .submitFailed,
                message: "\(errors.count) problem\(errors.count == 1 ? "" : "s") to fix before submitting",
                data: .object([("errors", Self.json(errors))]))
        }
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
            throw Failure(
                code: .invalidParams, message: "Invalid params: missing \"position\" (from 1)",
                data: .object([("parameter", "position"), ("expected", "integer")]))
        }
        try perform { () throws(SessionError) in try session.moveEntry(entry, to: position) }
        return reloadAndReport(notify)
    }

    /// `session.undo` and `session.redo`.
    func undo(redoing: Bool, _ notify: (String) -> Void) throws -> JSONOutput {
        guard redoing ? session.redo() : session.undo() else {
            throw Failure(code: .nothingToUndo, message: redoing ? "nothing to redo" : "nothing to undo")
        }
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
            throw Failure(
                code: .invalidParams,
                message: "Invalid params: \"language\" must be a language code of the form (or null for its default)",
                data: .object([("parameter", "language"), ("expected", "string")]))
        }
        try perform { () throws(SessionError) in try session.setLanguage(code) }
        return Self.merging(("language", .optional(session.language)), into: reloadAndReport(notify))
    }

    /// `session.load`: a values object, all of it or nothing.
    func loadValues(_ params: Parameters, _ notify: (String) -> Void) throws -> JSONOutput {
        guard let values = params.member("values"), values.pairs != nil else {
            throw Failure(
                code: .invalidParams,
                message: "Invalid params: \"values\" must be an object of field ids to values",
                data: .object([("parameter", "values"), ("expected", "object")]))
        }
        do {
            try session.loadValues(root: values, path: "params.values", source: "")
        } catch {
            throw Failure(
                code: .invalidValues, message: "the values were not loaded",
                data: .object([
                    (
                        "problems",
                        .array(
                            error.diagnostics.map { diagnostic in
                                .compact([
                                    ("message", .value(.string(diagnostic.message))),
                                    ("hint", .optional(diagnostic.hint)),
                                ])
                            })
                    )
                ]))
        }
        return reloadAndReport(notify)
    }

    func field(_ id: String) throws -> FieldDefinition {
        do {
            return try session.field(id)
        } catch {
            throw Self.failure(error)
        }
    }

    func perform(_ change: () throws(SessionError) -> Void) throws {
        do {
            try change()
        } catch {
            throw Self.failure(error)
        }
    }

    /// A session's refusal as a JSON-RPC error: its words (`SessionError`), with the
    /// suggestions as data rather than in the message.
    static func failure(_ error: SessionError) -> Failure {
        switch error {
        case .rejected(let fieldError):
            if fieldError.rule == .input || fieldError.rule.name == "readonly" {
                return Failure(code: .readOnlyField, message: error.description, data: json(fieldError))
            }
            return rejection(fieldError)
        case .notAnInput(let id, let suggestions):
            return Failure(
                code: .unknownField, message: SessionError.notAnInput(id, suggestions: []).description,
                data: .object([
                    ("input", .value(.string(id))), ("suggestions", .array(suggestions.map { .value(.string($0)) })),
                ]))
        case .unknownField(let id, let suggestions), .unknownFieldOrSection(let id, let suggestions):
            return Failure(
                code: .unknownField, message: SessionError.unknownField(id, suggestions: []).description,
                data: .object([
                    ("field", .value(.string(id))), ("suggestions", .array(suggestions.map { .value(.string($0)) })),
                ]))
        case .notToggleable:
            return Failure(code: .rejectedValue, message: error.description)
        case .fieldInEntries(let field, let example):
            return Failure(
                code: .unknownField, message: error.description,
                data: .object([("field", .value(.string(field))), ("example", .value(.string(example)))]))
        case .noEntry, .notARepeat, .notAnEntry, .entriesFollowCount, .tooManyEntries, .tooFewEntries,
            .tooManyInstances:
            return Failure(code: .entryRefused, message: error.description)
        case .unknownLanguage(let code, let languages):
            return Failure(
                code: .unknownLanguage, message: error.description,
                data: .object([
                    ("language", .value(.string(code))), ("languages", .array(languages.map { .value(.string($0)) })),
                ]))
        }
    }

    static func rejection(_ error: FieldError) -> Failure {
        Failure(code: .rejectedValue, message: SessionError.rejected(error).description, data: json(error))
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
        let names = formats.answerFormats.map(\.name)
        throw Failure(
            code: .invalidParams,
            message: "Invalid params: this form's answers are written as "
                + names.map { "\"\($0)\"" }.joined(separator: " or ") + ", not \"\(format)\"",
            data: .object([("parameter", "format"), ("expected", .array(names.map { .value(.string($0)) }))]))
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
