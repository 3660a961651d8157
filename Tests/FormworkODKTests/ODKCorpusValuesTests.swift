import Formwork
import FormworkTesting
import Foundation
import Testing

@testable import Formwork
@testable import FormworkODK

/// Every distinct expression of the ODK corpus (`../shared/corpus/xlsform`,
/// `../shared/corpus/xforms`) on its own: `relevant`, `constraint`, `required` and
/// `read_only` conditions, `calculation`, `choice_filter` and `repeat_count`, each
/// evaluated by JavaRosa and by Formwork over the same answers, which must agree.
///
/// The answers are JavaRosa's own random walks of the form (`run.sh random --seed N`,
/// seeds 1…`seeds`), and each walk again with about a third of its answers left out
/// (so empty values are read too). Formwork's side is the imported form (the workbook
/// read directly, or the XForm), given the answers JavaRosa took, with each expression
/// translated as the import translates it and evaluated in the first entry of its
/// repeats (or at the form's level); JavaRosa's side is the XForm (pyxform's conversion
/// of a workbook, made once), the same node's attribute evaluated after the same
/// answers in the same entry (`--context /data/rep[1]`): relative paths are written
/// from the node as absolute ones (`ODKCorpusForm.absolute`), so one JVM evaluates
/// every expression of an entry; where that would change what a path means, the
/// expression is evaluated at its own node. Results are compared as JavaRosa's
/// `string()` writes them: conditions as `boolean()`, values as
/// `XPathConformanceTests.javaRosaString` writes Formwork's (a calculation is compared
/// as its value, before a text calculate writes it as text; Formwork's null number is
/// JavaRosa's `NaN`, or its `''` where it keeps one), a choice_filter as the values of
/// the choices it lets through, in order.
///
/// Left out, each kind counted and printed: expressions that need the device
/// (`pulldata()`, `now()`, `today()`, `uuid()`, `random()`, …) or a file beside the
/// form, that Formwork cannot represent (or that read a question it skips), and
/// evaluations in an entry the answers do not create. JavaRosa throws where a predicate
/// reads an absolute path into a repeat with two entries (it reads every entry: the
/// corpus's `bench9.xml`, as `OracleWalkTests` notes); such expressions run apart, in
/// one run, and are counted as not evaluated when it fails.
///
/// Each evaluation is recorded for `make conformance` (aspect `values`, one record per
/// expression and answer set; walk `seed N` or `seed N, some left out`); with
/// `FORMWORK_ODK_VALUES_TRACE=FILE`, every comparison is also written to FILE, one
/// tab-separated line each. Skipped, saying why, where the oracle, pyxform or the
/// corpus is absent.
@Suite("ODK corpus expressions against JavaRosa")
struct ODKCorpusValuesTests {
    static let seeds = ConformanceReport.count(quick: 1, full: 4, override: "FORMWORK_ODK_VALUE_SEEDS")

    /// Where Formwork deliberately gives another result than JavaRosa: the expression
    /// (as the form writes it), and why. Each must still disagree somewhere in the run.
    static let deviations: [String: String] = [:]

    /// A list of answers as JavaRosa takes them (`[[ref, value-or-null], …]`).
    struct AnswerSet {
        let label: String
        let answers: [[Any]]
    }

    /// What one form's comparison found.
    struct Outcome: Sendable {
        var expressions = 0
        var evaluations = 0
        var agreed = 0
        var disagreements: [String] = []
        /// Disagreements under a documented deviation, by expression.
        var deviations: [String: Int] = [:]
        var leftOut: [String: Int] = [:]
        var skippedEvaluations: [String: Int] = [:]
        var notes: [String] = []
        var seconds = 0.0
    }

    @Test func bothEnginesGiveTheSame() throws {
        if let reason = XPathOracle.unavailable {
            print("skipped: \(reason)")
            return
        }
        guard FileManager.default.isExecutableFile(atPath: PyxformCrossCheckTests.pyxform.path) else {
            print("skipped: pyxform is not installed (make deps installs it under .build/pyxform)")
            return
        }
        let names = Corpus.odkForms()
        guard !names.isEmpty else { return }
        let started = Date()
        let lock = NSLock()
        nonisolated(unsafe) var outcomes: [String: Outcome] = [:]
        DispatchQueue.concurrentPerform(iterations: names.count) { index in
            let name = names[index]
            var outcome: Outcome
            let start = Date()
            do {
                outcome = try Self.compare(name)
            } catch {
                outcome = Outcome()
                outcome.notes.append("\(name): \(error)")
            }
            outcome.seconds = Date().timeIntervalSince(start)
            lock.withLock { outcomes[name] = outcome }
        }
        var total = Outcome()
        for name in names {
            let outcome = outcomes[name] ?? Outcome()
            for note in outcome.notes { Issue.record(Comment(rawValue: note)) }
            for message in outcome.disagreements { Issue.record(Comment(rawValue: message)) }
            print(
                "\(name): \(outcome.expressions) expressions, \(outcome.evaluations) evaluations, "
                    + "\(outcome.agreed) agreed, \(outcome.disagreements.count) disagreements, "
                    + "\(outcome.deviations.values.reduce(0, +)) deviations, "
                    + String(format: "%.1f s", outcome.seconds))
            total.expressions += outcome.expressions
            total.evaluations += outcome.evaluations
            total.agreed += outcome.agreed
            total.disagreements += outcome.disagreements
            total.deviations.merge(outcome.deviations, uniquingKeysWith: +)
            total.leftOut.merge(outcome.leftOut, uniquingKeysWith: +)
            total.skippedEvaluations.merge(outcome.skippedEvaluations, uniquingKeysWith: +)
        }
        for (source, reason) in Self.deviations.sorted(by: { $0.key < $1.key }) where total.deviations[source] == nil {
            Issue.record("\(source) now agrees with JavaRosa: remove its deviation (\(reason))")
        }
        print(
            "ODK corpus expressions (\(Self.seeds) seeds): \(total.expressions) expressions, \(total.evaluations) "
                + "evaluations, \(total.agreed) agreed, \(total.disagreements.count) disagreements, "
                + "\(total.deviations.values.reduce(0, +)) deviations, "
                + String(format: "%.1f s", Date().timeIntervalSince(started)))
        for (reason, count) in total.leftOut.sorted(by: { $0.key < $1.key }) { print("  left out: \(count) \(reason)") }
        for (reason, count) in total.skippedEvaluations.sorted(by: { $0.key < $1.key }) {
            print("  not evaluated: \(count) \(reason)")
        }
        #expect(total.evaluations > 0)
    }

    // MARK: One form

    /// The XForm JavaRosa reads for a corpus form: the form itself, or pyxform's
    /// conversion of the workbook in `folder`, beside links to the workbook's
    /// neighbours (the files its instances name).
    static func xform(_ name: String, in folder: URL) throws -> URL? {
        let file = Corpus.root.appendingPathComponent(name)
        guard name.hasSuffix(".xlsx") else { return file }
        let neighbours = try FileManager.default.contentsOfDirectory(atPath: Corpus.xlsform.path)
        for neighbour in neighbours where !neighbour.hasSuffix(".xlsx") {
            try FileManager.default.createSymbolicLink(
                at: folder.appendingPathComponent(neighbour),
                withDestinationURL: Corpus.xlsform.appendingPathComponent(neighbour))
        }
        let output = folder.appendingPathComponent(file.deletingPathExtension().lastPathComponent + ".xml")
        let process = Process()
        process.executableURL = PyxformCrossCheckTests.pyxform
        process.arguments = ["--skip_validate", file.path, output.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? output : nil
    }

    /// The answer sets of a form: each seed's walk, and the walk with some answers left out.
    static func answerSets(_ xform: URL) throws -> [AnswerSet] {
        var sets: [AnswerSet] = []
        for seed in 1...max(1, seeds) {
            guard let walk = try XPathOracle.run(["random", xform.path, "--seed", String(seed)]),
                let answers = walk["answers"] as? [[Any]]
            else { continue }
            sets.append(AnswerSet(label: "seed \(seed)", answers: answers))
            var generator = SurveyLikeGenerator(state: UInt64(seed) &* 7_919)
            let fewer = answers.filter { pair in pair.count < 2 || pair[1] is NSNull || generator.next(3) != 0 }
            sets.append(AnswerSet(label: "seed \(seed), some left out", answers: fewer))
        }
        return sets
    }

    /// A deterministic generator (a linear congruential one), so a failure repeats.
    struct SurveyLikeGenerator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(max(1, bound)))
        }
    }

    static func compare(_ name: String) throws -> Outcome {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("odk-values-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var outcome = Outcome()
        guard let xform = try xform(name, in: folder) else {
            outcome.notes.append("\(name): pyxform could not convert it")
            return outcome
        }
        let corpus = try ODKCorpusForm(name: name, xform: xform, tree: XMLTree(Data(contentsOf: xform)))
        outcome.expressions = corpus.items.count
        outcome.leftOut = corpus.leftOut
        guard !corpus.items.isEmpty else { return outcome }
        let contexts = Dictionary(grouping: corpus.items.indices, by: { corpus.items[$0].context ?? "" })
        for set in try answerSets(xform) {
            var session = replay(set.answers, statuses: nil, into: corpus.form)
            var results: [Int: String?] = [:]
            var statuses: [String] = []
            for (context, indices) in contexts.sorted(by: { $0.key < $1.key }) {
                let entry = corpus.items[indices[0]].repeats
                if !entry.isEmpty, scope(of: entry, in: session) == nil {
                    outcome.skippedEvaluations["in an entry the answers do not create", default: 0] += indices.count
                    continue
                }
                // What may throw (its repeat has two entries) goes apart, in one run, so
                // the others need no halving.
                let apartSet = Set(indices.filter { Self.mayThrow(corpus.items[$0], in: session) })
                for apart in [false, true] {
                    let batch = indices.filter { apartSet.contains($0) == apart }
                    guard !batch.isEmpty else { continue }
                    let evaluation = try XPathOracle.evaluate(
                        batch.map { corpus.items[$0].xpath }, form: xform, answers: set.answers,
                        context: context.isEmpty ? nil : context, halving: !apart)
                    if statuses.isEmpty { statuses = evaluation.applied }
                    for (index, result) in zip(batch, evaluation.strings) { results[index] = result }
                }
            }
            if statuses.contains(where: { $0 != "ok" }) {
                session = replay(set.answers, statuses: statuses, into: corpus.form)
            }
            for (index, result) in results.sorted(by: { $0.key < $1.key }) {
                let item = corpus.items[index]
                guard let wanted = result else {
                    if Self.mayThrow(item, in: session) {
                        outcome.skippedEvaluations[
                            "JavaRosa throws on these (run together): a predicate reads an absolute path into a repeat "
                                + "with two entries, in every entry",
                            default: 0] += 1
                        continue
                    }
                    if let trace = ProcessInfo.processInfo.environment["FORMWORK_ODK_VALUES_TRACE"] {
                        Self.trace(
                            "FAIL \(name)\t\(set.label)\t\(item.xpath)\t\(item.context ?? "/")\n", trace)
                    }
                    outcome.skippedEvaluations["JavaRosa fails to evaluate it", default: 0] += 1
                    continue
                }
                guard let scope = scope(of: item.repeats, in: session) else {
                    outcome.skippedEvaluations["in an entry the answers do not create", default: 0] += 1
                    continue
                }
                let actual = formwork(item, in: session, scope: scope)
                let same = actual == wanted || (item.use == .value && actual == "NaN" && wanted == "")
                outcome.evaluations += 1
                if let trace = ProcessInfo.processInfo.environment["FORMWORK_ODK_VALUES_TRACE"] {
                    let fields = [
                        name, set.label, item.column, item.source, item.xpath, item.context ?? "/", actual, wanted,
                    ]
                    Self.trace(fields.joined(separator: "\t") + "\n", trace)
                }
                let deviation = same ? nil : deviations[item.source]
                ConformanceReport.record(
                    format: "ODK", set: "corpus expressions", form: name, walk: set.label, aspects: ["values": same],
                    deviation: deviation)
                if same {
                    outcome.agreed += 1
                } else if deviation != nil {
                    outcome.deviations[item.source, default: 0] += 1
                } else {
                    let read = answersRead(by: item, in: set.answers, statuses: statuses)
                    let place = item.context ?? "/"
                    outcome.disagreements.append(
                        "\(name) [\(set.label)] \(item.description)\n  JavaRosa: \(item.xpath) at \(place)"
                            + "\n  answers read: \(read)\n  Formwork gives \"\(actual)\", JavaRosa \"\(wanted)\"")
                }
            }
        }
        return outcome
    }

    /// Appends a line to the trace file.
    static func trace(_ text: String, _ path: String) {
        if !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(atPath: path, contents: nil)
        }
        let handle = FileHandle(forWritingAtPath: path)!
        handle.seekToEndOfFile()
        handle.write(Data(text.utf8))
        handle.closeFile()
    }

    // MARK: Formwork

    /// A session of the form given the answers JavaRosa took (all, before its statuses
    /// are known), as `OracleWalkTests` replays a walk.
    static func replay(_ answers: [[Any]], statuses: [String]?, into form: FormDefinition) -> FormSession {
        let session = FormSession(definition: form)
        let paths = OracleWalkTests.elementPaths(of: form)
        let root = form.submission?.root ?? "data"
        for (index, pair) in answers.enumerated() {
            if let statuses, index < statuses.count, statuses[index] != "ok" { continue }
            let ref = pair.first as? String ?? ""
            let value = pair.count > 1 ? pair[1] as? String : nil
            guard let (path, isEntry) = OracleWalkTests.formworkPath(ref, root: root, paths: paths) else { continue }
            OracleWalkTests.ensureEntries(along: path, in: session)
            let id = String(path.split(separator: ".").last!.prefix { $0 != "[" })
            guard !isEntry, let field = form.fields.first(where: { $0.id == id }), !field.kind.isComputed else {
                continue
            }
            try? session.set(path, text: OracleWalkTests.typed(value ?? "", for: path, in: session))
        }
        return session
    }

    /// Whether JavaRosa may throw on the item: a predicate reads an absolute path into
    /// a repeat (`ODKCorpusForm.readsEveryEntryInPredicate`), and the item's repeat has
    /// two entries (or the item is at the form's level).
    static func mayThrow(_ item: ODKCorpusForm.Item, in session: FormSession) -> Bool {
        guard item.mayThrow else { return false }
        guard let outer = item.repeats.first else { return true }
        return ((try? session.entries(of: outer))?.count ?? 0) >= 2
    }

    /// The scope of the first entry of each repeat (`rep[1].inner[1]`); 0 at the form's level.
    static func scope(of repeats: [String], in session: FormSession) -> Int? {
        guard !repeats.isEmpty else { return 0 }
        let path = repeats.map { $0 + "[1]" }.joined(separator: ".")
        guard case .entry(let scope)? = try? session.resolve(path) else { return nil }
        return scope
    }

    /// What Formwork gives, as JavaRosa's `string()` writes it.
    static func formwork(_ item: ODKCorpusForm.Item, in session: FormSession, scope: Int) -> String {
        let context = session.evaluation.context(for: scope)
        let values = item.compiled.map { $0.evaluate(context) }
        if !item.choices.isEmpty {
            return zip(item.choices, values).filter { $0.1 == .bool(true) }.map(\.0).joined(separator: " ")
        }
        if item.use == .condition { return values[0] == .bool(true) ? "true" : "false" }
        return XPathConformanceTests.javaRosaString(values[0], type: item.type)
    }

    /// The answers an expression reads (by the last step of their refs), for a message.
    static func answersRead(by item: ODKCorpusForm.Item, in answers: [[Any]], statuses: [String]) -> String {
        let text = item.source + " " + item.xpath
        let read = answers.enumerated().compactMap { index, pair -> String? in
            guard let ref = pair.first as? String,
                let last = ref.split(separator: "/").last.map({ String($0.prefix { $0 != "[" }) }),
                text.contains(last)
            else { return nil }
            let status = index < statuses.count && statuses[index] != "ok" ? " (\(statuses[index]))" : ""
            return "\(ref) = \(pair.count > 1 ? "\(pair[1])" : "null")\(status)"
        }
        return read.isEmpty ? "none" : read.joined(separator: ", ")
    }
}
