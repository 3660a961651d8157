/// What an importer's translated expression is used as, which decides how its value
/// is converted, as the source engine converts it.
///
/// ODK's XPath and SurveyJS's expressions are dynamically typed; the place an
/// expression is written says what is done with its value. A translator asked for a
/// use writes that conversion out, so the result has the type Formwork's field or
/// rule expects.
public enum ExpressionUse: Sendable, Hashable {
    /// A condition (ODK's `relevant`, `constraint`, `required`; SurveyJS's
    /// `visibleIf`, `enableIf`, `requiredIf`, an expression validator): a boolean
    /// that holds where the source engine's reading of the value holds.
    case condition
    /// A value (a calculation, an `expression` question, a calculated value): the
    /// value, with its type.
    case value
    /// Text: the value as the source engine shows it in a label or a title (`${x}`,
    /// `{q}`).
    case text
}
