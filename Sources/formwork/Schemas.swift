import ArgumentParser
import Formwork
import Foundation

struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the JSON Schema (draft 2020-12) of the definition format.",
        discussion: """
            Editors validate and complete definition files with it. Save it next to your
            forms and start each file with:
              # yaml-language-server: $schema=schema/definition.schema.json
            """)

    func run() {
        print(DefinitionSchema.document(formats: FormArguments.formats).pretty)
    }
}

struct AnswersSchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "answers-schema",
        abstract: "Print the JSON Schema of a form's answers (types, required fields, options).",
        discussion: """
            Describes what fill --out and JSON-RPC's form.submit produce for the form:
            each field's type, options, bounds and pattern, under its answer key, and
            the fields that must be present. A field required only under a condition,
            or that a condition can hide, is not listed as required (validate checks
            it). A repeat is an array of objects of its entries' fields, nested as the
            answers nest them, with maxItems its max and minItems its min (at least 1:
            an empty repeat is left out); it is required only when its min is at least
            1 and nothing can hide it. For a SurveyJS survey, the schema is that of
            its survey.data.
            """)

    @Argument(help: "The definition file.")
    var form: String

    func run() throws {
        print(AnswersSchema.document(for: try FormArguments.definition(at: form, failing: 1)).pretty)
    }
}
