import Testing

@testable import Formwork

/// An importer's problems: sorted by kind, each notice once per place, and what
/// cannot be represented an error or, when skipped, a warning.
@Suite("Import problems")
struct ImportProblemsTests {
    static func reported() -> ImportProblems {
        var problems = ImportProblems()
        problems.report(.unsupportedConstruct("the question 'sig'", reason: "signatures"), at: "survey!A9")
        problems.report(.importNotice("the image is not shown"), at: "survey!D7", quote: "logo.png")
        problems.report(.importNotice("the image is not shown"), at: "survey!D7", quote: "logo.png")
        problems.report(.importNotice("the image is not shown"), at: "survey!D8")
        problems.report(.importError("no 'survey' sheet", hint: nil), at: "workbook")
        return problems
    }

    @Test func eachKindInItsListAndEachNoticeOncePerPlace() {
        let problems = Self.reported()
        #expect(problems.errors.map { $0.place?.name } == ["workbook"])
        #expect(problems.notices.map { $0.place?.name } == ["survey!D7", "survey!D8"])
        #expect(problems.notices.first?.place?.quote == "logo.png")
        #expect(problems.unsupported.map { $0.place?.name } == ["survey!A9"])
    }

    @Test func unsupportedConstructsAreErrorsUnlessSkipped() {
        let problems = Self.reported()
        let stopping = problems.diagnostics(skipUnsupported: false)
        #expect(stopping.map { $0.place?.name } == ["workbook", "survey!D7", "survey!D8", "survey!A9"])
        #expect(stopping.map(\.severity) == [.error, .warning, .warning, .error])
        let skipping = problems.diagnostics(skipUnsupported: true)
        #expect(skipping.map(\.severity) == [.error, .warning, .warning, .warning])
        #expect(skipping.last?.hint == nil)  // skipped already: --skip-unsupported is not suggested
    }
}
