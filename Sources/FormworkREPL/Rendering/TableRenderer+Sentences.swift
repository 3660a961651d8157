import Formwork

/// The table read aloud: the accessible mode's voice (issue: a prompt a screen reader
/// can follow).
///
/// In `.sentences`, every line the table makes is one sentence that reads well aloud
/// and means nothing by alignment, colour or symbol: a row is "Row 4, E-mail,
/// required, not answered." (or its value in words: "ada@example.org", "on", "off",
/// "hidden value" for secure text), a section "Section Additional fields, 2 rows.", a
/// change "Appeared: row 4, E-mail, not answered.", "Disappeared: section Company, 3
/// rows.", "Changed: row 2, Last name, now Lovelace.". No column is padded, no line
/// wrapped (a screen reader reads a long line whole), nothing styled.
///
/// The design, in parts: the renderer's `voice` decides every line the table makes
/// (this file); `TerminalTable` says *what* changed and asks the renderer *how* to
/// say it; the REPL asks its questions in words (next increments: the prompt
/// without prefilled edits, choices as numbered lists, guided positions, the other
/// commands' text).
extension TableRenderer {
    /// How the table is said: as a table for the eye, or as sentences for the ear.
    public enum Voice: Sendable, Equatable {
        /// Aligned columns, markers and styles (the default).
        case table
        /// One plain sentence per line (the accessible mode).
        case sentences
    }

    /// What a change line says happened to a row or a section.
    public enum Change: Sendable, Equatable {
        case appeared, disappeared, changed
        /// The word a sentence starts with.
        var word: String {
            switch self {
            case .appeared: "Appeared"
            case .disappeared: "Disappeared"
            case .changed: "Changed"
            }
        }
    }

    /// "Row 4, E-mail, required, not answered." and, when the field is in error, a
    /// second sentence: "Row 4, E-mail, has a problem: is required." With `change`,
    /// the sentence starts with what happened ("Appeared: row 4, …"), and a changed
    /// value reads "now Lovelace".
    func spokenRow(number: Int, cell: FieldCell, change: Change? = nil) -> [String] {
        let row = "Row \(number)"
        var parts = [change.map { "\($0.word): row \(number)" } ?? row]
        if let add = cell.addRow {
            parts.append(Self.spoken(add.label))
            parts.append(Self.spoken(add.status))
            return [Self.sentence(parts)]
        }
        let label = Self.spoken(cell.label)
        let kind = cell.field?.kind
        if kind == .note {
            let text = Self.spoken(cell.displayValue)
            parts.append("note" + (label.isEmpty ? "" : " " + label) + (text.isEmpty ? "" : ": " + text))
            return [Self.sentence(parts)]
        }
        parts.append(label.isEmpty ? "unlabelled" : label)
        if change != .disappeared {
            if cell.isRequired { parts.append("required") }
            if cell.isReadOnly { parts.append("read-only") }
            if kind == .computed || kind == .calculate { parts.append("computed") }
            let value = spokenValue(cell)
            parts.append(change == .changed && value != "not answered" ? "now " + value : value)
        }
        var lines = [Self.sentence(parts)]
        if let error = cell.errorMessage, change != .disappeared {
            lines.append(
                Self.sentence([row, label.isEmpty ? "unlabelled" : label, "has a problem: " + Self.spoken(error)]))
        }
        return lines
    }

    /// A field's value in words: "on", "off", "hidden value", the text shown, or "not answered".
    func spokenValue(_ cell: FieldCell) -> String {
        guard let row = cell.row else { return "not answered" }
        switch row.kind {
        case .switch: return row.value.isNull ? "not answered" : row.value.isTrue ? "on" : "off"
        case .secure: return row.value.isNull ? "not answered" : "hidden value"
        default:
            let shown = Self.spoken(row.displayValue)
            return shown.isEmpty ? "not answered" : shown
        }
    }

    /// "Section Household, 3 rows." (with what happened: "Appeared: section …").
    func spokenSection(_ title: String, rows: Int, change: Change? = nil) -> String {
        let what = change.map { "\($0.word): section" } ?? "Section"
        return Self.sentence([what + " " + Self.spoken(title), "\(rows) row\(rows == 1 ? "" : "s")"])
    }

    /// Parts joined by commas, ending with a full stop (unless the last part ends a sentence).
    static func sentence(_ parts: [String]) -> String {
        var text = parts.filter { !$0.isEmpty }.joined(separator: ", ")
        // A text that reads an answer not given yet ("Welcome, {$name}") ends in its comma.
        while let last = text.last, ",;: ".contains(last) { text.removeLast() }
        guard let last = text.last else { return "" }
        return ".!?".contains(last) ? text : text + "."
    }

    /// Text from a form, said safely: escaped for the terminal, its lines joined, its
    /// runs of spaces made one (alignment means nothing aloud).
    static func spoken(_ text: String) -> String {
        TerminalText.escaped(text).split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" })
            .joined(separator: " ")
    }
}
