import Formwork
import Foundation
import Testing

@testable import FormworkODK

/// The forms of this change's constructs — filters on instances and on repeats,
/// JavaRosa's arithmetic, a repeat count that reads its own entries — walked by
/// JavaRosa (`run.sh random`, seeds 1…10) and the same answers given to Formwork:
/// the questions shown, labels, calculated values, the verdict at submit, the data
/// and `validate`'s verdict on JavaRosa's submission must agree (`ODKWalkComparison`).
@Suite("This change's ODK forms against JavaRosa walks")
struct ChangedFormWalkTests {
    static let forms: [(name: String, xml: String)] = [
        ("instance filters", InstanceFilterTests.form),
        ("JavaRosa's arithmetic", InstanceFilterTests.form(JavaArithmeticTests.cases)),
        ("repeat filters", RepeatFilterTests.form),
        ("a count that reads its entries", CountReadsItsEntriesTests.form),
    ]

    @Test(arguments: forms.indices)
    func everyWalkAgrees(_ index: Int) throws {
        if let reason = RandomODKOracle.unavailable {
            print("skipped: \(reason)")
            return
        }
        let (name, xml) = Self.forms[index]
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("changed-walk-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("form.xml")
        try Data(xml.utf8).write(to: file)
        let form = try FormDefinition.load(contentsOf: file, formats: .odk)
        let seeds = Array(1...10)
        let runs = RandomODKOracle.runAll(seeds.map { ["random", file.path, "--seed", "\($0)"] })
        var compared = 0
        for (seed, run) in zip(seeds, runs) {
            #expect(run.status == 0, "\(name) seed \(seed): JavaRosa exits \(run.status)")
            guard run.status == 0 else { continue }
            let (differences, deviation) = ODKWalkComparison.compare(
                form, ODKWalk(oracle: run.json, language: nil, days: run.days))
            if deviation == nil {
                #expect(differences.isEmpty, "\(name) seed \(seed): \(differences)")
            }
            compared += 1
        }
        print("\(name): \(compared) JavaRosa walks compared")
    }
}
