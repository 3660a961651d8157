import FormworkTesting
import Foundation
import Testing

/// Guided filling of a form with pages (`page: true`) at a real pseudo-terminal and
/// in a script.
@Suite("guided pages at a terminal", .serialized)
struct GuidedPageTerminalTests {
    @Test func guidedFillingAsksAPageAndGoesBackAPage() throws {
        let terminal = try PagingTerminalTests.start(
            Self.pagesForm, in: PagingTerminalTests.directory(), arguments: ["--guided"])
        try terminal.waitFor("Name *: ")
        try terminal.type("Ada\r")
        let page = try terminal.waitFor("Phone: ")
        #expect(page.contains("Contact\r\n   2  Phone\r\n   3  E-mail *\r\n"))  // the page, shown together
        try terminal.type("555\r")
        let next = try terminal.waitFor("E-mail *: ")
        #expect(!next.contains("Contact"))  // not shown again
        try terminal.type(":back\r")  // the page before: the question before it, not on a page
        try terminal.waitFor("Name *: ")
        try terminal.type("\r")  // Enter keeps the prefilled answer
        let again = try terminal.waitFor("Phone: ")
        #expect(again.contains("Contact\r\n"))  // shown again on the way
        try terminal.type("\r")
        try terminal.waitFor("E-mail *: ")
        try terminal.type("ada@example.org\r")
        try terminal.waitFor("Smoker [y/N]: ")
        try terminal.type("y\r")
        try terminal.waitFor("Packs a day *: ")
        try terminal.type(":back\r")  // on a page: to the start of the page before
        let back = try terminal.waitFor("Phone: ")
        #expect(back.contains("Contact\r\n"))
        try terminal.type(":quit\r")
        #expect(try terminal.waitForExit() == 0)
    }

    static let pagesForm = """
        id: pages
        title: Pages
        sections:
          - id: intro
            header: Start
            fields:
              - { id: name, kind: text, label: Name, required: true }
          - id: contact
            header: Contact
            page: true
            fields:
              - { id: phone, kind: text, label: Phone }
              - { id: email, kind: text, label: E-mail, required: true }
          - id: health
            header: Health
            page: true
            fields:
              - { id: smoker, kind: switch, label: Smoker }
              - { id: packs, kind: number, label: Packs a day, visible: $smoker, required: true }
        """

    // MARK: Script mode

    @Test func scriptsAnswerAGuidedPageLineByLine() throws {
        let directory = try PagingTerminalTests.directory()
        let path = directory.appendingPathComponent("form.yaml")
        try Self.pagesForm.write(to: path, atomically: true, encoding: .utf8)
        let result = try CommandRunner.run(
            "formwork", ["fill", path.path, "--guided"], input: "Ada\n555\n:back\nBo\n556\na@b.org\nn\ny\n")
        #expect(result.standardError.isEmpty)
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("\"name\": \"Bo\""))
        #expect(result.standardOutput.contains("\"phone\": \"556\""))
        #expect(!result.standardOutput.contains("Contact"))  // no page is shown in a script
    }
}
