import FormworkTesting
import Foundation
import Testing

/// The `formwork` executable, run as a user runs it.
@Suite("formwork command line")
struct CommandLineTests {
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func formwork(_ arguments: String..., input: String = "") throws -> CommandRunner.Result {
        try CommandRunner.run("formwork", arguments, input: input, directory: Self.package)
    }

    /// `serve --help` lists every method of the server's table, with its params.
    @Test func serveHelpListsEveryMethod() throws {
        let result = try formwork("serve", "--help")
        #expect(result.status == 0)
        for method in ["form.describe", "field.set", "entry.move", "session.load", "response.validate"] {
            #expect(result.standardOutput.contains("  " + method + " "), "\(method): \(result.standardOutput)")
        }
    }

    /// The schema editors read, committed beside the forms, is what `formwork schema`
    /// prints (with every format the tool registers).
    @Test func committedSchemaIsTheGeneratedOne() throws {
        let committed = try String(
            contentsOf: Self.package.appendingPathComponent("Forms/schema/definition.schema.json"), encoding: .utf8)
        let result = try formwork("schema")
        #expect(result.status == 0)
        #expect(
            committed == result.standardOutput,
            "regenerate with: formwork schema > Forms/schema/definition.schema.json")
    }

    @Test func checkAcceptsEveryBundledForm() throws {
        let forms = try FileManager.default.contentsOfDirectory(
            atPath: Self.package.appendingPathComponent("Forms").path
        )
        .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }.sorted().map { "Forms/\($0)" }
        let result = try CommandRunner.run("formwork", ["check"] + forms, directory: Self.package)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.components(separatedBy: "\n").filter { $0.hasSuffix(")") }.count == forms.count)
        #expect(result.standardError.isEmpty)
    }

    /// `formwork check Forms/*` used to fail on `Forms/schema/` ("unknown file type ''").
    @Test func checkTakesDirectoriesAsAShellGlobGivesThem() throws {
        let entries = try FileManager.default.contentsOfDirectory(
            atPath: Self.package.appendingPathComponent("Forms").path
        )
        .filter { !$0.hasPrefix(".") }.sorted().map { "Forms/\($0)" }
        #expect(entries.contains("Forms/schema"))
        for arguments in [entries, ["Forms"], ["Forms/"]] {
            let result = try CommandRunner.run("formwork", ["check"] + arguments, directory: Self.package)
            #expect(result.status == 0, "\(arguments): \(result.standardError)")
            #expect(result.standardError.isEmpty)
            let lines = result.standardOutput.split(separator: "\n")
            // Every entry is a definition but for the schemas' folder and the test files'.
            #expect(entries.contains("Forms/tests"))
            #expect(lines.filter { $0.contains(": ok (") }.count == entries.count - 2)
            #expect(
                lines.contains {
                    $0.hasSuffix("schema/definition.schema.json: skipped (a JSON Schema, not a definition)")
                })
            #expect(
                lines.contains {
                    $0.hasSuffix(
                        "household-survey.test.yaml: skipped (a test file: formwork test runs it, "
                            + "not a definition)"
                    )
                })
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-check-\(UUID())")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("nested"), withIntermediateDirectories: true)
        try "id: x\ntitle: X\nsections: []\n".write(
            to: directory.appendingPathComponent("nested/broken.yaml"), atomically: true, encoding: .utf8)
        let broken = try formwork("check", directory.path)
        #expect(broken.status == 1)
        #expect(broken.standardError.contains("nested/broken.yaml:3:11: error:"), "\(broken.standardError)")
        let empty = try formwork("check", directory.appendingPathComponent("nested/none").path)
        #expect(empty.status == 1)
    }

    @Test func checkReportsBrokenFilesOnStandardErrorAndExitsOne() throws {
        let result = try formwork(
            "check", "Forms/seed.yaml", "Tests/FormworkTests/Fixtures/broken/12-unknown-reference.yaml")
        #expect(result.status == 1)
        #expect(result.standardOutput == "Forms/seed.yaml: ok (5 fields in 2 sections)\n")
        let fixture = try String(
            contentsOf: Self.package.appendingPathComponent(
                "Tests/FormworkTests/Fixtures/broken/12-unknown-reference.expected"), encoding: .utf8)
        #expect(result.standardError == "Tests/FormworkTests/Fixtures/broken/" + fixture + "1 of 2 files failed\n")
    }

    @Test func evalPrintsJSON() throws {
        #expect(try formwork("eval", "1 + 2 * 3").standardOutput == "7\n")
        #expect(try formwork("eval", "'a' + 'b'").standardOutput == "\"ab\"\n")
        #expect(try formwork("eval", "10 / 0").standardOutput == "null\n")
        #expect(try formwork("eval", "$n > 3 and $s == 'x'", "--set", "n=4", "--set", "s=x").standardOutput == "true\n")
        #expect(try formwork("eval", "$d + 1", "--set", "d=2024-02-28").standardOutput == "\"2024-02-29\"\n")
    }

    @Test func evalWithAFormUsesItsFieldsAndVisibility() throws {
        let result = try formwork(
            "eval", "$total", "--form", "Forms/conference.yaml", "--set", "ticket=business", "--set", "dinner=yes")
        #expect(result.standardOutput == "784\n", "\(result.standardError)")
        let hidden = try formwork("eval", "$lastName", "--form", "Forms/seed.yaml", "--set", "lastName=Lovelace")
        #expect(hidden.standardOutput == "null\n")  // hidden: no first name yet
    }

    @Test func evalReportsAnInvalidExpression() throws {
        let result = try formwork("eval", "$age >= '18'", "--form", "Forms/health-intake.yaml")
        #expect(result.status == 1)
        #expect(
            result.standardError == """
                <expression>:1:1: error: cannot compare a number >= text
                    $age >= '18'
                    ^~~~~~~~~~~~
                  hint: both sides must be of the same type (or null)

                """)
    }

    @Test func showPrintsTheVisibleForm() throws {
        let values = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-show-\(UUID()).json")
        try #"{"firstName": "Ada", "additional": true, "email": "ada@example.org"}"#.write(
            to: values, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: values) }
        let result = try formwork("show", "Forms/seed.yaml", "--values", values.path)
        #expect(result.status == 0)
        #expect(
            result.standardOutput == """
                Seed form
                The form from allaboutapps' DataSource example, as a definition file.

                Name
                   1  First name                 Ada
                   2  Last name
                   3  Show additional options    [x]

                Additional Fields
                   4  E-mail                     ada@example.org
                   5  Some random text

                """)
    }

    @Test func showMarksRequiredFieldsAndErrors() throws {
        let values = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-show-\(UUID()).yaml")
        try "username: ada\nnewsletter: true\n".write(to: values, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: values) }
        let output = try formwork("show", "Forms/signup.yaml", "--values", values.path).standardOutput
        #expect(output.contains("   2  E-mail *"))
        #expect(output.contains("      ! is required"))
        #expect(output.contains("Topics *"))
    }

    @Test func helpAndVersion() throws {
        #expect(try formwork("--version").standardOutput == "0.1.0\n")
        let help = try formwork("--help").standardOutput
        #expect(help.contains("formwork check Forms/*.yaml"))
        #expect(try formwork("check").status == 2)  // invalid arguments, like an invalid definition
    }
}

/// `formwork fill` in script mode (standard input is a pipe): one command per line.
@Suite("formwork fill scripts")
struct FillScriptTests {
    static let package = CommandLineTests.package

    func fill(_ form: String, _ script: String, _ extra: [String] = []) throws -> CommandRunner.Result {
        try CommandRunner.run("formwork", ["fill", "Forms/\(form)"] + extra, input: script, directory: Self.package)
    }

    @Test func submittingASignupPrintsTheAnswers() throws {
        let result = try fill(
            "signup.yaml",
            """
            set username ada_l
            set email ada@example.org
            set password correct horse 1
            set passwordAgain correct horse 1
            set birthDate 1990-12-10
            set country NL
            toggle terms
            submit

            """)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.isEmpty)
        #expect(
            result.standardOutput.hasSuffix(
                """
                {
                  "username": "ada_l",
                  "email": "ada@example.org",
                  "password": "correct horse 1",
                  "passwordAgain": "correct horse 1",
                  "birthDate": "1990-12-10",
                  "country": "NL",
                  "newsletter": false,
                  "terms": true
                }

                """))
    }

    @Test func answersGoToOutWhenGiven() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-out-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try fill(
            "conference.yaml", "set name Ada\nset email ada@example.org\nset ticket business\nsubmit\n",
            ["--out", out.path])
        #expect(result.status == 0)
        let answers = try String(contentsOf: out, encoding: .utf8)
        #expect(answers.contains("\"total\": 699"))
        #expect(!result.standardOutput.contains("\"total\""))
    }

    @Test func submitWithErrorsExitsOneAndListsThem() throws {
        let result = try fill("bug-report.yaml", "set title Crash on empty file\nsubmit\n")
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("error: 6 problems to fix before submitting:\n"))
        #expect(result.standardError.contains("  2  Component: is required (rule: required)"))
    }

    @Test func aFailedCommandMakesTheExitStatusOne() throws {
        let result = try fill("seed.yaml", "set email nope\nquit\n")
        #expect(result.status == 1)
        #expect(result.standardError == "error: email must be an e-mail address (rule: format)\n")
    }

    @Test func quittingAScriptExitsZero() throws {
        let result = try fill("health-intake.yaml", "set fullName Ada\nquit\n")
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("~  1  Full name *"))
        #expect(result.standardOutput.hasSuffix("  Ada\n"))
        #expect(result.standardOutput.components(separatedBy: "\n").count == 2)
    }

    @Test func guidedScript() throws {
        let result = try fill("seed.yaml", "Ada\nLovelace\nyes\nada@example.org\ny\n", ["--guided"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput.hasSuffix(
                """
                {
                  "firstName": "Ada",
                  "lastName": "Lovelace",
                  "additional": true,
                  "email": "ada@example.org"
                }

                """))
    }

    @Test func invalidDefinitionOrArgumentsExitTwo() throws {
        let broken = try CommandRunner.run(
            "formwork", ["fill", "Tests/FormworkTests/Fixtures/broken/21-cycle.yaml"], directory: Self.package)
        #expect(broken.status == 2)
        #expect(
            broken.standardError.hasPrefix(
                "Tests/FormworkTests/Fixtures/broken/21-cycle.yaml:9:18: error: circular dependency"))
        #expect(try CommandRunner.run("formwork", ["fill"], directory: Self.package).status == 2)
        let badValues = try CommandRunner.run(
            "formwork", ["fill", "Forms/seed.yaml", "--values", "/nonexistent.json"], directory: Self.package)
        #expect(badValues.status == 2)
        #expect(
            badValues.standardError == "/nonexistent.json: error: cannot read the file: no such file or directory\n")
    }

    @Test(arguments: [
        "seed.yaml", "signup.yaml", "bug-report.yaml", "health-intake.yaml", "conference.yaml", "kitchen-sink.yaml",
    ])
    func everyFormCanBeShownAndQuit(_ form: String) throws {
        let result = try fill(form, "show\nerrors\nvalues\nquit\n")
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("   1  "))
    }

    /// `--now` fixes the moment `today()` and `now()` read, for `fill`, `show` and
    /// `serve`: a date of birth after it is refused by the same rule as after the
    /// clock's today; a moment that is not one is a usage error.
    @Test func nowFixesTheMomentTodayReads() throws {
        func formwork(_ arguments: String..., input: String = "") throws -> CommandRunner.Result {
            try CommandRunner.run("formwork", arguments, input: input, directory: Self.package)
        }
        let script = "set birthDate 2010-01-01\n"
        let before = try formwork("fill", "--now", "2000-01-01", "Forms/health-intake.yaml", input: script)
        #expect(before.standardError.contains("error: birthDate must be at most 2000-01-01 (rule: max)"))
        let after = try formwork("fill", "--now", "2030-06-01T09:30", "Forms/health-intake.yaml", input: script)
        #expect(!after.standardError.contains("birthDate must be"), "\(after.standardError)")
        let request = #"{"jsonrpc":"2.0","id":1,"method":"field.set","params":{"id":"birthDate","text":"2010-01-01"}}"#
        let served = try formwork("serve", "--now", "2000-01-01", "Forms/health-intake.yaml", input: request + "\n")
        #expect(served.standardOutput.contains("must be at most 2000-01-01"), "\(served.standardOutput)")
        let wrong = try formwork("show", "--now", "yesterday", "Forms/health-intake.yaml")
        #expect(wrong.status == 2)
        #expect(wrong.standardError.contains("--now expects YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS, got 'yesterday'"))
    }

    /// `--set` gives values as the program preparing the form: inputs and read-only
    /// fields too, after `--values`; a value the field rejects is one line.
    @Test func setGivesInputsAndReadOnlyFields() throws {
        let shown = try CommandRunner.run(
            "formwork",
            [
                "show", "Forms/kitchen-sink.yaml", "--set", "channel=shop", "--set", "orderRef=KS-9", "--set",
                "quantity=12",
            ], directory: Self.package)
        #expect(shown.status == 0, "\(shown.standardError)")
        #expect(shown.standardOutput.contains("  28  Order reference              KS-9  (read-only)\n"))
        #expect(shown.standardOutput.contains("  29  Discount (%)                 10  (read-only)\n"))
        let refused = try CommandRunner.run(
            "formwork", ["show", "Forms/kitchen-sink.yaml", "--set", "quantity=lots"], directory: Self.package)
        #expect(refused.status == 1)
        #expect(refused.standardError == "error: --set quantity=lots: quantity 'lots' is not a number\n")
        let filled = try CommandRunner.run(
            "formwork",
            [
                "fill", "Forms/kitchen-sink.yaml", "--set", "orderRef=KS-9", "--set", "email=a@b.co", "--set",
                "memberDiscount=5", "--set", "quantity=2", "--set", "end=2030-01-01",
            ], input: "set orderRef X\nsubmit\n", directory: Self.package)
        #expect(filled.status == 1)  // the script's set failed, the submit went through
        #expect(filled.standardError == "error: orderRef is read-only (rule: readonly)\n")
        #expect(filled.standardOutput.contains(#""order-ref": "KS-9","#))
        #expect(filled.standardOutput.contains(#""toPay": 18.9,"#) && !filled.standardOutput.contains("memberDiscount"))
    }

    @Test func shellCompletionScripts() throws {
        let bash = try CommandRunner.run("formwork", ["--generate-completion-script", "bash"], directory: Self.package)
        #expect(bash.status == 0)
        #expect(bash.standardOutput.contains("fill"))
    }
}
