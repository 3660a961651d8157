import Formwork
import Foundation
import Testing

@testable import FormworkREPL

@Suite("REPL session: completion")
struct ReplCompletionTests {
    @Test func completesCommandsFieldsOptionsAndPaths() throws {
        let repl = try ReplHarness("kitchen-sink.yaml").repl
        #expect(repl.completions(for: "su", context: .commands) == ["submit"])
        #expect(repl.completions(for: "s", context: .commands) == ["show", "select", "set", "save", "submit"])
        #expect(repl.completions(for: "set qu", context: .commands) == ["quantity"])
        #expect(repl.completions(for: "why ch", context: .commands) == ["choices"])
        #expect(repl.completions(for: "set size ", context: .commands) == ["s", "m", "l"])
        #expect(repl.completions(for: "toggle colours gr", context: .commands) == ["green"])
        #expect(repl.completions(for: "set wantsExtras ", context: .commands) == ["yes", "no"])
        #expect(repl.completions(for: "red,b", context: .options(fieldID: "colours")) == ["red,blue"])
        #expect(repl.completions(for: "x", context: .none).isEmpty)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fw-complete-\(UUID())")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try Data().write(to: directory.appendingPathComponent("answers.json"))
        #expect(
            repl.completions(for: "save \(directory.path)/a", context: .commands) == ["\(directory.path)/answers.json"])
        #expect(repl.completions(for: "save \(directory.path)/s", context: .commands) == ["\(directory.path)/sub/"])
    }
}
