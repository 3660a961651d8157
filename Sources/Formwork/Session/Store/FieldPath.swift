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
        // Read byte by byte: paths are read for every problem of every response
        // checked, and no step is more than a name and a number.
        var steps: [Step] = []
        for segment in text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false) {
            guard let step = Self.step(segment) else { return nil }
            steps.append(step)
        }
        self.steps = steps
    }

    /// `name` or `name[position]`; `nil` for an empty step, a stray bracket or a
    /// position that is no whole number.
    private static func step(_ bytes: Substring.UTF8View) -> Step? {
        guard !bytes.isEmpty else { return nil }
        guard let open = bytes.firstIndex(of: UInt8(ascii: "[")) else {
            return bytes.contains(UInt8(ascii: "]")) ? nil : Step(name: String(Substring(bytes)))
        }
        let close = bytes.index(before: bytes.endIndex)
        guard open != bytes.startIndex, bytes[close] == UInt8(ascii: "]"), open < close,
            let position = Int(Substring(bytes[bytes.index(after: open)..<close]))
        else { return nil }
        return Step(name: String(Substring(bytes[..<open])), position: position)
    }

    /// The path of these steps.
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
