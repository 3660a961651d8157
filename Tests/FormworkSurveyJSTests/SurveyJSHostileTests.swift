import Formwork
import Foundation
import Testing

@testable import FormworkSurveyJS

/// Surveys made to crash, hang or swamp the reader (the hostile corpus has them as
/// files, `Tests/formworkTests/Hostile/definitions/7*`): each ends in time with a
/// clear error at its place, or within a documented limit.
@Suite("SurveyJS hostile surveys", .timeLimit(.minutes(1)))
struct SurveyJSHostileTests {
    static func read(_ json: String, limits: Limits = .default) throws -> (DefinitionDocument, [Diagnostic]) {
        try SurveyJSImport.document(fromJSON: Array(json.utf8), path: "survey.json", limits: limits)
    }

    static func messages(_ problems: [Diagnostic], _ severity: Diagnostic.Severity = .error) -> [String] {
        problems.filter { $0.severity == severity }.map(\.message)
    }

    static func survey(_ elements: [String]) -> String {
        #"{ "pages": [ { "name": "p", "elements": [ "# + elements.joined(separator: ", ") + " ] } ] }"
    }

    /// Two questions that take their choices from each other were followed back and
    /// forth until the stack ran out (a crash). survey-core gives them no choices.
    @Test func questionsThatTakeTheirChoicesFromEachOtherHaveNone() throws {
        let (_, problems) = try Self.read(
            Self.survey([
                #"{ "type": "dropdown", "name": "a", "choicesFromQuestion": "b" }"#,
                #"{ "type": "dropdown", "name": "b", "choicesFromQuestion": "a" }"#,
            ]))
        #expect(
            Self.messages(problems, .warning).contains(
                "choicesFromQuestion goes round in a circle through 'b'; it has no choices, as in survey-core"))
        #expect(problems.allSatisfy { $0.severity == .warning })
    }

    /// A text longer than Formwork's strings is refused at its place before anything
    /// reads it (a 10 MB title or expression).
    @Test func aHugeStringIsRefusedAtItsPlace() throws {
        var limits = Limits.default
        limits.maximumStringLength = 1_000
        let long = String(repeating: "T", count: 1_001)
        #expect {
            try Self.read(#"{ "title": "\#(long)", "elements": [ { "type": "text", "name": "a" } ] }"#, limits: limits)
        } throws: { error in
            let diagnostics = (error as? DiagnosticList)?.diagnostics ?? []
            return diagnostics.map(\.message) == ["a string of 1001 characters exceeds the limit of 1000"]
                && diagnostics.first?.place?.name == "1:12"
        }
    }

    /// Each `<` searched the rest of the text for its `>`: 100,000 of them took minutes.
    @Test func htmlOfOpeningBracketsIsReadInLinearTime() {
        let html = String(repeating: "<", count: 100_000)
        #expect(SurveyJSReader.plainText(fromHTML: html) == html)
        // A `<` before a `>` still starts a tag, as it always did.
        #expect(SurveyJSReader.plainText(fromHTML: String(repeating: "<", count: 50_000) + "<b>x") == "x")
    }

    /// `{a} or {b} or …` repeats each side in its translation: it doubled at each `or`
    /// (40 of them took minutes and gigabytes); it stops at Formwork's length.
    @Test func aTranslationThatDoublesStopsAtTheLimit() throws {
        let context = SurveyJSContext(name: { $0 == "a" ? SurveyJSSymbol(id: "a", kind: .text) : nil })
        for op in ["or", "and", "="] {
            let expression = Array(repeating: "{a}", count: 40).joined(separator: " \(op) ")
            #expect {
                try SurveyJSTranslator.translate(expression, as: .value, in: context)
            } throws: { error in
                (error as? TranslationError)?.message.hasPrefix("its translation is longer than the 10000")
                    == true
            }
        }
        // A short one still translates.
        #expect(try SurveyJSTranslator.translate("{a} or {a} or {a}", as: .condition, in: context).text.count < 400)
    }

    /// A dropdown matrix of 1,000 rows and 1,000 columns is a 46 KB survey and a
    /// million fields: refused at the cell that passes Formwork's limit, at once.
    @Test func aMatrixOfAMillionCellsIsRefusedAtItsPlace() throws {
        let rows = (0..<1_000).map { "\"r\($0)\"" }.joined(separator: ", ")
        let columns = (0..<1_000).map { #"{ "name": "c\#($0)", "cellType": "text" }"# }.joined(separator: ", ")
        let (_, problems) = try Self.read(
            Self.survey([#"{ "type": "matrixdropdown", "name": "m", "rows": [\#(rows)], "columns": [\#(columns)] }"#]))
        let errors = problems.filter { $0.severity == .error }
        #expect(errors.count == 1)
        #expect(errors.first?.message.hasPrefix("the survey makes more than 200000 fields") == true)
        #expect(errors.first?.place?.name.hasPrefix("1:") == true)
    }

    /// Choices copied to each row, texts to each language, count toward the form's
    /// nodes and its size as a definition.
    @Test func choicesAndTranslationsCountTowardTheLimits() throws {
        var limits = Limits.default
        limits.maximumFileSize = 10_000
        let choices = (0..<1_000).map { "\"c\($0)\"" }.joined(separator: ", ")
        let (_, problems) = try Self.read(
            Self.survey([#"{ "type": "dropdown", "name": "d", "choices": [\#(choices)] }"#]), limits: limits)
        #expect(
            Self.messages(problems).first?.hasPrefix("the form the survey makes is more than 10000 bytes") == true)

        limits = .default
        limits.maximumNodes = 1_000
        // 300 languages (`ab`, `ab-cd`…), and ten texts in each.
        let letters = Array("abcdefghijklmnopqrst")
        let codes = letters.flatMap { a in letters.map { b in "\(a)\(b)" } }.prefix(300)
        let title = "{ " + codes.map { "\"\($0)\": \"t\"" }.joined(separator: ", ") + " }"
        let questions = (0..<10).map { #"{ "type": "text", "name": "q\#($0)", "title": \#(title) }"# }
        let (_, translated) = try Self.read(Self.survey(questions), limits: limits)
        #expect(
            Self.messages(translated).first?.hasPrefix("the form the survey makes has more than 1000 fields") == true)
    }

    /// Every unknown name searched every question's name for "did you mean": 20,000
    /// such questions took hours. The searches are bounded; each is still reported.
    @Test func manyUnknownNamesAreReportedPromptly() throws {
        let questions = (0..<5_000).map {
            #"{ "type": "text", "name": "question\#($0)", "visibleIf": "{zz\#($0)} = 1" }"#
        }
        let (_, problems) = try Self.read(Self.survey(questions))
        let warnings = Self.messages(problems, .warning)
        #expect(warnings.count == 5_000)
        #expect(warnings.allSatisfy { $0.contains("names no question of the survey") })
    }

    /// A condition translated for each of 20,000 choices (`choicesVisibleIf`), or
    /// conditions that compare a question of 100,000 choices hundreds of times, took
    /// minutes to hours: the translations of a survey share a bound, reported once.
    @Test func translationsShareABound() throws {
        let condition = (0..<30).map { "{item} = 'c\($0)'" }.joined(separator: " or ")
        let choices = (0..<20_000).map { "\"c\($0)\"" }.joined(separator: ", ")
        let (_, problems) = try Self.read(
            Self.survey([
                #"{ "type": "dropdown", "name": "d", "choicesVisibleIf": "\#(condition)", "choices": [\#(choices)] }"#
            ]))
        #expect(
            Self.messages(problems) == [
                "the expression is not supported: the survey's expressions take more than 3000000 steps to translate "
                    + "(each character, and each choice of a question compared, is one)"
            ])
    }

    /// `panelCount: 1e9` and the like are read as survey-core reads them: at most 100
    /// panels and 1,000 rows, with a warning.
    @Test func aBillionPanelsAreAHundred() throws {
        let definition = try FormDefinition(
            document: Self.read(
                Self.survey([
                    #"{ "type": "paneldynamic", "name": "pd", "panelCount": 1e9, "maxPanelCount": 1e9, "#
                        + #""templateElements": [ { "type": "text", "name": "a" } ] }"#,
                    #"{ "type": "matrixdynamic", "name": "md", "rowCount": 1e9, "maxRowCount": 1e9, "#
                        + #""cellType": "text", "columns": [ { "name": "c" } ] }"#,
                ])
            ).0, path: "survey.json", formats: .surveyJS)
        #expect(definition.repeats.map(\.maximum) == [100, 1_000])
        let (_, problems) = try Self.read(
            Self.survey([
                #"{ "type": "paneldynamic", "name": "pd", "maxPanelCount": 1e9, "#
                    + #""templateElements": [ { "type": "text", "name": "a" } ] }"#
            ]))
        #expect(
            Self.messages(problems, .warning) == [
                "'maxPanelCount' is 1000000000; SurveyJS allows at most 100, which it is read as"
            ])
    }

    /// A list of the wrong type is an error where it is, not an empty survey.
    @Test func listsOfTheWrongTypeAreErrors() throws {
        let (_, problems) = try Self.read(
            #"{ "pages": [ { "elements": 5 }, 7 ], "triggers": "x", "#
                + #""elements": [ { "type": "dropdown", "name": "d", "choices": { "a": 1 } } ] }"#)
        #expect(
            Array(Self.messages(problems).prefix(4)) == [
                "each of 'pages' must be an object ({ … }), not a number", "'triggers' must be a list, not a text",
                "'elements' must be a list, not a number", "'choices' must be a list, not an object",
            ])
    }

    /// A flag or a number of another type is left out, with a warning.
    @Test func flagsAndNumbersOfAnotherTypeAreLeftOutWithAWarning() throws {
        let (_, problems) = try Self.read(
            Self.survey([
                #"{ "type": "text", "name": "a", "isRequired": "yes" }"#,
                #"{ "type": "rating", "name": "r", "rateMax": "x", "rateMin": "2" }"#,
            ]))
        #expect(
            Self.messages(problems, .warning) == [
                "'isRequired' is true or false, not \"yes\": it is left out",
                "'rateMax' is a number, not \"x\": it is left out",
            ])
    }

    /// The longest expression translated, and the longest translation, are the
    /// loader's (`ImportOptions.limits`), not a number of the importer's own.
    @Test func theLongestExpressionIsTheLoadersLimit() throws {
        let json = Self.survey([
            #"{ "type": "text", "name": "a" }"#, #"{ "type": "text", "name": "b", "visibleIf": "{a} = 'x'" }"#,
        ])
        var limits = Limits()
        limits.maximumExpressionLength = 8
        let (_, problems) = try Self.read(json, limits: limits)
        #expect(
            Self.messages(problems).contains {
                $0.contains("the expression is 9 characters long; Formwork reads at most 8")
            })
        limits.maximumExpressionLength = 9
        let (_, translated) = try Self.read(json, limits: limits)
        #expect(
            Self.messages(translated).contains { $0.contains("its translation is longer than the 9 characters") })
        limits.maximumExpressionLength = 100
        #expect(Self.messages(try Self.read(json, limits: limits).1).isEmpty)
    }

    /// Values written into Formwork's expressions go through `ExpressionText`: an option
    /// value with a backslash is compared as written (it read `\n` as a line break, and a
    /// trailing backslash left the literal open), and a validator's bound of NaN is left
    /// out rather than written as `nan`.
    @Test func valuesWrittenIntoExpressionsReadBackAsWritten() throws {
        let json = Self.survey([
            #"{ "type": "checkbox", "name": "src", "choices": ["a\\nb", "c\\"] }"#,
            #"{ "type": "radiogroup", "name": "pick", "choicesFromQuestion": "src", "#
                + #""choicesFromQuestionMode": "selected" }"#,
            #"{ "type": "text", "inputType": "number", "name": "n", "#
                + #""validators": [ { "type": "numeric", "minValue": "nan", "maxValue": 10 } ] }"#,
        ])
        let (document, problems) = try Self.read(json)
        #expect(Self.messages(problems).isEmpty)
        let session = FormSession(
            definition: try FormDefinition(document: document, path: "survey.json", formats: .surveyJS))
        let values = [#"a\nb"#, #"c\"#]  // a backslash and an n; a trailing backslash
        try session.set("src", to: .list(values.map(Value.string)))
        #expect(session.visibleOptions(of: "pick").map(\.value) == values)
        try session.set("n", text: "11")
        #expect(session.errors().map(\.field) == ["n"])
        try session.set("n", text: "-1000")
        #expect(session.errors().isEmpty)
    }

    /// A quote of an expression is cut as a long source line is.
    @Test func aLongQuoteIsCut() throws {
        let expression = String(repeating: "(", count: 20_000) + "{a}" + String(repeating: ")", count: 20_000)
        let json = Self.survey([
            #"{ "type": "text", "name": "a" }"#, #"{ "type": "text", "name": "b", "visibleIf": "\#(expression)" }"#,
        ])
        let (_, problems) = try Self.read(json)
        let rendered = DiagnosticList(path: "survey.json", source: nil, diagnostics: problems).rendered
        #expect(rendered.contains("Formwork reads at most 10000"))
        #expect(rendered.split(separator: "\n").allSatisfy { $0.count < 200 })
    }
}
