/// The problems an importer finds reading a form of another format, sorted as it
/// reports them: errors, warnings (`Problem.importNotice`) and constructs that cannot
/// be represented (`Problem.unsupportedConstruct`), each at its place in the source.
///
/// ```swift
/// var problems = ImportProblems()
/// problems.report(.importNotice("the label's image is not shown"), at: "survey!D7")
/// problems.report(.unsupportedConstruct("the question 'sig'", reason: "…"), at: "survey!A9")
/// let diagnostics = problems.diagnostics(skipUnsupported: true)  // two warnings
/// ```
///
/// A value: a copy taken before a pass of the reader, put back after it, forgets what
/// the pass reported.
public struct ImportProblems: Sendable, Equatable {
    /// Problems that stop the load.
    public private(set) var errors: [Diagnostic] = []
    /// Warnings: what is read with a loss a user should know of, each once per place.
    public private(set) var notices: [Diagnostic] = []
    /// Constructs that cannot be represented: errors, or warnings with `skipUnsupported`.
    public private(set) var unsupported: [Diagnostic] = []
    /// The place and message of each notice, so that each is given once.
    private var noticed: Set<String> = []

    /// No problem yet.
    public init() {}

    /// Records `problem` at `place`: an `.unsupportedConstruct` with the constructs
    /// that cannot be represented, an `.importNotice` as a warning (unless the same
    /// one is at the same place already: a condition read for each choice warns once),
    /// anything else as an error.
    ///
    /// - Parameters:
    ///   - problem: What is wrong.
    ///   - place: Where, named as the format names places (`survey!C42`, `12:5`).
    ///   - quote: The text written there, quoted under the message.
    public mutating func report(_ problem: Problem, at place: String, quote: String? = nil) {
        var diagnostic = Diagnostic(problem, at: nil)
        diagnostic.place = SourcePlace(place, quote: quote)
        switch problem {
        case .unsupportedConstruct: unsupported.append(diagnostic)
        case .importNotice(let message):
            guard noticed.insert(place + "\u{0}" + message).inserted else { return }
            diagnostic.severity = .warning
            notices.append(diagnostic)
        default: errors.append(diagnostic)
        }
    }

    /// Where the problems reported so far end, to insert others there later
    /// (`insert(_:at:)`).
    public struct Mark: Sendable, Equatable {
        let errors: Int
        let notices: Int
        let unsupported: Int
    }

    /// The end of the problems reported so far.
    public var mark: Mark { Mark(errors: errors.count, notices: notices.count, unsupported: unsupported.count) }

    /// Puts `other`'s problems at `mark`, as if they had been reported there (a check
    /// run on its own, its findings in the order a reader would have made them); a
    /// notice already given at the same place is not given again.
    public mutating func insert(_ other: ImportProblems, at mark: Mark) {
        errors.insert(contentsOf: other.errors, at: min(mark.errors, errors.count))
        let fresh = other.notices.filter { notice in
            guard case .importNotice(let message) = notice.problem else { return true }
            return noticed.insert((notice.place?.name ?? "") + "\u{0}" + message).inserted
        }
        notices.insert(contentsOf: fresh, at: min(mark.notices, notices.count))
        unsupported.insert(contentsOf: other.unsupported, at: min(mark.unsupported, unsupported.count))
    }

    /// Every problem, errors first, then warnings, then the constructs that cannot be
    /// represented: errors, or warnings when `skipUnsupported` (each was replaced by a
    /// note saying what was skipped).
    public func diagnostics(skipUnsupported: Bool) -> [Diagnostic] {
        errors + notices + (skipUnsupported ? unsupported.map(Self.warning) : unsupported)
    }

    /// `diagnostic` as a warning.
    static func warning(_ diagnostic: Diagnostic) -> Diagnostic {
        var diagnostic = diagnostic
        diagnostic.severity = .warning
        return diagnostic
    }
}
