import FormworkTesting
import Foundation
import Testing

/// ODK forms through the built `formwork`, as a user runs it: `check`, `show` and
/// `convert` on every corpus form, a converted form filled like the original, and a
/// scripted fill that writes an ODK submission. Skipped, saying so, where
/// `../shared/corpus` is absent.
@Suite("ODK forms on the command line")
struct ODKCommandLineTests {
    static let corpus = CommandLineTests.package.deletingLastPathComponent().appendingPathComponent("shared/corpus")

    /// `xlsform/NAME.xlsx` and `xforms/NAME.xml` (one `.xlsx` is an `.xls` under that name).
    static var forms: [String] {
        var forms: [String] = []
        for (folder, suffix) in [("xlsform", ".xlsx"), ("xforms", ".xml")] {
            let names =
                (try? FileManager.default.contentsOfDirectory(atPath: corpus.appendingPathComponent(folder).path)) ?? []
            forms += names.filter { $0.hasSuffix(suffix) }.sorted().map { folder + "/" + $0 }
        }
        if forms.isEmpty { print("skipped: ../shared/corpus is absent") }
        return forms
    }

    static func formwork(_ arguments: [String], input: String = "") throws -> CommandRunner.Result {
        try CommandRunner.run(
            "formwork", arguments, input: input, directory: corpus, environment: ["NO_COLOR": "1", "TZ": "UTC"],
            timeout: .seconds(60))
    }

    @Test(arguments: forms)
    func checkShowAndConvertEveryForm(_ form: String) throws {
        let check = try Self.formwork(["check", form])
        #expect(check.status == 0, "\(check.standardError)")
        #expect(check.standardOutput.hasPrefix("\(form): ok ("))
        let show = try Self.formwork(["show", form])
        #expect(show.status == 0, "\(show.standardError)")
        #expect(!show.standardOutput.isEmpty)
        let convert = try Self.formwork(["convert", form])
        #expect(convert.status == 0, "\(convert.standardError)")
        // The converted definition loads as Formwork's own and shows the same table.
        let converted = FileManager.default.temporaryDirectory.appendingPathComponent("converted-\(UUID()).yaml")
        try Data(convert.standardOutput.utf8).write(to: converted)
        defer { try? FileManager.default.removeItem(at: converted) }
        let showConverted = try Self.formwork(["show", converted.path])
        #expect(showConverted.status == 0, "\(showConverted.standardError)")
        #expect(showConverted.standardOutput == show.standardOutput)
    }

    @Test func aScriptedFillWritesAnODKSubmissionAsTheConvertedFormDoes() throws {
        let form = "xlsform/household.xlsx"
        guard Self.forms.contains(form) else { return }
        let script = "set number_of_members 2\nadd man\nset man[1].name Bob\nset number_for_vanilla 1\nsubmit\n"
        let original = try Self.formwork(["fill", form, "--format", "odk"], input: script)
        #expect(original.status == 0, "\(original.standardError)")
        let submission = original.standardOutput
        #expect(submission.contains("<data id=\"serious_survey\">"), "\(submission)")
        #expect(submission.contains("<man>\n    <name>Bob</name>\n  </man>"))
        #expect(submission.contains("<instanceID>uuid:"))
        let converted = FileManager.default.temporaryDirectory.appendingPathComponent("household-\(UUID()).yaml")
        try Data(try Self.formwork(["convert", form]).standardOutput.utf8).write(to: converted)
        defer { try? FileManager.default.removeItem(at: converted) }
        let again = try Self.formwork(["fill", converted.path, "--format", "odk"], input: script)
        func masked(_ text: String) -> String {
            text.replacingOccurrences(of: #"uuid:[0-9a-f-]+"#, with: "uuid:…", options: .regularExpression)
        }
        #expect(masked(again.standardOutput) == masked(submission))
    }

    /// A form that opens with warnings (a signature is a file answer here, a line on a
    /// map is typed) passes `check`, and fails `check --strict` with each as an error.
    @Test func strictCheckMakesEveryWarningAnError() throws {
        let form = "xforms/all-widgets.xml"
        guard Self.forms.contains(form) else { return }
        let lenient = try Self.formwork(["check", form])
        #expect(lenient.status == 0, "\(lenient.standardError)")
        #expect(lenient.standardError.contains("warning: a signature is made on the screen in Collect"))
        let strict = try Self.formwork(["check", "--strict", form])
        #expect(strict.status == 1)
        #expect(strict.standardError.contains("error: a signature is made on the screen in Collect"))
        #expect(!strict.standardError.contains("warning:"))
        #expect(strict.standardError.hasSuffix("1 of 1 file failed\n"))
    }

    /// A construct JavaRosa refuses too (a descendant step, `//item`) stops `fill` and
    /// `check`, saying where and offering `--skip-unsupported`, which fills the rest.
    @Test func anUnsupportedConstructStopsFillUnlessSkipped() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let form = directory.appendingPathComponent("descendants.xml").path
        try """
        <h:html xmlns="http://www.w3.org/2002/xforms" xmlns:h="http://www.w3.org/1999/xhtml">
          <h:head><h:title>Descendants</h:title><model>
            <instance><data id="descendants"><name/><items/></data></instance>
            <bind nodeset="/data/name" type="string"/>
            <bind nodeset="/data/items" type="string" calculate="count(//item)"/>
          </model></h:head>
          <h:body><input ref="/data/name"><label>Name</label></input></h:body>
        </h:html>
        """.write(toFile: form, atomically: true, encoding: .utf8)
        let refused = try Self.formwork(["fill", form], input: "submit\n")
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("the path '//item'"), "\(refused.standardError)")
        #expect(refused.standardError.contains("--skip-unsupported"))
        let check = try Self.formwork(["check", form])
        #expect(check.status == 1)
        let skipped = try Self.formwork(["fill", "--skip-unsupported", form], input: "set name Ada\nsubmit\n")
        #expect(skipped.status == 0, "\(skipped.standardError)")
    }
}
