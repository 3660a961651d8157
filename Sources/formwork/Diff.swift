import ArgumentParser
import Formwork
import Foundation

struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Compare two versions of a form: what breaks the answers collected, acts or reads differently.",
        discussion: """
            Reads both versions (any formats Formwork reads, even two different ones)
            and lists what the new one changes, in three groups: breaking (answers
            collected with the old version no longer fit: a question removed,
            renamed, moved into or out of a repeat, its kind changed, a choice's value
            removed, a question made required), behaviour (a condition, calculation,
            rule, bound or default changed, shown as old and new; questions and
            choices added) and text (labels, hints and choice labels, per language).
            A question is matched by the key its answers are stored under; one gone
            is matched to a new one of the same kind and label as a rename.

            Exit status: 0 when nothing breaking is found, 1 when something is (so a
            CI step can stop a deployment), 2 when a version does not load.

            Examples:
              formwork diff survey-v1.xlsx survey-v2.xlsx
              formwork diff old/household.yaml household.yaml --format json
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: "The old version of the form.")
    var old: String

    @Argument(help: "The new version of the form.")
    var new: String

    @Option(help: "The format: text or json.")
    var format: Format = .text

    @Flag(help: "Compare forms even when they have constructs Formwork cannot represent.")
    var skipUnsupported = false

    func run() throws {
        let before = try FormArguments.definition(at: old, skipUnsupported: skipUnsupported, failing: 2)
        let after = try FormArguments.definition(at: new, skipUnsupported: skipUnsupported, failing: 2)
        let diff = FormDiff(old: before, new: after)
        let text =
            format == .json ? diff.json() : CommandOutput.escapedLines(diff.text(oldFile: old, newFile: new))
        try CommandOutput.write(text, to: nil, failing: 2)
        if diff.isBreaking { throw ExitCode(1) }
    }
}
