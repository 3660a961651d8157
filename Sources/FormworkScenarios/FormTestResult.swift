import Formwork

/// What running one case gave: passed, or the failures with their reasons.
///
/// ```swift
/// let result = runner.run(file.cases[0])
/// if !result.passed { print(result.failures[0].message, result.failures[0].why) }
/// ```
public struct FormTestResult: Sendable {
    /// The test file's path, as given.
    public var file: String
    /// The case's name.
    public var name: String
    /// Where the case starts in its file.
    public var location: SourceLocation
    /// What went wrong, in step order; empty when the case passed.
    public var failures: [FormTestFailure]
    /// How many steps ran (a step that cannot be done stops the case).
    public var stepsRun: Int
    /// How long the case took.
    public var duration: Duration
    /// What the case exercised of the form's logic, when the run recorded it
    /// (`FormTestRunner.run(_:recordingCoverage:)`).
    public var coverage: FormCoverage?

    /// Whether every step was done and every expectation held.
    public var passed: Bool { failures.isEmpty }
}

/// One expectation that did not hold, or one step that could not be done: where it
/// is written, what was expected, what was found, and why the form did what it did.
public struct FormTestFailure: Sendable, CustomStringConvertible {
    /// Where the step (or the expectation's name) is written.
    public var location: SourceLocation
    /// What went wrong, in a sentence: "clinic_card is hidden, expected shown".
    public var message: String
    /// What the case expected, where a value is compared.
    public var expected: String?
    /// What the form had.
    public var found: String?
    /// Why, in the words of the prompt's `why`: the condition and the values it read.
    public var why: [String]

    /// A failure at `location`.
    public init(
        at location: SourceLocation, _ message: String, expected: String? = nil, found: String? = nil,
        why: [String] = []
    ) {
        self.location = location
        self.message = message
        self.expected = expected
        self.found = found
        self.why = why
    }

    /// The message, then expected, found and why on lines of their own.
    public var description: String {
        var lines = [message]
        if let expected { lines.append("expected: \(expected)") }
        if let found { lines.append("found:    \(found)") }
        if !why.isEmpty { lines.append("why: " + why[0]) }
        lines += why.dropFirst().map { "  " + $0 }
        return lines.joined(separator: "\n")
    }
}
