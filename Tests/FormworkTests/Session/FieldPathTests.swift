import Testing

@testable import Formwork

/// One grammar for the paths that name fields, repeats and entries.
@Suite("Field paths")
struct FieldPathTests {
    @Test(arguments: [
        ("firstName", ["firstName"], "firstName"),
        ("members", ["members"], "members"),
        ("members[2]", ["members[2]"], "members"),
        ("members[2].age", ["members[2]", "age"], "age"),
        ("members[1].visits[3].date", ["members[1]", "visits[3]", "date"], "date"),
    ])
    func pathsAreReadStepByStep(_ text: String, _ steps: [String], _ name: String) throws {
        let path = try #require(FieldPath(text))
        #expect(path.steps.map(\.description) == steps)
        #expect(path.name == name)
        #expect(path.description == text)
    }

    @Test(arguments: ["", ".", "a.", ".a", "a..b", "a[x]", "a[2", "a]", "[2]", "a[2]b", "a[2].[1]", "a[[2]]"])
    func whatIsNoPathIsRefused(_ text: String) {
        #expect(FieldPath(text) == nil, "\(text)")
    }

    @Test func positionsAndPrefixes() throws {
        let path = try #require(FieldPath("members[1].visits[3].date"))
        #expect(path.steps.map(\.position) == [1, 3, nil])
        #expect(path.prefix(2).description == "members[1].visits[3]")
        #expect(FieldPath(steps: [.init(name: "members", position: 4)]).description == "members[4]")
    }
}
