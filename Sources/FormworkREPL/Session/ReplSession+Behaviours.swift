import Formwork

/// What selecting a row says of field behaviours: read-only fields.
extension ReplSession {
    /// Why a field is read-only (or no longer is), escaped for the terminal.
    func explainReadOnly(_ path: String) -> [String] {
        form.readOnlyExplanation(of: path).map(TerminalText.escaped)
    }
}
