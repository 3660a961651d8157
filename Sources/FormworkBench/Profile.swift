import ArgumentParser
import Formwork
import FormworkCore
import Foundation

/// `formwork-bench --profile NAME`: one candidate in a loop, nothing else, so a
/// profiler's report shows only its costs:
///
///     perf record -g .build/release/formwork-bench --profile load-json --sizes 100000
enum Profile {
    static func run(_ name: String, size: Int, forms: [String] = []) throws {
        var limits = Limits()
        limits.maximumFields = max(limits.maximumFields, size)
        switch name {
        case "layout":
            // Inline sizes of the types a form holds one of per field.
            print(
                "FieldDefinition", MemoryLayout<FieldDefinition>.size, "bytes;",
                "CompiledExpression", MemoryLayout<CompiledExpression>.size, "bytes;",
                "Value", MemoryLayout<Value>.size, "bytes")
        case "diff-sectioned": diffSectioned(size: size)
        case "validate":
            let form = onOwnInput("load the 50-question form") { try FormDefinition(yaml: ValidateCase.form50) }
            let responses = ValidateCase.responses(of: form, count: 200)
            let validator = ResponseValidator(definition: form, now: ValidateCase.now)
            for index in 0..<50_000 { consume(validator.validate(responses[index % responses.count])) }
        case "load-yaml":
            let yaml = GeneratedForm.yaml(fields: size)
            for _ in 0..<5 { consume(onOwnInput("load YAML") { try FormDefinition(yaml: yaml, limits: limits) }) }
        case "load-json":
            let json = GeneratedForm.json(fields: size)
            for _ in 0..<(1_000_000 / size) {
                consume(onOwnInput("load JSON") { try FormDefinition(json: json, limits: limits) })
            }
        case "import-surveyjs":
            let bytes = Array(SurveyJSCase.survey(questions: size).utf8)
            limits.maximumFields = max(limits.maximumFields, size * 2)
            for _ in 0..<20 { consume(SurveyJSCase.definition(bytes, limits: limits)) }
        case "odk-open":
            // The generated WHO-like XForm, or the first `--form`; opened 100 times, or
            // FORMWORK_BENCH_OPENS times (`valgrind --tool=callgrind` on a stripped copy
            // counts a few opens' instructions, which a noisy machine's clock cannot).
            let folder = BenchFolder("profile")
            defer { folder.remove() }
            let form =
                forms.first.map(URL.init(fileURLWithPath:)) ?? folder.write("whova-like.xml", GeneratedXForm.whoLike())
            let opens = ProcessInfo.processInfo.environment["FORMWORK_BENCH_OPENS"].flatMap { Int($0) } ?? 100
            for _ in 0..<max(opens, 0) { consume(ODKOpenCase.open(form)) }
        case "odk-csv-import":
            let folder = BenchFolder("profile")
            defer { folder.remove() }
            let form = GeneratedCSVForm.long(questions: 1_000, files: 10, rows: size, in: folder)
            for _ in 0..<5 { consume(ODKCSVCase.open(form)) }
        case "csv-filter-keystroke":
            let folder = BenchFolder("profile")
            defer { folder.remove() }
            let (body, _) = ODKCSVCase.keystroke(GeneratedCSVForm.villages(rows: size, named: "villages", in: folder))
            for _ in 0..<200 { body() }
        case "prompt-set", "prompt-section":
            let repl = PromptCase.session(size)
            let lines = PromptCase.commands(size)[name == "prompt-set" ? 0 : 1].lines
            for index in 0..<20_000 { consume(repl.handle(.line(lines[index % 2]))) }
        case "rpc-set":
            let server = FormServer(session: FormSession(definition: PromptCase.definition(fields: size)))
            let text = PromptCase.middleTextField(size)
            for index in 0..<20_000 {
                let request =
                    #"{"jsonrpc":"2.0","id":1,"method":"field.set","#
                    + #""params":{"id":"\#(text)","text":"\#(index % 2)"}}"#
                consume(server.handle(request))
            }
        default:
            guard let (action, throughREPL) = EntryAction.named(name) else {
                throw ValidationError(
                    "unknown profile '\(name)': expected diff-sectioned, load-yaml, load-json, prompt-set, "
                        + "prompt-section, rpc-set, odk-open, odk-csv-import, csv-filter-keystroke, "
                        + "\(EntryAction.profileNames.joined(separator: ", ")) or layout"
                )
            }
            // `--sizes` is the number of entries. An add's or a remove's loop includes
            // the untimed step that puts the form back, and a rebuild every 200 adds.
            let form = EntryForm(entries: size, throughREPL: throughREPL)
            for _ in 0..<max(1_000, 5_000_000 / size) { consume(form.time(action)) }
        }
    }
}

extension Profile {
    /// The sectioned Int diff of the diff case, in a loop.
    static func diffSectioned(size: Int) {
        let (old, new, _) = DiffCase.edit(count: size, seed: UInt64(size))
        let oldSections = DiffCase.sections(old.map { $0.map { DiffCase.Element(id: $0.0, version: $0.1) } })
        let newSections = DiffCase.sections(new.map { $0.map { DiffCase.Element(id: $0.0, version: $0.1) } })
        for _ in 0..<max(1, 10_000_000 / size) { consume(Changeset(from: oldSections, to: newSections)) }
    }
}
