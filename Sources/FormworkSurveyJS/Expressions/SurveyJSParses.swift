import Formwork

/// Each expression of a survey parsed once: the reader translates some several
/// times (to find the kinds of expression questions, then for the document, then
/// again where a name reads as empty), and a survey repeats many conditions.
final class SurveyJSParses {
    private var results: [String: Result<SurveyJSExpression, TranslationError>] = [:]

    /// `SurveyJSParser.parse(text)`, remembered.
    func parse(_ text: String) throws(TranslationError) -> SurveyJSExpression {
        if let known = results[text] { return try known.get() }
        let result: Result<SurveyJSExpression, TranslationError>
        do {
            result = .success(try SurveyJSParser.parse(text))
        } catch {
            result = .failure(error)
        }
        results[text] = result
        return try result.get()
    }
}
