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

/// A `file` field at a real terminal: TAB completes the path being typed.
@Suite("file fields at a terminal", .serialized)
struct FileFieldTerminalTests {
    @Test func tabCompletesAFilesPath() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scans-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("%PDF-1.4\n".utf8).write(to: directory.appendingPathComponent("ticket-4711.pdf"))
        let form = CommandLineTests.package.appendingPathComponent("Forms/kitchen-sink.yaml").path
        let (terminal, _) = try TerminalTests.start([form])
        try terminal.type("set ticketScan \(directory.path)/tick\t")
        try terminal.waitFor("et-4711.pdf")  // libedit adds only what it completes
        try terminal.type("\r")
        try terminal.waitFor("Ticket scan")
        try terminal.waitForLineEditing()
        try terminal.type("values\r")
        try terminal.waitFor("\"ticketScan\": \"\(directory.path)/ticket-4711.pdf\"")
        try terminal.type("quit\r")
        #expect(try terminal.waitForExit() == 0)
    }
}
