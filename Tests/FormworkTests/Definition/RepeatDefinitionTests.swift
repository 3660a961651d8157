import Testing

@testable import Formwork

/// Repeating groups in definitions: where they may be written, what their options
/// take, and what the checker knows of their scopes.
@Suite("Repeat definitions")
struct RepeatDefinitionTests {
    static let household = """
        id: household
        title: Household
        sections:
          - id: home
            header: Home
            fields:
              - { id: surname, kind: text, label: Family name }
              - { id: children, kind: number, label: Children, default: 0 }
              - id: members
                label: Members
                repeat: { min: 1, max: 6, addLabel: Add a member, entryLabel: "Member {index()}: {$name}" }
                fields:
                  - { id: name, kind: text, label: Name, required: true }
                  - { id: age, kind: number, label: Age }
                  - { id: school, kind: text, label: School, visible: "$age < 18 and $surname != null" }
                  - id: visits
                    label: Visits
                    repeat: { addLabel: Add a visit }
                    fields:
                      - { id: date, kind: date, label: Date }
                      - { id: again, kind: switch, label: Again, visible: "index() > 1 and $age > 60" }
              - id: kids
                label: Child
                repeat: { count: $children }
                fields:
                  - { id: kidName, kind: text, label: Child's name }
              - { id: adults, kind: computed, label: Adults, value: "count($members, $age >= 18)" }
              - { id: totalAge, kind: computed, label: Total age, value: "sum($members.age)" }
              - { id: anyVisit, kind: computed, label: Any visit, value: "any($members, count($visits) > 0)" }
          - id: pets
            header: Pets
            repeat: { max: 3 }
            fields:
              - { id: petName, kind: text, label: Pet }
        """

    @Test func sectionsAndGroupsRepeatAndNest() throws {
        let definition = try FormDefinition(yaml: Self.household)
        #expect(definition.repeats.map(\.id) == ["members", "visits", "kids", "pets"])
        let members = try #require(definition.repeatGroup("members"))
        #expect(members.minimum == 1 && members.maximum == 6 && members.addLabel == "Add a member")
        #expect(members.fieldIndices.map { definition.fields[$0].id } == ["name", "age", "school"])
        #expect(members.items.count == 4)  // three fields and the nested repeat
        let visits = try #require(definition.repeatGroup("visits"))
        #expect(
            visits.parent == members.index && visits.depth == 2 && visits.ancestry == [members.index, visits.index])
        #expect(definition.repeatGroup("kids")?.count?.source == "$children")
        let pets = try #require(definition.repeatGroup("pets"))
        #expect(pets.label == "Pets" && pets.maximum == 3 && definition.sections[1].repeatIndex == pets.index)
        #expect(definition.field("petName")?.repeatIndex == pets.index)
        #expect(definition.field("surname")?.repeatIndex == nil)
        // A form's own fields are its sections' direct fields.
        #expect(
            definition.sections[0].fieldIndices.map { definition.fields[$0].id } == [
                "surname", "children", "adults", "totalAge", "anyVisit",
            ])
    }

    @Test func repeatTrueAndAnEmptyRepeatHaveNoOptions() throws {
        for options in ["true", "", "{}"] {
            let definition = try FormDefinition(
                yaml: """
                    id: f
                    title: F
                    sections:
                      - id: s
                        fields:
                          - id: items
                            label: Items
                            repeat: \(options)
                            fields: [{ id: a, kind: text, label: A }]
                    """)
            let items = try #require(definition.repeatGroup("items"))
            #expect(items.minimum == 0 && items.maximum == Limits.default.maximumEntries && items.count == nil)
            #expect(items.addLabel == "Add to Items")
        }
    }

    static func form(_ fields: String, extra: String = "") -> String {
        """
        id: f
        title: F
        sections:
          - id: s
            fields:
              - { id: n, kind: number, label: N }
              - id: members
                label: Members
                repeat: { max: 5 }
                fields:
                  - { id: age, kind: number, label: Age }
                  - { id: name, kind: text, label: Name }
        \(fields)
        \(extra)
        """
    }

    @Test(arguments: [
        (
            "      - { id: old, kind: switch, label: Old, visible: \"$age > 60\" }",
            "form.yaml:13:56: error: '$age' is a field of each entry of 'members', read here outside its entries",
            "hint: read it through the repeat: count($members), sum($members.age), any($members, $age != null)"
        ),
        (
            "      - { id: m, kind: computed, label: M, value: \"$members + 1\" }",
            "form.yaml:13:52: error: '$members' is the entries of a repeat, not a value",
            "hint: count($members), any($members, …), all($members, …), or a field of each: $members.field"
        ),
        (
            "      - { id: i, kind: computed, label: I, value: \"index()\" }",
            "form.yaml:13:52: error: index() is the position of an entry, and this is not inside a repeat",
            "hint: use index() in a field or label of a repeat's entries"
        ),
        (
            "      - { id: c, kind: computed, label: C, value: \"$members.age > 3\" }",
            "form.yaml:13:52: error: cannot compare a list of numbers > a number",
            "hint: both sides must be of the same type (or null)"
        ),
    ])
    func readingEntriesFromOutsideNeedsAnAggregate(field: String, error: String, hint: String) {
        let rendered = Fixtures.diagnostics(yaml: Self.form(field))
        #expect(rendered.contains(error), "\(rendered)")
        #expect(rendered.contains(hint), "\(rendered)")
    }

    @Test func insideAnEntryItsSiblingsAndTheFormAreReadable() throws {
        let definition = try FormDefinition(
            yaml: Self.form(
                """
                      - { id: total, kind: computed, label: Total, value: "sum($members.age) + $n" }
                      - id: named
                        kind: computed
                        label: Named
                        value: "count($members, $name != null and $age > $n)"
                      - { id: average, kind: computed, label: Average, value: "avg($members.age)" }
                      - { id: oldest, kind: computed, label: Oldest, value: "max($members.age)" }
                      - { id: everyone, kind: computed, label: Everyone, value: "all($members, $age != null)" }
                """))
        #expect(definition.field("total")?.value?.references == ["members.age", "n"])
        #expect(definition.fields.count == 8)
    }

    static let askedWhileEmpty = """
        id: f
        title: F
        sections:
          - id: s
            fields:
              - { id: n, kind: number, label: How many?, visible: "count($members) == 0" }
              - id: members
                label: Member
                repeat: { count: "$n", max: 5 }
                fields:
                  - { id: name, kind: text, label: Name }
        """

    /// A count that reads the repeat's own entries (JavaRosa reads `jr:count` when the
    /// repeat is reached, so such forms work there): a warning, and the entries grow
    /// to the count and are kept when it falls.
    @Test func aCountThatReadsItsOwnEntriesIsAWarningAndKeepsThem() throws {
        let definition = try FormDefinition(yaml: Self.askedWhileEmpty)
        let warning = try #require(definition.warnings.first)
        #expect(warning.severity == .warning)
        #expect(
            warning.message.hasPrefix(
                "the count of 'members' reads its own entries ($n → $members → $n): its entries are made "
                    + "up to the count and kept when it falls"), "\(warning.message)")
        #expect(definition.repeats[0].countReadsItsEntries)
        let session = FormSession(definition: definition)
        try session.set("n", text: "2")
        // n is hidden once there are members; the members stay.
        #expect(!session.isVisible("n"))
        #expect(try session.entries(of: "members").count == 2)
        try session.set("members[2].name", text: "Ada")
        #expect(try session.entries(of: "members").count == 2)
        // Answers with the entries and without n load as they were written.
        let loaded = FormSession(definition: definition)
        try loaded.loadValues(bytes: Array("members: [{ name: Bo }, { name: Ada }, { name: Cy }]".utf8), isJSON: false)
        #expect(try loaded.entries(of: "members").count == 3)
        #expect(loaded.value(of: "members[3].name") == .string("Cy"))
    }

    @Test func aCountThatGrowsWithItsEntriesStopsAtItsMaximum() throws {
        let definition = try FormDefinition(
            yaml: """
                id: f
                title: F
                sections:
                  - id: s
                    fields:
                      - { id: total, kind: computed, label: Total, value: "count($items) + 1" }
                      - id: items
                        label: Items
                        repeat: { count: "$total", max: 4 }
                        fields:
                          - { id: price, kind: number, label: Price }
                """)
        let session = FormSession(definition: definition)
        #expect(try session.entries(of: "items").count == 4)
    }

    @Test func aCycleAmongFieldsIsStillAnError() {
        let rendered = Fixtures.diagnostics(
            yaml: """
                id: f
                title: F
                sections:
                  - id: s
                    fields:
                      - { id: a, kind: computed, label: A, value: "$b + count($items)" }
                      - { id: b, kind: computed, label: B, value: "$a + 1" }
                      - id: items
                        label: Items
                        repeat: { count: "$a" }
                        fields:
                          - { id: price, kind: number, label: Price }
                """)
        #expect(rendered.contains("error: circular dependency: $a → $b → $a"), "\(rendered)")
    }

    @Test(arguments: [
        ("repeat: { wat: 1 }", "error: unknown key 'wat' in 'repeat'"),
        ("repeat: { min: 3, max: 2 }", "error: 'min' (3) is greater than 'max' (2)"),
        ("repeat: { max: 1e9 }", "error: a repeat of 1000000000 entries; repeats are limited to 10000"),
        ("repeat: { max: 0 }", "'max' must be"),
        ("repeat: { min: -1 }", "'min' must be"),
        ("repeat: { max: 2.5 }", "error: 'max' must be a whole number, not 2.5"),
        ("repeat: { count: -5 }", "error: a repeat cannot have -5 entries"),
        ("repeat: { count: 2.5 }", "error: 'count' must be a whole number, not 2.5"),
        ("repeat: { count: \"'three'\" }", "error: 'count' must be a number"),
        ("repeat: { count: \"$age\" }", "'$age' is a field of each entry of 'items'"),
        ("repeat: { entryLabel: \"Item {$nope}\" }", "unknown field '$nope'"),
        ("repeat: [1, 2]", "error: expected a mapping, found a list"),
    ])
    func badRepeatOptionsAreClearErrors(options: String, expected: String) {
        let rendered = Fixtures.diagnostics(
            yaml: """
                id: f
                title: F
                sections:
                  - id: s
                    fields:
                      - id: items
                        label: Items
                        \(options)
                        fields: [{ id: age, kind: number, label: Age }]
                """)
        #expect(rendered.contains(expected), "\(rendered)")
        #expect(rendered.hasPrefix("form.yaml:"), "\(rendered)")
    }

    @Test func nestingIsBounded() {
        var yaml = "id: f\ntitle: F\nsections:\n  - id: s\n    fields:\n"
        var indent = "      "
        for level in 0..<12 {
            yaml +=
                "\(indent)- id: r\(level)\n\(indent)  label: R\(level)\n\(indent)  repeat: true\n\(indent)  fields:\n"
            yaml += "\(indent)    - { id: f\(level), kind: text, label: F }\n"
            indent += "    "
        }
        let rendered = Fixtures.diagnostics(yaml: yaml)
        #expect(
            rendered.contains("repeats are nested deeper than \(Limits.default.maximumRepeatDepth) levels"),
            "\(rendered)")
    }

    @Test func aFieldDoesNotRepeat() {
        let rendered = Fixtures.diagnostics(yaml: Self.form("      - { id: a, kind: text, label: A, repeat: false }"))
        #expect(rendered.contains("form.yaml:13:40: error: 'repeat' does not apply to a text field"), "\(rendered)")
        #expect(!rendered.contains("group"), "\(rendered)")
    }

    @Test func idsAreOneNamespace() {
        let rendered = Fixtures.diagnostics(
            yaml: Self.form("      - { id: members, kind: text, label: Clash }"))
        #expect(rendered.contains("the id 'members' is already used on line 7"), "\(rendered)")
    }
}
