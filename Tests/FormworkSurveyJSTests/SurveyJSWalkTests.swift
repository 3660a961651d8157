import Formwork
import Foundation
import Testing

@testable import FormworkSurveyJS

/// Imported surveys against the engine they were written for: survey-core walks each
/// corpus survey with random valid answers (`run.js random --seed N`); the same
/// answers, in the same order, go into a Formwork session of the imported survey (each
/// as SurveyJS data, through `loadValues`, as `--values` and JSON-RPC's `session.load`
/// take it); then the questions shown (a dynamic panel's in each entry), the verdict at submit and the data written
/// (survey-core's `completedData`, which clears what is hidden) must be the same.
/// Skipped, saying why, where the oracle is not set up.
@Suite("SurveyJS surveys against survey-core walks", .serialized)
struct SurveyJSWalkTests {
    /// Seeds 1…3; `SURVEYJS_WALK_SEEDS=N` walks each survey with seeds 1…N.
    static let seeds: [Int] = {
        let count = ProcessInfo.processInfo.environment["SURVEYJS_WALK_SEEDS"].flatMap { Int($0) } ?? 3
        return Array(1...max(1, count))
    }()

    /// Answers survey-core's walker gives that no person could: the comment of a
    /// question whose value is `other` but which shows no box for one (the walker writes
    /// one for any question whose value is its other item's, and survey-core keeps it
    /// in its data). Left out on both sides.
    static func isCommentWithoutBox(_ key: String, _ form: FormDefinition) -> Bool {
        key.hasSuffix("-Comment") && !form.fields.contains { ($0.key ?? $0.id) == key }
            && !(form.submission?.paths.values.contains(key) ?? false)
    }

    static func json(_ value: Any) -> String {
        let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
        return data.map { String(decoding: $0, as: UTF8.self) } ?? "\(value)"
    }

    /// The questions shown, by their SurveyJS name (a dynamic panel's by entry):
    /// fields (a note is an `html` question), and dynamic panels and matrices; a field
    /// that is part of a question (a matrix's row, an other item's text) is its
    /// question. `names`: the survey's question names.
    static func shownNames(_ session: FormSession, names: Set<String>) -> Set<String> {
        let form = session.definition
        let paths = form.submission?.paths ?? [:]
        var shown = Set<String>()
        for field in session.visibleFields where field.kind != .calculate {
            let path = paths[field.id] ?? field.key ?? field.id
            shown.insert(String(path.split(separator: "/").first ?? ""))
        }
        var inEntries = Set<String>()
        for group in form.repeats where group.parent == nil && session.isVisible(group.id) {
            let groupName = paths[group.id] ?? group.id
            shown.insert(groupName)
            // A dynamic panel's questions, by entry: `kids[0].name` (from 0, as survey-core).
            for (index, entry) in ((try? session.entries(of: group.id)) ?? []).enumerated() {
                for fieldIndex in group.fieldIndices {
                    let field = form.fields[fieldIndex]
                    guard field.kind != .calculate, session.isVisible("\(entry).\(field.id)") else { continue }
                    let name = paths[field.id] ?? field.key ?? field.id
                    guard names.contains(name) else { continue }
                    inEntries.insert("\(groupName)[\(index)].\(name)")
                }
            }
        }
        return shown.filter { names.contains($0) }.union(inEntries)
    }

    /// Every element name in a survey's JSON.
    static func elementNames(_ url: URL) throws -> Set<String> {
        var names = Set<String>()
        func visit(_ node: Any) {
            if let object = node as? [String: Any] {
                if let name = object["name"] as? String, object["type"] != nil { names.insert(name) }
                object.values.forEach(visit)
            } else if let list = node as? [Any] {
                list.forEach(visit)
            }
        }
        visit(try JSONSerialization.jsonObject(with: Data(contentsOf: url)))
        return names
    }

    /// A session of the survey given a walk's answers, in order (each as SurveyJS
    /// data), and the answers left out (`isCommentWithoutBox`).
    static func replay(
        _ walk: [String: Any], form: FormDefinition, place: String
    ) throws -> (FormSession, Set<String>) {
        let session = try FormSession(
            definition: form, today: SurveyJSFixture.today, now: SurveyJSFixture.now)
        var skipped: Set<String> = []
        for pair in walk["answers"] as? [[Any]] ?? [] {
            guard let key = pair.first as? String, pair.count > 1 else { continue }
            if Self.isCommentWithoutBox(key, form) {
                skipped.insert(key)
                continue
            }
            let data = Self.json([key: pair[1]])
            do {
                try session.loadValues(bytes: Array(data.utf8), isJSON: true)
            } catch {
                Issue.record("\(place): \(data) is refused: \(error.rendered)")
            }
        }
        return (session, skipped)
    }

    /// The titles survey-core shows (at the survey's level, not `html`) against the
    /// labels Formwork shows for the same questions; how many were compared.
    static func compareTitles(_ walk: [String: Any], _ session: FormSession, place: String) -> Int {
        let form = session.definition
        let paths = form.submission?.paths ?? [:]
        var titles = 0
        for question in walk["visible"] as? [[String: Any]] ?? [] {
            guard let path = question["path"] as? String, !path.contains("."), !path.contains("["),
                question["type"] as? String != "html", let title = question["title"] as? String,
                let field = form.fields.first(where: { (paths[$0.id] ?? $0.key ?? $0.id) == path }),
                let label = try? session.label(of: field.id)
            else { continue }
            #expect(label == title, "\(place): \(path)'s title: Formwork shows \(label), survey-core \(title)")
            titles += 1
        }
        return titles
    }

    /// In each other language of a survey, a walk (seed 1, survey-core's `--locale`)
    /// shows the same titles in that language.
    @Test(arguments: SurveyJSCorpusTests.names())
    func titlesAgreeInEveryLanguage(_ name: String) throws {
        if let reason = SurveyJSOracle.unavailable {
            print("skipped: \(reason)")
            return
        }
        let url = SurveyJSCorpusTests.folder.appendingPathComponent(name)
        let form = try SurveyJSCorpusTests.load(name, skipUnsupported: true)
        for language in form.languages.map(\.code) where language != form.defaultLanguage {
            let walk = try SurveyJSOracle.random(url, seed: 1, locale: language)
            let place = "\(name) in \(language)"
            let (session, _) = try Self.replay(walk, form: form, place: place)
            try session.setLanguage(language)
            let titles = Self.compareTitles(walk, session, place: place)
            #expect(titles > 0, "\(place): no title compared")
            print("\(place): \(titles) titles compared")
        }
    }

    /// The corpus's surveys and our own fixtures (`Fixtures/kinds.json`: every element
    /// type; `logic.json`: every property), whose walks reach dynamic panels, matrices,
    /// triggers and calculated values the corpus does not have (`logic.json` with seed
    /// 8 found that survey-core runs a `setValueIf` with a constant value again on every
    /// later answer: `recalculate` rules with `on: any` now do the same).
    static let walked = SurveyJSCorpusTests.names() + ["Fixtures/kinds.json", "Fixtures/logic.json"]

    static func survey(_ name: String) throws -> (url: URL, form: FormDefinition) {
        guard name.hasPrefix("Fixtures/") else {
            return (
                SurveyJSCorpusTests.folder.appendingPathComponent(name),
                try SurveyJSCorpusTests.load(name, skipUnsupported: true)
            )
        }
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(name)
        return (
            url,
            try FormDefinition.load(contentsOf: url, displayPath: name, importers: SurveyJSImport.importers)
        )
    }

    @Test(arguments: walked)
    func formworkDoesWhatSurveyCoreDoes(_ name: String) throws {
        if let reason = SurveyJSOracle.unavailable {
            print("skipped: \(reason)")
            return
        }
        let (url, form) = try Self.survey(name)
        let names = try Self.elementNames(url)
        for seed in Self.seeds {
            let walk = try SurveyJSOracle.random(url, seed: seed)
            let place = "\(name) seed \(seed)"
            let (session, skipped) = try Self.replay(walk, form: form, place: place)
            // The data written.
            var theirs = walk["completedData"] as? [String: Any] ?? [:]
            for key in skipped { theirs[key] = nil }
            let ours =
                try JSONSerialization.jsonObject(with: Data(SurveyJSData.json(of: session, pretty: false).utf8))
                as? [String: Any] ?? [:]
            for key in Set(theirs.keys).union(ours.keys).sorted() {
                let (a, b) = (ours[key].map(Self.json) ?? "—", theirs[key].map(Self.json) ?? "—")
                #expect(a == b, "\(place): \(key): Formwork writes \(a), survey-core \(b)")
            }
            // The verdict at submit.
            let valid = (walk["validation"] as? [String: Any])?["valid"] as? Bool
            let problems = session.validate()
            #expect(
                problems.isEmpty == valid, "\(place): survey-core says valid: \(valid as Any); Formwork: \(problems)")
            // The questions shown, at the survey's level.
            let shown = Set(
                (walk["visible"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
                    .filter { path in
                        // The survey's questions, and a dynamic panel's by entry (`kids[0].name`).
                        let parts = path.split(separator: ".")
                        if parts.count == 1 { return names.contains(path) }
                        return parts.count == 2 && parts[0].hasSuffix("]") && names.contains(String(parts[1]))
                    })
            let ownShown = Self.shownNames(session, names: names)
            let difference =
                "shown only by Formwork: \(ownShown.subtracting(shown).sorted()); "
                + "only by survey-core: \(shown.subtracting(ownShown).sorted())"
            #expect(ownShown == shown, "\(place): \(difference)")
            // The titles shown, with the answers they read (in the survey's language).
            let titles = Self.compareTitles(walk, session, place: place)
            #expect(titles > 0, "\(place): no title compared")
            print("\(place): \(shown.count) questions shown, \(titles) titles compared")
        }
    }

    /// The verdict when an answer is missing: a walk (seed 1) replayed without one of
    /// its first answers, by both engines; the questions that fail at submit are the
    /// same (survey-core's `validate`, Formwork's `validate()`). A survey shown one
    /// question per page (`questionsOnPageMode: questionPerPage`) is left out: there
    /// survey-core's `validate()` reports no later question left empty (its navigation
    /// checks each question as it is left), so it says nothing of the verdict.
    @Test(arguments: SurveyJSCorpusTests.names())
    func theSameQuestionsFailWhenAnAnswerIsLeftOut(_ name: String) throws {
        if let reason = SurveyJSOracle.unavailable {
            print("skipped: \(reason)")
            return
        }
        let url = SurveyJSCorpusTests.folder.appendingPathComponent(name)
        let form = try SurveyJSCorpusTests.load(name, skipUnsupported: true)
        let paths = form.submission?.paths ?? [:]
        let survey = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any] ?? [:]
        guard (survey["questionsOnPageMode"] as? String)?.lowercased() != "questionperpage" else { return }
        let walk = try SurveyJSOracle.random(url, seed: 1)
        let answers = (walk["answers"] as? [[Any]] ?? []).filter {
            !Self.isCommentWithoutBox($0.first as? String ?? "", form)
        }
        var failures = 0
        for left in answers.indices.prefix(4) {
            var partial = answers
            let dropped = partial.remove(at: left)
            let place = "\(name) without \(dropped.first ?? "")"
            let theirs = try SurveyJSOracle.fill(url, answers: partial)
            let failing = Set(
                ((theirs["validation"] as? [String: Any])?["errors"] as? [[String: Any]] ?? []).compactMap {
                    $0["path"] as? String
                })
            let (session, _) = try Self.replay(["answers": partial], form: form, place: place)
            let ownFailing = Set(
                session.validate().map { error in
                    let field = form.fields.first { $0.id == error.field }
                    let path = paths[error.field] ?? field?.key ?? error.field
                    return String(path.split(separator: "/").first ?? "")
                })
            #expect(
                ownFailing == failing,
                "\(place): Formwork fails \(ownFailing.sorted()), survey-core \(failing.sorted())")
            failures += failing.count
        }
        print("\(name): \(failures) failing questions compared")
    }
}
