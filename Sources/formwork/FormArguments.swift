import ArgumentParser
import Formwork
import FormworkFormats
import Foundation

/// `FORM [--values FILE]`: a definition and the values to start from, loaded one way
/// by `fill`, `serve` and `show` (and by `eval --form`).
struct FormArguments: ParsableArguments {
    @Argument(
        help:
            "The definition: Formwork YAML or JSON, an ODK XLSForm (.xlsx) or XForm (.xml), a SurveyJS survey (.json).")
    var form: String

    @Flag(
        help: ArgumentHelp(
            "Fill an imported form even when it has constructs Formwork cannot represent; each is shown "
                + "as a note saying what was skipped."))
    var skipUnsupported = false

    @Option(
        help: ArgumentHelp(
            "The folder of the files sent with an ODK form (the CSV, XML and GeoJSON files its choices come "
                + "from); default: FORM-media/ beside the form, then the form's own folder.", valueName: "dir"))
    var media: String?

    @Option(help: FormArguments.templatesHelp)
    var templates: String?

    @Option(help: "A values file (JSON or YAML) to start from.")
    var values: String?

    @Option(
        help: ArgumentHelp(
            "The language to show the form in, one of its 'languages' (default: from LC_ALL, LC_MESSAGES or "
                + "LANG when the form has it, else the form's default language).", valueName: "code"))
    var lang: String?

    @Option(
        name: .customLong("set"),
        help: ArgumentHelp(
            "A value to start from, as id=value, typed as at the prompt (repeatable; after --values). "
                + "Sets inputs and read-only fields too.", valueName: "id=value"))
    var assignments: [String] = []

    @OptionGroup var clock: ClockOption

    /// A session of `definition` on the clock `--now` gives.
    ///
    /// The session's initializer refuses only starting values, and none are given here,
    /// so it does not fail; were it to, the error is printed and the command exits with
    /// `status`, as for a definition that does not load.
    func newSession(of definition: FormDefinition, failing status: Int32) throws -> FormSession {
        guard let moment = clock.moment else { return FormSession(definition: definition) }
        do {
            return try FormSession(definition: definition, today: moment.date, now: moment)
        } catch {
            printError("error: " + TerminalText.escaped(error.description))
            throw ExitCode(status)
        }
    }

    /// The definition; its diagnostics are printed and the command exits with `status`
    /// when it does not load.
    func definition(failing status: Int32) throws -> FormDefinition {
        try Self.definition(
            at: form, skipUnsupported: skipUnsupported, media: media, templates: templates, failing: status)
    }

    /// A session of the definition with the values file applied, in the language asked.
    func session(failing status: Int32) throws -> FormSession {
        let session = try newSession(of: try definition(failing: status), failing: status)
        try loadValues(into: session, failing: status)
        try chooseLanguage(of: session, failing: status)
        return session
    }

    /// Shows the session in `--lang`, else in the environment's language when the
    /// form has it; an unknown `--lang` is an error (exit `status`).
    func chooseLanguage(of session: FormSession, failing status: Int32) throws {
        do {
            try session.chooseLanguage(lang)
        } catch {
            printError("error: --lang: " + TerminalText.escaped(error.description))
            throw ExitCode(status)
        }
    }

    /// `--templates`, which every command that reads a form takes.
    static let templatesHelp = ArgumentHelp(
        "A JSON file of the question templates a SurveyJS survey names (an application's questionTemplates, "
            + "or custom types' definitions); without it such elements are dropped, as survey-core drops them.",
        valueName: "file")

    /// Every format the tool reads and writes besides its own: ODK's and SurveyJS's.
    static let formats = FormatRegistry.standard

    static func definition(
        at path: String, skipUnsupported: Bool = false, media: String? = nil, templates: String? = nil,
        failing status: Int32
    ) throws
        -> FormDefinition
    {
        do {
            return try FormDefinition.load(
                contentsOf: URL(fileURLWithPath: path), displayPath: path, formats: FormArguments.formats,
                skipUnsupported: skipUnsupported, mediaDirectory: media, templatesFile: templates)
        } catch {
            printError(error.rendered)
            throw ExitCode(status)
        }
    }

    /// Applies the values file, if any, then the `--set` values to `session` (after a
    /// draft, say).
    func loadValues(into session: FormSession, failing status: Int32) throws {
        try Self.load(values, into: session, failing: status)
        try Self.apply(assignments, to: session, failing: status)
    }

    static func session(
        of definition: FormDefinition, values: String?, assignments: [String] = [], failing status: Int32
    ) throws -> FormSession {
        let session = FormSession(definition: definition)
        try load(values, into: session, failing: status)
        try apply(assignments, to: session, failing: status)
        return session
    }

    /// `--set id=value`, split at the first `=`.
    static func parse(_ assignment: String) throws -> (id: String, text: String) {
        guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
            throw ValidationError("--set expects id=value, got '\(assignment)'")
        }
        return (String(assignment[..<equals]), String(assignment[assignment.index(after: equals)...]))
    }

    /// Gives each `--set` value as the program preparing the form: inputs and
    /// read-only fields included. A value the field rejects prints one line and exits
    /// with `status`.
    static func apply(_ assignments: [String], to session: FormSession, failing status: Int32) throws {
        for assignment in assignments {
            let (id, text) = try parse(assignment)
            do {
                try session.set(id, text: text, origin: .program)
            } catch {
                printError(
                    "error: --set \(TerminalText.escaped(assignment)): \(TerminalText.escaped(error.description))")
                throw ExitCode(status)
            }
        }
    }

    static func load(_ values: String?, into session: FormSession, failing status: Int32) throws {
        guard let values else { return }
        do {
            try session.loadValues(contentsOf: URL(fileURLWithPath: values), displayPath: values)
        } catch {
            printError(error.rendered)
            throw ExitCode(status)
        }
    }
}
