import Formwork
import FormworkFormats
import FormworkScenarios
import Foundation
import Testing

/// `--generate 20` on every corpus form (`../shared/corpus`): the cases pass as
/// written, and a form changed in one place — a condition inverted, a choice dropped,
/// a constant changed — fails a case whose reason names what changed.
@Suite("Generated cases on the corpus")
struct GeneratedCorpusTests {
    static let corpus = FormTestReadingTests.package.deletingLastPathComponent().appendingPathComponent("shared/corpus")

    /// Every corpus form, as `xlsform/NAME.xlsx`; none after saying so where the corpus is absent.
    static func forms() -> [String] {
        var names: [String] = []
        for folder in ["xlsform", "xforms", "surveyjs"] {
            let path = corpus.appendingPathComponent(folder).path
            guard let files = try? FileManager.default.contentsOfDirectory(atPath: path) else { continue }
            names += files.filter { [".xlsx", ".xml", ".json"].contains(where: $0.hasSuffix) }.sorted().map {
                folder + "/" + $0
            }
        }
        if names.isEmpty { print("skipped: ../shared/corpus is absent") }
        return names
    }

    @Test(arguments: forms())
    func generatedCasesPassAndCatchAChange(_ name: String) throws {
        let url = Self.corpus.appendingPathComponent(name)
        let definition = try FormDefinition.load(contentsOf: url, displayPath: name, formats: .standard)
        let moment = LocalDateTime(moment: "2025-01-15T12:00")!
        let suite = FormTestGenerator(definition, form: url.path, now: moment, seed: 1).generate(cases: 20)
        #expect(!suite.cases.isEmpty)
        let file = try FormTestFile(bytes: Array(suite.text.utf8), path: "generated.test.yaml", folder: "/")
        for result in try FormTestRunner(file, definition: definition).runAll() {
            #expect(result.passed, "\(name): \(result.name): \(result.failures.map(\.description))")
        }
        let document = try DefinitionDocument.read(contentsOf: url, displayPath: name, formats: .standard).document
        for mutation in FormMutation.all(of: suite, definition: definition, file: file) {
            guard let changed = mutation.apply(to: document) else {
                Issue.record("\(name): \(mutation) could not be made in the form's definition")
                continue
            }
            let mutated: FormDefinition
            do {
                mutated = try FormDefinition(document: changed, path: name, formats: .standard)
            } catch {
                // A change the form's own checks refuse (an option a condition compares
                // with, dropped) is caught before any case runs, where it is.
                #expect(
                    mutation.names.contains { error.rendered.contains($0) },
                    "\(name): \(mutation) refused without naming it: \(error.rendered)")
                continue
            }
            let failures = try FormTestRunner(file, definition: mutated).runAll().flatMap(\.failures)
            #expect(
                failures.contains { failure in mutation.names.contains { failure.description.contains($0) } },
                "\(name): \(mutation) was not caught; failures: \(failures.prefix(3).map(\.description))")
        }
    }
}

/// One change to a form's definition, chosen from what a generated suite exercised,
/// and the names a failure that catches it must mention.
struct FormMutation: CustomStringConvertible {
    enum Change {
        /// `visible: C` → `visible: not (C)`.
        case invert(field: String)
        /// The option with this value left out.
        case dropOption(field: String, value: String)
        /// A constant in the field's `visible` replaced.
        case constant(field: String, from: String, to: String)
    }

    var change: Change
    var names: [String]

    var description: String {
        switch change {
        case .invert(let field): "the condition of '\(field)' inverted"
        case .dropOption(let field, let value): "option '\(value)' of '\(field)' dropped"
        case .constant(let field, let from, let to): "'\(from)' in the condition of '\(field)' changed to '\(to)'"
        }
    }

    /// One change of each kind the suite can catch: a condition it saw true and false
    /// inverted; an option it chose dropped; a constant of a condition it saw both
    /// ways (one comparison with a constant, nothing else) moved out of reach.
    static func all(of suite: GeneratedTestFile, definition: FormDefinition, file: FormTestFile) -> [FormMutation] {
        var mutations: [FormMutation] = []
        let both = suite.coverage.items.indices.filter {
            suite.coverage.items[$0].kind == .visible && suite.coverage.outcomes[$0] == [.sawTrue, .sawFalse]
        }.map { suite.coverage.items[$0].subject }
        func names(_ id: String) -> [String] { [id, definition.field(id)?.answerKey ?? id] }
        if let field = both.first {
            mutations.append(FormMutation(change: .invert(field: field), names: names(field)))
        } else if let index = suite.coverage.items.indices.first(where: {
            suite.coverage.items[$0].kind == .section && suite.coverage.outcomes[$0] == [.sawTrue, .sawFalse]
        }), let section = definition.section(suite.coverage.items[index].subject) {
            // A section's condition: caught by what it holds appearing or not.
            let held = section.fieldIndices.flatMap { names(definition.fields[$0].id) }
            mutations.append(FormMutation(change: .invert(field: section.id), names: held))
        }
        for field in both {
            guard let condition = definition.field(field)?.visible,
                let (from, to) = movedConstant(in: condition, definition: definition)
            else { continue }
            mutations.append(
                FormMutation(change: .constant(field: field, from: from, to: to), names: names(field) + [to]))
            break
        }
        let runner = try? FormTestRunner(file, definition: definition)
        search: for generated in suite.cases {
            for step in generated.steps {
                guard case .set(let name, let text) = step, let path = runner?.names.path(for: name) else { continue }
                let id = FieldPath(path)?.name ?? path
                guard let field = definition.field(id), field.kind == .choice,
                    field.options.contains(where: { $0.value == text })
                else { continue }
                mutations.append(FormMutation(change: .dropOption(field: id, value: text), names: [text, id]))
                break search
            }
        }
        return mutations
    }

    /// For a condition that is one comparison of a field with a constant (`$age < 5`,
    /// `$sex == 'female'`), the constant and what to put instead so that what held no
    /// longer does: another of the field's options, another text, a bound moved far the
    /// other way.
    static func movedConstant(in condition: CompiledExpression, definition: FormDefinition) -> (String, String)? {
        guard case .binary(let operation, let left, let right) = condition.expression.kind,
            case .reference(let reference) = left.kind, case .literal(let value) = right.kind
        else { return nil }
        let scalars = Array(condition.source.unicodeScalars)
        guard right.offset + right.length <= scalars.count else { return nil }
        let written = String(String.UnicodeScalarView(scalars[right.offset..<(right.offset + right.length)]))
        switch (operation, value) {
        case (.equal, .string(let text)):
            let id = FieldPath(reference)?.name ?? reference
            let options = definition.field(id)?.options.map(\.value) ?? []
            let other = options.isEmpty ? text + "_changed" : options.first { $0 != text }
            return other.map { (written, "'\($0)'") }
        case (.equal, .number(let number)): return (written, Value.number(number + 1000.5).description)
        case (.less, .number(let number)), (.lessOrEqual, .number(let number)):
            return (written, Value.number(number - 1_000_000).description)
        case (.greater, .number(let number)), (.greaterOrEqual, .number(let number)):
            return (written, Value.number(number + 1_000_000).description)
        default: return nil
        }
    }

    /// The document with the change made; `nil` when the field is not written so.
    func apply(to document: DefinitionDocument) -> DefinitionDocument? {
        switch change {
        case .invert(let field):
            return Self.editing(document, id: field) { pairs in
                guard let index = pairs.firstIndex(where: { $0.key == "visible" }),
                    let text = pairs[index].value.text
                else { return false }
                pairs[index].value = .string("not (\(text))")
                return true
            }
        case .constant(let field, let from, let to):
            return Self.editing(document, id: field) { pairs in
                guard let index = pairs.firstIndex(where: { $0.key == "visible" }),
                    let text = pairs[index].value.text, let range = text.range(of: from)
                else { return false }
                pairs[index].value = .string(text.replacingCharacters(in: range, with: to))
                return true
            }
        case .dropOption(let field, let value):
            return Self.editing(document, id: field) { pairs in
                guard let index = pairs.firstIndex(where: { $0.key == "options" }),
                    case .list(let options) = pairs[index].value.content
                else { return false }
                let kept = options.filter { option in
                    (option["value"]?.text ?? option.text ?? option["value"].map { "\($0.content)" }) != value
                }
                guard kept.count < options.count else { return false }
                pairs[index].value = .list(kept)
                return true
            }
        }
    }

    /// `document` with the object whose `id` is `id` edited; `nil` when none is, or
    /// the edit does not apply.
    static func editing(
        _ document: DefinitionDocument, id: String, _ edit: (inout [(key: String, value: DefinitionDocument)]) -> Bool
    ) -> DefinitionDocument? {
        switch document.content {
        case .object(var pairs):
            if pairs.contains(where: { $0.key == "id" && $0.value.text == id }) {
                return edit(&pairs) ? DefinitionDocument(.object(pairs), place: document.place) : nil
            }
            for index in pairs.indices {
                if let edited = editing(pairs[index].value, id: id, edit) {
                    pairs[index].value = edited
                    return DefinitionDocument(.object(pairs), place: document.place)
                }
            }
            return nil
        case .list(var elements):
            for index in elements.indices {
                if let edited = editing(elements[index], id: id, edit) {
                    elements[index] = edited
                    return DefinitionDocument(.list(elements), place: document.place)
                }
            }
            return nil
        default: return nil
        }
    }
}
