/// A repeating group: its fields (and nested repeats) are a template, filled in
/// once per entry — household members, line items, visits.
///
/// A section repeats when it has `repeat:` (its id names the repeat); a group of
/// fields inside a section or inside an entry repeats when it is written as an item
/// with `repeat:` and `fields:`. Entries are added by the person (`add members`, the
/// "+ Add a member" row) within `min` and `max`, starting with `start` of them (or
/// `min`), or follow a `count` expression (`count: $children`, ODK's `repeat_count`).
///
/// ```yaml
/// - id: members
///   header: Household members
///   repeat: { min: 1, max: 10, addLabel: Add a member, entryLabel: "Member {index()}: {$name}" }
///   fields:
///     - { id: name, kind: text, label: Name, required: true }
///     - { id: age, kind: number, label: Age }
/// ```
public struct RepeatDefinition: Sendable {
    /// The id, unique in the form (fields, sections and repeats share one
    /// namespace); expressions read the entries as `$id`.
    public let id: String
    /// The repeat's position in `FormDefinition.repeats`.
    public let index: Int
    /// Where the repeat is declared.
    public let location: SourceLocation
    /// The section it is in.
    public let sectionIndex: Int
    /// The repeat it is nested in, if any (its entries hold this repeat's entries).
    public let parent: Int?
    /// The repeats it is nested in, outermost first, itself last.
    public let ancestry: [Int]
    /// What the group is called (a repeating section's header, else its label).
    public internal(set) var label: String
    /// The label per language, with its expressions.
    public internal(set) var labelText: FormText
    /// The add row's text per language, with its expressions.
    public internal(set) var addLabelText: FormText
    /// The template: fields and nested repeats, in form order.
    public internal(set) var items: [FormItem] = []
    /// The fields directly in the template (not in nested repeats), in order.
    public internal(set) var fieldIndices: [Int] = []
    /// The fewest entries a submitted form may have.
    public internal(set) var minimum: Int = 0
    /// How many entries a new group begins with (`start`; at least `minimum`): the
    /// person may remove those above `minimum`. SurveyJS's `panelCount`, `rowCount`.
    public internal(set) var start: Int = 0
    /// The most entries (never more than `Limits.maximumEntries`).
    public internal(set) var maximum: Int
    /// How many entries there are, when a form says so (`count: $children`): the
    /// entries follow it and cannot be added or removed by hand.
    public internal(set) var count: CompiledExpression?
    /// Whether the `count` reads the repeat's own entries (through other fields: a
    /// question asked only while the repeat has none, `count: $n` with `n` shown when
    /// `count($members) == 0`). Then, as JavaRosa reads `jr:count` when the repeat is
    /// reached, the entries grow to the count and are kept when it falls.
    public internal(set) var countReadsItsEntries = false
    /// The text of the row that adds an entry.
    public internal(set) var addLabel: String
    /// An entry's header; may read the entry's fields and `index()`. `nil`: the
    /// label and the entry's position.
    public internal(set) var entryLabel: FormText?
    /// When the group is shown; `nil` means always.
    public internal(set) var visible: CompiledExpression?

    init(
        id: String, index: Int, location: SourceLocation, sectionIndex: Int, parent: Int?, ancestry: [Int],
        label: String, maximum: Int
    ) {
        self.id = id
        self.index = index
        self.location = location
        self.sectionIndex = sectionIndex
        self.parent = parent
        self.ancestry = ancestry
        self.label = label
        self.maximum = maximum
        self.addLabel = "Add to \(label)"
        self.labelText = FormText(label)
        self.addLabelText = FormText("Add to \(label)")
    }

    /// How deep it is nested: 1 for a repeat directly in a section.
    public var depth: Int { ancestry.count }
}

/// An item of a section or of a repeat's template, in form order.
public enum FormItem: Sendable, Hashable {
    /// A field, by its index in `FormDefinition.fields`.
    case field(Int)
    /// A repeating group, by its index in `FormDefinition.repeats`.
    case repeatGroup(Int)
}
