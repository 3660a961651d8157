import ArgumentParser
import Formwork
import FormworkScenarios
import Foundation

struct Test: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run scenario tests of forms' logic: set answers, expect what the form shows, computes and refuses.",
        discussion: """
            A test file (*.test.yaml) names a form, in any format formwork reads, and
            cases: steps run in order on a fresh session of the form (set, clear,
            toggle, add, remove, move, language, submit) and expectations of what it
            shows then (visible, hidden, value, label, options, required, errors,
            entries, answers). Names are ids, the names of the form's own format (an
            XLSForm's or a SurveyJS question's name), paths into entries
            (members[2].age) or ODK paths (/data/members[2]/age). The Testing forms
            guide describes the format.

            Every case of every file runs, on every core; one line per case, and for
            a failure its place (file:line:col), what was expected, what was found,
            and why: the condition and the values it read, as 'why' says at the
            prompt. A test file with a misspelt key, step or name is an error at its
            line and column, with "did you mean", and runs no case.

            Exits 0 when every case passes, 1 when one fails, 2 when a test file or
            its form is invalid.

            Examples:
              formwork test Forms/tests
              formwork test tests/
              formwork test tests/ --junit results.xml
              formwork test household.test.yaml --format json
            """)

    @Argument(help: "Test files (*.test.yaml, *.test.yml, *.test.json), or directories searched for them.")
    var paths: [String]

    @Option(name: .customLong("junit"), help: ArgumentHelp("Also write JUnit XML to this file.", valueName: "file"))
    var junitFile: String?

    @Flag(help: "Print TAP (version 14) instead of text.")
    var tap = false

    @Option(help: ArgumentHelp("text, or json (one object per case, a line each).", valueName: "format"))
    var format: String = "text"

    func validate() throws {
        guard ["text", "json"].contains(format) else {
            throw ValidationError("--format expects text or json, got '\(format)'")
        }
        if tap, format != "text" { throw ValidationError("--tap and --format json print different things: pick one") }
    }

    func run() throws {
        let files = Self.testFiles(paths)
        var outcomes: [FormTestFileOutcome] = []
        var invalid = false
        for file in files {
            switch file {
            case .missing(let path, let reason):
                let message = "\(TerminalText.escaped(path)): error: \(reason)"
                outcomes.append(FormTestFileOutcome(path: path, error: message))
                if !tap, format == "text" { printError(message) }
                invalid = true
            case .file(let path):
                do {
                    let testFile = try FormTestFile(contentsOf: URL(fileURLWithPath: path), displayPath: path)
                    let runner = try FormTestRunner(testFile, formats: FormArguments.formats)
                    outcomes.append(FormTestFileOutcome(path: path, results: runner.runAll()))
                } catch {
                    outcomes.append(FormTestFileOutcome(path: path, error: error.rendered))
                    if !tap, format == "text" { printError(error.rendered) }
                    invalid = true
                }
            }
        }
        if tap {
            print(FormTestReport.tap(outcomes))
        } else if format == "json" {
            let lines = FormTestReport.jsonLines(outcomes)
            if !lines.isEmpty { print(lines) }
        } else {
            print(FormTestReport.text(outcomes))
        }
        if let junitFile {
            do {
                try AtomicFile.write(Data((FormTestReport.junit(outcomes) + "\n").utf8), to: junitFile)
            } catch {
                printError("error: --junit \(TerminalText.escaped(junitFile)): \(error)")
                throw ExitCode(2)
            }
        }
        if invalid { throw ExitCode(2) }
        if outcomes.contains(where: { $0.results.contains { !$0.passed } }) { throw ExitCode(1) }
    }

    /// Whether a file's name is a test file's: `*.test.yaml`, `*.test.yml`, `*.test.json`.
    static func isTestFile(_ name: String) -> Bool {
        [".test.yaml", ".test.yml", ".test.json"].contains(where: name.lowercased().hasSuffix)
    }

    /// A test file to run, or a path that gives none.
    enum Found {
        case file(String)
        case missing(String, reason: String)
    }

    /// The files the arguments name: each file as given; under a directory, every
    /// `*.test.yaml` (`.yml`, `.json`), sorted, hidden entries left out.
    static func testFiles(_ paths: [String]) -> [Found] {
        var found: [Found] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                found.append(.missing(path, reason: "no such file or directory"))
                continue
            }
            guard isDirectory.boolValue else {
                found.append(.file(path))
                continue
            }
            let entries = FileSearch.files(under: path, where: isTestFile)
            if entries.isEmpty {
                found.append(.missing(path, reason: "no test files (*.test.yaml) in this directory"))
            }
            found += entries.map { .file($0) }
        }
        return found
    }
}
