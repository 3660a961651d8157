import Formwork
import FormworkREPL
import FormworkSurveyJS
import Foundation

/// Importing a SurveyJS survey (JSON bytes in memory: the placed JSON, the reader,
/// the expression translation, then the same checks as any definition) against
/// loading the same form already converted to Formwork's JSON; and a change at the
/// prompt in it, on a large survey against a small one.
///
/// The survey is generated like the real long ones: 48 pages of questions of every
/// common element type, every third one in a panel, a `visibleIf` on most that reads
/// an earlier answer, titles that read an answer, required questions, numeric
/// validators, expression questions and calculated values.
enum SurveyJSCase {
    static func run(questions: Int, runs: Int) -> [BenchRow] {
        let bytes = Array(Self.survey(questions: questions).utf8)
        var limits = Limits()
        limits.maximumFields = max(limits.maximumFields, questions * 2)
        let (document, problems) = onOwnInput("import the generated survey") {
            try SurveyJSImport.document(fromJSON: bytes, path: "bench.json", limits: limits)
        }
        precondition(!problems.contains { $0.severity == .error }, "the generated survey has errors: \(problems)")
        let json = document.json()
        let (time, base, value) = Measure.paired(
            runs: runs,
            candidate: { consume(Self.definition(bytes, limits: limits)) },
            baseline: {
                consume(
                    onOwnInput("load its JSON") { try FormDefinition(json: json, limits: limits, formats: .surveyJS) })
            })
        return [
            BenchRow(
                benchmarkCase: "import SurveyJS", size: "48 pages, \(questions) questions", time: format(time),
                baseline: "its Formwork JSON \(format(base))", ratio: String(format: "%.2f×", value),
                target: "≤ 2×", note: "survey JSON → definition", met: value <= 2)
        ]
    }

    static func definition(_ bytes: [UInt8], limits: Limits) -> FormDefinition {
        onOwnInput("import the generated survey") {
            let (document, problems) = try SurveyJSImport.document(fromJSON: bytes, path: "bench.json", limits: limits)
            return try FormDefinition(
                document: document, path: "bench.json", warnings: problems.filter { $0.severity == .warning },
                limits: limits, formats: .surveyJS)
        }
    }

    /// A change at the prompt: `set` of a number that the next question's title and a
    /// later question's `visibleIf` read, through `ReplSession` in script mode, on the
    /// large survey against the same command on a small one. Nothing else reads it, so
    /// the command should cost what it changed (a title, a question shown or hidden),
    /// not the survey's hundreds of conditions: target ≤ 2×.
    static func changeRows(runs: Int, small: Int, large: Int) -> [BenchRow] {
        let (time, base, value) = Measure.paired(
            runs: runs, candidate: changeBody(questions: large), baseline: changeBody(questions: small))
        return [
            BenchRow(
                benchmarkCase: "a change in an imported survey", size: "\(large) vs \(small) questions",
                time: format(time), baseline: "\(small) questions \(format(base))",
                ratio: String(format: "%.2f×", value), target: "≤ 2.0×",
                note: "set of a number a title and a later visibleIf read (REPL, script mode)", met: value <= 2)
        ]
    }

    static func changeBody(questions: Int) -> () -> Void {
        var limits = Limits()
        limits.maximumFields = max(limits.maximumFields, questions * 2)
        let definition = Self.definition(Array(Self.survey(questions: questions).utf8), limits: limits)
        let repl = ReplSession(form: FormSession(definition: definition), options: .init(interactive: false))
        _ = repl.start()
        let number = readNumber(questions)
        let lines = ["set \(number) 9", "set \(number) 1"]
        var next = 0
        return {
            consume(repl.handle(.line(lines[next % lines.count])))
            next += 1
        }
    }

    /// The element types, in turn (`number` is a text question of `inputType` number).
    static let types = [
        "number", "text", "radiogroup", "checkbox", "boolean", "dropdown", "rating", "comment", "date", "expression",
    ]

    /// A number question near the middle whose answer the next question's title and
    /// the `visibleIf` of the question seven on read (the same in every size).
    static func readNumber(_ questions: Int) -> String {
        var index = questions / 2
        while index % (types.count * 2) != 0 { index += 1 }
        return "q\(index)"
    }

    /// A survey of `questions` questions on 48 pages, as JSON text.
    static func survey(questions: Int) -> String {
        let perPage = (questions + 47) / 48
        var pages: [String] = []
        var index = 0
        for page in 0..<48 {
            var elements: [String] = []
            var panel: [String] = []
            for _ in 0..<perPage where index < questions {
                let element = Self.question(index)
                if index % 3 == 2 {
                    panel.append(element)
                } else {
                    elements.append(element)
                }
                if panel.count == 4 {
                    elements.append(
                        #"{"type":"panel","name":"p\#(index)","title":"Panel \#(index)","elements":["#
                            + panel.joined(separator: ",") + "]}")
                    panel = []
                }
                index += 1
            }
            if !panel.isEmpty {
                elements.append(
                    #"{"type":"panel","name":"p\#(index)","elements":["# + panel.joined(separator: ",") + "]}")
            }
            pages.append(#"{"name":"page\#(page)","elements":["# + elements.joined(separator: ",") + "]}")
        }
        let calculated = stride(from: 0, to: questions, by: types.count * 10).map {
            #"{"name":"c\#($0)","expression":"{q\#($0)} * 2","includeIntoResult":true}"#
        }
        return #"{"title":"Bench","calculatedValues":["# + calculated.joined(separator: ",") + #"],"pages":["#
            + pages.joined(separator: ",") + "]}"
    }

    /// The question at `index`, reading the one seven before it.
    static func question(_ index: Int) -> String {
        let type = types[index % types.count]
        var properties = [#""name":"q\#(index)""#]
        switch type {
        case "number":
            properties += [#""type":"text""#, #""inputType":"number""#]
            properties.append(#""validators":[{"type":"numeric","minValue":0,"maxValue":150}]"#)
        case "date": properties += [#""type":"text""#, #""inputType":"date""#]
        case "radiogroup", "dropdown":
            properties += [#""type":"\#(type)""#, #""choices":["yes","no",{"value":"maybe","text":"Maybe"}]"#]
        case "checkbox":
            properties += [#""type":"checkbox""#, #""choices":["red","green","blue"]"#, #""hasOther":true"#]
        case "rating": properties += [#""type":"rating""#, #""rateMin":1"#, #""rateMax":5"#]
        case "expression":
            properties += [#""type":"expression""#, #""expression":"iif({q\#(index - 1)} notempty, 'yes', 'no')""#]
        default: properties.append(#""type":"\#(type)""#)
        }
        let title = index % 4 == 1 && index > 0 ? "Question \(index) after {q\(index - 1)}" : "Question \(index)"
        properties.append(#""title":"\#(title)""#)
        if index >= 7, index % 4 != 0 { properties.append(#""visibleIf":"\#(visibleIf(reading: index - 7))""#) }
        if index % 5 == 0, type != "expression" { properties.append(#""isRequired":true"#) }
        return "{" + properties.joined(separator: ",") + "}"
    }

    static func visibleIf(reading index: Int) -> String {
        switch types[index % types.count] {
        case "number", "rating": return "{q\(index)} > 3"
        case "radiogroup", "dropdown": return "{q\(index)} = 'yes'"
        case "checkbox": return "{q\(index)} contains 'red'"
        case "boolean": return "{q\(index)} = true"
        default: return "{q\(index)} notempty"
        }
    }
}
