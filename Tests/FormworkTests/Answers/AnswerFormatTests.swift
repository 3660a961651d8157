import Foundation
import Testing

@testable import Formwork

/// Answer formats are plug-ins: a format of the test's own, registered in a
/// `FormatRegistry` as `FormworkODK` and `FormworkSurveyJS` register theirs, is read
/// by the validator, written and offered by the server, and chosen by default where
/// a form names it — with nothing in Formwork knowing it.
@Suite("Answer formats as plug-ins")
struct AnswerFormatTests {
    /// `key=value` lines, a repeat's entries left out: a format small enough to read here.
    struct LinesFormat: AnswerFormat {
        var name: String { "lines" }
        var summary: String { "key=value lines" }
        var fileExtension: String { "txt" }

        func recognizes(_ bytes: [UInt8], path: String?) -> Bool {
            path?.hasSuffix(".txt") == true || String(decoding: bytes.prefix(64), as: UTF8.self).contains("=")
        }

        func readResponse(_ bytes: [UInt8], of definition: FormDefinition) -> Result<SyntaxNode, ResponseProblem> {
            var pairs: [(key: SyntaxNode, value: SyntaxNode)] = []
            for (number, line) in String(decoding: bytes, as: UTF8.self).split(separator: "\n").enumerated() {
                guard let equals = line.firstIndex(of: "=") else {
                    return .failure(
                        ResponseProblem(.syntax("a line is key=value"), at: SourceLocation(line: number + 1, column: 1))
                    )
                }
                let key = String(line[..<equals])
                let value = String(line[line.index(after: equals)...])
                pairs.append(
                    (
                        SyntaxNode(content: .scalar(key, style: .plain), location: .init(line: number + 1, column: 1)),
                        SyntaxNode(
                            content: .scalar(value, style: .plain),
                            location: .init(line: number + 1, column: key.count + 2))
                    ))
            }
            return .success(SyntaxNode(content: .mapping(pairs), location: SourceLocation(line: 1, column: 1)))
        }

        func write(_ session: FormSession, options: AnswerWriting) -> String {
            session.answers().compactMap { answered in
                if case .value(let value) = answered.answer { return "\(answered.id)=\(value)" }
                return nil
            }.joined(separator: "\n") + "\n"
        }
    }

    static let formats = FormatRegistry(answerFormats: [LinesFormat()])

    /// The form the tests read, loaded for each test: one that does not load fails the
    /// test with its diagnostics.
    let form: FormDefinition

    init() throws {
        form = try FormDefinition(
            yaml: """
                id: trip
                title: Trip
                sections:
                  - id: main
                    fields:
                      - { id: nights, kind: number, label: Nights, min: 1, max: 30, required: true }
                      - { id: total, kind: computed, label: Total, value: "$nights * 10" }
                """)
    }

    @Test func aResponseIsReadInTheFormatThatRecognisesIt() throws {
        let validator = ResponseValidator(definition: form, formats: Self.formats)
        #expect(validator.validate(Array("nights=3\ntotal=30\n".utf8), path: "r.txt").isValid)
        let wrong = validator.validate(Array("nights=3\ntotal=31\n".utf8), path: "r.txt").problems
        #expect(wrong.map(\.description) == ["2:7: error: total: is 31, but the form computes 30 (rule: value)"])
        let broken = validator.validate(Array("nights=3\nnothing\n".utf8), path: "r.txt").problems
        #expect(broken.map(\.rule) == ["syntax"])
        // JSON is still Formwork's answers.
        #expect(validator.validate(Array(#"{"nights": 40}"#.utf8)).problems.map(\.rule) == ["max"])
    }

    @Test func theServerGivesAnswersInAnyRegisteredFormat() throws {
        let session = FormSession(definition: form)
        try session.set("nights", text: "2")
        let server = FormServer(session: session, formats: Self.formats)
        let reply = server.handle(
            #"{"jsonrpc":"2.0","id":1,"method":"form.answers","params":{"format":"lines"}}"#)
        #expect(reply.last?.contains(#""result":"nights=2\ntotal=20\n""#) == true, "\(reply)")
        let unknown = server.handle(
            #"{"jsonrpc":"2.0","id":2,"method":"form.answers","params":{"format":"csv"}}"#)
        #expect(unknown.last?.contains(#"written as \"formwork\" or \"lines\", not \"csv\""#) == true, "\(unknown)")
        let text = server.handle(
            #"{"jsonrpc":"2.0","id":3,"method":"response.validate","params":{"text":"nights=0"}}"#)
        #expect(text.last?.contains(#""rule":"min""#) == true, "\(text)")
    }

    @Test func aFormNamingTheFormatWritesAndReadsInItFirst() throws {
        let named = try FormDefinition(
            yaml: """
                id: trip
                title: Trip
                sections:
                  - id: main
                    fields:
                      - { id: nights, kind: number, label: Nights }
                submission: { format: lines }
                """, formats: Self.formats)
        #expect(named.answerFormat is LinesFormat)
        #expect(Self.formats.defaultAnswerFormat(for: named, writingTo: "a.json") is LinesFormat)
        #expect(Self.formats.defaultAnswerFormat(for: form, writingTo: "a.txt") is LinesFormat)
        #expect(Self.formats.defaultAnswerFormat(for: form, writingTo: nil) is FormworkAnswerFormat)
        // Its own format first, even for text another format would take.
        #expect(Self.formats.responseFormat(of: Array("a=1".utf8), path: "r.json", for: named) is LinesFormat)
        #expect(
            Self.formats.responseFormat(of: Array("{}".utf8), path: "r.json", for: form) is FormworkAnswerFormat)
    }
}
