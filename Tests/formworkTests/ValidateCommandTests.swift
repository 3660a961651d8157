import FormworkTesting
import Foundation
import Testing

/// `formwork validate` as a user runs it: text and JSON output, JSON Lines from a
/// file or standard input, directories of ODK instances, `--clean`, exit statuses.
@Suite("formwork validate")
struct ValidateCommandTests {
    static let package = CommandLineTests.package

    static func formwork(_ arguments: [String], input: String = "") throws -> CommandRunner.Result {
        try CommandRunner.run("formwork", arguments, input: input, directory: package)
    }

    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("validate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static let wrong = """
        {
          "fullName": "Ada Lovelace",
          "birthDate": "1990-12-10",
          "age": 30,
          "sex": "female",
          "guardian": "Lord Byron",
          "visitReason": "pain",
          "painLevel": 14,
          "colour": "blue"
        }

        """

    @Test func problemsArePrintedAtTheirPlaceAndTheStatusSaysInvalid() throws {
        let folder = try Self.folder()
        let file = folder.appendingPathComponent("answers.json")
        try Self.wrong.write(to: file, atomically: true, encoding: .utf8)
        let result = try Self.formwork(["validate", "--now", "2025-01-15", "Forms/health-intake.yaml", file.path])
        #expect(result.status == 1)
        let path = file.path
        #expect(
            result.standardOutput.contains("\(path):4:10: error: age: is 30, but the form computes 34 (rule: value)"))
        #expect(
            result.standardOutput.contains(
                "\(path):6:3: error: guardian: is answered but not shown under this response's answers "
                    + "(visible: $age < 18) (rule: visible)"))
        #expect(result.standardOutput.contains("\(path):8:16: error: painLevel: must be at most 10 (rule: max)"))
        #expect(
            result.standardOutput.contains("\(path):9:3: error: colour: is no question of the form (rule: unknown)"))
        #expect(result.standardOutput.contains("\(path):1:1: error: painLocation: is required (rule: required)"))
        #expect(result.standardError.hasPrefix("1 of 1 response invalid ("))
    }

    @Test func jsonLinesFromStandardInputGiveOneResultALine() throws {
        let lines =
            #"{"firstName": "Ada", "additional": false}"# + "\n\n" + #"{"firstName": 3, "lastNme": "x"}"# + "\n"
            + "not json\n"
        let result = try Self.formwork(["validate", "--format", "json", "Forms/seed.yaml", "-"], input: lines)
        #expect(result.status == 1)
        let objects = result.standardOutput.split(separator: "\n").map {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(objects.count == 3)
        #expect(objects.map { $0?["response"] as? String } == ["<stdin>:1", "<stdin>:3", "<stdin>:4"])
        #expect(objects.map { $0?["ok"] as? Bool } == [true, false, false])
        let problems = objects[1]?["problems"] as? [[String: Any]] ?? []
        #expect(problems.map { $0["rule"] as? String } == ["unknown"])
        #expect(problems.first?["line"] as? Int == 3 && problems.first?["column"] as? Int == 18)
        #expect(result.standardError.isEmpty)
    }

    @Test func aDirectoryOfODKInstancesIsCheckedAndCleaned() throws {
        let folder = try Self.folder()
        let instances = folder.appendingPathComponent("instances")
        let form = Self.package.deletingLastPathComponent().appendingPathComponent(
            "shared/corpus/xlsform/tutorial.xlsx")
        guard FileManager.default.fileExists(atPath: form.path) else {
            print("skipped: ../shared/corpus is absent")
            return
        }
        for (name, age) in [("uuid-1", "36"), ("uuid-2", "abc")] {
            let directory = instances.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let xml = """
                <?xml version="1.0"?>
                <data id="tutorial">
                  <name>Ada</name>
                  <age>\(age)</age>
                  <meta><instanceID>uuid:\(name)</instanceID></meta>
                </data>
                """
            try xml.write(to: directory.appendingPathComponent("submission.xml"), atomically: true, encoding: .utf8)
        }
        let cleaned = folder.appendingPathComponent("cleaned")
        let result = try Self.formwork(["validate", form.path, instances.path, "--clean", cleaned.path])
        #expect(result.status == 1)
        #expect(
            result.standardOutput
                == "\(instances.path)/uuid-2/submission.xml:4:3: error: age: 'abc' is not a number (rule: type)\n")
        #expect(result.standardError == "1 of 2 responses invalid (1 error, 0 warnings)\n")
        let first = try String(contentsOf: cleaned.appendingPathComponent("uuid-1/submission.xml"), encoding: .utf8)
        #expect(first.contains("<age>36</age>") && first.contains("<instanceID>uuid:uuid-1</instanceID>"))
        #expect(first.contains("<web_browsers/>"))  // written as ODK writes an unanswered relevant question
    }

    @Test func theInputIsNeverWrittenOverAndUnreadableFilesExitTwo() throws {
        let folder = try Self.folder()
        let file = folder.appendingPathComponent("a.json")
        try #"{"firstName": "Ada"}"#.write(to: file, atomically: true, encoding: .utf8)
        let over = try Self.formwork(["validate", "Forms/seed.yaml", file.path, "--clean", file.path])
        #expect(over.status == 2)
        #expect(over.standardError.contains("the input is never written over"))
        // A gigabyte (sparse): refused by its size, never read.
        let huge = folder.appendingPathComponent("huge.json")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: nil))
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        let result = try Self.formwork(["validate", "Forms/seed.yaml", huge.path, file.path])
        #expect(result.status == 2)
        #expect(
            result.standardError.contains("huge.json: error: the file is 1 GiB, more than a response may be (32 MiB)"))
        #expect(result.standardError.contains("0 of 1 response invalid"))
        let missing = try Self.formwork(["validate", "Forms/seed.yaml", "no-such.json"])
        #expect(missing.status == 2 && missing.standardError.contains("no-such.json: error: no such file or directory"))
    }

    /// Many responses are checked on every core, a batch at a time, and reported in
    /// their order.
    @Test func manyResponsesAreReportedInTheirOrder() throws {
        let lines = (1...1_100).map { index in
            index.isMultiple(of: 3) ? #"{"firstName": "Ada", "lastNme": "x"}"# : #"{"firstName": "Ada\#(index)"}"#
        }
        let result = try Self.formwork(
            ["validate", "--format", "json", "Forms/seed.yaml", "-"], input: lines.joined(separator: "\n") + "\n")
        #expect(result.status == 1)
        let objects = result.standardOutput.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(objects.map { $0["response"] as? String } == (1...1_100).map { "<stdin>:\($0)" })
        #expect(objects.map { $0["ok"] as? Bool } == (1...1_100).map { !$0.isMultiple(of: 3) })
    }

    @Test func validResponsesExitZero() throws {
        let result = try Self.formwork(
            ["validate", "Forms/seed.yaml", "-"], input: #"{"firstName": "Ada", "additional": false}"# + "\n")
        #expect(result.status == 0)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError == "0 of 1 response invalid (0 errors, 0 warnings)\n")
    }
}
