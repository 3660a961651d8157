extension SurveyCoreModel {
    /// survey-core's own words for what Formwork shows where a survey gives no text of
    /// its own, in one locale: a boolean's answers (`booleanCheckedLabel`,
    /// `booleanUncheckedLabel`), the special choices (`otherItemText`, `noneItemText`,
    /// `refuseItemText`, `dontKnowItemText`), a comment box's title (`commentText`) and
    /// the messages of an unanswered required question (`requiredError`) and of an
    /// "other" choice without its text (`otherRequiredError`). Generated for
    /// every locale survey-core has (`SurveyCoreModel+Locales.swift`).
    ///
    /// ```swift
    /// SurveyCoreModel.words(for: "fr").none   // "Aucun"
    /// ```
    public struct LocaleWords: Sendable, Hashable {
        /// A boolean's `true` ("Yes").
        public var yes: String
        /// A boolean's `false` ("No").
        public var no: String
        /// The "other" choice ("Other (describe)").
        public var other: String
        /// The "none" choice ("None").
        public var none: String
        /// The "refuse to answer" choice.
        public var refuse: String
        /// The "don't know" choice.
        public var dontKnow: String
        /// A comment box's title ("Please leave a comment").
        public var comment: String
        /// An unanswered required question's message ("Response required.").
        public var required: String
        /// The message of an "other" choice without its text ("Response required: enter
        /// another value.").
        public var otherRequired: String
    }

    /// The locales by their code in lower case (`nl-be`, `pt-br`).
    private static let wordsByCode = Dictionary(
        localeWords.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })

    /// survey-core's words for a language code (`fr`, `pt-BR`, `fr_CA`): its own, else its
    /// base language's (`pt`), else English, as survey-core falls back.
    public static func words(for language: String?) -> LocaleWords {
        let code = String((language ?? "en").lowercased().map { $0 == "_" ? "-" : $0 })
        let base = String(code.prefix { $0 != "-" })
        return wordsByCode[code] ?? wordsByCode[base] ?? wordsByCode["en"]!
    }
}
