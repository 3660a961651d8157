import Formwork
import Foundation
import Testing

@testable import FormworkODK

/// Numbers in an ODK form are computed as JavaRosa computes them: a division by zero
/// or `log(0)` is an infinity (written `Infinity` in the submission, greater than
/// every other number), `NaN` is nothing, and two numbers are equal when they differ
/// by less than 10⁻¹². Each value is JavaRosa's (`../shared/oracles/javarosa/run.sh
/// fill`), compared with the oracle again where it runs; and `formwork validate`
/// accepts JavaRosa's own submission.
@Suite("Numbers as JavaRosa computes them")
struct JavaArithmeticTests {
    static let cases: [(expression: String, value: String)] = [
        ("/data/q + 1", ""),
        ("1 div 0", "Infinity"),
        ("number(/data/q) div 0", ""),
        ("pow(0, -1)", "Infinity"),
        ("-1 div 0", "-Infinity"),
        ("0 div 0", ""),
        ("concat('x', 1 div 0)", "xInfinity"),
        ("log(0)", "-Infinity"),
        ("if(1 div 0 > 5, 'big', 'small')", "big"),
        ("5 mod 0", ""),
        ("round(1 div 0, 2)", "Infinity"),
        ("int(1 div 0)", "Infinity"),
        ("string-length(string(-1 div 0))", "9"),
        ("1 div 0 = 2 div 0", "0"),
        ("1 div 0 != 1 div 0", "1"),
        ("-(1 div 0)", "-Infinity"),
        ("0.1 + 0.2 = 0.3", "1"),
        ("indexed-repeat(/data/r/n, /data/r, 1) * 0.1 = 0.3", "1"),
        ("0.1 + 0.2 != 0.3", "0"),
    ]

    @Test func infinitiesAndEqualityAreJavaRosas() throws {
        let form = InstanceFilterTests.form(Self.cases)
        let session = try SecondaryInstanceTests.xformSession(form)
        _ = try session.addEntry("r")
        try session.set("r[1].n", text: "3")
        try session.set("q", text: "y")
        let names = Self.cases.indices.map { "e\($0)" }
        let submission = ODKSubmission.xml(of: session, timeZone: TimeZone(identifier: "UTC")!)
        let ours = SecondaryInstanceTests.elements(submission, names)
        for (index, item) in Self.cases.enumerated() {
            #expect(ours["e\(index)"] == item.value, "\(item.expression)")
        }
        guard let oracle = try XFormOracle.fill(form, answers: [["/data/r[1]/n", "3"], ["/data/q", "y"]]) else {
            return
        }
        let theirs = SecondaryInstanceTests.elements(oracle.submission, names)
        for (index, item) in Self.cases.enumerated() {
            #expect(theirs["e\(index)"] == item.value, "JavaRosa: \(item.expression)")
        }
        // JavaRosa's submission is what the form computes.
        let definition = try FormDefinition.load(
            contentsOf: try Self.write(form, as: "form.xml"), formats: .odk)
        let verdict = ResponseValidator(definition: definition, formats: .odk).validate(
            Array(oracle.submission.utf8), path: "submission.xml")
        #expect(verdict.problems.isEmpty, "\(verdict.problems)")
    }

    @Test func formworksOwnFormsKeepNullForWhatIsNotFinite() throws {
        let yaml = """
            id: plain
            title: Plain
            sections:
              - id: s
                fields:
                  - { id: zero, kind: number, label: Zero }
                  - { id: ratio, kind: calculate, value: "1 / $zero" }
                  - { id: logged, kind: calculate, value: "log($zero)" }
                  - { id: same, kind: calculate, value: "0.1 + 0.2 == 0.3" }
            """
        let plain = FormSession(definition: try FormDefinition(yaml: yaml))
        try plain.set("zero", text: "0")
        #expect(plain.value(of: "ratio") == .null)
        #expect(plain.value(of: "logged") == .null)
        #expect(plain.value(of: "same") == .bool(false))
        let javaYAML = yaml.replacingOccurrences(of: "title: Plain", with: "title: J\nnumbersInText: java")
        let java = FormSession(definition: try FormDefinition(yaml: javaYAML))
        try java.set("zero", text: "0")
        #expect(java.value(of: "ratio") == .number(.infinity))
        #expect(java.value(of: "logged") == .number(-.infinity))
        #expect(java.value(of: "same") == .bool(true))
    }

    static func write(_ text: String, as name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("java-arithmetic-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file
    }
}
