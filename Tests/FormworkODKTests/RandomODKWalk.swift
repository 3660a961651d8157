import Formwork
import Foundation
import Testing

@testable import FormworkODK

/// What JavaRosa did on one walk through a form (`run.sh random` or `fill`): the
/// answers it took, in order, the questions it showed with their texts, the calculated
/// values, the questions that fail at the end and the submission. Kept as JSON with
/// each saved regression, so that the walk replays without the oracle.
struct ODKWalk: Codable, Equatable {
    struct Question: Codable, Equatable {
        var ref: String
        var label: String?
        var hint: String?
    }

    struct Calculate: Codable, Equatable {
        var ref: String
        var value: String?
        var relevant: Bool
    }

    struct Violation: Codable, Equatable {
        var ref: String
        var status: String
    }

    /// The language the walk was shown in (`Français (fr)`), `nil` for the default.
    var language: String?
    /// `[ref, value]`: the answers JavaRosa took, in order (`nil` adds an entry).
    var answers: [[String?]]
    var questions: [Question]
    var calculates: [Calculate]
    var violations: [Violation]
    var submission: String
    /// The UTC days JavaRosa's run lasted, for `today()` (`nil` in walks recorded
    /// before they were kept).
    var days: [String]?

    /// The walk in the oracle's JSON. For `fill`, the answers given (`given`) are kept
    /// where JavaRosa took them (`applied` says `ok`); `random` lists only those.
    init(oracle json: [String: Any], given: [[String?]]? = nil, language: String?, days: [String]? = nil) {
        self.language = language
        self.days = days
        func text(_ value: Any?) -> String? {
            switch value {
            case let text as String: return text
            case let list as [Any]: return list.map { "\($0)" }.joined(separator: " ")
            case let number as NSNumber: return number.stringValue
            default: return nil
            }
        }
        if let given {
            let statuses = (json["applied"] as? [[String: Any]] ?? []).map { $0["status"] as? String }
            answers = zip(given, statuses + Array(repeating: nil, count: max(0, given.count - statuses.count)))
                .filter { $0.1 == "ok" }.map(\.0)
        } else {
            answers = (json["answers"] as? [[Any]] ?? []).map { pair in
                [pair.first as? String, pair.count > 1 ? text(pair[1]) : nil]
            }
        }
        questions = (json["questions"] as? [[String: Any]] ?? []).map {
            Question(ref: $0["ref"] as? String ?? "", label: $0["label"] as? String, hint: $0["hint"] as? String)
        }
        calculates = (json["calculates"] as? [[String: Any]] ?? []).map {
            Calculate(
                ref: $0["ref"] as? String ?? "", value: text($0["value"]), relevant: $0["relevant"] as? Bool ?? true)
        }
        violations = (json["violations"] as? [[String: Any]] ?? []).map {
            Violation(ref: $0["ref"] as? String ?? "", status: $0["status"] as? String ?? "")
        }
        submission = json["submission_xml"] as? String ?? ""
    }
}

/// A walk replayed through a Formwork session of an imported form, and compared with
/// JavaRosa's, aspect by aspect: `questions` (shown, by instance path, in order),
/// `labels` (each shown question's label and hint in the walk's language, answers
/// filled in), `calculations` (each calculate's value, numbers as numbers), `verdict`
/// (which questions fail at the end, and whether for `required` or the constraint)
/// and `data` (the submission as a tree; an answer Formwork refuses counts here).
enum ODKWalkComparison {
    static let aspects = ["questions", "labels", "calculations", "verdict", "data", "response"]

    /// Where the walk reaches what Formwork deliberately does otherwise than JavaRosa:
    /// a repeat whose count is 0 (or empty) and that has no entry here, while JavaRosa
    /// keeps the first entry of the XForm's instance (pyxform writes one), shows it
    /// and submits it (getodk/javarosa#45: JavaRosa never removes that entry).
    static let zeroCount =
        "a repeat counted 0 keeps the XForm instance's first entry in JavaRosa, none in Formwork"

    /// Each aspect that differs, with both results; and the deviation the walk
    /// reaches, if any.
    static func compare(_ form: FormDefinition, _ walk: ODKWalk) -> (differences: [String: String], deviation: String?)
    {
        var deviation: String?
        // Formwork's `today()` is the day JavaRosa ran; where its run crossed
        // midnight, either day (the later one when both differ).
        let days = (walk.days ?? []).compactMap { LocalDate($0) }
        var results = compareAspects(form, walk, today: days.first, deviation: &deviation)
        for day in days.dropFirst() where results.values.contains(where: { $0 != nil }) {
            deviation = nil
            results = compareAspects(form, walk, today: day, deviation: &deviation)
        }
        return (results.compactMapValues { $0 }, deviation)
    }

    /// Each aspect, with `nil` where both agree, else both results.
    static func compareAspects(
        _ form: FormDefinition, _ walk: ODKWalk, today: LocalDate? = nil, deviation: inout String?
    ) -> [String: String?] {
        let root = form.submission?.root ?? "data"
        let paths = OracleWalkTests.elementPaths(of: form)
        let session: FormSession
        do {
            session = try FormSession(definition: form, today: today ?? .today(), uuidSeed: 1)
        } catch {
            return Dictionary(uniqueKeysWithValues: aspects.map { ($0, "no session: \(error)") })
        }
        var refused: [String] = []
        for pair in walk.answers {
            guard let ref = pair.first ?? nil else { continue }
            let value = pair.count > 1 ? pair[1] : nil
            guard let (path, isEntry) = OracleWalkTests.formworkPath(ref, root: root, paths: paths) else {
                refused.append("\(ref) is no field of the import")
                continue
            }
            OracleWalkTests.ensureEntries(along: path, in: session)
            if isEntry { continue }
            do {
                try session.set(path, text: OracleWalkTests.typed(value ?? "", for: path, in: session))
            } catch {
                refused.append("\(path) = \(value ?? "nil"): \(error)")
            }
        }
        if let language = walk.language {
            do {
                try session.setLanguage(XLSFormTable.language(language).code)
            } catch {
                refused.append("language \(language): \(error)")
            }
        }
        // A counted repeat without entries here that JavaRosa submits.
        if let theirs = try? SubmissionTree(walk.submission) {
            let layout = form.submission?.paths ?? [:]
            for group in form.repeats where group.count != nil && group.parent == nil {
                let entries = (try? session.entries(of: group.id).count) ?? 0
                let element = String((layout[group.id] ?? group.id).split(separator: "/").last ?? "")
                if entries == 0, theirs.contains(element) { deviation = zeroCount }
            }
        }
        var result: [String: String?] = [:]
        let shown = OracleWalkTests.questions(of: session, root: root)
        let expected = walk.questions.map(\.ref)
        result["questions"] = shown == expected ? nil : "Formwork shows \(shown)\nJavaRosa shows \(expected)"
        result["labels"] = labels(session, walk, root: root, paths: paths)
        result["calculations"] = calculations(session, walk, root: root, paths: paths)
        result["verdict"] = verdict(session, walk, root: root)
        result["response"] = responseVerdict(form, walk, root: root)
        do {
            let ours = try SubmissionTree(ODKSubmission.xml(of: session, timeZone: TimeZone(identifier: "UTC")!))
            let theirs = try SubmissionTree(walk.submission)
            var problems = refused.map { "refused: \($0)" }
            if let difference = ours.firstDifference(from: theirs) {
                let onlyNumbers = ours.mappingTexts(numberText) == theirs.mappingTexts(numberText)
                let known = onlyNumbers ? "deviation: \(numbersInText)\n" : ""
                problems.append("\(known)\(difference)\nFormwork writes \(ours)\nJavaRosa writes \(theirs)")
            }
            result["data"] = problems.isEmpty ? nil : problems.joined(separator: "\n")
        } catch {
            result["data"] = "unreadable submission: \(error)"
        }
        return result
    }

    static func labels(
        _ session: FormSession, _ walk: ODKWalk, root: String, paths: [String: (id: String, isRepeat: Bool)]
    ) -> String? {
        var differences: [String] = []
        var numbers = 0
        for question in walk.questions {
            guard let (path, _) = OracleWalkTests.formworkPath(question.ref, root: root, paths: paths) else { continue }
            let id = String(path.split(separator: ".").last!.prefix { $0 != "[" })
            guard let field = session.definition.field(id), (try? session.label(of: path)) != nil else { continue }
            let label = field.kind == .note ? try? session.display(.null, of: path) : try? session.label(of: path)
            let hint = (try? session.help(of: path)) ?? nil
            if label != question.label {
                differences.append(
                    "\(question.ref) label: Formwork \(quoted(label)), JavaRosa \(quoted(question.label))")
                if numberText(label ?? "") == numberText(question.label ?? "") { numbers += 1 }
            }
            if (hint ?? "") != (question.hint ?? "") {
                differences.append("\(question.ref) hint: Formwork \(quoted(hint)), JavaRosa \(quoted(question.hint))")
                if numberText(hint ?? "") == numberText(question.hint ?? "") { numbers += 1 }
            }
        }
        return joined(differences, numbers: numbers)
    }

    /// Where Formwork deliberately writes a number in text otherwise than JavaRosa.
    static let numbersInText =
        "NaN in text: Formwork has no NaN (a number that is not one is null, written as nothing), JavaRosa writes NaN"

    /// The differences, marked as the deviation `numbersInText` when each of the
    /// `numbers` lines is only that and they are all the lines.
    static func joined(_ differences: [String], numbers: Int) -> String? {
        guard !differences.isEmpty else { return nil }
        let prefix = numbers == differences.count ? "deviation: \(numbersInText)\n" : ""
        return prefix + differences.joined(separator: "\n")
    }

    /// A text with `NaN` left out: texts that differ only there are the same.
    static func numberText(_ text: String) -> String {
        text.replacingOccurrences(of: "NaN", with: "")
    }

    static func quoted(_ text: String?) -> String { text.map { "\"\($0)\"" } ?? "none" }

    static func calculations(
        _ session: FormSession, _ walk: ODKWalk, root: String, paths: [String: (id: String, isRepeat: Bool)]
    ) -> String? {
        let ours = Dictionary(
            session.calculations().map { ($0.path, $0.value) }, uniquingKeysWith: { first, _ in first })
        var differences: [String] = []
        var numbers = 0
        for calculate in walk.calculates where calculate.relevant {
            guard let (path, _) = OracleWalkTests.formworkPath(calculate.ref, root: root, paths: paths),
                let value = ours[path]
            else {
                differences.append("\(calculate.ref): no calculation in Formwork (JavaRosa \(quoted(calculate.value)))")
                continue
            }
            let text = ODKSubmission.text(of: value, timeZone: TimeZone(identifier: "UTC")!)
            if !sameValue(text, calculate.value ?? "") {
                differences.append("\(calculate.ref): Formwork \(quoted(text)), JavaRosa \(quoted(calculate.value))")
                if numberText(text) == numberText(calculate.value ?? "") { numbers += 1 }
            }
        }
        return joined(differences, numbers: numbers)
    }

    /// Whether two values are the same: the same text, or the same number.
    static func sameValue(_ ours: String, _ theirs: String) -> Bool {
        if ours == theirs { return true }
        guard let a = Double(ours), let b = Double(theirs) else { return false }
        if a.isNaN && b.isNaN { return true }
        return a == b || abs(a - b) <= 1e-9 * max(abs(a), abs(b))
    }

    /// `formwork validate` on JavaRosa's submission: it reads it without a problem of
    /// its own, and fails the questions JavaRosa's validation failed, for the same
    /// reason (required or the constraint).
    static func responseVerdict(_ form: FormDefinition, _ walk: ODKWalk, root: String) -> String? {
        switch ODKResponse.read(Data(walk.submission.utf8), definition: form) {
        case .failure(let problem): return "formwork validate cannot read JavaRosa's submission: \(problem)"
        case .success(let response):
            let verdict = ResponseValidator(definition: form).validate(response)
            guard let session = verdict.session else { return "formwork validate made no session" }
            let errors = verdict.problems.filter { $0.severity == .error }
            let ours = errors.filter { $0.rule != "visible" }.map { problem in
                let ref = PyxformCrossCheckTests.instanceRef(problem.path, in: session, root: root)
                return "\(ref) \(problem.rule == "required" ? "required" : "constraint")"
            }.sorted()
            let theirs = walk.violations.map { "\($0.ref) \($0.status)" }.sorted()
            let hidden = errors.filter { $0.rule == "visible" }.map(\.description)
            if ours == theirs, hidden.isEmpty { return nil }
            return "formwork validate fails \(ours) \(hidden)\nJavaRosa fails \(theirs)\n\(verdict.problems)"
        }
    }

    static func verdict(_ session: FormSession, _ walk: ODKWalk, root: String) -> String? {
        let ours = session.validate().map { error in
            let ref = PyxformCrossCheckTests.instanceRef(error.field, in: session, root: root)
            return "\(ref) \(error.rule.name == "required" ? "required" : "constraint")"
        }.sorted()
        let theirs = walk.violations.map { "\($0.ref) \($0.status)" }.sorted()
        return ours == theirs ? nil : "Formwork fails \(ours)\nJavaRosa fails \(theirs)"
    }
}
