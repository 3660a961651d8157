import Formwork
import FormworkODK
import FormworkREPL
import FormworkSurveyJS
import Foundation

/// The fuzz targets: each takes arbitrary bytes and must neither crash nor hang.
/// Anything a target cannot parse is simply rejected; a trap (overflow, index out
/// of range, a failed precondition), a sanitizer report or a time-out is a finding.
enum FuzzTarget: String, CaseIterable {
    /// The condition language: lexer, parser, type checker, compiler, evaluation.
    case expression
    /// A definition file (YAML, then the same bytes as JSON), and if it loads, a
    /// session on it (reload, render, validate, answers) and its lint, graph and diff
    /// against the fixed form.
    case definition
    /// A values file (YAML and JSON) loaded into a session of a fixed form.
    case values
    /// REPL lines: the command parser and the session behind it.
    case repl
    /// JSON-RPC lines to the engine.
    case rpc
    /// An `.xlsx` workbook: the ZIP container and every XML part (within small
    /// limits, so the fuzzer explores the readers rather than volume).
    case workbook
    /// An ODK XForm: the XML reader, the XForm reader, the import's checks, and a
    /// session of the form when it loads (its table, validation and submission), with
    /// its lint, graph and diff.
    case xform
    /// A SurveyJS survey (JSON): the reader, the expression translator behind it (the
    /// same bytes are also translated as one expression), the import's checks, and a
    /// session of the form when it loads (its table, validation and SurveyJS data).
    case surveyjs
    /// A finished response checked against the fixed form (`formwork validate`): the
    /// same bytes as JSON and as an ODK instance, and the cleaned answers written.
    case response
    /// A file sent with an ODK form (`select_one_from_file`): the same bytes as its
    /// CSV, XML and GeoJSON files, the form loaded and its choices filtered.
    case media
    /// An Excel 97–2003 `.xls` workbook: the compound file (header, FAT, DIFAT,
    /// directory, mini stream) and the BIFF8 records in its `Workbook` stream, within
    /// the workbook target's limits, then the XLSForm import of what it reads.
    case xls

    func run(_ bytes: [UInt8]) {
        switch self {
        case .expression: Self.expression(bytes)
        case .definition: Self.definition(bytes)
        case .values: Self.values(bytes)
        case .repl: Self.repl(bytes)
        case .rpc: Self.rpc(bytes)
        case .workbook: Self.workbook(bytes)
        case .xform: Self.xform(bytes)
        case .surveyjs: Self.surveyjs(bytes)
        case .response: Self.response(bytes)
        case .media: Self.media(bytes)
        case .xls: Self.xls(bytes)
        }
    }

    static let workbookLimits: WorkbookLimits = {
        var limits = WorkbookLimits.default
        limits.maximumPartSize = 4 * 1024 * 1024
        limits.maximumTotalSize = 16 * 1024 * 1024
        limits.maximumRows = 10_000
        return limits
    }()

    static func workbook(_ bytes: [UInt8]) {
        importWorkbook(bytes, path: "fuzz.xlsx")
    }

    /// A workbook read within `workbookLimits`, its cells and references used, and its
    /// XLSForm imported.
    static func importWorkbook(_ bytes: [UInt8], path: String) {
        guard let workbook = try? Workbook(bytes: bytes, limits: workbookLimits) else { return }
        for sheet in workbook.sheets {
            for row in sheet.rows { _ = row.cells.map(\.reference) + row.cells.map(\.value.text) }
        }
        let (document, problems) = ODKImport.document(fromWorkbook: workbook, path: path, skipUnsupported: true)
        imported(document, problems)
    }

    static let validator = ResponseValidator(definition: form, now: LocalDateTime("2024-03-01T12:00:00"))

    static func response(_ bytes: [UInt8]) {
        let verdict = validator.validate(bytes)
        _ = verdict.problems.map(\.description)
        _ = verdict.session?.answersJSON()
        if case .success(let response) = ODKResponse.read(Data(bytes), definition: form) {
            let checked = validator.validate(response)
            if let session = checked.session { _ = ODKSubmission.xml(of: session, instanceID: "uuid:fuzz") }
        }
    }

    static func xform(_ bytes: [UInt8]) {
        let (document, problems) = ODKImport.document(fromXForm: Data(bytes), path: "fuzz.xml", skipUnsupported: true)
        imported(document, problems)
    }

    static func surveyjs(_ bytes: [UInt8]) {
        if let text = String(validating: bytes, as: UTF8.self) {
            for use in [ExpressionUse.condition, .value, .text] {
                _ = try? SurveyJSTranslator.translate(text, as: use, in: surveyContext)
            }
            _ = try? SurveyJSTranslator.template(text, in: surveyContext)
        }
        guard
            let (document, problems) = try? SurveyJSImport.document(
                fromJSON: bytes, path: "fuzz.json", limits: definitionLimits, skipUnsupported: true)
        else { return }
        imported(document, problems) { session in _ = SurveyJSData.json(of: session) }
    }

    /// What the surveyjs target's expressions read: a question of every kind, and a
    /// dynamic panel with a question in its entries.
    static let surveyContext: SurveyJSContext = {
        let symbols: [String: SurveyJSSymbol] = [
            "name": SurveyJSSymbol(id: "name", kind: .text), "age": SurveyJSSymbol(id: "age", kind: .number),
            "ok": SurveyJSSymbol(id: "ok", kind: .bool), "born": SurveyJSSymbol(id: "born", kind: .date),
            "at": SurveyJSSymbol(id: "at", kind: .dateTime), "opens": SurveyJSSymbol(id: "opens", kind: .time),
            "size": SurveyJSSymbol(id: "size", kind: .choice, options: ["1", "2", "3"], numericOptions: true),
            "langs": SurveyJSSymbol(id: "langs", kind: .multichoice, options: ["en", "fr"]),
            "kids": SurveyJSSymbol(id: "kids", kind: .entries),
            "kids.kidAge": SurveyJSSymbol(id: "kidAge", kind: .number, repeats: ["kids"]),
        ]
        return SurveyJSContext(
            repeats: ["kids"], name: { symbols[$0] }, entry: { symbols["kids." + $0] }, names: symbols.keys.sorted(),
            item: "2")
    }()

    /// An imported form, loaded and used when the import found no error (`written`:
    /// what the format writes of its answers).
    static func imported(
        _ document: DefinitionDocument, _ problems: [Diagnostic],
        written: (FormSession) -> Void = { session in _ = ODKSubmission.xml(of: session, instanceID: "uuid:fuzz") }
    ) {
        _ = DiagnosticList(path: "fuzz", source: nil, diagnostics: problems).rendered
        guard !problems.contains(where: { $0.severity == .error }),
            let form = try? FormDefinition(
                document: document, path: "fuzz", limits: definitionLimits, formats: .odk + .surveyJS)
        else { return }
        _ = document.yaml()
        understood(form)
        let session = FormSession(definition: form)
        _ = session.reload()
        _ = session.validate()
        written(session)
    }

    /// A form with every kind of field, read by the values, REPL and RPC targets: the
    /// hostile corpus' target form (`Tests/formworkTests/Hostile/form.yaml`, so its values
    /// files, REPL scripts and RPC streams make good seeds) plus a section that appears
    /// and disappears, a note, a computed date difference, repeats (nested, and one
    /// that follows a count) read by an aggregate, two languages, texts that read
    /// answers, the later kinds and the field behaviours.
    ///
    /// The form is this program's own, so it loads; a change that breaks it is reported
    /// with its diagnostics, and stops the program (status 2) when a target first reads it.
    static let form: FormDefinition = {
        do throws(DiagnosticList) {
            return try FormDefinition(yaml: formYAML)
        } catch {
            let message = "formwork-fuzz: the fixed form does not load:\n" + error.rendered + "\n"
            FileHandle.standardError.write(Data(message.utf8))
            exit(2)
        }
    }()

    /// The fixed form's definition file.
    static let formYAML = """
        id: fuzz
        title: { en: Fuzz, fr: Flou }
        languages: [en, fr]
        sections:
          - id: text
            header: Text
            fields:
              - { id: nickname, kind: text, label: Nickname, pattern: "(?i)[a-z]+", maxLength: 12 }
              - { id: email, kind: text, label: E-mail, format: email }
              - { id: homepage, kind: text, label: Homepage, format: url }
              - { id: bio, kind: text, label: Short biography, multiline: true, maxLength: 500 }
              - { id: secret, kind: secure, label: Secret phrase, minLength: 8 }
          - id: numbers
            header: Numbers and dates
            fields:
              - { id: quantity, kind: number, label: Quantity, default: 1, min: 1, max: 99, step: 1 }
              - { id: weight, kind: number, label: Weight, min: 0.5, max: 30, step: 0.5 }
              - { id: total, kind: computed, label: Total, value: $quantity * 2 }
              - { id: start, kind: date, label: Start, min: "2020-01-01" }
              - id: end
                kind: date
                label: End
                max: "2030-12-31"
                rules: [{ check: $end >= $start, message: must not be before the start }]
          - id: choices
            header: Choices
            fields:
              - { id: extras, kind: switch, label: Extras }
              - id: size
                kind: choice
                label: Size
                default: m
                options: [s, m, l, { value: xl, label: Extra large, visible: $quantity >= 10 }]
              - id: colours
                kind: multichoice
                label: Colours
                maxSelected: 3
                options: [red, green, blue, { value: gold, label: Gold, visible: $size == 'xl' }]
          - id: more
            header: More
            visible: $extras
            fields:
              - { id: hello, kind: note, text: "Hello $nickname" }
              - id: days
                kind: computed
                label: Days
                value: "if($end != null and $start != null, $end - $start, 0)"
              - { id: why, kind: text, label: Why, required: true, visible: "contains($colours, 'gold')" }
          - id: list
            header: Lists
            fields:
              - { id: slotCount, kind: number, label: Slots, min: 0, max: 9, step: 1, default: 0 }
              - id: items
                label: Item
                repeat: { max: 5, addLabel: Add an item, entryLabel: "Item {index()}: {$name}" }
                fields:
                  - { id: name, kind: text, label: Name, maxLength: 20 }
                  - { id: qty, kind: number, label: Quantity, min: 0, max: 99, required: true }
                  - { id: note, kind: text, label: Note, visible: "$qty > $quantity" }
                  - id: parts
                    label: Part
                    repeat: { max: 3 }
                    fields: [{ id: w, kind: number, label: W, visible: "index() > 1 or $qty != null" }]
              - id: slots
                label: Slot
                repeat: { count: $slotCount, max: 3 }
                fields:
                  - { id: tag, kind: text, label: Tag }
              - { id: summed, kind: computed, label: Summed, value: "sum($items.qty) + count($slots)" }
          - id: newer
            header: { en: "Newer for {$nickname}", fr: "Plus récent pour {$nickname}" }
            fields:
              - { id: opens, kind: time, label: { en: Opens, fr: Ouvre }, min: "08:00" }
              - { id: arrives, kind: datetime, label: Arrives, max: "2030-01-01T00:00" }
              - { id: place, kind: geopoint, label: Place }
              - { id: scan, kind: file, label: Scan, extensions: [pdf, txt], maxSize: 1MB }
              - { id: order, kind: rank, label: Order, options: [a, { value: b, label: { en: B, fr: Bé } }, c] }
              - { id: locked, kind: text, label: "Locked for {$nickname}", readonly: "$quantity > 5", key: ref-1 }
              - { id: doubled, kind: number, label: Doubled, recalculate: { on: [quantity], value: $quantity * 2 } }
              - { id: hiddenTotal, kind: calculate, value: "coalesce($doubled, 0) + len(coalesce($order, []))" }
              - { id: picked, kind: computed, label: "{label($size)}", value: "label($size)" }
        """

    /// The expression target's variables: the names and types of the conformance
    /// table's (`Tests/FormworkTests/Expression/ConformanceTests.swift`), whose
    /// expressions are the seeds, with values and nulls.
    static let variables: [(id: String, type: ValueType, value: Value, options: [String]?)] = [
        ("n", .number, 5, nil), ("m", .number, 0, nil), ("x", .number, 2.5, nil), ("neg", .number, -3, nil),
        ("s", .string, "Hello", nil), ("e", .string, "", nil), ("t", .bool, true, nil), ("f", .bool, false, nil),
        ("d", .date, .date(LocalDate(year: 2000, month: 2, day: 29)!), nil), ("u", .number, nil, nil),
        ("us", .string, nil, nil),
        ("ud", .date, nil, nil), ("ub", .bool, nil, nil), ("l", .list(.string), ["a", "b"], nil),
        ("el", .list(.string), nil, nil),
        ("c", .string, "red", ["red", "green", "blue"]), ("mc", .list(.string), ["x", "z"], ["x", "y", "z"]),
        ("age", .number, 21, nil), ("sex", .string, "female", nil), ("kids", .number, 2, nil),
    ]

    static let environment = ExpressionEnvironment(
        fields: variables.enumerated().map { index, variable in
            FieldSignature(id: variable.id, index: index, type: variable.type, options: variable.options)
        })

    static func expression(_ bytes: [UInt8]) {
        guard let text = String(validating: bytes, as: UTF8.self),
            let compiled = try? CompiledExpression(text, environment: environment)
        else { return }
        let today = LocalDate(year: 2026, month: 11, day: 22)!
        _ = compiled.evaluate(EvaluationContext(today: today) { variables[$0].value })
        _ = compiled.evaluate(EvaluationContext(today: today) { _ in .null })
    }

    /// The fuzzer looks for wrong logic, not for volume: a tenth of the default size limits
    /// keeps each input under the 3 s timeout in an instrumented build (the full limits are
    /// the benchmark's and the hostile tests' business).
    static let definitionLimits: Limits = {
        var limits = Limits.default
        limits.maximumFields = 20_000
        limits.maximumFieldInstances = 20_000
        return limits
    }()

    static func definition(_ bytes: [UInt8]) {
        for isJSON in [false, true] {
            guard let definition = try? FormDefinition(data: Data(bytes), isJSON: isJSON, limits: definitionLimits)
            else { continue }
            let session = FormSession(definition: definition)
            let table = TerminalTable(form: definition, renderer: TableRenderer(width: 60))
            session.reload(table, animated: false)
            _ = table.render()
            _ = session.validate()
            _ = session.answersJSON()
            for field in definition.fields.prefix(20) where field.kind == .switch { try? session.toggle(field.id) }
            session.reload(table, animated: true)
            _ = table.changeLines
            understood(definition)
        }
    }

    /// What `lint`, `graph` and `diff` make of a form that loads (lint within a small
    /// budget: the fuzzer explores the rules, not long searches).
    static func understood(_ definition: FormDefinition) {
        let lint = FormLint(definition, today: LocalDate("2024-03-01")!, budget: 20_000)
        let report = LintReport(files: [("fuzz", lint)])
        _ = report.text() + report.json() + report.sarif()
        let graph = FormGraph(definition).markingNeverShown(lint.neverShown)
        _ = graph.dot() + graph.mermaid() + graph.json()
        let diff = FormDiff(old: form, new: definition)
        _ = diff.text(oldFile: "a", newFile: "b") + diff.json()
    }

    static func values(_ bytes: [UInt8]) {
        for isJSON in [false, true] {
            let session = FormSession(definition: form)
            let table = TerminalTable(form: form, renderer: TableRenderer(width: 60))
            session.reload(table, animated: false)
            guard (try? session.loadValues(bytes: bytes, isJSON: isJSON)) != nil else { continue }
            session.reload(table, animated: true)
            _ = table.render()
            _ = session.validate()
            _ = session.answersJSON()
        }
    }

    /// The first byte chooses the mode: bit 0 a terminal session (questions, prefilled
    /// edits, confirmations), bit 1 guided filling; the rest are lines, with a line
    /// "^C" standing for Ctrl-C.
    static func repl(_ bytes: [UInt8]) {
        guard let mode = bytes.first else { return }
        let repl = ReplSession(
            form: FormSession(definition: form),
            options: .init(
                interactive: mode & 1 != 0, guided: mode & 2 != 0, width: 60, writeFile: { _, _ in }))
        _ = repl.start()
        for line in String(decoding: bytes.dropFirst(), as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false
        ).prefix(64) {
            if repl.handle(line == "^C" ? .interrupted : .line(String(line))).prompt == nil { return }
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
