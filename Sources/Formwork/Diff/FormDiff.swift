import Foundation

/// What a new version of a form changes, for the data it collects and for the
/// person filling it: `formwork diff OLD NEW`.
///
/// Questions are matched by the key their answers are stored under (and the repeat
/// they are in); one that is gone is matched to a new one of the same kind and label
/// as a rename. Each change is in one of three categories:
///
/// - **breaking**: answers collected with the old version no longer fit — a question
///   removed or renamed, its kind changed, moved into or out of a repeat, a choice's
///   value removed, a question made required that old answers may leave empty (or a
///   new required question, which they never answered), a repeat removed;
/// - **behaviour**: the form acts differently — a condition, calculation, rule,
///   requirement, bound or default changed (old and new expression), a question or
///   choice added;
/// - **text**: what a person reads — labels, hints, choice labels, in each language.
///
/// ```swift
/// let diff = FormDiff(old: try FormDefinition(yaml: v1), new: try FormDefinition(yaml: v2))
/// if diff.isBreaking { print(diff.text()) }
/// ```
public struct FormDiff: Sendable {
    /// How a change matters.
    public enum Category: String, Sendable, CaseIterable, Encodable {
        /// Answers collected with the old version may no longer fit.
        case breaking
        /// The form acts differently.
        case behaviour
        /// What a person reads changed.
        case text
    }

    /// One change.
    public struct Change: Sendable, Encodable {
        /// Whether it breaks old answers, changes behaviour, or only text.
        public var category: Category
        /// The question (its id in the new version, else the old), repeat or form it is about.
        public var subject: String
        /// What changed, in words: `removed`, `renamed to 'years'`, `option 'flat' removed`, `visible changed`.
        public var summary: String
        /// The old expression or text, where one changed.
        public var old: String?
        /// The new expression or text, where one changed.
        public var new: String?
        /// Where the subject is written in the old version, when known.
        public var oldPlace: String?
        /// Where the subject is written in the new version, when known.
        public var newPlace: String?
        /// Where the subject comes in the form (the new version's order, then the old's).
        var rank = 0

        private enum CodingKeys: String, CodingKey {
            case category, subject, summary, old, new, oldPlace, newPlace
        }
    }

    /// Every change, breaking ones first, each category in form order.
    public var changes: [Change]

    /// Whether answers collected with the old version may no longer fit the new one.
    public var isBreaking: Bool { changes.contains { $0.category == .breaking } }

    /// The changes from `old` to `new`.
    public init(old: FormDefinition, new: FormDefinition) {
        var comparison = FormComparison(old: old, new: new)
        comparison.compare()
        changes = Category.allCases.flatMap { category in
            comparison.changes.enumerated().filter { $0.element.category == category }
                .sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }.map(\.element)
        }
    }

    /// The changes as text: a block per category, each change on a line with its
    /// places, old and new values indented below; then a count.
    ///
    /// - Parameters:
    ///   - oldFile: The old version's path, put before its places (`v1.yaml:12:9`,
    ///     `v1.xlsx: survey!B7`).
    ///   - newFile: The new version's path, likewise.
    /// - Returns: The report, ending in a newline; `no changes` when there are none.
    public func text(oldFile: String? = nil, newFile: String? = nil) -> String {
        func located(_ place: String, in file: String?) -> String {
            guard let file else { return place }
            return place.first?.isNumber == true ? file + ":" + place : file + ": " + place
        }
        var lines: [String] = []
        for category in Category.allCases {
            let inCategory = changes.filter { $0.category == category }
            guard !inCategory.isEmpty else { continue }
            lines.append("\(category.rawValue) (\(inCategory.count)):")
            for change in inCategory {
                let place =
                    change.newPlace.map { located($0, in: newFile) } ?? change.oldPlace.map { located($0, in: oldFile) }
                lines.append("  \(change.subject): \(change.summary)" + (place.map { " (\($0))" } ?? ""))
                if let old = change.old { lines.append("    old: \(old)") }
                if let new = change.new { lines.append("    new: \(new)") }
            }
        }
        let counts = Category.allCases.map { category in
            "\(changes.filter { $0.category == category }.count) \(category.rawValue)"
        }
        lines.append(changes.isEmpty ? "no changes" : counts.joined(separator: ", "))
        return lines.joined(separator: "\n") + "\n"
    }

    /// The changes as JSON: `breaking` (whether any is), and `changes`, each with
    /// `category`, `subject`, `summary`, and `old`, `new`, `oldPlace`, `newPlace` where known.
    public func json() -> String {
        struct Output: Encodable {
            let breaking: Bool
            let changes: [Change]
        }
        let output = Output(breaking: isBreaking, changes: changes)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(output)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
