import Foundation
import Testing

@testable import Formwork

/// What `FormCoverage` lists of a form's logic and what it records a session saw.
@Suite("Coverage of a form's logic")
struct FormCoverageTests {
    static let yaml = """
        id: clinic
        title: Clinic
        sections:
          - id: main
            fields:
              - id: age
                kind: number
                label: Age
                rules: [{ check: "$age == null or $age < 120", message: too old }]
              - { id: card, kind: switch, label: Card, visible: "$age < 5", required: "$age < 2" }
              - { id: locked, kind: text, label: Locked, readonly: "$age > 90" }
              - id: size
                kind: choice
                label: Size
                options:
                  - { value: s, label: Small }
                  - { value: xl, label: Extra large, visible: "$age >= 18" }
                  - { value: xxl, label: Huge, visible: "$age >= 18" }
              - { id: double, kind: calculate, value: "$age * 2" }
          - id: adults
            visible: "$age >= 18"
            fields:
              - { id: job, kind: text, label: Job }
              - id: children
                label: Child
                repeat: { max: 5 }
                visible: "$age >= 20"
                fields:
                  - { id: name, kind: text, label: Name }
        """

    static func session(_ definition: FormDefinition) throws -> FormSession {
        try FormSession(definition: definition, today: Fixtures.today)
    }

    /// The item of `kind` about `subject`, and what was seen of it.
    static func seen(
        _ coverage: FormCoverage, _ kind: CoverageItem.Kind, _ subject: String
    ) -> CoverageOutcomes? {
        coverage.items.firstIndex { $0.kind == kind && $0.subject == subject }.map { coverage.outcomes[$0] }
    }

    @Test("every condition, question and repeat is an item, in the form's order, at its place")
    func items() throws {
        let coverage = FormCoverage(try FormDefinition(yaml: Self.yaml))
        #expect(
            coverage.items.map { "\($0.kind.rawValue) \($0.subject)" } == [
                "shown age", "rule age", "visible card", "shown card", "required card", "shown locked",
                "readonly locked", "shown size", "options size", "section adults", "shown job",
                "repeat children", "entries children", "shown name",
            ])
        let card = try #require(coverage.items.first { $0.kind == .visible && $0.subject == "card" })
        #expect(card.expression == "$age < 5")
        #expect(card.place == "10:57")  // the condition itself, not its field
        let options = try #require(coverage.items.first { $0.kind == .options })
        #expect(options.detail == "xl, xxl")  // one condition, two options
        // A condition or repeat has two outcomes, a question shown one: 7 conditions
        // and 1 repeat, 6 questions (the calculation is not one).
        #expect(coverage.totalOutcomes == 2 * (7 + 1) + 6)
        #expect(coverage.coveredOutcomes == 0)
        #expect(coverage.uncovered.count == coverage.items.count)
    }

    @Test("a state is recorded: conditions true or false where they count, questions shown, repeats empty")
    func observe() throws {
        let definition = try FormDefinition(yaml: Self.yaml)
        let session = try Self.session(definition)
        var coverage = FormCoverage(definition)
        coverage.observe(session)
        #expect(Self.seen(coverage, .visible, "card") == .sawFalse)  // null < 5 is not true
        #expect(Self.seen(coverage, .shown, "card") == [])
        #expect(Self.seen(coverage, .required, "card") == [])  // counts only where card is shown
        #expect(Self.seen(coverage, .section, "adults") == .sawFalse)
        #expect(Self.seen(coverage, .repeatCondition, "children") == [])  // its section is hidden
        #expect(Self.seen(coverage, .rule, "age") == .sawTrue)
        try session.set("age", text: "1")
        coverage.observe(session)
        #expect(Self.seen(coverage, .visible, "card") == [.sawTrue, .sawFalse])
        #expect(Self.seen(coverage, .required, "card") == .sawTrue)
        #expect(Self.seen(coverage, .shown, "card") == .sawTrue)
        #expect(Self.seen(coverage, .options, "size") == .sawFalse)
        try session.set("age", text: "30")
        coverage.observe(session)
        #expect(Self.seen(coverage, .options, "size") == [.sawTrue, .sawFalse])
        #expect(Self.seen(coverage, .repeatCondition, "children") == .sawTrue)
        #expect(Self.seen(coverage, .entries, "children") == .sawFalse)  // shown, empty
        _ = try session.addEntry("children")
        coverage.observe(session)
        #expect(Self.seen(coverage, .entries, "children") == [.sawTrue, .sawFalse])
        #expect(Self.seen(coverage, .shown, "name") == .sawTrue)
        #expect(coverage.uncovered.contains { $0.item.kind == .rule && $0.missing == ["broken"] })
        try session.set("age", text: "130")  // stored, and in error: the rule fired
        coverage.observe(session)
        #expect(Self.seen(coverage, .rule, "age") == [.sawTrue, .sawFalse])
        #expect(coverage.percent > 0 && coverage.percent < 100)
    }

    @Test("coverages of one form merge; what one saw and the other did not is the union")
    func merge() throws {
        let definition = try FormDefinition(yaml: Self.yaml)
        var child = FormCoverage(definition)
        var adult = child
        let young = try Self.session(definition)
        try young.set("age", text: "3")
        child.observe(young)
        let old = try Self.session(definition)
        try old.set("age", text: "40")
        adult.observe(old)
        #expect(child.wouldGrow(with: adult) && adult.wouldGrow(with: child))
        var both = child
        both.merge(adult)
        #expect(Self.seen(both, .visible, "card") == [.sawTrue, .sawFalse])
        #expect(both.coveredOutcomes > max(child.coveredOutcomes, adult.coveredOutcomes))
        #expect(!both.wouldGrow(with: child))
        // A form loaded again is the same form.
        #expect(FormCoverage(try FormDefinition(yaml: Self.yaml)).isOfSameForm(as: both))
        let other = try FormDefinition(yaml: Self.yaml.replacingOccurrences(of: "$age < 5", with: "$age < 6"))
        #expect(!FormCoverage(other).isOfSameForm(as: both))
    }

    @Test("a form without logic is wholly covered once its questions are shown")
    func noLogic() throws {
        let definition = try FormDefinition(
            yaml: """
                id: plain
                title: Plain
                sections:
                  - id: main
                    fields:
                      - { id: name, kind: text, label: Name }
                """)
        var coverage = FormCoverage(definition)
        #expect(coverage.percent == 0)
        coverage.observe(try Self.session(definition))
        #expect(coverage.percent == 100)
        #expect(coverage.uncovered.isEmpty)
    }

    @Test("observing a session again visits what its answers changed, and sees what a full visit sees")
    func incremental() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
                "Forms/household-survey.yaml")
        let definition = try FormDefinition.load(contentsOf: url)
        let session = try Self.session(definition)
        var incremental = FormCoverage(definition)
        var full = incremental
        func observe() {
            incremental.observe(session)
            full.lastObserved = nil
            full.observe(session)
            #expect(incremental.outcomes == full.outcomes)
        }
        observe()
        let steps: [(String, String)] = [
            ("dwellingType", "other"), ("members[1].age", "3"), ("members[1].age", "16"), ("members[1].works", "yes"),
            ("dwellingType", "house"), ("members[1].age", "70"), ("bedrooms", "2"),
        ]
        for (path, text) in steps {
            try session.set(path, text: text)
            observe()
        }
        _ = try session.addEntry("members")
        observe()
        try session.set("members[2].age", text: "4")
        observe()
        try session.removeEntry("members[1]")
        observe()
        #expect(incremental.coveredOutcomes == full.coveredOutcomes)
        #expect(incremental.coveredOutcomes > 10)
    }
}
