/// When a field's `default` is given (`defaults: start | whenShown`).
///
/// Every field with a `default` (a literal, an expression, or a `recalculate` rule
/// that runs `atStart`) has it when the form starts. With `whenShown`, an answer
/// that is empty takes it again when its section is shown after being hidden, and
/// with `hiddenAnswers: erased` when the field itself is shown again — as survey-core
/// gives a question its `defaultValue` when its page or panel becomes visible:
///
/// ```yaml
/// defaults: whenShown
/// sections:
///   - id: visit
///     visible: $visited
///     fields:
///       - { id: nights, kind: number, label: Nights, default: 1 }
/// ```
///
/// Cleared while `visit` is shown, `nights` is 1 again when `visit` is hidden and
/// shown again. `formwork validate` reads a response the same way: a section hidden
/// as the form starts and shown under the response's answers gives the fields the
/// response leaves empty their defaults (survey-core applies them as a response's
/// data is set). A repeat's entries take their defaults when they are made.
public enum DefaultsTiming: String, Sendable, CaseIterable {
    /// Given when the form starts (and an entry is made) only: the default.
    case start
    /// Given again to an empty answer as its section (or, with `hiddenAnswers:
    /// erased`, the field itself) is shown.
    case whenShown
}
