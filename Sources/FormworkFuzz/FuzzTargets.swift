import Formwork
import FormworkREPL
import Foundation

/// The fuzz targets: each takes arbitrary bytes and must neither crash nor hang.
/// Anything a target cannot parse is simply rejected; a trap (overflow, index out
/// of range, a failed precondition), a sanitizer report or a time-out is a finding.
enum FuzzTarget: String, CaseIterable {
    /// The condition language: lexer, parser, type checker, compiler, evaluation.
    case expression
    /// A definition file (YAML, then the same bytes as JSON), and if it loads, a
    /// session on it: reload, render, validate, answers.
    case definition
    /// A values file (YAML and JSON) loaded into a session of a fixed form.
    case values
    /// REPL lines: the command parser and the session behind it.
    case repl
    /// JSON-RPC lines to the engine.
    case rpc

    func run(_ bytes: [UInt8]) {
        switch self {
        case .expression: Self.expression(bytes)
        case .definition: Self.definition(bytes)
        case .values: Self.values(bytes)
        case .repl: Self.repl(bytes)
        case .rpc: Self.rpc(bytes)
        }
    }

    /// A form with every kind of field, read by the values, REPL and RPC targets.
    static let form: FormDefinition = try! FormDefinition(yaml: """
        id: fuzz
        title: Fuzz
        sections:
          - id: a
            header: A
            fields:
              - { id: name, kind: text, label: Name, pattern: "(?i)[a-z ]+", maxLength: 40 }
              - { id: email, kind: text, label: E-mail, format: email }
              - { id: bio, kind: text, label: Bio, multiline: true }
              - { id: pin, kind: secure, label: PIN, minLength: 4 }
              - { id: age, kind: number, label: Age, min: 0, max: 150, step: 1 }
              - { id: ratio, kind: number, label: Ratio, min: -1.5, max: 1e6, step: 0.25 }
              - { id: adult, kind: computed, label: Adult, value: $age >= 18 }
              - { id: born, kind: date, label: Born, min: "1900-01-01", max: "2100-12-31" }
              - { id: later, kind: date, label: Later, rules: [{ check: $later >= $born, message: after born }] }
          - id: b
            visible: $on
            fields:
              - { id: on, kind: switch, label: On }
              - { id: size, kind: choice, label: Size, options: [s, m, { value: xl, label: XL, visible: $age > 20 }] }
              - { id: tags, kind: multichoice, label: Tags, options: [x, y, z], minSelected: 1, maxSelected: 2 }
              - { id: note, kind: note, text: "Note $name" }
              - { id: days, kind: computed, label: Days, value: if($later != null and $born != null, $later - $born, 0) }
        """)

    static let environment = ExpressionEnvironment(fields: [
        FieldSignature(id: "n", index: 0, type: .number), FieldSignature(id: "t", index: 1, type: .string),
        FieldSignature(id: "b", index: 2, type: .bool), FieldSignature(id: "d", index: 3, type: .date),
        FieldSignature(id: "l", index: 4, type: .list(.string)), FieldSignature(id: "c", index: 5, type: .string, options: ["p", "q"]),
    ])

    static let sampleValues: [Value] = [.number(-3.5), .string("héllo wörld"), .bool(true), .date(LocalDate(year: 2024, month: 2, day: 29)!),
                                        .list([.string("a"), .string("b")]), .string("q")]

    static func expression(_ bytes: [UInt8]) {
        guard let text = String(validating: bytes, as: UTF8.self),
            let compiled = try? CompiledExpression(text, environment: environment)
        else { return }
        let today = LocalDate(year: 2026, month: 11, day: 22)!
        _ = compiled.evaluate(EvaluationContext(today: today) { sampleValues[$0] })
        _ = compiled.evaluate(EvaluationContext(today: today) { _ in .null })
    }

    static func definition(_ bytes: [UInt8]) {
        for isJSON in [false, true] {
            guard let definition = try? FormDefinition(data: Data(bytes), isJSON: isJSON) else { continue }
            let session = FormSession(definition: definition)
            session.reload(nil, animated: false)
            _ = FormTextRenderer(width: 60).render(session)
            _ = session.validate()
            _ = session.answersJSON()
            for field in definition.fields.prefix(20) where field.kind == .switch { try? session.toggle(field.id) }
            session.reload(nil, animated: true)
        }
    }

    static func values(_ bytes: [UInt8]) {
        for isJSON in [false, true] {
            let session = FormSession(definition: form)
            guard (try? session.loadValues(bytes: bytes, isJSON: isJSON)) != nil else { continue }
            session.reload(nil, animated: true)
            _ = FormTextRenderer(width: 60).render(session)
            _ = session.validate()
            _ = session.answersJSON()
        }
    }

    static func repl(_ bytes: [UInt8]) {
        let repl = ReplSession(form: FormSession(definition: form), options: .init(interactive: false, width: 60,
                                                                                 writeFile: { _, _ in }))
        _ = repl.start()
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).prefix(64) {
            if repl.handle(.line(String(line))).prompt == nil { return }
        }
        _ = repl.handle(.endOfInput)
    }

    static func rpc(_ bytes: [UInt8]) {
        let server = FormServer(session: FormSession(definition: form))
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n").prefix(64) {
            _ = server.handle(String(line))
        }
    }
}
