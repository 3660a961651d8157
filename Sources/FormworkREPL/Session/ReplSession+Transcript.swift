extension ReplSession {
    /// What a person at the terminal would see over `lines` typed: everything printed
    /// (standard output and error, in order), each prompt followed by what was typed
    /// (nothing for a secure answer). For golden transcripts and examples.
    ///
    /// ```swift
    /// let repl = ReplSession(form: session, options: .init(interactive: true, guided: true))
    /// print(repl.transcript(typing: ["Ada", "y"]))
    /// ```
    public func transcript(typing lines: [String]) -> String {
        var text: [String] = []
        func record(_ step: ReplStep) -> Prompt? {
            text += step.lines.map(\.text)
            return step.prompt
        }
        var prompt = record(start())
        for line in lines {
            guard let asked = prompt else { break }
            text.append(asked.text + (asked.isSecure ? "" : line))
            prompt = record(handle(.line(line)))
        }
        if let prompt { text.append(prompt.text) }
        return text.joined(separator: "\n") + "\n"
    }
}
