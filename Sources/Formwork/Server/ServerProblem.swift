/// Everything `FormServer` answers with an error, as data: the one place each is
/// given its JSON-RPC code, its message and its structured `data` (`failure`).
enum ServerProblem: Error {
    // MARK: Requests

    /// The line is not JSON (the parser's words, and the column).
    case parseError(String, column: Int)
    /// A request line longer than `Limits.maximumRequestLength`.
    case requestTooLong(bytes: Int, limit: Int)
    /// `[]`.
    case emptyBatch
    /// A request that is not a JSON object.
    case requestNotAnObject
    /// An `id` that is not a string, a number or null.
    case invalidID
    /// No `"jsonrpc": "2.0"`.
    case invalidVersion
    /// A `method` that is not a string.
    case methodNotAString
    /// `params` that are neither an object nor an array.
    case paramsNotAnObject
    /// No method of the table has the name.
    case methodNotFound(String, suggestion: String?)

    // MARK: Params

    /// A parameter the method needs.
    case missingParameter(String)
    /// A parameter of the wrong JSON type: `expected` names the type (`string`), and
    /// `found` says what was given (`a number`).
    case parameterType(String, expected: String, found: String)
    /// An entry position the method needs (`entry.move`).
    case missingPosition(String)
    /// An entry position that is not a whole number from 1.
    case notAPosition(String, found: String)
    /// `field.set` without `value` or `text`.
    case valueOrText
    /// `response.validate` without `response` or `text`.
    case responseOrText
    /// `form.setLanguage` with a `language` that is not a string or null.
    case languageType
    /// `session.load` without an object of values.
    case valuesNotAnObject
    /// `form.answers` in a format no registered answer format has.
    case unknownAnswerFormat(String, known: [String])

    // MARK: The session

    /// What the session refused (see `SessionError`).
    case session(SessionError)
    /// A value its field rejects.
    case rejected(FieldError)
    /// Undo or redo with nothing to undo or redo.
    case nothingToUndo(redo: Bool)
    /// `form.submit` while the form has problems.
    case submitFailed([FieldError])
    /// `session.load` with values that do not all load (each problem).
    case valuesNotLoaded([Diagnostic])
    /// Anything else a method threw.
    case other(String)

    /// The problem as a JSON-RPC error: its code, its message and its data.
    var failure: FormServer.Failure {
        typealias Failure = FormServer.Failure
        func strings(_ values: [String]) -> JSONOutput { .array(values.map { .value(.string($0)) }) }
        switch self {
        case let .parseError(message, column):
            return Failure(
                code: .parseError, message: "Parse error: \(message)",
                data: .compact([("column", .value(.number(Double(column))))]))
        case let .requestTooLong(bytes, limit):
            return Failure(
                code: .invalidRequest,
                message: "Invalid Request: the line is \(bytes) bytes; requests are limited to \(limit) bytes",
                data: .object([("bytes", .value(.number(Double(bytes)))), ("limit", .value(.number(Double(limit))))]))
        case .emptyBatch: return Failure(code: .invalidRequest, message: "Invalid Request: empty batch")
        case .requestNotAnObject: return Failure(code: .invalidRequest, message: "Invalid Request: expected an object")
        case .invalidID:
            return Failure(code: .invalidRequest, message: "Invalid Request: \"id\" must be a string, a number or null")
        case .invalidVersion:
            return Failure(code: .invalidRequest, message: "Invalid Request: \"jsonrpc\" must be \"2.0\"")
        case .methodNotAString:
            return Failure(code: .invalidRequest, message: "Invalid Request: \"method\" must be a string")
        case .paramsNotAnObject:
            return Failure(code: .invalidRequest, message: "Invalid Request: \"params\" must be an object")
        case let .methodNotFound(method, suggestion):
            return Failure(
                code: .methodNotFound, message: "Method not found: \(method)",
                data: .compact([("method", .value(.string(method))), ("suggestion", .optional(suggestion))]))
        case .missingParameter(let name):
            return Failure(
                code: .invalidParams, message: "Invalid params: missing \"\(name)\"",
                data: .object([("parameter", .value(.string(name)))]))
        case let .parameterType(name, expected, found):
            return Failure(
                code: .invalidParams, message: "Invalid params: \"\(name)\" must be a \(expected), not \(found)",
                data: .object([("parameter", .value(.string(name))), ("expected", .value(.string(expected)))]))
        case .missingPosition(let name):
            return Failure(
                code: .invalidParams, message: "Invalid params: missing \"\(name)\" (from 1)",
                data: .object([("parameter", .value(.string(name))), ("expected", "integer")]))
        case let .notAPosition(name, found):
            return Failure(
                code: .invalidParams,
                message: "Invalid params: \"\(name)\" must be a whole number from 1, not \(found)",
                data: .object([("parameter", .value(.string(name))), ("expected", "integer")]))
        case .valueOrText:
            return Failure(
                code: .invalidParams,
                message: "Invalid params: give \"value\" (typed) or \"text\" (as typed by a person)",
                data: .object([("parameter", "value")]))
        case .responseOrText:
            return Failure(
                code: .invalidParams,
                message: "Invalid params: give \"response\" (the answers as JSON) or \"text\" (the answers as a "
                    + "file holds them: an ODK submission's XML, say)",
                data: .object([("parameter", "response")]))
        case .languageType:
            return Failure(
                code: .invalidParams,
                message: "Invalid params: \"language\" must be a language code of the form (or null for its default)",
                data: .object([("parameter", "language"), ("expected", "string")]))
        case .valuesNotAnObject:
            return Failure(
                code: .invalidParams, message: "Invalid params: \"values\" must be an object of field ids to values",
                data: .object([("parameter", "values"), ("expected", "object")]))
        case let .unknownAnswerFormat(format, known):
            return Failure(
                code: .invalidParams,
                message: "Invalid params: this form's answers are written as "
                    + known.map { "\"\($0)\"" }.joined(separator: " or ") + ", not \"\(format)\"",
                data: .object([("parameter", "format"), ("expected", strings(known))]))
        case .session(let error): return Self.failure(error)
        case .rejected(let error):
            return Failure(
                code: .rejectedValue, message: SessionError.rejected(error).description, data: FormServer.json(error))
        case .nothingToUndo(let redo):
            return Failure(code: .nothingToUndo, message: redo ? "nothing to redo" : "nothing to undo")
        case .submitFailed(let errors):
            return Failure(
                code: .submitFailed,
                message: "\(errors.count) problem\(errors.count == 1 ? "" : "s") to fix before submitting",
                data: .object([("errors", FormServer.json(errors))]))
        case .valuesNotLoaded(let diagnostics):
            let problems = diagnostics.map { diagnostic in
                JSONOutput.compact([
                    ("message", .value(.string(diagnostic.message))), ("hint", .optional(diagnostic.hint)),
                ])
            }
            return Failure(
                code: .invalidValues, message: "the values were not loaded",
                data: .object([("problems", .array(problems))]))
        case .other(let message): return Failure(code: .invalidParams, message: message)
        }
    }

    /// A session's refusal: its words (`SessionError`), with the suggestions as data
    /// rather than in the message.
    private static func failure(_ error: SessionError) -> FormServer.Failure {
        typealias Failure = FormServer.Failure
        func strings(_ values: [String]) -> JSONOutput { .array(values.map { .value(.string($0)) }) }
        switch error {
        case .rejected(let fieldError):
            if fieldError.rule == .input || fieldError.rule.name == "readonly" {
                return Failure(code: .readOnlyField, message: error.description, data: FormServer.json(fieldError))
            }
            return ServerProblem.rejected(fieldError).failure
        case .notAnInput(let id, let suggestions):
            return Failure(
                code: .unknownField, message: SessionError.notAnInput(id, suggestions: []).description,
                data: .object([("input", .value(.string(id))), ("suggestions", strings(suggestions))]))
        case .unknownField(let id, let suggestions), .unknownFieldOrSection(let id, let suggestions):
            return Failure(
                code: .unknownField, message: SessionError.unknownField(id, suggestions: []).description,
                data: .object([("field", .value(.string(id))), ("suggestions", strings(suggestions))]))
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
                data: .object([("language", .value(.string(code))), ("languages", strings(languages))]))
        }
    }
}
