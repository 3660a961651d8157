import ArgumentParser
import Formwork
import FormworkScenarios
import Foundation

extension Test {
    /// `--generate N FORM`: writes the cases, then runs them as any test file.
    func generateCases(_ count: Int, for form: String) throws {
        let definition: FormDefinition
        do {
            definition = try FormDefinition.load(
                contentsOf: URL(fileURLWithPath: form), displayPath: form, formats: FormArguments.formats)
        } catch {
            printError(error.rendered)
            throw ExitCode(2)
        }
        let destination = output ?? Self.defaultOutput(for: form)
        if destination != "-", FileManager.default.fileExists(atPath: destination), !force {
            printError(
                "error: \(TerminalText.escaped(destination)) exists\n"
                    + "hint: pass --force to replace it, or --output to write elsewhere")
            throw ExitCode(2)
        }
        let folder = destination == "-" ? "." : (destination as NSString).deletingLastPathComponent
        let moment = clock.moment ?? LocalDateTime(moment: "\(LocalDate.today())T12:00")!
        let generator = FormTestGenerator(
            definition, form: FormTestCaseRecorder.relativePath(of: form, from: folder), now: moment, seed: seed)
        let suite = generator.generate(cases: count)
        if destination == "-" {
            print(suite.text, terminator: "")
        } else {
            do {
                try AtomicFile.write(Data(suite.text.utf8), to: destination)
            } catch {
                printError("error: cannot write \(TerminalText.escaped(destination)): \(error)")
                throw ExitCode(2)
            }
        }
        // Run as written, so that what was written is known to pass.
        let file = try FormTestFile(
            bytes: Array(suite.text.utf8), path: destination == "-" ? "<generated>" : destination,
            folder: folder.isEmpty ? "." : folder)
        let results = try FormTestRunner(file, definition: definition).runAll()
        let failed = results.filter { !$0.passed }
        let coverage = FormTestCoverage(form: form, coverage: suite.coverage)
        let steps = suite.cases.reduce(0) { $0 + $1.steps.filter(\.isAction).count }
        let summary =
            "wrote \(destination == "-" ? "standard output" : destination): "
            + "\(suite.cases.count) cases, \(steps) steps; "
            + "coverage \(coverage.percentText) "
            + "(\(suite.coverage.coveredOutcomes) of \(suite.coverage.totalOutcomes) outcomes)"
        printError(TerminalText.escaped(summary))
        guard failed.isEmpty else {
            printError(FormTestReport.text([FormTestFileOutcome(path: destination, results: failed)]))
            throw ExitCode(1)
        }
    }

    /// `household.xlsx` → `household.test.yaml`, beside it.
    static func defaultOutput(for form: String) -> String {
        let url = URL(fileURLWithPath: form)
        let name = url.deletingPathExtension().lastPathComponent + ".test.yaml"
        let folder = (form as NSString).deletingLastPathComponent
        return folder.isEmpty ? name : folder + "/" + name
    }
}
