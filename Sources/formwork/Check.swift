import ArgumentParser
import Formwork
import FormworkFormats
import Foundation

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check definition files; print every problem as path:line:col.",
        discussion: """
            Definitions are Formwork's own (.yaml, .yml, .json), ODK forms (.xlsx
            XLSForms, .xml XForms) or SurveyJS surveys (.json), found by content as
            well as by name. Every problem of every file is printed, each as
            path:line:column: error: message, then the source line, a caret under
            the spot and, where one helps, a hint (did you mean, the expected type,
            the cycle, the usage); a workbook's problems are placed at their cell
            (survey.xlsx: survey!C42: error: ...). Unknown keys are errors, so a typo
            never passes silently. A text missing in one of the form's languages is a
            warning: the form loads, the file counts as ok, and the default
            language's text is shown. In an imported form, each construct Formwork
            cannot represent is an error at its place; with --skip-unsupported it is
            a warning (fill then shows it as a note). With --strict every warning is
            an error, and a file with one fails.

            A directory is checked whole: every definition under it (.yaml, .yml,
            .json, .xlsx, .xml), in its folders too, but for hidden files and JSON
            Schemas (*.schema.json, reported as skipped). Exits 0 when every file is
            valid, 1 otherwise (diagnostics on standard error).

            Examples:
              formwork check Forms/signup.yaml
              formwork check Forms
              formwork check Forms/*
            """)

    @Argument(help: "Definition files (.yaml, .yml, .json, .xlsx, .xml) or directories of them.")
    var files: [String]

    @Flag(help: "Report constructs an imported form has that Formwork cannot represent as warnings, not errors.")
    var skipUnsupported = false

    @Flag(
        help: ArgumentHelp(
            "Treat every warning as an error: a form with one fails (an imported form's terminal equivalents, "
                + "a missing file of choices, a text missing in a language…)."))
    var strict = false

    @Option(
        help: ArgumentHelp(
            "The folder of the files sent with the ODK forms checked (their CSV, XML and GeoJSON files); default: "
                + "FORM-media/ beside each form, then the form's own folder.", valueName: "dir"))
    var media: String?

    @Option(help: FormArguments.templatesHelp)
    var templates: String?

    func run() throws {
        var failed = 0
        var checked = 0
        for argument in files {
            let entries = Self.definitions(at: argument)
            if entries.isEmpty {
                printError(
                    "\(TerminalText.escaped(argument)): error: "
                        + "no definitions (.yaml, .yml, .json, .xlsx, .xml) in this directory"
                )
                failed += 1
                checked += 1
            }
            for (path, skipped) in entries {
                if let skipped {
                    print("\(TerminalText.escaped(path)): skipped (\(skipped), not a definition)")
                    continue
                }
                checked += 1
                do {
                    let form = try FormDefinition.load(
                        contentsOf: URL(fileURLWithPath: path), displayPath: path, formats: FormArguments.formats,
                        skipUnsupported: skipUnsupported, mediaDirectory: media, templatesFile: templates)
                    if !form.warnings.isEmpty {
                        let source = try? String(contentsOfFile: path, encoding: .utf8)
                        let diagnostics = form.warnings.map { warning in
                            var diagnostic = warning
                            if strict { diagnostic.severity = .error }
                            return diagnostic
                        }
                        printError(DiagnosticList(path: path, source: source, diagnostics: diagnostics).rendered)
                        if strict {
                            failed += 1
                            continue
                        }
                    }
                    func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
                    let repeats = form.repeats.isEmpty ? "" : ", " + counted(form.repeats.count, "repeat")
                    let languages = form.languages.count > 1 ? ", " + counted(form.languages.count, "language") : ""
                    let warned = form.warnings.isEmpty ? "" : ", " + counted(form.warnings.count, "warning")
                    print(
                        "\(TerminalText.escaped(path)): ok (\(counted(form.fields.count, "field")) in "
                            + "\(counted(form.sections.count, "section"))\(repeats)\(languages)\(warned))")
                } catch {
                    printError(error.rendered)
                    failed += 1
                }
            }
        }
        if failed > 0 {
            printError("\(failed) of \(checked) file\(checked == 1 ? "" : "s") failed")
            throw ExitCode(1)
        }
    }

    /// The definitions a command-line argument names: the file itself, or every
    /// definition under a directory, sorted, hidden entries left out, JSON Schemas and
    /// test files (`*.test.yaml`, `formwork test`'s) marked with what they are (they
    /// are passed over).
    static func definitions(at path: String) -> [(path: String, skipped: String?)] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return [(path, nil)]  // a file, or a path whose error `load` reports
        }
        let definitions = FileSearch.files(under: path) { name in
            [".yaml", ".yml", ".json", ".xlsx", ".xml"].contains(where: name.lowercased().hasSuffix)
        }
        return definitions.map { full in
            let name = full.lowercased()
            if name.hasSuffix(".schema.json") { return (full, "a JSON Schema") }
            if Test.isTestFile(name) {
                return (full, "a test file: formwork test runs it")
            }
            return (full, nil)
        }
    }
}
