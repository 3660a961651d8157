import Formwork

/// A scripted fill, as a person would fill a form to submit it: every visible
/// question left empty is answered with the first candidate value its field takes,
/// then each problem `validate()` still reports is cleared the same way (entries
/// added where a repeat needs more). Used to check that real forms can be submitted.
///
/// ```swift
/// let session = FormSession(definition: form)
/// let unanswerable = ScriptedFill.fill(session, file: "/etc/hostname")
/// #expect(unanswerable.isEmpty && session.validate().isEmpty)
/// ```
public enum ScriptedFill {
    /// Answers each problem `validate()` reports with the first candidate value the
    /// field takes that clears it (adding entries a repeat needs), until none is left.
    /// - Returns: The problems no candidate cleared.
    public static func fill(_ session: FormSession, file: String) -> [String] {
        // First every visible question left empty, in form order, as a person would.
        for path in unansweredPaths(session.relevantFields(), session: session) {
            guard let field = field(named: path, in: session) else { continue }
            for candidate in candidates(for: field, options: session.visibleOptions(of: path), file: file) {
                if (try? session.set(path, text: candidate)) != nil,
                    !session.validate().contains(where: { $0.field == path })
                {
                    break
                }
                _ = try? session.set(path, text: "")
            }
        }
        var unanswerable: [String] = []
        var rounds = 0
        while let problem = session.validate().first(where: { !unanswerable.contains($0.description) }),
            rounds < 2_000
        {
            rounds += 1
            if case .minEntries = problem.rule {
                if (try? session.addEntry(problem.field)) == nil { unanswerable.append(problem.description) }
                continue
            }
            let id = FieldPath(problem.field)?.name ?? problem.field
            guard let field = session.definition.fields.first(where: { $0.id == id }) else {
                unanswerable.append(problem.description)
                continue
            }
            let candidates = ScriptedFill.candidates(
                for: field, options: session.visibleOptions(of: problem.field), file: file)
            let cleared = candidates.contains { candidate in
                guard (try? session.set(problem.field, text: candidate)) != nil else { return false }
                return !session.validate().contains { $0.field == problem.field }
            }
            if !cleared { unanswerable.append(problem.description) }
        }
        return unanswerable
    }

    /// The paths of the visible questions without an answer (entries included).
    public static func unansweredPaths(_ fields: [AnsweredField], session: FormSession, prefix: String = "") -> [String]
    {
        fields.flatMap { answered -> [String] in
            switch answered.answer {
            case .value(.null):
                guard let field = session.definition.fields.first(where: { $0.id == answered.id }),
                    field.kind.isEditable, !session.isReadOnly(prefix + answered.id)
                else { return [] }
                return [prefix + answered.id]
            case .value: return []
            case .entries(let entries):
                return entries.enumerated().flatMap { index, entry in
                    unansweredPaths(entry, session: session, prefix: prefix + answered.id + "[\(index + 1)].")
                }
            }
        }
    }

    /// The definition of the question at `path` (`members[2].age` names `age`), if the form has one.
    public static func field(named path: String, in session: FormSession) -> FieldDefinition? {
        let id = FieldPath(path)?.name ?? path
        return session.definition.fields.first { $0.id == id }
    }

    /// The answers to try for `field`, as text a person would type, most ordinary first:
    /// the values of `options` for choices, a few numbers, dates, times or words by kind,
    /// and `file` for a file question.
    public static func candidates(for field: FieldDefinition, options: [ChoiceOption], file: String) -> [String] {
        switch field.kind {
        case .number: return ["1", "2", "0", "5", "10", "18", "30", "100", "1000", "0.5"]
        case .choice: return options.map(\.value)
        case .multichoice:
            return options.map(\.value) + (options.count > 1 ? ["\(options[0].value), \(options[1].value)"] : [])
        case .rank: return [options.map(\.value).joined(separator: ", ")]
        case .date: return ["2000-01-01", "2020-06-15", "today"]
        case .time: return ["12:00", "08:30"]
        case .datetime: return ["2024-01-01 12:00"]
        case .geopoint: return ["52.37 4.89 0 5"]
        case .file: return [file]
        case .switch: return ["yes", "no"]
        default:
            return [
                "a", "abc", "Test answer", "12345", "1234567", "0123456789", "12345678901", "x@example.org",
                "Test answer 2024", "1.2.3", "A longer test answer, of several words",
            ]
        }
    }
}
