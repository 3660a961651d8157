extension FormServer {
    /// `response.validate`: checks a finished response against the form, as
    /// `formwork validate` does, without touching the session. `{"response": {…}}`
    /// gives it as JSON (Formwork's answers; SurveyJS's data for a survey), `{"text":
    /// "<data …>"}` as text in the form's source format (an ODK submission). The
    /// result: `{ok, problems: [{path, field, rule, severity, message}]}` (with `line`
    /// and `column` within `text`); with `"clean": true` also `answers` (and `data`
    /// in the source format): the response as the fill would have submitted it.
    func validateResponse(_ params: Parameters) throws -> JSONOutput {
        var validator = ResponseValidator(definition: session.definition)
        if session.typedNowIsFixed { validator.now = session.now }
        let verdict: ResponseVerdict
        var placed = false
        if let response = params.member("response") {
            verdict = validator.validate(response)
        } else if let text = params.member("text"), text.isQuoted, let xml = text.scalarText {
            guard let reader = sourceFormat?.readResponse else {
                throw Failure(
                    code: .invalidParams,
                    message: "Invalid params: this form's responses are JSON: give \"response\", not \"text\"",
                    data: .object([("parameter", "text")]))
            }
            placed = true
            switch reader(xml) {
            case .success(let node): verdict = validator.validate(node)
            case .failure(let problem): verdict = ResponseVerdict(problems: [problem], session: nil)
            }
        } else {
            throw Failure(
                code: .invalidParams,
                message: "Invalid params: give \"response\" (the answers as JSON) or \"text\" (an ODK submission)",
                data: .object([("parameter", "response")]))
        }
        var shown = verdict
        if !placed {
            shown.problems = verdict.problems.map {
                var problem = $0
                problem.location = nil
                return problem
            }
        }
        var members = shown.json()
        if params.member("clean")?.scalar == .bool(true), let cleaned = verdict.session {
            members.append(("answers", Self.json(cleaned.answers())))
            if let sourceFormat { members.append(("data", sourceFormat.data(cleaned))) }
        }
        return .object(members)
    }
}
