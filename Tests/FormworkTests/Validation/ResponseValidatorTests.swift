import Foundation
import Testing

@testable import Formwork

/// `ResponseValidator`: one check at a time, each on a response that breaks only it,
/// with the place, path, field and rule it reports.
@Suite("Checking finished responses")
struct ResponseValidatorTests {
    /// The form the tests read, loaded for each test: one that does not load fails the
    /// test with its diagnostics.
    let form: FormDefinition

    init() throws {
        form = try FormDefinition(
            yaml: """
                id: visit
                title: Visit
                sections:
                  - id: main
                    fields:
                      - { id: name, kind: text, label: Name, required: true }
                      - { id: hasChildren, kind: choice, label: Children?, options: [yes, no] }
                      - { id: childCount, kind: number, label: How many, visible: "$hasChildren == 'yes'", max: 20 }
                      - id: region
                        kind: choice
                        label: Region
                        options: [north, south]
                      - id: town
                        kind: choice
                        label: Town
                        options:
                          - { value: n1, visible: "$region == 'north'" }
                          - { value: s1, visible: "$region == 'south'" }
                      - id: nights
                        kind: number
                        label: Nights
                        rules: [{ check: "$nights == null or $nights < 30", message: a month at most }]
                      - { id: total, kind: computed, label: Total, value: "coalesce($nights, 0) * 10" }
                      - id: kids
                        label: Child
                        repeat: { count: "coalesce($childCount, 0)" }
                        fields: [{ id: kidName, kind: text, label: Name, required: true }]
                      - id: pets
                        label: Pet
                        repeat: { min: 1, max: 2 }
                        fields: [{ id: petName, kind: text, label: Name }]
                """)
    }

    /// The problems of `json` as a response to `form` (by default, the suite's form).
    func problems(_ json: String, form: FormDefinition? = nil) -> [ResponseProblem] {
        ResponseValidator(definition: form ?? self.form).validate(Array(json.utf8)).problems
    }

    /// `line:col path rule` of each problem, for short assertions.
    func summary(_ json: String, form: FormDefinition? = nil) -> [String] {
        problems(json, form: form).map {
            "\($0.location.map { "\($0.line):\($0.column)" } ?? "-") \($0.path) \($0.rule)"
        }
    }

    static let valid = #"{"name": "Ada", "hasChildren": "no", "pets": [{"petName": "Rex"}]}"#

    /// A file answer in a finished response names an attachment (ODK keeps media beside
    /// the submission, or apart): JavaRosa does not ask for it to be at hand, and
    /// neither does the validator; a name the field does not accept is still reported.
    @Test func aFileAnswerNamesAnAttachmentThatNeedNotBeAtHand() throws {
        let form = try FormDefinition(
            yaml: """
                id: media
                title: Media
                sections:
                  - id: s
                    fields:
                      - { id: photo, kind: file, label: Photo, extensions: [jpg, png] }
                """)
        #expect(summary(#"{"photo": "1700000000-missing.jpg"}"#, form: form) == [])
        #expect(summary(#"{"photo": "notes.txt"}"#, form: form).count == 1)
        #expect(summary(#"{"photo": "notes.txt"}"#, form: form).first?.contains("extensions") == true)
    }

    @Test func aResponseTheFillWouldSubmitIsValid() {
        let verdict = ResponseValidator(definition: form).validate(Array(Self.valid.utf8))
        #expect(verdict.problems.isEmpty, "\(verdict.problems)")
        #expect(verdict.isValid)
    }

    @Test func anAnswerToAQuestionNotShownIsReportedAtItsKey() {
        let json = #"{"name": "Ada", "hasChildren": "no", "childCount": 2, "pets": [{}]}"#
        #expect(summary(json) == ["1:38 childCount visible"])
        let problem = problems(json)[0]
        #expect(problem.field == "childCount" && problem.severity == .error)
        #expect(problem.message.contains("$hasChildren == 'yes'"))
    }

    @Test func aRequiredQuestionLeftEmptyIsReportedWhereItsMappingStarts() {
        #expect(summary(#"{"hasChildren": "no", "pets": [{}]}"#) == ["1:1 name required"])
    }

    @Test func ownRulesAndFormRulesGiveTheirNamesAndMessages() {
        let json = #"{"name": "Ada", "hasChildren": "yes", "childCount": 25, "nights": 40, "pets": [{}]}"#
        let problems = self.problems(json)
        #expect(problems.map(\.rule) == ["max", "rules[0]"], "\(problems)")
        #expect(problems[1].message == "a month at most")
    }

    @Test func aChoiceTheEarlierAnswersDoNotOfferIsReported() {
        let json = #"{"name": "Ada", "region": "north", "town": "s1", "pets": [{}]}"#
        #expect(summary(json) == ["1:44 town options"])
    }

    @Test func wrongTypesAndUnknownKeysAreReported() {
        let json = #"{"name": "Ada", "nights": "many", "nigths": 2, "pets": [{}]}"#
        #expect(summary(json) == ["1:27 nights type", "1:35 nigths unknown"])
        #expect(problems(json)[1].message.contains("did you mean 'nights'?"))
    }

    @Test func aComputedValueOtherThanTheFormsIsReportedWithinTheTolerance() {
        let base = #"{"name": "Ada", "nights": 3, "pets": [{}], "total": "#
        #expect(summary(base + "30}").isEmpty)
        #expect(summary(base + "\"30.0000000001\"}").isEmpty)
        #expect(summary(base + "31}") == ["1:53 total value"])
        #expect(problems(base + "31}")[0].message == "is 31, but the form computes 30")
    }

    @Test func entriesAgainstACountOrMinAndMaxAreReported() {
        let json =
            #"{"name": "Ada", "hasChildren": "yes", "childCount": 1, "kids": [{"kidName": "A"}, {}], "pets": []}"#
        #expect(summary(json) == ["1:64 kids count", "1:96 pets repeat.min"])
        let tooMany = #"{"name": "Ada", "pets": [{}, {}, {}]}"#
        #expect(summary(tooMany) == ["1:25 pets repeat.max"])
    }

    /// A response that leaves a counted repeat out still has the entries its count
    /// asks for, each checked (here: their required names, reported where the
    /// response starts).
    @Test func aCountedRepeatLeftOutHasItsEntries() {
        let json = #"{"name": "Ada", "hasChildren": "yes", "childCount": 2, "pets": [{}]}"#
        #expect(summary(json) == ["1:1 kids[1].kidName required", "1:1 kids[2].kidName required"])
    }

    /// A default is the fill's, not the response's: a key left out is no answer.
    @Test func defaultsAreNotAnswers() throws {
        let form = try FormDefinition(
            yaml: """
                id: defaults
                title: Defaults
                sections:
                  - id: main
                    fields:
                      - { id: country, kind: text, label: Country, default: NL, required: true }
                      - { id: news, kind: switch, label: News, default: true }
                """)
        let verdict = ResponseValidator(definition: form).validate(Array("{}".utf8))
        #expect(verdict.problems.map { "\($0.path) \($0.rule)" } == ["country required"])
        #expect(verdict.session?.answers().first { $0.id == "news" }?.value == .bool(false))
    }

    @Test func answersInsideEntriesArePlacedInTheirEntry() {
        let json =
            #"{"name": "Ada", "hasChildren": "yes", "childCount": 2, "kids": [{"kidName": "A"}, {}], "pets": [{}]}"#
        #expect(summary(json) == ["1:83 kids[2].kidName required"])
    }

    @Test func hiddenAnswersAreWarningsWhereTheFormKeepsThem() throws {
        let kept = try FormDefinition(
            yaml: """
                id: kept
                title: Kept
                hiddenAnswers: kept
                sections:
                  - id: main
                    fields:
                      - { id: a, kind: switch, label: A }
                      - { id: b, kind: text, label: B, visible: $a }
                """)
        let verdict = ResponseValidator(definition: kept).validate(Array(#"{"b": "x"}"#.utf8))
        #expect(verdict.problems.map(\.severity) == [.warning])
        #expect(verdict.isValid)
    }

    @Test func textThatIsNotAResponseIsOneProblem() {
        #expect(summary(#"{"name": "#).map { $0.split(separator: " ").last! } == ["syntax"])
        #expect(summary("[1, 2]") == ["1:1  type"])
    }

    /// The session holds what the fill would have submitted: hidden answers dropped,
    /// computed values computed.
    @Test func theCleanedResponseDropsHiddenAnswersAndComputesValues() throws {
        let json = #"{"name": "Ada", "hasChildren": "no", "childCount": 2, "nights": 2, "total": 5, "pets": [{}]}"#
        let session = try #require(ResponseValidator(definition: form).validate(Array(json.utf8)).session)
        let answers = session.answers()
        #expect(answers.first { $0.id == "childCount" } == nil)
        #expect(answers.first { $0.id == "total" }?.value == .number(20))
    }

    /// One validator, many threads: each response gets its own session.
    @Test func oneValidatorChecksResponsesFromSeveralThreads() async {
        let validator = ResponseValidator(definition: form)
        let counts = await withTaskGroup(of: Int.self) { group in
            for index in 0..<8 {
                group.addTask {
                    let json = index.isMultiple(of: 2) ? Self.valid : #"{"pets": [{}]}"#
                    return validator.validate(Array(json.utf8)).problems.count
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(counts.sorted() == [0, 0, 0, 0, 1, 1, 1, 1])
    }
}
