import Formwork
import Foundation
import Testing

@testable import FormworkODK

/// The differences from JavaRosa that random forms found, shrunk and saved
/// (`Regressions/*.json`): each walk replays through both of Formwork's imports, the
/// workbook its rows make and pyxform's XForm, and must agree with what JavaRosa did
/// in every aspect (or differ only as a documented deviation). Needs no oracle.
@Suite("Random ODK form regressions")
struct RandomODKFormRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Regressions")

    static var names: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".json") }
            .sorted()
    }

    @Test(arguments: names)
    func formworkStillAgreesWithJavaRosa(_ name: String) throws {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent(name))
        let regression = try JSONDecoder().decode(RandomODKRegression.self, from: data)
        for route in RandomODKFormTests.Route.allCases {
            let form = try RandomODKFormTests.definition(route, form: regression.form, xform: regression.xform)
            let (results, deviation) = ODKWalkComparison.compare(form, regression.walk)
            for aspect in ODKWalkComparison.aspects {
                guard let message = results[aspect], deviation == nil,
                    RandomODKFormTests.deviation(aspect, message) == nil
                else { continue }
                let answers = regression.walk.answers.map {
                    "\($0.first.flatMap { $0 } ?? "") = \(($0.last ?? nil) ?? "nil")"
                }
                Issue.record(
                    Comment(
                        rawValue:
                            "\(name), \(route.rawValue) import: \(aspect) differs\n\(message)\n\n\(regression.form)\n"
                            + "answers: \(answers)\nfound before: \(regression.finding)"))
            }
        }
    }
}
