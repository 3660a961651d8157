import Formwork
import FormworkREPL
import Foundation

/// Case 8: a command end to end, as a person or a program sends it — parse, change,
/// reload, render the change lines (or build the JSON-RPC result), the draft, the
/// history — on forms of 1,000 and 20,000 fields. The baseline of the large form is
/// the same command on the small one: the target is that it costs about the same
/// (≤ 2×), i.e. proportional to what changed, not to the form.
enum PromptCase {
    /// The generated form, with one more section at the end that appears while the
    /// first field (a switch) is on.
    static func definition(fields: Int) -> FormDefinition {
        var yaml = GeneratedForm.yaml(fields: fields)
        yaml += "  - id: extra\n    header: Extra\n    visible: $f0\n    fields:\n"
        for index in 0..<10 { yaml += "      - { id: x\(index), kind: text, label: Extra \(index) }\n" }
        var limits = Limits()
        limits.maximumFields = max(limits.maximumFields, fields + 10)
        return onOwnInput("load the generated form") { try FormDefinition(yaml: yaml, limits: limits) }
    }

    /// A text field in the middle of the form that no condition reads.
    static func middleTextField(_ fields: Int) -> String {
        var index = fields / 2
        while index % 4 != 0 || index % 20 < 5 || index % 20 == 10 { index += 1 }
        return "f\(index)"
    }

    struct Commands {
        let name: String
        let lines: [String]
    }

    static func commands(_ fields: Int) -> [Commands] {
        let text = middleTextField(fields)
        return [
            Commands(name: "set (REPL)", lines: ["set \(text) alpha", "set \(text) beta"]),
            Commands(name: "set making a section appear (REPL)", lines: ["set f0 yes", "set f0 no"]),
        ]
    }

    static func run(runs: Int, small: Int = 1_000, large: Int = 20_000) -> [BenchRow] {
        var rows: [BenchRow] = []
        func measure(_ body: (Int) -> () -> Void) -> (Duration, Duration, Double) {
            let smallBody = body(small), largeBody = body(large)
            return Measure.paired(runs: runs, candidate: largeBody, baseline: smallBody)
        }
        func row(_ name: String, _ measured: (Duration, Duration, Double), note: String) -> BenchRow {
            let (time, base, value) = measured
            return BenchRow(
                benchmarkCase: name, size: "\(large / 1000)k vs \(small / 1000)k", time: format(time),
                baseline: "\(small / 1000)k \(format(base))", ratio: String(format: "%.2f×", value), target: "≤ 2.0×",
                note: note, met: value <= 2)
        }
        for index in 0..<2 {
            let name = commands(small)[index].name
            rows.append(
                row(
                    name,
                    measure { size in
                        let repl = session(size)
                        let lines = commands(size)[index].lines
                        var next = 0
                        return {
                            consume(repl.handle(.line(lines[next % lines.count])))
                            next += 1
                        }
                    }, note: "ReplSession + TerminalTable, script mode; output discarded"))
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        rows.append(
            row(
                "set, with a draft (REPL)",
                measure { size in
                    // 200 answers already in the draft, so a whole rewrite would show.
                    let store = DraftStore(
                        path: directory.appendingPathComponent("draft-\(size).json").path,
                        formPath: "/bench/\(size).yaml",
                        fingerprint: "bench")
                    let form = FormSession(definition: definition(fields: size))
                    for index in stride(from: 0, to: 800, by: 4) where index % 20 >= 5 && index % 20 != 10 {
                        try? form.set("f\(index)", text: "answer")
                    }
                    let repl = ReplSession(form: form, options: .init(interactive: false, draft: store))
                    _ = repl.start()
                    let lines = commands(size)[0].lines
                    var next = 0
                    return {
                        consume(repl.handle(.line(lines[next % lines.count])))
                        next += 1
                    }
                }, note: "a changed answer appended to the draft and flushed (fdatasync)"))
        rows.append(
            row(
                "field.set (JSON-RPC)",
                measure { size in
                    let server = FormServer(session: FormSession(definition: definition(fields: size)))
                    let text = middleTextField(size)
                    let lines = ["alpha", "beta"].map {
                        #"{"jsonrpc":"2.0","id":1,"method":"field.set","params":{"id":"\#(text)","text":"\#($0)"}}"#
                    }
                    var next = 0
                    return {
                        consume(server.handle(lines[next % 2]))
                        next += 1
                    }
                }, note: "FormServer.handle: parse, set, reload, changes JSON"))
        rows.append(
            row(
                "field.set making a section appear (JSON-RPC)",
                measure { size in
                    let server = FormServer(session: FormSession(definition: definition(fields: size)))
                    let lines = ["true", "false"].map {
                        #"{"jsonrpc":"2.0","id":1,"method":"field.set","params":{"id":"f0","value":\#($0)}}"#
                    }
                    var next = 0
                    return {
                        consume(server.handle(lines[next % 2]))
                        next += 1
                    }
                }, note: "the changes JSON lists the section and its 10 rows"))
        return rows
    }

    /// A script-mode session of the form, started.
    static func session(_ fields: Int) -> ReplSession {
        let repl = ReplSession(
            form: FormSession(definition: definition(fields: fields)), options: .init(interactive: false))
        _ = repl.start()
        return repl
    }
}
