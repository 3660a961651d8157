import FormworkTesting
import Foundation
import Testing

/// Replays the fuzzing corpus (`Tests/Fuzz/TARGET/`) through `formwork-fuzz` built
/// normally: the seeds, and every `crash-`, `timeout-` or `oom-` file `make fuzz` ever
/// stored there, so a fixed finding stays fixed.
@Suite("Fuzz corpus replay")
struct FuzzReplayTests {
    static let corpus = CommandLineTests.package.appendingPathComponent("Tests/Fuzz")
    static let targets = [
        "expression", "definition", "values", "repl", "rpc", "workbook", "xform", "surveyjs", "response", "media",
        "xls",
    ]

    static func inputs(_ target: String) -> [String] {
        let directory = corpus.appendingPathComponent(target)
        return ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { !$0.hasPrefix(".") }.sorted().map { directory.appendingPathComponent($0).path }
    }

    @Test func everyTargetHasSeeds() {
        for target in Self.targets { #expect(Self.inputs(target).count >= 5, "\(target) has too few seeds") }
    }

    @Test(arguments: targets)
    func everyInputRunsWithoutACrashOrHang(_ target: String) throws {
        let inputs = Self.inputs(target)
        let result = try CommandRunner.run(
            "formwork-fuzz", [target] + inputs, environment: ["SWIFT_BACKTRACE": "enable=no"],
            timeout: .seconds(300))
        #expect(!result.timedOut, "\(target): the replay hung")
        #expect(
            result.status == 0 && result.standardOutput == "\(target): \(inputs.count) inputs replayed\n",
            "\(target): \(Self.culprits(target, inputs)) crashed\n\(result.standardError.suffix(2_000))")
    }

    /// Which inputs fail on their own (asked only after a failed replay).
    static func culprits(_ target: String, _ inputs: [String]) -> [String] {
        inputs.filter { input in
            let result = try? CommandRunner.run(
                "formwork-fuzz", [target, input], environment: ["SWIFT_BACKTRACE": "enable=no"],
                timeout: .seconds(60))
            return result?.status != 0
        }.map { ($0 as NSString).lastPathComponent }
    }

    @Test func aReplayThatCrashesFailsLoudly() throws {
        let result = try CommandRunner.run("formwork-fuzz", ["definition", "/nonexistent/input"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("cannot read /nonexistent/input"))
    }
}
