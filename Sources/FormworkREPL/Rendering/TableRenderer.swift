import Formwork

/// How the form's table looks in a terminal: the title, section headers and
/// footers, and each row — `  N  label *   value`, the value wrapped under its
/// column (at most `valueLinesShown` lines), then `! error` — fitted to `width`
/// columns and styled with `style`. `TerminalTable` decides what is shown; this
/// decides how.
///
/// ```
/// Seed form
///
/// Name
///    1  First name                 Ada
///    2  Last name *
///       ! is required
/// ```
///
/// Text from definitions and values is escaped (`TerminalText.escaped`).
public struct TableRenderer: Sendable {
    /// The terminal's width in columns, at least 40 (a narrower one is taken as 40).
    public var width: Int {
        didSet { width = max(40, width) }
    }
    /// Styles for a terminal; plain by default.
    public var style: TextStyle
    /// How the table is said: a table, or sentences (the accessible mode, always plain).
    public var voice: Voice

    /// A renderer for a terminal `width` columns wide (at least 40), styled with `style`,
    /// saying the table in `voice`.
    public init(width: Int = 80, style: TextStyle = .plain, voice: Voice = .table) {
        self.width = max(40, width)
        self.voice = voice
        self.style = voice == .sentences ? .plain : style
    }

    /// The most lines a value takes in the table; a longer one ends in `…` (the whole
    /// value stays in `values`, the answers, and the prefilled edit line).
    public static let valueLinesShown = 3

    /// The label column for the widest label of the form (its display width, a `*`
    /// included), within two fifths of the width.
    public func labelWidth(widestLabel: Int) -> Int {
        min(max(widestLabel, 10), width * 2 / 5)
    }

    /// The widest label of a form, as `labelWidth(widestLabel:)` takes it: over all
    /// fields, so that the column stays put as fields appear and vanish.
    public static func widestLabel(of definition: FormDefinition) -> Int {
        var widest = 10
        // Every language's label counts, so switching language keeps the column; of a
        // label that reads answers, its words (what the answers add is not known yet).
        func width(_ text: FormText, _ source: String) -> Int {
            guard text.isTranslated || !text.isConstant else {
                return TerminalText.displayWidth(TerminalText.escaped(source)) + 2
            }
            return text.variants.map { variant in
                let words = variant.template.parts.map { part in
                    if case .text(let text) = part { return text }
                    return ""
                }.joined()
                return TerminalText.displayWidth(TerminalText.escaped(words)) + 2
            }.max()!
        }
        for field in definition.fields where field.kind != .note {
            widest = max(widest, width(field.texts.label, field.label))
        }
        for repeatDefinition in definition.repeats where repeatDefinition.count == nil {
            widest = max(widest, width(repeatDefinition.addLabelText, repeatDefinition.addLabel))
        }
        return widest
    }

    /// The title line and the description under it.
    public func titleLines(title: String, description: String?) -> [String] {
        if voice == .sentences {
            return [Self.sentence(["Form: " + Self.spoken(title)])] + (description.map { [Self.spoken($0)] } ?? [])
        }
        var lines = [style.title(TerminalText.escaped(title))]
        if let description { lines += TextLayout.wrap(TextLayout.safe(description), width: width).map(style.dim) }
        return lines
    }

    /// A section's header line.
    public func headerLine(_ header: String) -> String { style.header(TerminalText.escaped(header)) }

    /// A section's header line, for a section of `rows` rows (said as sentences: "Section Household, 3 rows.").
    public func headerLine(_ header: String, rows: Int) -> String {
        voice == .sentences ? spokenSection(header, rows: rows) : headerLine(header)
    }

    /// A section's footer, indented.
    public func footerLines(_ footer: String) -> [String] {
        if voice == .sentences { return [Self.sentence(["Section note: " + Self.spoken(footer)])] }
        return TextLayout.wrap(TextLayout.safe(footer), width: width - 2).map { "  " + style.dim($0) }
    }

    /// The lines of one row, marked `marker` (` `, `+`, `-`, `~`).
    public func rowLines(number: Int, cell: FieldCell, labelWidth: Int, marker: String = " ") -> [String] {
        if voice == .sentences {
            let change: Change? =
                switch marker {
                case "+": .appeared
                case "-": .disappeared
                case "~": .changed
                default: nil
                }
            return spokenRow(number: number, cell: cell, change: change)
        }
        let numberText = String(number)
        let prefix = marker + String(repeating: " ", count: max(0, 3 - numberText.count)) + numberText + "  "
        let indent = String(repeating: " ", count: prefix.count)
        let kind = cell.field?.kind
        let label = TextLayout.safe(cell.label)
        var value = TextLayout.safe(cell.displayValue)
        if kind == .computed, !value.isEmpty { value += "  (computed)" }
        if cell.isReadOnly { value += value.isEmpty ? "(read-only)" : "  (read-only)" }
        if kind == .note {
            let text = label.isEmpty ? value : label + ": " + value
            return TextLayout.wrap(text, width: width - prefix.count).enumerated().map {
                ($0.offset == 0 ? prefix : indent) + style.dim($0.element)
            }
        }
        var labelLines = TextLayout.wrap(label, width: cell.isRequired ? labelWidth - 2 : labelWidth)
        if cell.isRequired { labelLines[labelLines.count - 1] += " *" }
        let valueWidth = max(10, width - prefix.count - labelWidth - 2)
        let valueLines =
            value.isEmpty
            ? []
            : TextLayout.clip(TextLayout.wrap(value, width: valueWidth), to: Self.valueLinesShown, width: valueWidth)
        var lines: [String] = []
        for index in 0..<max(labelLines.count, valueLines.count, 1) {
            let labelPart = index < labelLines.count ? labelLines[index] : ""
            let padded =
                labelPart + String(repeating: " ", count: max(0, labelWidth - TerminalText.displayWidth(labelPart)))
            let valuePart = index < valueLines.count ? style.value(valueLines[index]) : ""
            lines.append((index == 0 ? prefix : indent) + (valuePart.isEmpty ? labelPart : padded + "  " + valuePart))
        }
        if let error = cell.errorMessage {
            lines += TextLayout.wrap("! " + TerminalText.escaped(error), width: width - indent.count).map {
                indent + style.error($0)
            }
        }
        return lines
    }
}
