import Formwork

extension ReplSession {
    /// Why a field (or the field at a row number), an entry, a repeat or a section is
    /// shown or hidden, as `FormSession.explanation(of:)` words it, escaped for the
    /// terminal; an unknown name is an error with suggestions.
    func explain(_ id: String) -> [String] {
        if let number = Int(id) {
            guard let instance = field(atRow: number) else { return [] }
            return explain(name(instance))
        }
        do {
            let lines = try form.explanation(of: id)
            // In words: no indentation (it means nothing aloud), each line a sentence.
            guard speaks else { return lines.map(TerminalText.escaped) }
            return lines.map { line in
                let spoken = TableRenderer.spoken(line)
                return spoken.hasSuffix(":") ? spoken : TableRenderer.sentence([spoken])
            }
        } catch {
            self.error(.session(error))
            return []
        }
    }
}
