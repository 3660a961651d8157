import Formwork
import FormworkTesting
import Foundation
import Testing

@testable import FormworkSurveyJS

/// One survey-core walk of a survey (`run.js random` or `fill`) against a Formwork
/// session of the imported survey given the same answers in the same order (each
/// as SurveyJS data, through `loadValues`, as `--values` and JSON-RPC's
/// `session.load` take it), aspect by aspect:
///
/// - `questions`: the questions shown, by name (a dynamic panel's by entry,
///   `kids[0].name`, from 0 as survey-core counts);
/// - `labels`: the titles shown, with the answers they read;
/// - `calculations`: calculated values and expression questions;
/// - `verdict`: the questions that fail at submit, and whether each fails for being
///   required or for a rule (with the rule's text where the survey gives one);
/// - `data`: `completedData`, the data survey-core writes at completion, key by key.
///
/// What differs where survey-core's behaviour depends on the history of a walk
/// (`deviation`, documented in Formwork's Agreement article) is a deviation, not a disagreement.
struct SurveyJSWalkComparison {
    /// Each aspect compared, agreed or not.
    var aspects: [String: Bool] = [:]
    /// What differs, for a person.
    var differences: [String] = []
    /// Why what differs is a documented deviation, where it is one.
    var deviation: String?
    /// What differs under the deviation.
    var deviations: [String] = []
    /// The deviation that applies to this walk, if any (`SurveyJSWalkComparison.deviation(in:)`).
    var expectedDeviation: String?

    var agrees: Bool { differences.isEmpty }

    mutating func note(_ aspect: String, _ agreed: Bool, _ difference: @autoclosure () -> String) {
        aspects[aspect] = (aspects[aspect] ?? true) && agreed
        guard !agreed else { return }
        if let expectedDeviation {
            deviation = expectedDeviation
            deviations.append("\(aspect): \(difference())")
        } else {
            differences.append("\(aspect): \(difference())")
        }
    }

    /// survey-core's behaviours that depend on the order things happened in, which
    /// Formwork, computing from the answers alone, does not copy (each in the
    /// Agreement article's deviations): with `clearInvisibleValues: onHidden`, an
    /// expression question hidden from the start keeps its value while one hidden after
    /// it was shown is cleared, and one shown again is empty until what it reads
    /// changes; with `none`, a hidden dynamic panel's empty entries are in the data if
    /// it was shown before; at completion, clearing a hidden question's answer is a
    /// change that runs every-change value rules again, so a hidden question such a
    /// rule sets is in the data, and the value rules that read the answer cleared (a
    /// `resetValueIf` on it) run again. And one of the oracle's: its walker answers
    /// through `survey.setValue`, which runs a question's own `setValueExpression` that
    /// runs on every change (`"0"`) on that very answer, where a person's input does not.
    static func deviation(in session: FormSession, answers: [[Any]]) -> String? {
        let form = session.definition
        let answered = Set(answers.compactMap { $0.first as? String })
        let paths = form.submission?.paths ?? [:]
        if form.fields.contains(where: {
            $0.trigger?.onEveryChange == true && answered.contains(paths[$0.id] ?? $0.key ?? $0.id)
        }) {
            return "oracle: survey.setValue runs a question's own every-change setValueExpression on its answer"
        }
        if form.hiddenAnswers == .cleared,
            form.fields.contains(where: { $0.kind == .computed && !isShown($0, session) })
        {
            return "onHidden: a hidden expression question's value depends on whether it was shown"
        }
        // Shown again, survey-core's expression question stays empty until what it reads changes.
        if form.erasesHiddenAnswers, form.fields.contains(where: { $0.kind == .computed && $0.visible != nil }) {
            return "onHidden: an expression question shown again is empty until what it reads changes"
        }
        if form.hiddenAnswers == .kept, form.submission?.hiddenAnswers != .kept,
            form.fields.contains(where: { $0.trigger?.onEveryChange == true && !isShown($0, session) })
        {
            return "completion: clearing hidden answers runs every-change value rules again, which set them again"
        }
        // Clearing a hidden answer is a change: a value rule that reads it runs again
        // (`resetValueIf: "{q5} >= 5"` resets its question when q5 is cleared).
        if form.hiddenAnswers == .kept, form.submission?.hiddenAnswers != .kept,
            form.fields.contains(where: { field in
                field.trigger?.fields.contains { reads in
                    let read = form.fields[reads]
                    return read.repeatIndex == nil && !isShown(read, session) && !session.value(of: read.id).isNull
                } == true
            })
        {
            return "completion: clearing a hidden answer runs the value rules that read it again"
        }
        if form.submission?.hiddenAnswers == .kept,
            form.repeats.contains(where: { $0.parent == nil && !session.isVisible($0.id) })
        {
            return "none: a hidden dynamic panel's empty entries are kept if it was shown"
        }
        return nil
    }

    /// Whether any instance of a field is shown.
    static func isShown(_ field: FieldDefinition, _ session: FormSession) -> Bool {
        session.instances(ofField: field.index).contains { session.isVisible(session.path(ofInstance: $0)) }
    }

    /// Compares a walk with Formwork on the imported `form`. `survey`: the survey's
    /// JSON (for its element names and texts); `language`: the walk's `--locale`.
    static func compare(
        _ walk: [String: Any], form: FormDefinition, survey: Any, language: String? = nil
    ) throws -> SurveyJSWalkComparison {
        var comparison = SurveyJSWalkComparison()
        let names = elementNames(survey)
        let (session, skipped, refused) = try replay(walk, form: form)
        for refusal in refused { comparison.note("data", false, refusal) }
        if let language { try? session.setLanguage(language) }
        comparison.expectedDeviation = deviation(in: session, answers: walk["answers"] as? [[Any]] ?? [])
        // The data written.
        var theirs = walk["completedData"] as? [String: Any] ?? [:]
        for key in skipped { theirs[key] = nil }
        let ours =
            (try? JSONSerialization.jsonObject(with: Data(SurveyJSData.json(of: session, pretty: false).utf8)))
            as? [String: Any] ?? [:]
        for key in Set(theirs.keys).union(ours.keys).sorted() {
            let (a, b) = (ours[key].map(json) ?? "—", theirs[key].map(json) ?? "—")
            comparison.note("data", a == b, "\(key): Formwork writes \(a), survey-core \(b)")
        }
        comparison.note("data", true, "")
        // The questions shown.
        let shown = Set(
            (walk["visible"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
                .filter { path in
                    let parts = path.split(separator: ".")
                    if parts.count == 1 { return names.contains(path) }
                    return parts.count == 2 && parts[0].hasSuffix("]") && names.contains(String(parts[1]))
                })
        let ownShown = shownNames(session, names: names)
        comparison.note(
            "questions", ownShown == shown,
            "shown only by Formwork: \(ownShown.subtracting(shown).sorted()); "
                + "only by survey-core: \(shown.subtracting(ownShown).sorted())")
        // Titles.
        comparison.compareTitles(walk, session)
        // Calculations.
        comparison.compareCalculations(walk, session)
        // The verdict at submit, and `formwork validate`'s on survey-core's data.
        comparison.compareVerdict(walk, session, texts: surveyTexts(survey), language: language)
        comparison.compareResponseVerdict(walk, form: form, skipped: skipped, survey: survey, language: language)
        return comparison
    }

    /// The walk replayed through `formwork serve` (`session.load` per answer, as
    /// `replay` loads them): `serve` agrees when the server refuses what the session
    /// refused, shows the session's rows and writes survey-core's data.
    mutating func compareServe(_ walk: [String: Any], form: FormDefinition, url: URL) throws {
        let (session, skipped, refused) = try Self.replay(walk, form: form)
        var replay = ServeReplay()
        for pair in walk["answers"] as? [[Any]] ?? [] {
            guard let key = pair.first as? String, pair.count > 1, !skipped.contains(key) else { continue }
            replay.request("session.load", ["values": [key: pair[1]]])
        }
        let snapshot = replay.request("form.snapshot")
        let answers = replay.request("form.answers", ["format": "surveyjs"])
        let moment = "\(SurveyJSFixture.now)"
        guard let served = try? replay.run(form: url, options: ["--skip-unsupported", "--now", moment]) else {
            note("serve", false, "formwork serve did not run")
            return
        }
        note(
            "serve", served.errors.count == refused.count,
            "formwork serve refused \(served.errors.values.sorted()), the session \(refused)")
        let rows = ServeReplay.rows(ofSnapshot: served.results[snapshot])
        note("serve", rows == ServeReplay.rows(of: session), "formwork serve shows \(rows)")
        var theirs = walk["completedData"] as? [String: Any] ?? [:]
        for key in skipped { theirs[key] = nil }
        let ours = served.results[answers] as? [String: Any] ?? [:]
        for key in Set(theirs.keys).union(ours.keys).sorted() {
            let (a, b) = (ours[key].map(Self.json) ?? "—", theirs[key].map(Self.json) ?? "—")
            note("serve", a == b, "\(key): formwork serve writes \(a), survey-core \(b)")
        }
    }

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

    /// A session of the survey given a walk's answers, in order (each as SurveyJS
    /// data), the answers left out (`isCommentWithoutBox`) and those Formwork refused.
    static func replay(_ walk: [String: Any], form: FormDefinition) throws -> (FormSession, Set<String>, [String]) {
        let session = try FormSession(definition: form, today: SurveyJSFixture.today, now: SurveyJSFixture.now)
        var skipped: Set<String> = []
        var refused: [String] = []
        for pair in walk["answers"] as? [[Any]] ?? [] {
            guard let key = pair.first as? String, pair.count > 1 else { continue }
            if isCommentWithoutBox(key, form) {
                skipped.insert(key)
                continue
            }
            let data = json([key: pair[1]])
            do {
                try session.loadValues(bytes: Array(data.utf8), isJSON: true)
            } catch {
                refused.append("\(data) is refused: \(error.rendered)")
            }
        }
        return (session, skipped, refused)
    }

    /// Every element name in a survey's JSON.
    static func elementNames(_ survey: Any) -> Set<String> {
        var names = Set<String>()
        func visit(_ node: Any) {
            if let object = node as? [String: Any] {
                if let name = object["name"] as? String, object["type"] != nil { names.insert(name) }
                object.values.forEach(visit)
            } else if let list = node as? [Any] {
                list.forEach(visit)
            }
        }
        visit(survey)
        return names
    }

    /// The texts a survey gives for its errors (`text`, `requiredErrorText`), in every
    /// language: where survey-core shows one, Formwork must show the same.
    static func surveyTexts(_ survey: Any) -> Set<String> {
        var texts = Set<String>()
        func add(_ node: Any?) {
            if let text = node as? String { texts.insert(text) }
            if let translations = node as? [String: Any] { translations.values.forEach(add) }
        }
        func visit(_ node: Any) {
            if let object = node as? [String: Any] {
                add(object["requiredErrorText"])
                if object["type"] as? String != nil, object["name"] == nil { add(object["text"]) }
                object.values.forEach(visit)
            } else if let list = node as? [Any] {
                list.forEach(visit)
            }
        }
        visit(survey)
        return texts
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

    /// The field whose answer survey-core writes under `name`.
    static func field(named name: String, in form: FormDefinition) -> FieldDefinition? {
        let paths = form.submission?.paths ?? [:]
        return form.fields.first { (paths[$0.id] ?? $0.key ?? $0.id) == name }
    }

    /// The titles survey-core shows (at the survey's level, not `html`) against the
    /// labels Formwork shows for the same questions; how many were compared.
    @discardableResult
    mutating func compareTitles(_ walk: [String: Any], _ session: FormSession) -> Int {
        var titles = 0
        for question in walk["visible"] as? [[String: Any]] ?? [] {
            guard let path = question["path"] as? String, !path.contains("."), !path.contains("["),
                question["type"] as? String != "html", let title = question["title"] as? String,
                let field = Self.field(named: path, in: session.definition),
                let label = try? session.label(of: field.id)
            else { continue }
            note("labels", label == title, "\(path)'s title: Formwork shows \(label), survey-core \(title)")
            titles += 1
        }
        return titles
    }

    /// survey-core's calculated values and expression questions against the values
    /// of the fields they became.
    mutating func compareCalculations(_ walk: [String: Any], _ session: FormSession) {
        let values = (walk["calculatedValues"] as? [String: Any] ?? [:])
            .merging(walk["expressions"] as? [String: Any] ?? [:]) { first, _ in first }
        for (name, theirs) in values.sorted(by: { $0.key < $1.key }) {
            // A calculated value left out of the data (no `includeIntoResult`) has no path.
            guard
                let field = Self.field(named: name, in: session.definition)
                    ?? session.definition.fields.first(where: { $0.id == name && $0.kind == .calculate })
            else {
                note("calculations", false, "\(name) has no field in Formwork")
                continue
            }
            let ours = session.value(of: field.id)
            note(
                "calculations", Self.same(ours, theirs),
                "\(name): Formwork computes \(ours), survey-core \(Self.json(theirs))")
        }
    }

    /// A Formwork value and a survey-core JSON value are the same (numbers within
    /// 1e-9; an empty value and `null` alike).
    static func same(_ ours: Value, _ theirs: Any) -> Bool {
        switch (ours, theirs) {
        case (.null, is NSNull): return true
        case (.number(let a), let b as NSNumber) where !["true", "false"].contains(json(b)):
            return abs(a - b.doubleValue) <= 1e-9 * max(1, abs(a))
        case (.string(let a), let b as String): return a == b
        default:
            return JSONText.encode(ours) == json(theirs)
        }
    }

    /// The questions that fail at submit, by path, and why: required, or the text of a
    /// rule the survey gives.
    /// `kids[2].name_3` → `kids[1].name`: a Formwork path as survey-core names the
    /// question (entries counted from 0; a dropdown matrix's cell `matrix[row].column`).
    static func surveyPath(_ path: String, in form: FormDefinition) -> String {
        let paths = form.submission?.paths ?? [:]
        // survey-core reports a missing other text or comment on its question.
        let owners = Dictionary(
            (form.submission?.othersAsValues ?? [:]).map { ($0.value, $0.key) }, uniquingKeysWith: { a, _ in a })
        var steps: [String] = []
        for step in path.split(separator: ".") {
            var id = String(step.prefix { $0 != "[" })
            if let owner = owners[id] { id = owner }
            if let key = form.fields.first(where: { $0.id == id })?.key, key.hasSuffix("-Comment"),
                let owner = form.fields.first(where: { $0.key ?? $0.id == String(key.dropLast("-Comment".count)) })
            {
                id = owner.id
            }
            // A dropdown matrix's cell (`matrix/row/column`) is `matrix[row].column` in survey-core.
            if let cell = paths[id]?.split(separator: "/"), cell.count == 3 {
                steps.append("\(cell[0])[\(cell[1])].\(cell[2])")
                continue
            }
            let name =
                paths[id].map { String($0.split(separator: "/").first ?? "") }
                ?? form.fields.first { $0.id == id }?.key ?? id
            if let open = step.firstIndex(of: "["), let index = Int(step[step.index(after: open)...].dropLast()) {
                steps.append("\(name)[\(index - 1)]")
            } else {
                steps.append(name)
            }
        }
        return steps.joined(separator: ".")
    }

    /// `formwork validate` (`ResponseValidator`) on the data survey-core wrote at
    /// completion: the questions it fails (errors other than `visible`) are those
    /// survey-core's `validate()` failed (aspect `response`) — or, where they differ,
    /// those survey-core fails given that data itself: completion clears hidden answers,
    /// and the data may then show a question the walk did not.
    mutating func compareResponseVerdict(
        _ walk: [String: Any], form: FormDefinition, skipped: Set<String>, survey: Any, language: String?
    ) {
        var data = walk["completedData"] as? [String: Any] ?? [:]
        for key in skipped { data[key] = nil }
        guard let bytes = try? JSONSerialization.data(withJSONObject: data) else { return }
        let verdict = ResponseValidator(definition: form, now: SurveyJSFixture.now).validate(Array(bytes))
        let ours = Set(
            verdict.problems.filter { $0.severity == .error && $0.rule != "visible" }.map {
                Self.surveyPath($0.path, in: form)
            })
        let validation = walk["validation"] as? [String: Any] ?? [:]
        var theirs = Set((validation["errors"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String })
        if ours != theirs, let ofData = try? SurveyJSOracle.validate(survey: survey, data: data, locale: language) {
            theirs = ofData
        }
        note(
            "response", ours == theirs,
            "formwork validate fails \(ours.sorted()) (\(verdict.problems)), survey-core \(theirs.sorted())")
    }

    mutating func compareVerdict(
        _ walk: [String: Any], _ session: FormSession, texts: Set<String>, language: String?
    ) {
        let form = session.definition
        let validation = walk["validation"] as? [String: Any] ?? [:]
        var theirs: [String: [String]] = [:]
        for error in validation["errors"] as? [[String: Any]] ?? [] {
            guard let path = error["path"] as? String else { continue }
            theirs[path] = error["errors"] as? [String] ?? []
        }
        var ours: [String: FieldError] = [:]
        for error in session.validate() { ours[Self.surveyPath(error.field, in: form)] = error }
        note(
            "verdict", Set(ours.keys) == Set(theirs.keys),
            "Formwork fails \(ours.keys.sorted()), survey-core \(theirs.keys.sorted()) (\(theirs))")
        for (path, messages) in theirs {
            guard let error = ours[path] else { continue }
            let required: Bool
            switch error.rule {
            case .required, .requiredMessage: required = true
            default: required = false
            }
            // survey-core says its required message in the walk's language.
            let words = SurveyCoreModel.words(for: language)
            let theirsRequired = messages.contains(words.required) || messages.contains(words.otherRequired)
            let given = messages.filter(texts.contains)
            note(
                "verdict", required == theirsRequired || !given.isEmpty && given.contains(error.message),
                "\(path): Formwork says \(error.message), survey-core \(messages)")
            if !required, let text = given.first {
                note("verdict", error.message == text, "\(path): Formwork says \(error.message), survey-core \(text)")
            }
        }
    }
}
