import Formwork
import FormworkTesting
import Foundation
import Testing

@testable import FormworkODK

/// Random XLSForms against JavaRosa, the engine ODK Collect runs: each form
/// (`RandomODKFormGenerator`, one per seed) is written as a workbook, converted by
/// pyxform to an XForm, and walked by JavaRosa twice — `random` (a Collect-like walk
/// with random valid answers, in the default language) and `fill` with the same
/// answers but one, in the other language (in the quick subset, for every other
/// form). Both of Formwork's imports (the workbook, and pyxform's XForm) replay each
/// walk and are compared aspect by aspect (`ODKWalkComparison`); each comparison is
/// recorded for `make conformance`. Documented deviations (`deviation(_:_:)`, and a
/// repeat counted 0) are recorded as such and do not fail the test.
///
/// A difference is shrunk (`RandomODKShrinker`: rows, choices, cells and answers left
/// out while it remains) and saved as a regression, which
/// `RandomODKFormRegressionTests` replays without the oracle. `FORMWORK_RANDOM_FORMS`
/// sets how many forms (50, or 1,000 with `FORMWORK_CONFORMANCE=full`),
/// `FORMWORK_RANDOM_SEED` the first seed, `FORMWORK_RANDOM_SHRINK` how many
/// differences to shrink (1; 0 for none; `FORMWORK_RANDOM_SHRINK_ASPECT` only of one
/// aspect). Skipped, saying why, without pyxform or the
/// oracle.
@Suite("Random XLSForms against JavaRosa", .serialized)
struct RandomODKFormTests {
    /// One of Formwork's two ways into an ODK form.
    enum Route: String, CaseIterable, Codable {
        case xlsform = "XLSForm"
        case xform = "XForm"

        var set: String { self == .xlsform ? "random XLSForms" : "random XForms" }
    }

    /// A form imported along a route (the workbook the rows make, or pyxform's XForm).
    static func definition(_ route: Route, form: RandomODKForm, xform: String) throws -> FormDefinition {
        let bytes: [UInt8]
        let path: String
        let importer: any DefinitionImporter
        switch route {
        case .xlsform: (bytes, path, importer) = (try form.workbook(), "form.xlsx", XLSFormImporter())
        case .xform: (bytes, path, importer) = (Array(xform.utf8), "form.xml", XFormImporter())
        }
        var options = ImportOptions()
        // The form's attachments, in a media folder of their own.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("random-form-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        if form.media?.isEmpty == false {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            options.mediaDirectory = try form.writeMedia(besideForm: folder.appendingPathComponent("form.xlsx"))?.path
        }
        let (document, warnings) = try importer.document(bytes, path: path, options: options)
        return try FormDefinition(document: document, path: path, warnings: warnings, formats: .odk)
    }

    /// A difference found: which form, walk, route and aspect, and both results.
    struct Difference {
        var name: String
        var form: RandomODKForm
        var xform: String
        var walk: ODKWalk
        var walkName: String
        var route: Route
        var aspect: String
        var message: String

        var report: String {
            "\(name) \(walkName), \(route.rawValue) import: \(aspect) differs\n\(message)\n\n\(form)\n"
                + "answers: \(walk.answers.map { "\($0.first.flatMap { $0 } ?? "") = \(($0.last ?? nil) ?? "nil")" })"
        }
    }

    /// Where Formwork deliberately differs from JavaRosa, as a short reason, for a
    /// difference of this aspect with this message (`nil`: no known deviation).
    static func deviation(_ aspect: String, _ message: String) -> String? {
        // pyxform writes "-" for a text missing in a language (and warns); JavaRosa
        // shows it. Formwork shows the form's default language's text instead.
        if message.hasPrefix("deviation: ") { return String(message.dropFirst(11).prefix { $0 != "\n" }) }
        let lines = message.split(separator: "\n")
        if aspect == "labels" || aspect == "calculations", lines.allSatisfy({ $0.hasSuffix("JavaRosa \"-\"") }) {
            return missingTranslation
        }
        // The same text read by jr:itext() into a calculation, and so into the data (the
        // comparison reports the first difference).
        if aspect == "data", let first = lines.first,
            first.range(of: #"theirs <[^>]+>- \["#, options: .regularExpression) != nil
        {
            return missingTranslation
        }
        return nil
    }

    static let missingTranslation = "a text missing in a language: pyxform writes '-', Formwork shows the default's"

    static func environment(_ name: String) -> String? { ProcessInfo.processInfo.environment[name] }

    @Test func formworkAgreesWithJavaRosaOnRandomForms() throws {
        if let reason = RandomODKOracle.unavailable {
            print("skipped: \(reason)")
            return
        }
        let started = Date()
        let count = ConformanceReport.count(quick: 50, full: 1000, override: "FORMWORK_RANDOM_FORMS")
        let firstSeed = Self.environment("FORMWORK_RANDOM_SEED").flatMap { UInt64($0) } ?? 1
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("random-odk-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let seeds = (0..<UInt64(count)).map { firstSeed + $0 }
        let forms = seeds.map(RandomODKFormGenerator.form(seed:))
        var workbooks: [URL] = []
        for (seed, form) in zip(seeds, forms) {
            let url = directory.appendingPathComponent("random-\(seed).xlsx")
            try Data(try form.workbook()).write(to: url)
            try form.writeMedia(besideForm: url)
            workbooks.append(url)
        }
        try RandomODKOracle.convert(workbooks)
        var xforms: [String?] = []
        for (seed, workbook) in zip(seeds, workbooks) {
            switch RandomODKOracle.xform(of: workbook) {
            case .success(let xml): xforms.append(xml)
            case .failure(let error):
                Issue.record("random-\(seed): pyxform refuses the generated form: \(error.message)")
                xforms.append(nil)
            }
        }
        let converted = xforms.indices.filter { xforms[$0] != nil }
        // Walk 1: JavaRosa's random walk, in the default language.
        let randoms = RandomODKOracle.runAll(
            converted.map { ["random", workbooks[$0].deletingPathExtension().path + ".xml", "--seed", "\(seeds[$0])"] })
        var walks: [Int: [(name: String, walk: ODKWalk)]] = [:]
        var fillJobs: [[String]] = []
        var fillPlans: [(index: Int, name: String, given: [[String?]], language: String?)] = []
        for (index, run) in zip(converted, randoms) {
            guard run.status == 0 else {
                let output = String(decoding: run.output, as: UTF8.self)
                Issue.record("random-\(seeds[index]): the oracle exits \(run.status): \(output)")
                continue
            }
            let walk = ODKWalk(oracle: run.json, language: nil, days: run.days)
            walks[index, default: []].append(("seed \(seeds[index])", walk))
            // Walk 2: the same answers but one, in the other language (in the quick
            // subset, for every other form: each JavaRosa run starts a JVM).
            guard ConformanceReport.isFull || seeds[index] % 2 == 1 else { continue }
            var given = walk.answers
            var generator = SeededGenerator(seed: seeds[index])
            let droppable = given.indices.filter { given[$0].count > 1 && given[$0][1] != nil }
            var name = "seed \(seeds[index])"
            if let left = droppable.randomElement(using: &generator) {
                name += " without \(given[left][0] ?? "")"
                given.remove(at: left)
            }
            let languages = forms[index].languages
            let shown = forms[index].settings["default_language"] ?? languages.first
            let other = languages.count == 2 ? languages.first { $0 != shown } : nil
            if let other { name += " in \(other)" }
            let answers = directory.appendingPathComponent("answers-\(seeds[index]).json")
            try RandomODKOracle.writeAnswers(given, to: answers)
            fillJobs.append(
                ["fill", workbooks[index].deletingPathExtension().path + ".xml", answers.path]
                    + (other.map { ["--lang", $0] } ?? []))
            fillPlans.append((index, name, given, other))
        }
        for (plan, run) in zip(fillPlans, RandomODKOracle.runAll(fillJobs)) where run.status == 0 {
            walks[plan.index, default: []].append(
                (plan.name, ODKWalk(oracle: run.json, given: plan.given, language: plan.language, days: run.days)))
        }
        let oracleTime = Date().timeIntervalSince(started)
        // The comparisons.
        var differences: [Difference] = []
        var agreed: [String: Int] = [:]
        var compared = 0
        for index in converted.sorted() {
            let name = "random-\(seeds[index])"
            for (walkName, walk) in walks[index] ?? [] {
                for route in Route.allCases {
                    compared += 1
                    var results: [String: String] = [:]
                    var walkDeviation: String?
                    do {
                        let form = try Self.definition(route, form: forms[index], xform: xforms[index]!)
                        (results, walkDeviation) = ODKWalkComparison.compare(form, walk)
                    } catch {
                        let refusal = "Formwork refuses the form: \(error)"
                        results = Dictionary(uniqueKeysWithValues: ODKWalkComparison.aspects.map { ($0, refusal) })
                    }
                    var plain: [String: Bool] = [:]
                    for aspect in ODKWalkComparison.aspects {
                        guard let message = results[aspect] else {
                            plain[aspect] = true
                            agreed[aspect, default: 0] += 1
                            continue
                        }
                        if let reason = walkDeviation ?? Self.deviation(aspect, message) {
                            ConformanceReport.record(
                                format: "ODK", set: route.set, form: name, walk: walkName, aspects: [aspect: false],
                                deviation: reason)
                            continue
                        }
                        plain[aspect] = false
                        differences.append(
                            Difference(
                                name: name, form: forms[index], xform: xforms[index]!, walk: walk, walkName: walkName,
                                route: route, aspect: aspect, message: message))
                    }
                    ConformanceReport.record(
                        format: "ODK", set: route.set, form: name, walk: walkName, aspects: plain)
                }
            }
        }
        let summary = ODKWalkComparison.aspects.map { "\($0) \(agreed[$0, default: 0])/\(compared)" }
        print(
            "random ODK forms: \(count) forms, \(compared) walk imports compared; agreed: "
                + summary.joined(separator: ", ")
                + String(format: "; oracle %.1f s, in all %.1f s", oracleTime, Date().timeIntervalSince(started)))
        // Each kind of difference once in full, then counted.
        var reported: [String: Int] = [:]
        for difference in differences {
            reported[difference.aspect, default: 0] += 1
            if reported[difference.aspect]! <= 3 { Issue.record(Comment(rawValue: difference.report)) }
        }
        if !reported.isEmpty { print("differences by aspect: \(reported.sorted { $0.key < $1.key })") }
        if Self.environment("FORMWORK_RANDOM_VERBOSE") != nil {
            for difference in differences {
                let first = difference.message.split(separator: "\n").first ?? ""
                print(
                    "DIFF \(difference.aspect) \(difference.route.rawValue) \(difference.name) "
                        + "\(difference.walkName): \(first)"
                )
            }
        }
        // Shrink the first differences and save them as regressions.
        let shrinks = Self.environment("FORMWORK_RANDOM_SHRINK").flatMap { Int($0) } ?? 1
        var shrunkAspects = Set<String>()
        let only = Self.environment("FORMWORK_RANDOM_SHRINK_ASPECT")
        for difference in differences
        where shrunkAspects.count < shrinks && (only ?? difference.aspect) == difference.aspect {
            guard shrunkAspects.insert(difference.aspect).inserted else { continue }
            if let saved = RandomODKShrinker.shrinkAndSave(difference, in: directory) {
                print("shrunk \(difference.name) (\(difference.aspect)) to \(saved.path)")
            }
        }
    }
}
