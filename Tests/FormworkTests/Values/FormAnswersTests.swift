import Foundation
import Testing

@testable import Formwork

/// `FormAnswers`: what a form submits, read by id with typed accessors and decoded
/// into a caller's own type.
@Suite("Form answers")
struct FormAnswersTests {
    static let yaml = """
        id: trip
        title: Trip
        sections:
          - id: main
            fields:
              - { id: who, kind: text, label: Who, required: true }
              - { id: nights, kind: number, label: Nights }
              - { id: rate, kind: number, label: Rate }
              - { id: member, kind: switch, label: Member }
              - { id: start, kind: date, label: Start }
              - { id: extras, kind: multichoice, label: Extras, options: [wifi, breakfast, parking] }
              - { id: code, kind: text, label: Code, visible: "$member" }
              - id: guests
                label: Guest
                repeat: { max: 5 }
                fields:
                  - { id: name, kind: text, label: Name }
                  - { id: age, kind: number, label: Age }
        """

    static func answers() throws -> FormAnswers {
        let session = try FormSession(definition: FormDefinition(yaml: yaml))
        try session.set("who", text: "Ada")
        try session.set("nights", to: 3)
        try session.set("rate", to: 89.5)
        try session.set("start", text: "2025-03-01")
        try session.set("extras", to: .list([.string("wifi"), .string("parking")]))
        try session.set("code", text: "hidden")  // member is off: not shown, not submitted
        _ = try session.addEntry("guests")
        try session.set("guests[1].name", text: "Bo")
        try session.set("guests[1].age", to: 7)
        _ = try session.addEntry("guests")
        return FormAnswers(session)
    }

    @Test func typedAccessorsReadWhatTheFormSubmits() throws {
        let answers = try Self.answers()
        #expect(answers.string("who") == "Ada")
        #expect(answers.int("nights") == 3)
        #expect(answers.number("rate") == 89.5)
        #expect(answers.int("rate") == nil)  // not a whole number
        #expect(answers.bool("member") == false)
        #expect(answers.date("start") == LocalDate("2025-03-01"))
        #expect(answers.strings("extras") == ["wifi", "parking"])
        #expect(answers["code"] == nil)  // hidden
        #expect(answers.string("nights") == nil)  // a number, not text
        #expect(answers["nope"] == nil)
        let guests = answers.entries("guests")
        #expect(guests.count == 2)
        #expect(guests[0].string("name") == "Bo")
        #expect(guests[0].int("age") == 7)
        #expect(guests[1].fields.isEmpty)
        #expect(answers.entries("who").isEmpty)
    }

    struct Trip: Decodable, Equatable {
        struct Guest: Decodable, Equatable {
            var name: String?
            var age: Int?
        }
        var who: String
        var nights: Int
        var rate: Double
        var member: Bool
        var start: String
        var extras: [String]
        var code: String?
        var guests: [Guest]
    }

    @Test func decodingIntoTheCallersOwnType() throws {
        let trip = try Self.answers().decode(Trip.self)
        #expect(
            trip
                == Trip(
                    who: "Ada", nights: 3, rate: 89.5, member: false, start: "2025-03-01", extras: ["wifi", "parking"],
                    code: nil, guests: [.init(name: "Bo", age: 7), .init(name: nil, age: nil)]))
    }

    @Test func aTypeTheAnswersDoNotFitIsTheDecodersError() throws {
        struct Strict: Decodable { var nights: String }
        #expect(throws: DecodingError.self) { try Self.answers().decode(Strict.self) }
        struct NeedsCode: Decodable { var code: String }
        #expect(throws: DecodingError.self) { try Self.answers().decode(NeedsCode.self) }
    }
}
