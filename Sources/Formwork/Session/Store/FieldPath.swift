/// A path that names what a session holds, parsed once, with one grammar everywhere
/// paths are read (the session, the prompt, responses, scripted fills):
///
/// ```
/// path  = step ("." step)*
/// step  = name ("[" position "]")?     position: a whole number, from 1
/// ```
///
/// `firstName` names a field, `members` a repeat's entries, `members[2]` an entry,
/// `members[2].age` a field of an entry, `members[1].visits[3].date` one nested deeper.
///
/// ```swift
/// let path = FieldPath("members[2].age")!
/// path.name          // "age"
/// path.steps[0]      // members[2]
/// path.description   // "members[2].age"
/// ```
public struct FieldPath: Hashable, Sendable, CustomStringConvertible {
    /// One step: a field's or a repeat's id, and for an entry its position.
    public struct Step: Hashable, Sendable, CustomStringConvertible {
        /// The field's or repeat's id.
        public var name: String
        /// The entry's position from 1 (`members[2]`); `nil` for a field or a
        /// repeat's entries as a whole.
        public var position: Int?

        /// The step to `name`, at the entry `position` (from 1) when there is one.
        public init(name: String, position: Int? = nil) {
            self.name = name
            self.position = position
        }

        /// The step as written: `members[2]`, or the id alone.
        public var description: String { position.map { "\(name)[\($0)]" } ?? name }
    }

    /// The steps, outermost first; the last names what the path ends at.
    public var steps: [Step]

    /// The path `text` writes, or `nil` when it is not one (an empty step, a position
    /// that is no whole number, text after `]`).
    public init?(_ text: String) {
        var steps: [Step] = []
        for segment in text.split(separator: ".", omittingEmptySubsequences: false) {
            guard !segment.isEmpty else { return nil }
            guard segment.hasSuffix("]"), let open = segment.firstIndex(of: "[") else {
                guard !segment.contains("["), !segment.contains("]") else { return nil }
                steps.append(Step(name: String(segment)))
                continue
            }
            let digits = segment[segment.index(after: open)..<segment.index(before: segment.endIndex)]
            guard open != segment.startIndex, let position = Int(digits) else { return nil }
            steps.append(Step(name: String(segment[..<open]), position: position))
        }
        self.steps = steps
    }

    /// The path of `steps`.
    public init(steps: [Step]) {
        self.steps = steps
    }

    /// The last step's name: the id of the field or repeat the path ends at.
    public var name: String { steps.last?.name ?? "" }

    /// The first `count` steps, as a path.
    public func prefix(_ count: Int) -> FieldPath { FieldPath(steps: Array(steps.prefix(count))) }

    /// The path as written, steps joined by `.`: `members[2].age`.
    public var description: String { steps.map(\.description).joined(separator: ".") }
}
