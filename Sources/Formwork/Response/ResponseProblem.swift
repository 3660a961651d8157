/// One thing wrong with a response, pointing into it: what `ResponseValidator` finds.
///
/// `rule` names what failed, as the definition spells it where it can: `required`,
/// `min`, `rules[0]`, `options`, `repeat.min`… for the submit verdict; and for what
/// only a response can get wrong: `visible` (an answer to a question not shown under
/// the response's own answers), `value` (a computed value other than the form
/// computes), `count` (entries other than a repeat's `count`), `unknown` (a key that
/// is no question), `type` (a value of the wrong kind), `syntax` (not JSON or XML).
public struct ResponseProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// An error makes the response invalid; a warning does not (an answer kept for a
    /// hidden question, where the form's format keeps them).
    public enum Severity: String, Sendable {
        case error, warning
    }

    public var severity: Severity
    /// Where in the response (`nil`: the response as a whole).
    public var location: SourceLocation?
    /// The answer's path (`members[2].age`; a repeat's for its entries), `""` for the
    /// response itself.
    public var path: String
    /// The question's id, where the problem is one question's.
    public var field: String?
    /// The rule that failed (see the type's description).
    public var rule: String
    /// What is wrong, for a person.
    public var message: String

    public init(
        _ severity: Severity = .error, at location: SourceLocation?, path: String, field: String?, rule: String,
        message: String
    ) {
        self.severity = severity
        self.location = location
        self.path = path
        self.field = field
        self.rule = rule
        self.message = message
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
    /// response could not be read.
    public var session: FormSession?

    /// Whether no problem is an error.
    public var isValid: Bool { !problems.contains { $0.severity == .error } }

    public init(problems: [ResponseProblem], session: FormSession?) {
        self.problems = problems
        self.session = session
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
