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

            With --coverage, what the cases exercised of each form's logic: every
            condition (visible, required, read-only, rules and constraints, choice
            filters, sections' and repeats') seen true and seen false, every question
            seen shown, every repeat seen empty and with entries; what was not, at its
            place in the form's own file (survey!H12, survey.json:40:7).
            --coverage-json writes every item and what was seen of it; --min-coverage
            fails a form whose share is lower.

            --generate N FORM writes up to N cases for FORM from random fills: the
            engine's own answers recorded as expectations, each case shrunk to the
            fewest steps that see as much of the form's logic, named by what it
            covers; a regression suite in one command, run once written.

            Exits 0 when every case passes, 1 when one fails (or a form's coverage is
            below --min-coverage), 2 when a test file or its form is invalid.

            Examples:
              formwork test Forms/tests
              formwork test tests/
              formwork test tests/ --junit results.xml
              formwork test household.test.yaml --format json
              formwork test tests/ --coverage --min-coverage 90
              formwork test --generate 20 household.xlsx
            """)

    @Argument(help: "Test files (*.test.yaml, *.test.yml, *.test.json), or directories searched for them.")
    var paths: [String]

    @Option(name: .customLong("junit"), help: ArgumentHelp("Also write JUnit XML to this file.", valueName: "file"))
    var junitFile: String?

    @Flag(help: "Print TAP (version 14) instead of text.")
    var tap = false

    @Option(help: ArgumentHelp("text, or json (one object per case, a line each).", valueName: "format"))
    var format: String = "text"

    @Flag(help: "Report what the cases exercised of each form's logic, and what they did not.")
    var coverage = false

    @Option(
        name: .customLong("coverage-json"),
        help: ArgumentHelp(
            "Also write the coverage of each form, item by item, as JSON to this file.", valueName: "file"))
    var coverageJSONFile: String?

    @Option(
        name: .customLong("min-coverage"),
        help: ArgumentHelp("Fail when a form's coverage is below this percentage.", valueName: "percent"))
    var minimumCoverage: Double?

    @Option(
        help: ArgumentHelp(
            "Write up to N generated cases for FORM (the one path given) instead of running tests.", valueName: "N"))
    var generate: Int?

    @Option(help: ArgumentHelp("The seed of --generate's random fills (default 1).", valueName: "seed"))
    var seed: UInt64 = 1

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp(
            "Where --generate writes the test file (default: FORM's name with .test.yaml, beside it; - for standard "
                + "output).", valueName: "file"))
    var output: String?

    @Flag(help: "Let --generate replace a test file that exists.")
    var force = false

    @OptionGroup var clock: ClockOption

    /// Whether cases record what they exercise.
    var recordsCoverage: Bool { coverage || coverageJSONFile != nil || minimumCoverage != nil }

    func validate() throws {
        if let generate {
            guard generate > 0, generate <= 10_000 else {
                throw ValidationError("--generate expects a number of cases from 1 to 10000, got \(generate)")
            }
            guard paths.count == 1 else {
                throw ValidationError("--generate writes cases for one form: give its path alone")
            }
        } else if output != nil || force {
            throw ValidationError("--output and --force are for --generate")
        }
        if let minimumCoverage, !(0...100).contains(minimumCoverage) {
            throw ValidationError("--min-coverage expects a percentage from 0 to 100, got \(minimumCoverage)")
        }
        guard ["text", "json"].contains(format) else {
            throw ValidationError("--format expects text or json, got '\(format)'")
        }
        if tap, format != "text" { throw ValidationError("--tap and --format json print different things: pick one") }
    }

    func run() throws {
        if let generate {
            try generateCases(generate, for: paths[0])
            return
        }
        let files = Self.testFiles(paths)
        var outcomes: [FormTestFileOutcome] = []
        var coverages: [FormTestCoverage] = []
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
                    let results = runner.runAll(recordingCoverage: recordsCoverage)
                    outcomes.append(FormTestFileOutcome(path: path, results: results))
                    if recordsCoverage { Self.add(results, of: runner, to: &coverages) }
                } catch {
                    outcomes.append(FormTestFileOutcome(path: path, error: error.rendered))
                    if !tap, format == "text" { printError(error.rendered) }
                    invalid = true
                }
            }
        }
        if tap {
            print(FormTestReport.tap(outcomes))
            if coverage {
                print(
                    coverages.map { $0.text.split(separator: "\n").map { "# " + $0 }.joined(separator: "\n") }
                        .joined(separator: "\n"))
            }
        } else if format == "json" {
            var lines = FormTestReport.jsonLines(outcomes)
            if coverage {
                lines += coverages.map {
                    (lines.isEmpty ? "" : "\n") + JSONOutput.object([("coverage", $0.json)]).encoded
                }
                .joined()
            }
            if !lines.isEmpty { print(lines) }
        } else {
            print(FormTestReport.text(outcomes))
            if coverage { print(coverages.map(\.text).joined(separator: "\n")) }
        }
        if let coverageJSONFile {
            let document = JSONOutput.object([("forms", .array(coverages.map(\.json)))])
            do {
                try AtomicFile.write(Data((document.pretty + "\n").utf8), to: coverageJSONFile)
            } catch {
                printError("error: --coverage-json \(TerminalText.escaped(coverageJSONFile)): \(error)")
                throw ExitCode(2)
            }
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
        var belowMinimum = false
        if let minimumCoverage {
            for formCoverage in coverages where !formCoverage.reaches(minimumCoverage) {
                printError(
                    "error: the coverage of \(TerminalText.escaped(formCoverage.form)) is \(formCoverage.percentText), "
                        + "below --min-coverage \(Self.percent(minimumCoverage))")
                belowMinimum = true
            }
        }
        if belowMinimum || outcomes.contains(where: { $0.results.contains { !$0.passed } }) { throw ExitCode(1) }
    }

    /// `80%`, `92.5%`.
    static func percent(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value))%" : "\(value)%"
    }

    /// Merges a file's results into the coverage of its form (one per form, however
    /// many test files name it).
    static func add(_ results: [FormTestResult], of runner: FormTestRunner, to coverages: inout [FormTestCoverage]) {
        let form = displayPath(runner.file.form)
        let empty = runner.coverage
        let index =
            coverages.firstIndex { $0.form == form && $0.coverage.isOfSameForm(as: empty) }
            ?? {
                coverages.append(FormTestCoverage(form: form, coverage: empty))
                return coverages.count - 1
            }()
        for result in results { coverages[index].add(result) }
    }

    /// A form's path as the user would write it: without `..` steps, relative to the
    /// working directory when it is under it.
    static func displayPath(_ path: String) -> String {
        let standardized = URL(fileURLWithPath: path).standardizedFileURL.path
        let directory = FileManager.default.currentDirectoryPath
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return standardized.hasPrefix(prefix) ? String(standardized.dropFirst(prefix.count)) : standardized
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
