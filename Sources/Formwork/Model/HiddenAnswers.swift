/// What becomes of the answer to a question that is not shown.
///
/// A form says it for its expressions (`hiddenAnswers: blank | kept`: whether a hidden
/// question's answer reads as empty, ODK's and Formwork's rule, or as given, SurveyJS's
/// `clearInvisibleValues: none`); a submission layout says it for the answers written
/// (`hidden: dropped | kept`). Either way the answer itself is kept while the question
/// is hidden, and is back when it shows again.
public enum HiddenAnswers: Sendable, Equatable {
    /// Read as empty (`blank`), or left out of the answers written (`dropped`).
    case cleared
    /// Read, or written, as given (`kept`).
    case kept

    /// The word a definition gives for `self` under a key whose word for `.cleared` is
    /// `clearedWord`.
    func word(clearedWord: String) -> String { self == .kept ? "kept" : clearedWord }

    /// The value a definition's word names, under a key whose word for `.cleared` is
    /// `clearedWord`; `nil` for another word.
    init?(word: String, clearedWord: String) {
        switch word {
        case "kept": self = .kept
        case clearedWord: self = .cleared
        default: return nil
        }
    }
}
