extension FormServer {
    /// `response.validate`: checks a finished response against the form, as
    /// `formwork validate` does, without touching the session. `{"response": {…}}`
    /// gives it as JSON (Formwork's answers, or the form's own format where that is
    /// JSON: SurveyJS's data for a survey); `{"text": "…"}` as the text a file would
    /// hold, in whichever of the server's formats recognises it (an ODK submission's
    /// XML). The result: `{ok, problems: [{path, field, rule, severity, message}]}`
    /// (with `line` and `column` within `text`); with `"clean": true` also `answers`
    /// (and `data` in the form's own format): the response as the fill would have
    /// submitted it.
    func validateResponse(_ params: Parameters) throws -> JSONOutput {
        let validator = ResponseValidator(
            definition: session.definition, formats: formats, now: session.typedNowIsFixed ? session.now : nil)
        let verdict: ResponseVerdict
        var placed = false
        if let response = params.member("response") {
            verdict = validator.validate(data: response)
        } else if let text = params.member("text"), text.isQuoted, let written = text.scalarText {
            placed = true
            verdict = validator.validate(Array(written.utf8))
        } else {
            throw ServerProblem.responseOrText
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
            if let own = session.definition.answerFormat { members.append(("data", own.json(of: cleaned))) }
        }
        return .object(members)
    }
}
