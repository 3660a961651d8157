/// What a prompt asks for a field's value, by the field's kind: the shape of the
/// question and what Tab completes. FormworkREPL's prompt asks by it; another view
/// can too.
package enum KindQuestion: Hashable, Sendable {
    /// Yes or no, Enter keeping the current value; Tab completes `yes` and `no`.
    case yesNo
    /// One of the options, listed and numbered, by number or value; Enter keeps the
    /// current one; Tab completes option values.
    case oneOption
    /// The options listed with marks, numbers or values toggled; Tab completes values.
    case someOptions
    /// Every option listed, numbers or values in order; Tab completes values.
    case everyOption
    /// Text read without echo, never prefilled, shown back or remembered.
    case secret
    /// A path, prefilled; Tab completes it from the file system.
    case path
    /// Text prefilled with the current value; `hint` says what a value looks like
    /// (` (HH:MM or now)`), empty when that is plain.
    case text(hint: String)
}
