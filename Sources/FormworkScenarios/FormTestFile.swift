import Formwork
import Foundation

/// A test file (`*.test.yaml`): one form, the moment and language its cases run in,
/// the answers every case starts from, and the cases.
///
/// ```swift
/// let file = try FormTestFile(contentsOf: URL(fileURLWithPath: "Forms/seed.test.yaml"))
/// print(file.cases.map(\.name))
/// ```
public struct FormTestFile: Sendable {
    /// The file's path, as given (messages show it).
    public var path: String
    /// The file's text, for quoting lines in messages.
    public var source: String
    /// The form's path: `form:` resolved against the file's folder.
    public var form: String
    /// Where `form:` is written.
    public var formLocation: SourceLocation
    /// The moment `today()` and `now()` read (`now:`); the clock's when `nil`.
    public var now: LocalDateTime?
    /// The language cases start in (`language:`), and where it is written.
    public var language: (code: String, location: SourceLocation)?
    /// The answers every case starts from (`values:`, resolved), and where it is written.
    public var values: (path: String, location: SourceLocation)?
    /// The cases, in the file's order.
    public var cases: [FormTestCase]

    /// Reads a test file (YAML, or JSON).
    ///
    /// - Throws: `DiagnosticList` with every problem of the case format, each at its
    ///   line and column (names the form does not have are checked later, against the
    ///   form: `FormTestFile.check(against:)`).
    public init(contentsOf url: URL, displayPath: String? = nil, limits: Limits = .default) throws(DiagnosticList) {
        let path = displayPath ?? url.path
        let bytes: [UInt8]
        do {
            bytes = [UInt8](try Data(contentsOf: url))
        } catch {
            throw DiagnosticList(
                path: path, source: nil,
                diagnostics: [Diagnostic(.unreadable(reason: FormDefinition.reason(error)), at: nil)])
        }
        try self.init(bytes: bytes, path: path, folder: url.deletingLastPathComponent().path, limits: limits)
    }

    /// Reads a test file from its bytes; `form:` and `values:` are relative to `folder`.
    public init(bytes: [UInt8], path: String, folder: String, limits: Limits = .default) throws(DiagnosticList) {
        let (root, source) = try SyntaxLoader.load(bytes, path: path, limits: limits)
        var reader = FormTestReader()
        let read = reader.file(root)
        guard reader.diagnostics.isEmpty, let read else {
            throw DiagnosticList(path: path, source: source, diagnostics: reader.diagnostics)
        }
        self.path = path
        self.source = source
        form = Self.resolve(read.form.text, in: folder)
        formLocation = read.form.location
        now = read.now
        language = read.language.map { ($0.text, $0.location) }
        values = read.values.map { (Self.resolve($0.text, in: folder), $0.location) }
        cases = read.cases
    }

    /// `path` as written when absolute, else relative to `folder`.
    static func resolve(_ path: String, in folder: String) -> String {
        if path.hasPrefix("/") || folder.isEmpty { return path }
        return (folder as NSString).appendingPathComponent(path)
    }
}

/// One case: a name and the steps it runs, in order, from a fresh session.
public struct FormTestCase: Sendable {
    /// What the case checks, as its `name:` says.
    public var name: String
    /// Where the case starts in its file.
    public var location: SourceLocation
    /// The steps, in order.
    public var steps: [FormTestStep]

    /// A case named `name` with `steps`.
    public init(name: String, location: SourceLocation, steps: [FormTestStep]) {
        self.name = name
        self.location = location
        self.steps = steps
    }
}

/// A name as a step writes it (a field's id or name, a path into entries, an ODK
/// path, a section's or a repeat's id) and where it is written.
public struct FormTestName: Sendable, Hashable {
    /// The name as written.
    public var text: String
    /// Where it is written.
    public var location: SourceLocation

    /// `text`, written at `location`.
    public init(_ text: String, at location: SourceLocation) {
        self.text = text
        self.location = location
    }
}

/// A value as a step or an expectation writes it: text (typed as at the prompt), a
/// list of texts (a multichoice's options), or nothing (`null`, `~`: empty).
public enum FormTestValue: Sendable, Hashable, CustomStringConvertible {
    /// Empty: unanswered.
    case empty
    /// Text, as written.
    case text(String)
    /// Several texts (a multichoice's options, a list's elements).
    case list([String])

    /// The value as the prompt takes it typed: a list's texts separated by commas.
    public var typed: String {
        switch self {
        case .empty: return ""
        case .text(let text): return text
        case .list(let texts): return texts.joined(separator: ", ")
        }
    }

    /// `empty`, `'text'`, `['a', 'b']`: as messages quote it.
    public var description: String {
        switch self {
        case .empty: return "empty"
        case .text(let text): return "'\(text)'"
        case .list(let texts): return "[" + texts.map { "'\($0)'" }.joined(separator: ", ") + "]"
        }
    }
}
