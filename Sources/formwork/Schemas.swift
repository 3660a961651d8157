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
        abstract: "Print the JSON Schema of a form's answers (types, required fields, options).")

    @Argument(help: "The definition file.")
    var form: String

    func run() throws {
        print(AnswersSchema.document(for: try FormArguments.definition(at: form, failing: 1)).pretty)
    }
}
