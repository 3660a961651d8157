import FormworkTesting
import Foundation
import Testing

/// A long form at a real pseudo-terminal: `show` through the pager when it does not
/// fit, `show SECTION` and `show N`, the prompt's progress.
@Suite("long forms at a terminal", .serialized)
struct PagingTerminalTests {
    /// A form of 62 rows: a short section and a long one, seven fields required.
    static let longForm: String = {
        var yaml = """
            id: long
            title: A long form
            sections:
              - id: short
                header: Short
                fields:
                  - { id: s1, kind: text, label: Short one, required: true }
                  - { id: s2, kind: text, label: Short two }
              - id: long
                header: Long
                fields:

            """
        for number in 1...60 {
            let required = number % 10 == 0 ? ", required: true" : ""
            yaml += "      - { id: f\(number), kind: text, label: Field \(number)\(required) }\n"
        }
        return yaml
    }()

    /// A directory of its own for a test: the form, the state, a pager script.
    static func directory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-paging-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// `formwork fill FORM` on a 100×24 terminal, in `directory`'s state.
    static func start(
        _ form: String, in directory: URL, arguments: [String] = [], environment: [String: String] = [:]
    ) throws -> PseudoTerminal {
        let path = directory.appendingPathComponent("form.yaml")
        try form.write(to: path, atomically: true, encoding: .utf8)
        return try PseudoTerminal(
            executable: CommandRunner.productsDirectory.appendingPathComponent("formwork").path,
            arguments: ["fill", path.path] + arguments,
            environment: ["XDG_STATE_HOME": directory.appendingPathComponent("state").path, "NO_COLOR": "1"]
                .merging(environment) { $1 },
            columns: 100, rows: 24)
    }

    /// A pager that marks every line it shows.
    static let markingPager = "sed 's/^/PAGED| /'"

    /// The accessible mode prints what does not fit, never a full-screen pager.
    @Test func theAccessibleModeNeverPages() throws {
        let terminal = try Self.start(
            Self.longForm, in: Self.directory(), environment: ["PAGER": Self.markingPager, "ACCESSIBLE": "1"])
        try terminal.waitFor("Command: ")
        try terminal.type("show\r")
        let shown = try terminal.waitFor("Row 62, Field 60, required, not answered.")
        #expect(!shown.contains("PAGED|"))
        try terminal.waitFor("Command: ")
        try terminal.type("quit\r")
        #expect(try terminal.waitForExit() == 0)
    }

    @Test func showPagesWhatDoesNotFitAndPrintsWhatDoes() throws {
        let terminal = try Self.start(Self.longForm, in: Self.directory(), environment: ["PAGER": Self.markingPager])
        try terminal.waitFor("[0/7] formwork> ")
        try terminal.type("show\r")
        let paged = try terminal.waitFor("PAGED|   62  Field 60 *")
        #expect(paged.contains("PAGED| A long form\r\n"))
        #expect(paged.contains("PAGED|    1  Short one *\r\n"))
        try terminal.waitFor("[0/7] formwork> ")  // the prompt comes back after the pager

        try terminal.type("show short\r")  // three lines fit: printed, not paged
        let short = try terminal.waitFor("[0/7] formwork> ")
        #expect(short.contains("Short\r\n   1  Short one *\r\n   2  Short two\r\n"))
        #expect(!short.contains("PAGED|"))

        try terminal.type("show 2\r")  // the section holding row 2
        let second = try terminal.waitFor("[0/7] formwork> ")
        #expect(second.contains("   1  Short one *\r\n   2  Short two\r\n") && !second.contains("PAGED|"))

        try terminal.type("show 7\r")  // row 7 is in the long section: 61 lines, paged
        let seventh = try terminal.waitFor("PAGED|   62  Field 60 *")
        #expect(seventh.contains("PAGED| Long\r\n") && !seventh.contains("Short one"))
        try terminal.waitFor("[0/7] formwork> ")

        // Line editing is intact after the pager: TAB completes a section id.
        try terminal.type("show sh\t")
        try terminal.waitFor("ort ")
        terminal.send("\r")
        try terminal.waitFor("   2  Short two")
        try terminal.waitFor("[0/7] formwork> ")

        try terminal.type("show shrot\r")
        try terminal.waitFor("error: no section 'shrot' (did you mean 'short'?)")
        try terminal.waitFor("[0/7] formwork> ")
    }

    @Test func theProgressChangesAsRequiredFieldsAreAnswered() throws {
        let terminal = try Self.start(Self.longForm, in: Self.directory(), environment: ["PAGER": Self.markingPager])
        try terminal.waitFor("[0/7] formwork> ")
        try terminal.type("set s1 yes\r")
        try terminal.waitFor("~  1  Short one *")
        try terminal.waitFor("[1/7] formwork> ")
        try terminal.type("set f10 ten\r")
        try terminal.waitFor("[2/7] formwork> ")
        try terminal.type("clear s1\r")
        try terminal.waitFor("[1/7] formwork> ")
    }

    @Test func coloursReachOnlyAPagerThatPassesThem() throws {
        let directory = try Self.directory()
        // A "less" that marks its lines: told -R, it is sent colours.
        let less = directory.appendingPathComponent("less")
        try "#!/bin/sh\nexec sed 's/^/PAGED| /'\n".write(to: less, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: less.path)
        for (pager, coloured) in [(less.path + " -R", true), (Self.markingPager, false)] {
            let terminal = try Self.start(
                Self.longForm, in: directory, arguments: ["--fresh"],
                environment: ["PAGER": pager, "NO_COLOR": "", "LESS": ""])
            try terminal.waitFor("formwork> ")
            try terminal.type("show\r")
            let paged = try terminal.waitFor("Field 60")
            let header = try #require(paged.components(separatedBy: "\r\n").first { $0.hasPrefix("PAGED| ") })
            #expect(header.contains("\u{1B}[") == coloured, "\(pager): \(header.debugDescription)")
            try terminal.waitFor("formwork> ")
            try terminal.type("quit\r")
            #expect(try terminal.waitForExit() == 0)
        }
    }

    @Test func aPagerThatCannotStartLeavesTheTextPrinted() throws {
        let terminal = try Self.start(
            Self.longForm, in: Self.directory(), environment: ["PAGER": "/nonexistent/pager"])
        try terminal.waitFor("formwork> ")
        try terminal.type("show\r")
        try terminal.waitFor("warning: the pager (/nonexistent/pager) could not run: exit status 127")
        try terminal.waitFor("  62  Field 60 *")
        try terminal.waitFor("formwork> ")
        try terminal.type("show\r")  // not tried again, and said once
        let again = try terminal.waitFor("  62  Field 60 *")
        #expect(!again.contains("could not run"))
        try terminal.waitFor("formwork> ")
    }

    // MARK: Script mode

    @Test func scriptsNeverPage() throws {
        let directory = try Self.directory()
        let path = directory.appendingPathComponent("form.yaml")
        try Self.longForm.write(to: path, atomically: true, encoding: .utf8)
        let result = try CommandRunner.run(
            "formwork", ["fill", path.path], input: "show\nshow 2\nshow lnog\n",
            environment: ["PAGER": Self.markingPager])
        #expect(!result.standardOutput.contains("PAGED|"))
        #expect(result.standardOutput.hasPrefix("A long form\n\nShort\n   1  Short one *\n"))
        #expect(result.standardOutput.hasSuffix("  62  Field 60 *\nShort\n   1  Short one *\n   2  Short two\n"))
        #expect(result.standardError == "error: no section 'lnog' (did you mean 'long'?)\n")
        #expect(result.status == 1)
    }
}
