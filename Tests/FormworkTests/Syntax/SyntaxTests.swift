import Foundation
import Testing

@testable import Formwork

@Suite("Syntax")
struct SyntaxTests {
    func json(_ text: String) throws(Diagnostic) -> SyntaxNode { try JSONParser.parse(Array(text.utf8)) }

    /// The problem `body` fails with, if any.
    func problem(_ body: () throws(Diagnostic) -> Void) -> Problem? {
        do { try body() } catch { return error.problem }
        return nil
    }

    @Test func jsonKeepsPositionsAndScalarStyles() throws {
        let root = try json("{\n  \"a\": [1, \"two\", true, null],\n  \"b\": {}\n}")
        let pairs = try #require(root.pairs)
        #expect(pairs.map { $0.key.scalarText } == ["a", "b"])
        #expect(pairs[0].key.location == SourceLocation(line: 2, column: 3))
        let elements = try #require(pairs[0].value.elements)
        #expect(elements.map(\.location.column) == [9, 12, 19, 25])
        #expect(elements.map(\.typeDescription) == ["a number", "a string", "a boolean", "null"])
    }

    @Test func jsonDecodesEscapes() throws {
        let root = try json(#"["a\"b\\c\/d\n\u00e9\ud83d\ude00"]"#)
        #expect(root.elements?.first?.scalarText == "a\"b\\c/d\né😀")
    }

    @Test(arguments: [
        ("{\"a\": 1,}", "a trailing comma before '}' is not allowed in JSON"),
        ("[1, 2", "expected ',' or ']' after an array element, found end of file"),
        ("{\"a\" 1}", "expected ':' after the key, found '1'"),
        ("01", "numbers cannot have leading zeros"),
        ("\"abc", "unterminated string"),
        ("\"a\tb\"", "control character in a string (escape it, e.g. \\n)"),
        ("\"\\x\"", "invalid escape '\\x'"),
        ("\"\\ud800\"", "unpaired surrogate in \\u escape"),
        ("[1] 2", "unexpected '2' after the end of the document"),
        ("tru", "expected a value, found 'tru'"),
        ("", "expected a value, found end of file"),
    ])
    func jsonErrors(input: String, message: String) {
        #expect(
            problem { () throws(Diagnostic) in _ = try json(input) }
                == Diagnostic(.jsonSyntax(message), at: nil).problem)
    }

    @Test func deepJSONNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(problem { () throws(Diagnostic) in _ = try json(deep) } == Problem.nestingTooDeep(limit: 64))
    }

    @Test func deepYAMLNestingIsAnErrorNotACrash() {
        for deep in [
            String(repeating: "[", count: 100_000), String(repeating: "- ", count: 100_000) + "x",
            (0..<2000).map { String(repeating: " ", count: $0) + "a:" }.joined(separator: "\n"),
        ] {
            #expect(
                problem { () throws(Diagnostic) in _ = try YAMLLoader.parse(deep, limits: .default) }
                    == Problem.nestingTooDeep(limit: 64))
        }
    }

    @Test func yamlAliasBombIsAnError() {
        var lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
        for level in 1...9 {
            lines.append(
                "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]")
        }
        var limits = Limits.default
        limits.maximumNodes = 100_000
        #expect(
            problem { () throws(Diagnostic) in _ = try YAMLLoader.parse(lines.joined(separator: "\n"), limits: limits) }
                == Problem.aliasExpansion(limit: 100_000))
    }

    /// Before the event-stream check, Yams hashed a key like this through its aliases
    /// while composing (15 s for `*a7`, minutes for `*a9`), before any budget applied,
    /// and the error then pointed at `a0`. Now it is an error at the key, at once.
    @Test(arguments: [
        ("? *a9\n: key", 1, 3, "an alias"), ("*a9 : key", 1, 1, "an alias"),
        ("? [*a9, *a8]\n: key", 1, 3, "a list"), ("{*a9: 1}: key", 1, 1, "a mapping"),
    ])
    func yamlAliasOrCollectionAsKeyIsAnErrorAtTheKey(key: String, line: Int, column: Int, what: String) {
        var lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
        for level in 1...9 {
            lines.append(
                "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]")
        }
        var limits = Limits.default
        limits.maximumNodes = .max  // only the key rule stands between Yams and the bomb
        do {
            _ = try YAMLLoader.parse((lines + [key]).joined(separator: "\n"), limits: limits)
            Issue.record("accepted")
        } catch {
            #expect(error.problem == .complexKey(what))
            #expect(error.location == SourceLocation(line: lines.count + line, column: column))
        }
    }

    @Test func yamlAliasesWithinTheBudgetStillWork() throws {
        let root = try YAMLLoader.parse("yes: &yes [a, b]\nagain: *yes\nscalar: &s text\nkey: *s\n", limits: .default)
        let pairs = try #require(root.pairs)
        #expect(pairs[1].value.elements?.map(\.scalarText) == ["a", "b"])
        #expect(pairs[3].value.scalarText == "text")
    }

    @Test func theAliasBudgetPointsAtTheAliasThatCrossesIt() {
        let text = "a: &a [x, x, x]\nb: [*a, *a, *a]\n"
        var limits = Limits.default
        limits.maximumNodes = 12  // root 1, a: 1 + 4 (=6 with its key), b: key 1, list 1, then 4 per alias
        do {
            _ = try YAMLLoader.parse(text, limits: limits)
            Issue.record("accepted")
        } catch {
            #expect(error.problem == .aliasExpansion(limit: 12))
            #expect(error.location == SourceLocation(line: 2, column: 9))
        }
    }

    @Test func yamlScalarsAreTypedByYAML12CoreRules() throws {
        let root = try YAMLLoader.parse("a: yes\nb: true\nc: '12'\nd: 12\ne: ~\nf: 1.5e3\ng: no\n", limits: .default)
        let types = try #require(root.pairs).map { $0.value.typeDescription }
        #expect(types == ["a string", "a boolean", "a string", "a number", "null", "a number", "a string"])
    }

    @Test func byteOrderMarkAndCRLFAreAccepted() throws {
        let bytes = Array("\u{FEFF}id: form\r\ntitle: T\r\n".utf8)
        let (root, _) = try SyntaxLoader.parse(bytes, format: .yaml, limits: .default)
        #expect(root.pairs?.map { $0.value.scalarText } == ["form", "T"])
        let (json, _) = try SyntaxLoader.parse(
            Array("\u{FEFF}{\"id\":\r\n\"x\"}".utf8), format: .json, limits: .default)
        #expect(json.pairs?.first?.value.scalarText == "x")
    }

    @Test func oversizedFilesAreRejectedBeforeParsing() {
        var limits = Limits.default
        limits.maximumFileSize = 10
        #expect(
            problem { () throws(Diagnostic) in
                _ = try SyntaxLoader.parse(Array(repeating: 0x20, count: 20), format: .yaml, limits: limits)
            } == Problem.fileTooLarge(bytes: 20, limit: 10))
    }

    @Test func jsonNumbersBeyondADoubleAreRefusedAndOthersKeptAsWritten() throws {
        let huge = "1" + String(repeating: "0", count: 400)
        for text in ["1e999", "-2E+400", huge] {
            #expect(problem { () throws(Diagnostic) in _ = try json("[\(text)]") } == .numberOutOfRange(text))
        }
        let large = "9" + String(repeating: "9", count: 299)
        for text in [large, "1e308", "-0.5", "0", "12.25e-3"] {
            let root = try json("[\(text)]")
            #expect(root.elements?.first?.scalar == .number(Double(text)!, text: text))
        }
    }
}
