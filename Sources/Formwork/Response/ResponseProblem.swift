/// One thing wrong with a response, pointing into it: what `ResponseValidator` finds,
/// as structured data (`reason`), rendered in one place.
///
/// `rule` names what failed, as the definition spells it where it can: `required`,
/// `min`, `rules[0]`, `options`, `repeat.min`… for the submit verdict; and for what
/// only a response can get wrong: `visible` (an answer to a question not shown under
/// the response's own answers), `value` (a computed value other than the form
/// computes), `count` (entries other than a repeat's `count`), `unknown` (a key that
/// is no question), `type` (a value of the wrong kind), `syntax` (not JSON or XML),
/// `form` (another form's answers), `limit` (a line too long).
///
/// ```swift
/// let problem = ResponseProblem(.unknownKey("nigths", suggestion: "nights"), at: location, path: "nigths")
/// problem.description   // "3:5: error: nigths: is no question of the form; did you mean 'nights'? (rule: unknown)"
/// ```
public struct ResponseProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// An error makes the response invalid; a warning does not (an answer kept for a
    /// hidden question, where the form's format keeps them).
    public enum Severity: String, Sendable {
        case error, warning
    }

    /// What is wrong, as data; `rule` and `message` are rendered from it
    /// (`ResponseProblem+Rendering`).
    public enum Reason: Hashable, Sendable {
        /// Not the format's syntax: the reader's words (not JSON, not XML).
        case syntax(String)
        /// Another form's answers: what the response is (`<data id="x">`), and what
        /// this form's are.
        case otherForm(found: String, expected: String)
        /// A response that is no mapping of answers (`found`: what it is).
        case notAMapping(found: String)
        /// A line of a JSON Lines file longer than a response may be.
        case tooLong(bytes: Int, limit: Int)
        /// A key that names no question of the form, and the closest that does.
        case unknownKey(String, suggestion: String?)
        /// A value of the wrong shape (`expected`, `found`: "a number", "a list").
        case wrongType(expected: String, found: String)
        /// What loading refused otherwise, in the loader's words.
        case unreadable(String)
        /// What the field's rules refuse, or the submit verdict (`required`,
        /// `rules[N]`, `min`, `options`, `repeat.min`…): the rule is the error's.
        case field(FieldError)
        /// An answer to a question not shown under the response's answers (its
        /// `visible` condition); a warning where the form keeps hidden answers.
        case hiddenAnswer(condition: String?, kept: Bool)
        /// A computed value other than the form computes: as given, and as computed.
        case computedValue(given: String, computed: String)
        /// A repeat that follows a `count`, given another number of entries.
        case entryCount(given: Int, expected: Int, count: String)
    }

    /// An error makes the response invalid; a warning (a hidden answer the form keeps) does not.
    public var severity: Severity
    /// Where in the response (`nil`: the response as a whole).
    public var location: SourceLocation?
    /// The answer's path (`members[2].age`; a repeat's for its entries), `""` for the
    /// response itself.
    public var path: String
    /// The question's id, where the problem is one question's.
    public var field: String?
    /// What is wrong.
    public var reason: Reason

    /// A problem at `location` in the response, of the answer at `path` (the question's
    /// id is its last step); a warning for a hidden answer the form keeps, else an
    /// error.
    public init(_ reason: Reason, at location: SourceLocation?, path: String = "") {
        self.reason = reason
        self.location = location
        self.path = path
        self.field = path.isEmpty ? nil : FieldPath(path)?.name ?? path
        if case .hiddenAnswer(_, kept: true) = reason {
            severity = .warning
        } else {
            severity = .error
        }
    }

    /// `line:col: error: path: message (rule: name)`.
    public var description: String {
        let place = location.map { "\($0.line):\($0.column): " } ?? ""
        let subject = path.isEmpty ? "" : path + ": "
        return "\(place)\(severity.rawValue): \(subject)\(message) (rule: \(rule))"
    }
}

/// What `ResponseValidator` found in one response, and the response as the fill
/// would have submitted it.
public struct ResponseVerdict {
    /// Every problem, in the response's order.
    public var problems: [ResponseProblem]
    /// A session holding the response's answers (those the form accepts), for writing
    /// it as the fill would have submitted it (hidden answers dropped, calculations
    /// computed again): `answers()`, or any `AnswerFormat`'s `write`. `nil` when the
    /// response could not be read. Made when first asked for (most checks never ask).
    public var session: FormSession? { sessionMaker?.session }
    private let sessionMaker: SessionMaker?

    /// Whether no problem is an error.
    public var isValid: Bool { !problems.contains { $0.severity == .error } }

    /// A verdict of `problems`, with the session holding the answers when the response was read.
    public init(problems: [ResponseProblem], session: FormSession?) {
        self.problems = problems
        self.sessionMaker = session.map { made in SessionMaker { made } }
    }

    /// A verdict whose session is made by `makeSession` when first asked for.
    init(problems: [ResponseProblem], makeSession: @escaping () -> FormSession) {
        self.problems = problems
        self.sessionMaker = SessionMaker(makeSession)
    }

    /// Makes a verdict's session once, when first asked for.
    private final class SessionMaker {
        private let make: () -> FormSession
        private var made: FormSession?

        init(_ make: @escaping () -> FormSession) { self.make = make }

        var session: FormSession {
            if let made { return made }
            let session = make()
            made = session
            return session
        }
    }

    /// The verdict as JSON: `{ok, problems: [{line, column, path, field, rule,
    /// severity, message}]}`, lines counted from `firstLine` (a response's line in a
    /// JSON Lines file).
    public func json(firstLine: Int = 1) -> [(String, JSONOutput)] {
        let entries = problems.map { problem -> JSONOutput in
            var members: [(String, JSONOutput)] = []
            if let location = problem.location {
                members.append(("line", .value(.number(Double(location.line + firstLine - 1)))))
                members.append(("column", .value(.number(Double(location.column)))))
            }
            members.append(("path", .value(.string(problem.path))))
            if let field = problem.field { members.append(("field", .value(.string(field)))) }
            members.append(("rule", .value(.string(problem.rule))))
            members.append(("severity", .value(.string(problem.severity.rawValue))))
            members.append(("message", .value(.string(problem.message))))
            return .object(members)
        }
        return [("ok", .value(.bool(isValid))), ("problems", .array(entries))]
    }
}
