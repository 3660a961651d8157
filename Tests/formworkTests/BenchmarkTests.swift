import FormworkTesting
import Foundation
import Testing

/// `formwork-bench` builds and runs its smallest size. No timing is asserted here
/// (that is the benchmark's job, in release mode); what is checked is that every
/// case runs and measures what it claims to.
@Suite("formwork-bench")
struct BenchmarkTests {
    @Test func quickRunMeasuresEveryCase() throws {
        let result = try CommandRunner.run("formwork-bench", ["--quick"], directory: CommandLineTests.package)
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        for name in [
            "diff, flat, Int ids", "diff, sectioned, String ids", "diff vs stdlib", "diff, nothing changed",
            "reload after one change", "load YAML definition", "load JSON definition", "conditions",
            "memory: session", "memory: diff extra peak", "start-up: formwork show", "set a field in an entry",
            "add an entry (REPL)", "remove an entry", "move an entry: the changeset", "memory: entries",
            "open an ODK XForm", "import an XLSForm with CSV choices", "filter CSV choices at the prompt",
        ] {
            #expect(lines.contains { $0.hasPrefix("| \(name)") }, "no row for \(name)")
        }
        let conditions = try #require(lines.first { $0.hasPrefix("| conditions") })
        #expect(conditions.contains("same results"))
        let reload = try #require(lines.first { $0.hasPrefix("| reload after one change") })
        #expect(reload.contains("rows appear and vanish"))
        let startup = try #require(lines.first { $0.hasPrefix("| start-up") })
        #expect(startup.contains("median of"), "\(startup)")
        let unchanged = try #require(lines.first { $0.hasPrefix("| diff, 10 rows updated") })
        #expect(unchanged.contains("10 rows reported updated"))
        let move = try #require(lines.first { $0.hasPrefix("| move an entry") })
        #expect(move.contains("1 section moved"), "\(move)")
    }

    @Test func unknownCaseIsAClearError() throws {
        let result = try CommandRunner.run("formwork-bench", ["--cases", "speed"], directory: CommandLineTests.package)
        #expect(result.status != 0)
        #expect(result.standardError.contains("unknown case 'speed'"))
    }
}
