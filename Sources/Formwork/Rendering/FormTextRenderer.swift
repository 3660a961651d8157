import FormworkCore

/// Renders what a session's data source shows as plain text: the title, each
/// visible section's header and footer, and every visible row numbered (numbers
/// run across sections, as `select N` counts them), with its label, a `*` when
/// required, its value, and its error underneath.
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
/// Text from definitions and values is escaped (`TerminalText.escaped`), and lines
/// fit `width` columns (long values wrap under the value column, over at most
/// `valueLinesShown` lines).
public struct FormTextRenderer {
    public var width: Int
    /// Styles for a terminal; plain by default.
    public var style: TextStyle

    public init(width: Int = 80, style: TextStyle = .plain) {
        self.width = max(40, width)
        self.style = style
    }

    /// The whole form as shown now (call `session.reload` first).
    public func render(_ session: FormSession) -> String {
        var lines: [String] = [style.title(TerminalText.escaped(session.definition.title))]
        if let description = session.definition.description {
            lines += wrap(Self.safe(description), width: width).map(style.dim)
        }
        let labelWidth = self.labelWidth(session)
        var number = 0
        let dataSource = session.dataSource
        for section in 0..<dataSource.numberOfSections {
            lines.append("")
            if let header = dataSource.header(inSection: section).title { lines.append(style.header(TerminalText.escaped(header))) }
            for row in 0..<dataSource.numberOfRows(inSection: section) {
                number += 1
                guard let cell = dataSource.cellForRow(at: IndexPath(row: row, section: section), in: RenderingListView()) as? FieldCell
                else { continue }
                lines += rowLines(number: number, cell: cell, labelWidth: labelWidth)
            }
            if let footer = dataSource.footer(inSection: section).title {
                lines += wrap(Self.safe(footer), width: width - 2).map { "  " + style.dim($0) }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The lines of one row: `  N  label *   value`, wrapped, then `! error`.
    public func rowLines(number: Int, cell: FieldCell, labelWidth: Int, marker: String = " ") -> [String] {
        let numberText = String(number)
        let prefix = marker + String(repeating: " ", count: max(0, 3 - numberText.count)) + numberText + "  "
        let indent = String(repeating: " ", count: prefix.count)
        let kind = cell.field?.kind
        let label = TerminalText.escaped(cell.label)
        var value = Self.safe(cell.displayValue)
        if kind == .computed, !value.isEmpty { value += "  (computed)" }
        if kind == .note {
            let text = label.isEmpty ? value : label + ": " + value
            return wrap(text, width: width - prefix.count).enumerated().map { ($0.offset == 0 ? prefix : indent) + style.dim($0.element) }
        }
        var labelLines = wrap(label, width: cell.isRequired ? labelWidth - 2 : labelWidth)
        if cell.isRequired { labelLines[labelLines.count - 1] += " *" }
        let valueWidth = max(10, width - prefix.count - labelWidth - 2)
        let valueLines = value.isEmpty ? [] : clipped(wrap(value, width: valueWidth), to: Self.valueLinesShown, width: valueWidth)
        var lines: [String] = []
        for index in 0..<max(labelLines.count, valueLines.count, 1) {
            let labelPart = index < labelLines.count ? labelLines[index] : ""
            let padded = labelPart + String(repeating: " ", count: max(0, labelWidth - TerminalText.displayWidth(labelPart)))
            let valuePart = index < valueLines.count ? style.value(valueLines[index]) : ""
            let line = (index == 0 ? prefix : indent) + (valuePart.isEmpty ? labelPart : padded + "  " + valuePart)
            lines.append(line)
        }
        if let error = cell.errorMessage {
            lines += wrap("! " + TerminalText.escaped(error), width: width - indent.count).map { indent + style.error($0) }
        }
        return lines
    }

    /// The most lines a value takes in the table; a longer one ends in `…` (the whole
    /// value stays in `values`, the answers, and the prefilled edit line).
    public static let valueLinesShown = 3

    /// The first `count` of `lines`, the last of them ending in `…` when some were cut.
    func clipped(_ lines: [String], to count: Int, width: Int) -> [String] {
        guard lines.count > count else { return lines }
        var kept = Array(lines.prefix(count))
        var last = kept[count - 1]
        while !last.isEmpty, TerminalText.displayWidth(last) + 1 > width { last.removeLast() }
        kept[count - 1] = last + "…"
        return kept
    }

    /// The label column: the widest label of the form (with its `*`), within two
    /// fifths of the width; over all fields, so columns stay put as fields appear.
    public func labelWidth(_ session: FormSession) -> Int {
        let widest = session.definition.fields.filter { $0.kind != .note }.map {
            TerminalText.displayWidth(TerminalText.escaped($0.label)) + 2
        }.max() ?? 10
        return min(max(widest, 10), width * 2 / 5)
    }

    /// Text from a definition or a person, safe for a terminal: line breaks are kept
    /// as lines, every other control character is shown escaped.
    public static func safe(_ text: String) -> String {
        text.trimmingCharacters(in: .newlines).split(separator: "\n", omittingEmptySubsequences: false)
            .map { TerminalText.escaped(String($0).trimmingCharacters(in: CharacterSet(charactersIn: "\r"))) }
            .joined(separator: "\n")
    }

    /// Splits text into lines of at most `width` columns, at spaces where possible;
    /// every line after the first starts with `hangingIndent` spaces (and so holds
    /// that much less).
    public func wrap(_ text: String, width: Int, hangingIndent: Int = 0) -> [String] {
        var lines: [String] = []
        let indent = String(repeating: " ", count: max(0, min(hangingIndent, width / 2)))
        var limit: Int { lines.isEmpty ? width : width - indent.count }
        func newLine(_ line: inout String, _ lineWidth: inout Int) {
            lines.append(line)
            line = indent
            lineWidth = 0
        }
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = lines.isEmpty ? "" : indent
            var lineWidth = 0
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
                let wordWidth = TerminalText.displayWidth(word)
                if lineWidth > 0, lineWidth + 1 + wordWidth > limit { newLine(&line, &lineWidth) }
                if wordWidth > limit {  // a word longer than the line: cut it by columns
                    for character in word {
                        let characterWidth = TerminalText.displayWidth(of: character)
                        if lineWidth + characterWidth > limit { newLine(&line, &lineWidth) }
                        line.append(character)
                        lineWidth += characterWidth
                    }
                    continue
                }
                if lineWidth > 0 { line += " "; lineWidth += 1 }
                line += word
                lineWidth += wordWidth
            }
            lines.append(line)
        }
        return lines
    }
}

/// How rendered text is styled: plain, or with ANSI colours on a terminal.
public struct TextStyle: Sendable {
    public var title: @Sendable (String) -> String
    public var header: @Sendable (String) -> String
    public var value: @Sendable (String) -> String
    public var error: @Sendable (String) -> String
    public var dim: @Sendable (String) -> String

    public init(title: @escaping @Sendable (String) -> String, header: @escaping @Sendable (String) -> String,
                value: @escaping @Sendable (String) -> String, error: @escaping @Sendable (String) -> String,
                dim: @escaping @Sendable (String) -> String) {
        self.title = title
        self.header = header
        self.value = value
        self.error = error
        self.dim = dim
    }

    /// No styling: for pipes, files and `NO_COLOR`.
    public static let plain = TextStyle(title: { $0 }, header: { $0 }, value: { $0 }, error: { $0 }, dim: { $0 })

    /// ANSI colours: bold title, underlined headers, cyan values, red errors, dim notes.
    public static let ansi = TextStyle(
        title: { "\u{1B}[1m\($0)\u{1B}[0m" }, header: { "\u{1B}[1;4m\($0)\u{1B}[0m" },
        value: { "\u{1B}[36m\($0)\u{1B}[0m" }, error: { "\u{1B}[31m\($0)\u{1B}[0m" }, dim: { "\u{1B}[2m\($0)\u{1B}[0m" })
}

/// A list view that only lends cells, so a renderer can ask the data source for
/// configured `FieldCell`s without keeping a view of its own.
final class RenderingListView: ListView {
    func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> Any { FieldCell() }
    func cellForRow(at indexPath: IndexPath) -> Any? { nil }
    func reloadData(from dataSource: any ListDataSource) {}
    func performBatchUpdates(_ changeset: Changeset, from dataSource: any ListDataSource) {}
}

import Foundation
