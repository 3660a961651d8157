import Formwork
import FormworkScenarios
import Foundation
import Testing

/// Test files read as the case format says: every step and expectation, and every
/// mistake an error at its line and column, with "did you mean".
@Suite("Reading test files")
struct FormTestReadingTests {
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func file(_ text: String, folder: String = "/forms") throws(DiagnosticList) -> FormTestFile {
        try FormTestFile(bytes: Array(text.utf8), path: "t.test.yaml", folder: folder)
    }

    @Test func everyStepAndExpectationIsRead() throws {
        let file = try Self.file(
            """
            form: household.xlsx
            now: 2025-01-15T12:00
            language: fr
            values: start.json
            cases:
              - name: all of it
                steps:
                  - set: { age: 3, sex: female, symptoms: [fever, cough], note: ~ }
                  - clear: [age, sex]
                  - toggle: consent
                  - toggle: { symptoms: fever }
                  - add: members
                  - add: { members: 1 }
                  - remove: members 2
                  - move: members[3] 1
                  - move: { "members[2]": 1 }
                  - language: en
                  - submit: refused
                    errors: { age: required, sex: ~ }
                  - expect:
                      visible: [a]
                      hidden: [b, c]
                      value: { age_group: child }
                      label: { vaccines: "Has Amina had…" }
                      options: { district: [north, south] }
                      required: [clinic_card]
                      errors: { clinic_card: required }
                      entries: { members: 2 }
                      answers: { age_group: child }
            """)
        #expect(file.form == "/forms/household.xlsx")
        #expect(file.values?.path == "/forms/start.json")
        #expect(file.now?.description == "2025-01-15T12:00:00")
        #expect(file.language?.code == "fr")
        let steps = file.cases[0].steps
        #expect(
            steps.map(\.action.key) == [
                "set", "clear", "toggle", "toggle", "add", "add", "remove", "move", "move", "language", "submit",
                "expect",
            ])
        guard case .set(let assignments) = steps[0].action else {
            Issue.record("not a set")
            return
        }
        #expect(assignments.map(\.name.text) == ["age", "sex", "symptoms", "note"])
        #expect(assignments.map(\.value.typed) == ["3", "female", "fever, cough", ""])
        #expect(steps[0].location == SourceLocation(line: 8, column: 9))
        guard case .toggle(let field, let option) = steps[3].action else {
            Issue.record("not a toggle")
            return
        }
        #expect(field.text == "symptoms" && option == "fever")
        guard case .add(_, let position) = steps[5].action else {
            Issue.record("not an add")
            return
        }
        #expect(position == 1)
        guard case .remove(let entry) = steps[6].action else {
            Issue.record("not a remove")
            return
        }
        #expect(entry.text == "members[2]")
        guard case .move(let moved, let to) = steps[7].action else {
            Issue.record("not a move")
            return
        }
        #expect(moved.text == "members[3]" && to == 1)
        guard case .submit(let accepted, let errors) = steps[10].action else {
            Issue.record("not a submit")
            return
        }
        #expect(!accepted)
        #expect(errors?.map(\.rule) == ["required", nil])
        guard case .expect(let expectation) = steps[11].action else {
            Issue.record("not an expect")
            return
        }
        #expect(expectation.hidden.map(\.text) == ["b", "c"])
        #expect(expectation.labels.first?.text == "Has Amina had…")
        #expect(expectation.options.first?.options == ["north", "south"])
        #expect(expectation.entries.first?.count == 2)
        #expect(expectation.answers.first?.key.text == "age_group")
    }

    @Test func misspeltKeysAndStepsAreErrorsAtTheirPlaceWithSuggestions() {
        let text = """
            form: f.yaml
            cases:
              - name: typos
                steps:
                  - expct: { visible: [x] }
                  - expect:
                      visibel: [a]
                  - submit: maybe
            """
        #expect {
            try Self.file(text)
        } throws: { error in
            guard let list = error as? DiagnosticList else { return false }
            let rendered = list.rendered
            return list.diagnostics.count == 3
                && rendered.contains("t.test.yaml:5:9: error: unknown key 'expct' in a case's steps")
                && rendered.contains("hint: did you mean 'expect'?")
                && rendered.contains("t.test.yaml:7:11: error: unknown key 'visibel' in an expect step")
                && rendered.contains("hint: did you mean 'visible'?")
                && rendered.contains("t.test.yaml:8:17: error: 'submit' must be accepted or refused, not 'maybe'")
        }
    }

    @Test func aFileWithoutFormOrCasesSaysWhatItNeeds() {
        for (text, missing) in [("cases: []", "a test file needs 'form'"), ("form: f.yaml", "needs 'cases'")] {
            #expect {
                try Self.file(text)
            } throws: { error in
                (error as? DiagnosticList)?.rendered.contains(missing) == true
            }
        }
    }

    @Test func twoThingsInOneStepAreAnError() {
        #expect {
            try Self.file(
                """
                form: f.yaml
                cases:
                  - name: two
                    steps:
                      - set: { a: 1 }
                        expect: { visible: [a] }
                """)
        } throws: { error in
            (error as? DiagnosticList)?.rendered.contains("6:9: error: a step does one thing") == true
        }
    }

    @Test func aMomentThatIsNotOneIsAnError() {
        #expect {
            try Self.file("form: f.yaml\nnow: tomorrow\ncases: []")
        } throws: { error in
            (error as? DiagnosticList)?.rendered.contains("2:6: error: 'now' must be a moment") == true
        }
    }

    @Test func aFormThatIsNotThereIsAnErrorAtItsLine() throws {
        let file = try Self.file("cases: []\nform: nowhere.yaml\n", folder: "/tmp")
        #expect {
            try FormTestRunner(file)
        } throws: { error in
            (error as? DiagnosticList)?.rendered.contains(
                "t.test.yaml:2:7: error: the form '/tmp/nowhere.yaml' does not exist") == true
        }
    }

    @Test func namesTheFormLacksAreErrorsBeforeAnyCaseRuns() throws {
        let file = try Self.file(
            """
            form: household-survey.yaml
            cases:
              - name: typos
                steps:
                  - set: { adress: here, "members[1].agee": 3 }
                  - add: address
                  - language: fr
                  - expect: { visible: [nothing] }
            """, folder: Self.package.appendingPathComponent("Forms").path)
        #expect {
            try FormTestRunner(file)
        } throws: { error in
            guard let list = error as? DiagnosticList else { return false }
            let rendered = list.rendered
            return list.diagnostics.count == 5
                && rendered.contains("5:16: error: the form has no field 'adress'")
                && rendered.contains("did you mean 'address'?")
                && rendered.contains("the form has no field 'members[1].agee'")
                && rendered.contains("did you mean 'members[1].age'?")
                && rendered.contains("6:14: error: 'address' is a field, not a repeat")
                && rendered.contains("7:19: error: the form does not declare the language 'fr'")
                && rendered.contains("8:29: error: the form has no field, repeat or section 'nothing'")
        }
    }
}
