import Dispatch
import Formwork
import FormworkFormats
import Foundation

/// Runs a test file's cases against its form: the form is loaded once, each case runs
/// on a fresh session of it, and cases run on every core.
///
/// ```swift
/// let file = try FormTestFile(contentsOf: URL(fileURLWithPath: "tests/household.test.yaml"))
/// let runner = try FormTestRunner(file)
/// for result in runner.runAll() where !result.passed {
///     print(result.name, result.failures.map(\.description))
/// }
/// ```
public struct FormTestRunner: Sendable {
    /// The test file.
    public let file: FormTestFile
    /// Its form.
    public let definition: FormDefinition
    /// The names its cases may use.
    public let names: FormTestNames
    /// Nothing seen yet of the form's logic: each case that records coverage starts
    /// from a copy (its items and places are worked out once, the first time).
    private let emptyCoverage: EmptyCoverage
    /// The answers every case starts from (`values:`), read from their file once.
    let startingValues: (root: SyntaxNode, source: String, path: String)?

    /// Loads the file's form (any format `formats` reads) and its starting values,
    /// and checks every name the cases use against the form.
    ///
    /// - Throws: `DiagnosticList`: the form's own problems when it does not load, the
    ///   values file's, or the names the cases use that the form lacks (each at its
    ///   line and column in the test file, with "did you mean").
    public init(_ file: FormTestFile, formats: FormatRegistry = .standard) throws(DiagnosticList) {
        // A form that is not there is the test file's mistake, at its `form:`.
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file.form, isDirectory: &isDirectory), !isDirectory.boolValue
        else {
            throw DiagnosticList(
                path: file.path, source: file.source,
                diagnostics: [
                    Diagnostic(
                        .invalidTest(
                            "the form '\(file.form)' \(isDirectory.boolValue ? "is a directory" : "does not exist")",
                            hint: "'form' is relative to the test file's folder"),
                        at: file.formLocation)
                ])
        }
        let definition = try FormDefinition.load(
            contentsOf: URL(fileURLWithPath: file.form), displayPath: file.form, formats: formats)
        try self.init(file, definition: definition)
    }

    /// A runner of `file`'s cases against a form already loaded.
    public init(_ file: FormTestFile, definition: FormDefinition) throws(DiagnosticList) {
        self.file = file
        self.definition = definition
        emptyCoverage = EmptyCoverage(definition)
        names = FormTestNames(definition)
        let problems = file.problems(against: definition, names: names)
        guard problems.isEmpty else {
            throw DiagnosticList(path: file.path, source: file.source, diagnostics: problems)
        }
        if let values = file.values {
            let bytes: [UInt8]
            do {
                bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: values.path)))
            } catch {
                throw DiagnosticList(
                    path: file.path, source: file.source,
                    diagnostics: [
                        Diagnostic(
                            .invalidTest(
                                "cannot read the values file '\(values.path)': \(FormDefinition.reason(error))",
                                hint: "'values' is relative to the test file's folder"),
                            at: values.location)
                    ])
            }
            let (root, source) = try SyntaxLoader.load(bytes, path: values.path)
            startingValues = (root, source, values.path)
            // A values file the form rejects is the file's problem, not each case's.
            _ = try session()
        } else {
            startingValues = nil
        }
    }

    /// A fresh session of the form, at the file's moment, with its starting values
    /// and in its language.
    ///
    /// - Throws: `DiagnosticList` for starting values the form rejects.
    public func session() throws(DiagnosticList) -> FormSession {
        // The initializer refuses only starting values, and none are given to it.
        let session =
            (try? FormSession(definition: definition, today: file.now?.date ?? .today(), now: file.now, uuidSeed: 1))
            ?? FormSession(definition: definition)
        if let values = startingValues {
            try session.loadValues(root: values.root, path: values.path, source: values.source)
        }
        if let language = file.language { try? session.setLanguage(language.code) }
        return session
    }

    /// Runs every case, on every core; the results are in the file's order, each with
    /// its coverage when `recordingCoverage` (merge them with `FormCoverage.merge`).
    public func runAll(concurrently: Bool = true, recordingCoverage: Bool = false) -> [FormTestResult] {
        let cases = file.cases
        guard concurrently, cases.count > 1 else {
            return cases.map { run($0, recordingCoverage: recordingCoverage) }
        }
        let results = ResultSlots(count: cases.count)
        DispatchQueue.concurrentPerform(iterations: cases.count) { index in
            results[index] = run(cases[index], recordingCoverage: recordingCoverage)
        }
        return results.all
    }

    /// A coverage of the form with nothing seen.
    public var coverage: FormCoverage { emptyCoverage.value }

    /// Runs one case on a fresh session: its steps in order; an expectation that
    /// fails is reported and the case goes on; a step that cannot be done stops it.
    /// With `recordingCoverage`, the result holds what the case exercised: every
    /// state the session passed through, from its start to after its last step.
    public func run(_ testCase: FormTestCase, recordingCoverage: Bool = false) -> FormTestResult {
        let clock = ContinuousClock()
        let start = clock.now
        var result = FormTestResult(
            file: file.path, name: testCase.name, location: testCase.location, failures: [], stepsRun: 0,
            duration: .zero)
        let session: FormSession
        do {
            session = try self.session()
        } catch {
            result.failures.append(FormTestFailure(at: testCase.location, error.rendered))
            return result
        }
        var step = FormTestStepRun(runner: self, session: session)
        if recordingCoverage {
            step.coverage = coverage
            step.coverage?.observe(session)
        }
        for testStep in testCase.steps {
            result.stepsRun += 1
            let (failures, stops) = step.run(testStep)
            result.failures += failures
            if stops { break }
        }
        result.coverage = step.coverage
        result.duration = clock.now - start
        return result
    }
}

/// A form's coverage with nothing seen, made the first time a case asks for it:
/// listing the items and their places costs a walk over the whole form.
private final class EmptyCoverage: @unchecked Sendable {
    private let definition: FormDefinition
    private let lock = NSLock()
    private var made: FormCoverage?

    init(_ definition: FormDefinition) { self.definition = definition }

    var value: FormCoverage {
        lock.withLock {
            if let made { return made }
            let coverage = FormCoverage(definition)
            made = coverage
            return coverage
        }
    }
}

/// The results of cases run at once, each written by one worker into its own slot.
private final class ResultSlots: @unchecked Sendable {
    private var slots: [FormTestResult?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    subscript(index: Int) -> FormTestResult? {
        get { lock.withLock { slots[index] } }
        set { lock.withLock { slots[index] = newValue } }
    }

    var all: [FormTestResult] { lock.withLock { slots.compactMap { $0 } } }
}
