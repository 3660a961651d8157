import FormworkCore
import FormworkTesting
import Foundation
import Testing

@testable import Formwork

@Suite("Bundled forms")
struct BundledFormsTests {
    @Test func thereAreAtLeastSixForms() {
        #expect(Fixtures.forms.count >= 6)
    }

    @Test(arguments: Fixtures.forms.map(\.lastPathComponent))
    func loadsAndRendersWithoutErrors(_ name: String) throws {
        let session = try Fixtures.session(name)
        session.reload(nil, animated: false)
        #expect(session.dataSource.numberOfSections > 0)
    }

    /// The seed example's contract: last name after a first name, section after the switch.
    @Test func seedFormBehavesLikeTheSeed() throws {
        let session = try Fixtures.session("seed.yaml")
        let view = RecordingListView { _ in FieldCell() }
        session.reload(view, animated: false)
        #expect(view.sections.map(\.cells.count) == [2])

        try session.set("firstName", text: "Ada")
        #expect(
            session.reload(view)
                == Changeset(
                    rows: Changes(
                        inserted: [IndexPath(row: 1, section: 0)],
                        updated: [PositionPair(from: IndexPath(row: 0, section: 0), to: IndexPath(row: 0, section: 0))])
                ))
        try session.clear("firstName")
        #expect(session.reload(view)?.rows.deleted == [IndexPath(row: 1, section: 0)])
        try session.toggle("additional")
        let changes = try #require(session.reload(view))
        #expect(changes.sections.inserted == [1])
        #expect(view.sections == view.freshRendering())
        #expect(view.errors.isEmpty)
    }

    @Test func conferencePriceIsComputed() throws {
        let session = try Fixtures.session("conference.yaml")
        #expect(session.value(of: "total") == 0)
        try session.set("ticket", text: "regular")
        try session.set("earlyBird", text: "yes")
        try session.set("workshops", text: "swiftnio, tui")
        try session.set("dinner", text: "yes")
        try session.set("guests", text: "1")
        // 399 * 0.8 + 2 * 150 + 85 * 2
        #expect(session.value(of: "ticketPrice") == .number(399 * 0.8))
        #expect(session.value(of: "extras") == 470)
        #expect(session.value(of: "total") == 789.2)
        // A student ticket hides the early-bird switch, which then reads null: no discount.
        try session.set("ticket", text: "Student (€99)")
        #expect(session.isVisible("earlyBird") == false)
        #expect(session.value(of: "total") == 569)
        #expect(session.value(of: "earlyBird") == true)  // kept while hidden
    }

    @Test func healthIntakeBranches() throws {
        let session = try Fixtures.session("health-intake.yaml")
        try session.set("birthDate", text: "2010-06-01")
        #expect(session.value(of: "age") == 13)
        #expect(session.isVisible("guardian"))
        #expect(!session.isVisible("lifestyle"))
        try session.set("sex", text: "female")
        #expect(session.isVisible("pregnancy"))
        try session.set("visitReason", text: "pain")
        #expect(session.isVisible("painLevel") && !session.isVisible("chestWarning"))
        try session.toggle("painLocation", option: "chest")
        #expect(session.isVisible("chestWarning"))
        try session.set("visitReason", text: "checkup")
        // Hiding painLocation cascades: the warning reading it hides too.
        #expect(!session.isVisible("chestWarning"))
        try session.set("conditions", text: "none, asthma")
        #expect(
            session.errors().map(\.rule).contains(
                .check(index: 0, message: "'None of these' cannot be combined with a condition")))
    }

    @Test func signupValidatesInFormOrder() throws {
        let session = try Fixtures.session("signup.yaml")
        #expect(throws: SessionError.rejected(FieldError(field: "username", rule: .pattern("[A-Za-z0-9_]+")))) {
            try session.set("username", text: "ada lovelace")
        }
        #expect(session.value(of: "username") == nil)  // the old value stays
        try session.set("username", text: "ada")
        try session.set("password", text: "correcthorse")
        try session.set("passwordAgain", text: "correcthorsf")
        try session.set("birthDate", text: "2015-01-01")
        try session.set("country", text: "United States")
        let errors = session.validate().map { "\($0.field): \($0.message)" }
        #expect(
            errors == [
                "email: is required",
                "password: use letters and at least one digit",
                "passwordAgain: does not match the password",
                "birthDate: you must be 16 or older to sign up",
                "state: is required",
                "terms: is required",
            ])
    }

    @Test func kitchenSinkDefaultsAndOptionVisibility() throws {
        let session = try Fixtures.session("kitchen-sink.yaml")
        #expect(session.value(of: "start") == .date(Fixtures.today))
        #expect(session.value(of: "subtotal") == 9.95)
        #expect(session.visibleOptions(of: "size").map(\.value) == ["s", "m", "l"])
        try session.set("quantity", text: "12")
        #expect(session.visibleOptions(of: "size").map(\.value) == ["s", "m", "l", "xl"])
        try session.set("size", text: "xl")
        try session.toggle("colours", option: "gold")
        #expect(session.value(of: "colours") == ["red", "gold"])
        // Making the option unavailable again: the choice reads null and is in error.
        try session.set("quantity", text: "2")
        #expect(session.effectiveValue(of: "size") == nil)
        #expect(session.errors().first { $0.field == "size" }?.rule == .option("xl", options: ["s", "m", "l"]))
        #expect(session.effectiveValue(of: "colours") == ["red"])
    }
}
