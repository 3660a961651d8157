/// One problem found in a definition, an expression, or a values file: where, and
/// what, as structured data. `DiagnosticRenderer` is the one place that turns it into
/// text.
public struct Diagnostic: Error, Hashable, Sendable {
    /// Where the problem is; `nil` when it concerns the whole file.
    public var location: SourceLocation?
    /// How many columns the caret underlines (at least 1).
    public var length: Int
    /// What is wrong.
    public var problem: Problem
    /// An error stops the form from loading; a warning (`FormDefinition.warnings`) does not.
    public var severity: Severity = .error
    /// Where the construct the problem belongs to started, when the parser says.
    var contextLocation: SourceLocation?
    /// A named place, for formats without lines: a workbook cell (`survey!C42`), with
    /// the text written there. Rendered instead of `line:col`.
    public var place: SourcePlace?

    /// An error about `problem` at `location`, its caret underlining `length` columns (at least 1).
    public init(_ problem: Problem, at location: SourceLocation?, length: Int = 1) {
        self.problem = problem
        self.location = location
        self.length = max(1, length)
    }

    /// The one-line message, without location or hint.
    public var message: String { DiagnosticRenderer.message(for: problem) }

    /// The hint, if the problem has one. (Something not supported that is only a
    /// warning was skipped already: `--skip-unsupported` is not suggested again.)
    public var hint: String? {
        if case .unsupportedConstruct = problem, severity == .warning { return nil }
        return DiagnosticRenderer.hint(for: problem)
    }

    /// Whether a diagnostic stops the form from loading.
    public enum Severity: String, Hashable, Sendable {
        case error
        case warning
    }
}

/// A place in a source that has no lines to point into: a spreadsheet cell, named as
/// spreadsheets name it (`survey!C42`), with what is written there (quoted under the
/// message) and, where the text was translated, what it was read as.
public struct SourcePlace: Hashable, Sendable {
    /// `survey!C42`.
    public var name: String
    /// The text at the place, as written (`${age} > 'x'`).
    public var quote: String?

    /// A place named `name` (`survey!C42`), with the text written there when there is some.
    public init(_ name: String, quote: String? = nil) {
        self.name = name
        self.quote = quote
    }
}

extension SourcePlace {
    /// A place name that is a line and a column in a file (`40:7`), as numbers; `nil`
    /// for another kind of place (a workbook's cell, `survey!H12`).
    public static func lineAndColumn(of name: String) -> (line: Int, column: Int)? {
        let parts = name.split(separator: ":")
        guard parts.count == 2, let line = Int(parts[0]), let column = Int(parts[1]) else { return nil }
        return (line, column)
    }

    /// A place in `file` as a person (and an editor) finds it: `file:40:7` for a line
    /// and a column, `file: survey!H12` for a cell.
    public static func located(_ name: String, in file: String) -> String {
        file + (lineAndColumn(of: name) != nil ? ":" : ": ") + name
    }
}

/// Several diagnostics, thrown together so that a user sees every problem at once.
public struct DiagnosticList: Error, Sendable {
    /// The file the diagnostics are about (as given by the user), if any.
    public var path: String?
    /// The source text, for quoting lines.
    public var source: String?
    /// Sorted by location.
    public var diagnostics: [Diagnostic]

    /// The diagnostics about `path`'s `source`, sorted by location (those without one first).
    public init(path: String?, source: String?, diagnostics: [Diagnostic]) {
        self.path = path
        self.source = source
        self.diagnostics = diagnostics.sorted {
            ($0.location ?? SourceLocation(line: 0, column: 0)) < ($1.location ?? SourceLocation(line: 0, column: 0))
        }
    }

    /// Every diagnostic rendered, one after the other.
    public var rendered: String {
        diagnostics.map { DiagnosticRenderer.render($0, path: path, source: source) }.joined(separator: "\n")
    }
}

extension DiagnosticList: CustomStringConvertible {
    /// Every diagnostic rendered, as `rendered`.
    public var description: String { rendered }
}
