import FormworkTesting
import Foundation
import Testing

/// A `file` field given a FIFO: refused by `stat` at once, never opened (opening a
/// FIFO with no writer would block forever). The FIFO is made here, at run time,
/// since the corpus cannot hold one.
@Suite("File fields and FIFOs")
struct FileKindTests {
    @Test func aFIFOIsRefusedWithoutBlocking() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-fifo-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("scan.pdf").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let values = directory.appendingPathComponent("values.yaml")
        try Data("anyFile: \(fifo)\nscan: \(fifo)\n".utf8).write(to: values)
        let result = try CommandRunner.run(
            "formwork", ["show", "kinds.yaml", "--values", values.path], directory: HostileInputTests.corpus,
            environment: ["NO_COLOR": "1"], timeout: .seconds(20))
        #expect(!result.timedOut)
        #expect(result.status == 1)
        #expect(
            result.standardError.contains(
                "invalid value for 'anyFile': '\(fifo)' is a FIFO (a pipe), not a regular file"))
        #expect(
            result.standardError.contains("invalid value for 'scan': '\(fifo)' is a FIFO (a pipe), not a regular file"))
    }
}
