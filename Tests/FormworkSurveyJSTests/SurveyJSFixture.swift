import Foundation

@testable import Formwork
@testable import FormworkSurveyJS

/// One small survey three ways, for the expression translation's tests: the symbols
/// the translator resolves names to, the same questions as a Formwork definition
/// (where translations are evaluated) and as SurveyJS data (what survey-core
/// evaluates the expressions with).
///
/// ```
/// txt text · num, dec number · sel choice (a Apple, b Banana, c Cherry) · nsel choice (1 One, 2 Two, 3 Three)
/// multi checkbox (a b c d) · nmulti checkbox (1 2 3) · flag boolean (the choices true, false, as the reader
/// has it) · d, d2 date · dt date and time · t time
/// mt.first a multiple text item · "first name" text · rep dynamic panel: x number, name text, kind choice (p q)
/// ```
enum SurveyJSFixture {
    static let symbols: [String: SurveyJSSymbol] = [
        "txt": SurveyJSSymbol(id: "txt", kind: .text), "num": SurveyJSSymbol(id: "num", kind: .number),
        "dec": SurveyJSSymbol(id: "dec", kind: .number),
        "sel": SurveyJSSymbol(id: "sel", kind: .choice, options: ["a", "b", "c"]),
        "nsel": SurveyJSSymbol(id: "nsel", kind: .choice, options: ["1", "2", "3"], numericOptions: true),
        "multi": SurveyJSSymbol(id: "multi", kind: .multichoice, options: ["a", "b", "c", "d"]),
        "nmulti": SurveyJSSymbol(id: "nmulti", kind: .multichoice, options: ["1", "2", "3"], numericOptions: true),
        "flag": SurveyJSSymbol(id: "flag", kind: .choice, options: ["true", "false"]),
        "d": SurveyJSSymbol(id: "d", kind: .date),
        "d2": SurveyJSSymbol(id: "d2", kind: .date), "dt": SurveyJSSymbol(id: "dt", kind: .dateTime),
        "t": SurveyJSSymbol(id: "t", kind: .time), "mt.first": SurveyJSSymbol(id: "mt_first", kind: .text),
        "first name": SurveyJSSymbol(id: "first_name", kind: .text), "rep": SurveyJSSymbol(id: "rep", kind: .entries),
        "rep.x": SurveyJSSymbol(id: "x", kind: .number, repeats: ["rep"]),
        "rep.name": SurveyJSSymbol(id: "name", kind: .text, repeats: ["rep"]),
        "rep.kind": SurveyJSSymbol(id: "kind", kind: .choice, repeats: ["rep"], options: ["p", "q"]),
        "x": SurveyJSSymbol(id: "x", kind: .number, repeats: ["rep"]),
        // The same entries as a dynamic matrix (the oracle's `mrep`): `{row.x}`, `{rowIndex}`.
        "mrep": SurveyJSSymbol(id: "rep", kind: .entries),
        "mrep.x": SurveyJSSymbol(id: "x", kind: .number, repeats: ["rep"]),
    ]

    /// Where an expression is: the survey, or the second entry of `rep` — as a
    /// dynamic panel's (`{panel.x}`) or a dynamic matrix's row (`{row.x}`, the oracle's
    /// `mrep`, which holds the same answers).
    enum Place: String, Sendable {
        case survey, panel, row

        /// The probe's path in a Formwork session.
        var probe: String { self == .survey ? "probe" : "rep[2].probe" }
    }

    static func context(_ place: Place = .survey, condition: SurveyJSCondition = .isTrue) -> SurveyJSContext {
        // Names are found as survey-core finds them: without case.
        let symbols = Dictionary(symbols.map { ($0.key.lowercased(), $0.value) }) { first, _ in first }
        let names = symbols.keys.filter { !$0.contains(".") && $0 != "x" }.sorted() + ["mt.first"]
        guard place != .survey else {
            return SurveyJSContext(name: { symbols[$0.lowercased()] }, names: names, condition: condition)
        }
        return SurveyJSContext(
            repeats: ["rep"], name: { symbols[$0.lowercased()] }, entry: { symbols["rep." + $0.lowercased()] },
            names: names,
            condition: condition)
    }

    // MARK: Formwork

    /// The definition, with a computed `probe` whose value is `expression` at `place`,
    /// and a text field `shown` labelled `label`.
    static func definition(probe expression: String, at place: Place, label: String = "Shown") -> String {
        let probe = "{ id: probe, kind: computed, label: Probe, value: \(yamlString(expression)) }"
        let inSurvey = place == .survey ? "\n      - " + probe : ""
        let inEntry = place != .survey ? "\n          - " + probe : ""
        return """
            id: surveyjs
            title: SurveyJS
            sections:
              - id: main
                fields:
                  - { id: txt, kind: text, label: Text }
                  - { id: num, kind: number, label: Number }
                  - { id: dec, kind: number, label: Decimal }
                  - id: sel
                    kind: choice
                    label: One
                    options: [{ value: a, label: Apple }, { value: b, label: Banana }, { value: c, label: Cherry }]
                  - id: nsel
                    kind: choice
                    label: Number one
                    options: [{ value: "1", label: One }, { value: "2", label: Two }, { value: "3", label: Three }]
                  - id: multi
                    kind: multichoice
                    label: Several
                    options: [{ value: a, label: Apple }, { value: b, label: Banana }, { value: c, label: Cherry }, d]
                  - { id: nmulti, kind: multichoice, label: Numbers, options: ["1", "2", "3"] }
                  - { id: flag, kind: choice, label: Flag, options: ["true", "false"] }
                  - { id: d, kind: date, label: Date }
                  - { id: d2, kind: date, label: Other date }
                  - { id: dt, kind: datetime, label: Date and time }
                  - { id: t, kind: time, label: Time }
                  - { id: mt_first, kind: text, label: First }
                  - { id: first_name, kind: text, label: First name }
                  - { id: shown, kind: text, label: \(yamlString(label)) }\(inSurvey)
                  - id: rep
                    label: Entry
                    repeat: true
                    fields:
                      - { id: x, kind: number, label: X }
                      - { id: name, kind: text, label: Name }
                      - { id: kind, kind: choice, label: Kind, options: [p, q] }\(inEntry)
            """
    }

    /// A YAML double-quoted scalar (JSON's escapes), as the definition writer quotes text.
    static func yamlString(_ text: String) -> String { DefinitionDocument.jsonString(text) }

    // MARK: Answers

    /// A set of answers, given to both engines.
    enum Scenario: String, Sendable, CaseIterable {
        /// Every question answered; `rep` has two entries.
        case answered
        /// Nothing answered, no entries.
        case unanswered
        /// Numbers written as text, zero, negatives, today's date; one entry.
        case numeric

        /// The answers as SurveyJS data (`survey.data`), as JSON text.
        var data: String {
            switch self {
            case .answered:
                return """
                    {"txt": "Hello World ", "num": 5, "dec": 2.5, "sel": "b", "nsel": 2, "multi": ["a", "c"],
                     "nmulti": [1, 3], "flag": true, "d": "2024-02-29", "d2": "2020-01-01", "dt": "2024-02-29T13:45",
                     "t": "14:30", "mt": {"first": "Ann"}, "first name": "Bo",
                     "rep": [{"x": 3, "name": "x1", "kind": "p"}, {"x": 4, "name": "Y2", "kind": "q"}]}
                    """
            case .unanswered:
                return "{}"
            case .numeric:
                return """
                    {"txt": "5", "num": 0, "dec": -2.5, "sel": "a", "nsel": 1, "multi": ["b"], "nmulti": [2],
                     "flag": false, "d": "2025-01-15", "d2": "2025-01-15", "rep": [{"x": 10, "name": "0", "kind": "q"}]}
                    """
            }
        }

        var values: [String: Any] {
            get throws { try JSONSerialization.jsonObject(with: Data(data.utf8)) as! [String: Any] }
        }
    }

    /// The day and moment both engines run at (the oracle: `--now 2025-01-15T12:00:00Z`, TZ=UTC).
    static let today = LocalDate("2025-01-15")!
    static let now = LocalDateTime("2025-01-15T12:00:00")!

    /// A session of the form (probe at `place`) with the scenario's answers.
    static func session(
        probe expression: String, at place: Place, label: String = "Shown", _ scenario: Scenario
    ) throws
        -> FormSession
    {
        let definition = try FormDefinition(yaml: definition(probe: expression, at: place, label: label))
        let session = try FormSession(definition: definition, today: today, now: now)
        for (name, value) in try scenario.values.sorted(by: { $0.key < $1.key }) {
            switch name {
            case "flag": try session.set("flag", to: .string((value as! Bool) ? "true" : "false"), origin: .program)
            case "mt":
                try session.set("mt_first", to: .string((value as! [String: String])["first"]!), origin: .program)
            case "first name": try session.set("first_name", to: .string(value as! String), origin: .program)
            case "rep":
                for (index, entry) in (value as! [[String: Any]]).enumerated() {
                    _ = try session.addEntry("rep")
                    for (key, member) in entry {
                        try session.set("rep[\(index + 1)].\(key)", to: formwork(member, key), origin: .program)
                    }
                }
            default: try session.set(name, to: formwork(value, name), origin: .program)
            }
        }
        return session
    }

    /// A SurveyJS answer as Formwork holds it.
    static func formwork(_ value: Any, _ name: String) -> Value {
        switch (name, value) {
        case ("d", let text as String), ("d2", let text as String): return .date(LocalDate(text)!)
        case ("dt", let text as String): return .dateTime(LocalDateTime(text)!)
        case ("t", let text as String): return .time(LocalTime(text)!)
        case ("nsel", let number as NSNumber): return .string(number.stringValue)
        case (_, let list as [Any]):
            return .list(list.map { ($0 as? NSNumber).map { .string($0.stringValue) } ?? .string($0 as! String) })
        case (_, let text as String): return .string(text)
        case (_, let number as NSNumber): return .number(number.doubleValue)
        default: return .null
        }
    }
}
