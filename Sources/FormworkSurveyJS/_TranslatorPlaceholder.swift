// Temporary, not committed: the helper's SurveyJSTranslator replaces it.
public enum SurveyJSTranslator {
    public static func translate(
        _ expression: String, as use: SurveyJSUse, in context: SurveyJSContext
    ) throws(SurveyJSTranslationError) -> SurveyJSTranslation {
        throw SurveyJSTranslationError(.unsupported, message: "placeholder", offset: 0)
    }
    public static func template(_ text: String, in context: SurveyJSContext) throws(SurveyJSTranslationError) -> String
    {
        text.replacingOccurrences(of: "{", with: "{{").replacingOccurrences(of: "}", with: "}}")
    }
    public static func names(in expression: String) throws(SurveyJSTranslationError) -> [String] { [] }
}
