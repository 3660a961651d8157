import Formwork
import Foundation
import Testing

@testable import FormworkSurveyJS

/// The survey reader on surveys without expressions: element types to kinds,
/// choices and their extra items, names to ids and keys, composite questions to one
/// field per part with their data paths, translations, and what is not supported.
@Suite("SurveyJS reader")
struct SurveyJSReaderTests {
    /// A survey's definition document and problems.
    static func read(_ json: String, skipUnsupported: Bool = false) throws -> (DefinitionDocument, [Diagnostic]) {
        try SurveyJSImport.document(fromJSON: Array(json.utf8), path: "survey.json", skipUnsupported: skipUnsupported)
    }

    /// The survey loaded as a definition.
    static func load(_ json: String) throws -> FormDefinition {
        let (document, problems) = try read(json)
        #expect(problems.filter { $0.severity == .error }.isEmpty, "\(problems)")
        return try FormDefinition(document: document, path: "survey.json", formats: .surveyJS)
    }

    static func field(_ definition: FormDefinition, _ id: String) throws -> FieldDefinition {
        try #require(definition.fields.first { $0.id == id })
    }

    @Test func elementTypesBecomeKinds() throws {
        let definition = try Self.load(
            """
            { "pages": [ { "name": "p1", "elements": [
              { "type": "text", "name": "name", "title": "Name", "isRequired": true, "maxLength": 20 },
              { "type": "text", "name": "age", "inputType": "number", "min": 0, "max": 120 },
              { "type": "text", "name": "born", "inputType": "date" },
              { "type": "text", "name": "secret", "inputType": "password" },
              { "type": "text", "name": "mail", "inputType": "email" },
              { "type": "comment", "name": "notes" },
              { "type": "radiogroup", "name": "size", "choices": ["s", "m", "l"] },
              { "type": "checkbox", "name": "langs", "choices": ["en", "fr"], "maxSelectedChoices": 1 },
              { "type": "boolean", "name": "agree", "isRequired": true },
              { "type": "rating", "name": "stars", "rateMax": 3 },
              { "type": "ranking", "name": "order", "choices": ["a", "b"] },
              { "type": "html", "name": "intro", "html": "<p>Hello &amp; <b>welcome</b></p>" }
            ] } ] }
            """)
        #expect(try Self.field(definition, "name").kind == .text)
        #expect(try Self.field(definition, "name").maxLength == 20)
        #expect(try Self.field(definition, "age").kind == .number)
        #expect(try Self.field(definition, "born").kind == .date)
        #expect(try Self.field(definition, "secret").kind == .secure)
        #expect(try Self.field(definition, "notes").kind == .text)
        #expect(try Self.field(definition, "size").kind == .choice)
        #expect(try Self.field(definition, "langs").kind == .multichoice)
        #expect(try Self.field(definition, "langs").maxSelected == 1)
        // A boolean is answered yes or no: required means answered, not "on".
        let agree = try Self.field(definition, "agree")
        #expect(agree.kind == .choice)
        #expect(agree.options.map(\.value) == ["true", "false"])
        #expect(try Self.field(definition, "stars").options.map(\.value) == ["1", "2", "3"])
        #expect(try Self.field(definition, "order").kind == .rank)
        let intro = try Self.field(definition, "intro")
        #expect(intro.kind == .note)
    }

    /// A default outside a number's or a date's bounds opens the survey (survey-core
    /// shows it, in error), left out with a warning.
    @Test func aDefaultOutsideTheBoundsIsLeftOutWithAWarning() throws {
        let (document, problems) = try Self.read(
            """
            { "elements": [
              { "type": "text", "name": "n", "inputType": "number", "max": 3, "defaultValue": 5 },
              { "type": "text", "name": "d", "inputType": "date", "min": "2020-01-01", "defaultValue": "2019-05-01" },
              { "type": "text", "name": "ok", "inputType": "number", "max": 3, "defaultValue": 2 }
            ] }
            """)
        #expect(problems.filter { $0.severity == .error }.isEmpty, "\(problems)")
        #expect(problems.filter { $0.message.contains("is not a value the question holds") }.count == 2)
        let definition = try FormDefinition(document: document, path: "survey.json", formats: .surveyJS)
        #expect(try Self.field(definition, "n").defaultValue == nil)
        #expect(try Self.field(definition, "ok").defaultValue != nil)
    }

    @Test func theExtraItemsAreOptionsAndOtherHasItsText() throws {
        let definition = try Self.load(
            """
            { "elements": [
              { "type": "dropdown", "name": "pet",
                "choices": [ { "value": 1, "text": "Cat" }, { "value": 2, "text": "Dog" } ],
                "showOtherItem": true, "showNoneItem": true }
            ] }
            """)
        let pet = try Self.field(definition, "pet")
        #expect(pet.options.map(\.value) == ["1", "2", "none", "other"])
        let comment = try Self.field(definition, "pet_comment")
        #expect(comment.key == "pet-Comment")
        #expect(comment.kind == .text)
    }

    @Test func namesThatAreNotIdsKeepTheirNameAsTheKey() throws {
        let definition = try Self.load(
            """
            { "elements": [ { "type": "text", "name": "first name" }, { "type": "text", "name": "q.1" } ] }
            """)
        #expect(try Self.field(definition, "first_name").key == "first name")
        #expect(try Self.field(definition, "q_1").key == "q.1")
    }

    @Test func compositeQuestionsAreAFieldPerPartWithTheirDataPaths() throws {
        let definition = try Self.load(
            """
            { "elements": [
              { "type": "multipletext", "name": "addr",
                "items": [ { "name": "city" }, { "name": "zip", "inputType": "number" } ] },
              { "type": "matrix", "name": "m", "columns": [ "1", "2" ], "rows": [ "speed", "price" ] },
              { "type": "matrixdropdown", "name": "md", "columns": [ { "name": "used", "cellType": "boolean" } ],
                "rows": [ "a" ] },
              { "type": "paneldynamic", "name": "kids", "templateElements": [ { "type": "text", "name": "kname" } ],
                "maxPanelCount": 4 }
            ] }
            """)
        #expect(try Self.field(definition, "addr_zip").kind == .number)
        #expect(try Self.field(definition, "m_speed").options.map(\.value) == ["1", "2"])
        #expect(try Self.field(definition, "md_a_used").options.map(\.value) == ["true", "false"])
        let layout = try #require(definition.submission)
        #expect(layout.format is SurveyJSAnswerFormat)
        #expect(layout.paths["addr_city"] == "addr/city")
        #expect(layout.paths["m_price"] == "m/price")
        #expect(layout.paths["md_a_used"] == "md/a/used")
        let kids = try #require(definition.repeats.first { $0.id == "kids" })
        #expect(kids.maximum == 4)
    }

    @Test func localisedTextsGiveTheFormItsLanguages() throws {
        let definition = try Self.load(
            """
            { "locale": "fr", "elements": [
              { "type": "text", "name": "q", "title": { "default": "Age", "fr": "Âge" } }
            ] }
            """)
        #expect(definition.languages.map(\.code) == ["en", "fr"])
        #expect(definition.defaultLanguage == "fr")
    }

    @Test func htmlIsShownAsPlainText() {
        // Blocks are separated by one blank line, a line break is a line, items are bullets.
        #expect(
            SurveyJSReader.plainText(fromHTML: "<h3>Title</h3><p>One &amp; two<br>three&#33;</p><ul><li>a</li></ul>")
                == "Title\n\nOne & two\nthree!\n\n• a")
        // A control character written as a reference is not decoded.
        #expect(SurveyJSReader.plainText(fromHTML: "a&#27;[2Jb") == "a&#27;[2Jb")
    }

    @Test func whatCannotBeRepresentedIsListedAtItsPosition() throws {
        let json = """
            { "elements": [
              { "type": "expression", "name": "e", "expression": "isContainerReady('page1', 0)" },
              { "type": "expression", "name": "f", "expression": "propertyValue({ok}, 'title')" },
              { "type": "text", "name": "ok" }
            ] }
            """
        let (_, problems) = try Self.read(json)
        let unsupported = problems.filter {
            if case .unsupportedConstruct = $0.problem { return true }
            return false
        }
        #expect(unsupported.map { $0.place?.name } == ["2:54", "3:54"])
        #expect(unsupported.allSatisfy { $0.severity == .error })
        let (document, skipped) = try Self.read(json, skipUnsupported: true)
        #expect(skipped.allSatisfy { $0.severity == .warning })
        let definition = try FormDefinition(document: document, path: "survey.json", formats: .surveyJS)
        // Each expression skipped computes nothing, with a warning.
        #expect(definition.fields.map(\.kind) == [.computed, .computed, .text])
        #expect(skipped.count == 2)
    }

    @Test func aSurveyIsRecognisedByContentAndFormworkJSONIsNot() {
        let importer = SurveyJSImporter()
        #expect(importer.recognizes(Array(#"{ "pages": [] }"#.utf8), path: "x.txt"))
        #expect(importer.recognizes(Array(#"  {"elements": [{"type": "text"}]}"#.utf8), path: "x"))
        #expect(
            !importer.recognizes(Array(#"{ "id": "f", "sections": [{"fields": []}], "pages": 1 }"#.utf8), path: "x"))
        #expect(!importer.recognizes(Array("id: f\nsections: []\n".utf8), path: "x.yaml"))
        #expect(!importer.recognizes(Array(#"{ "title": "pages" }"#.utf8), path: "x.json"))
    }

    /// A dynamic panel starts with `panelCount` entries, which are in the data even
    /// when empty (survey-core's data is `{"kids": [{}, {}]}`); a dynamic matrix's
    /// `rowCount` empty rows are not in survey-core's data, so it starts with none.
    @Test func aDynamicPanelStartsWithItsPanelCount() throws {
        let definition = try Self.load(
            """
            { "elements": [
              { "type": "paneldynamic", "name": "kids", "panelCount": 2, "maxPanelCount": 5,
                "templateElements": [ { "type": "text", "name": "k" } ] },
              { "type": "paneldynamic", "name": "pets", "panelCount": 9, "minPanelCount": 1, "maxPanelCount": 3,
                "templateElements": [ { "type": "text", "name": "p" } ] },
              { "type": "matrixdynamic", "name": "meds", "columns": [ { "name": "drug", "cellType": "text" } ] }
            ] }
            """)
        #expect(definition.repeats.map(\.start) == [2, 3, 0])
        let session = FormSession(definition: definition)
        #expect(try session.entries(of: "kids").count == 2)
        let data = SurveyJSData.json(of: session, pretty: false)
        #expect(data == #"{"kids":[{},{}],"pets":[{},{},{}]}"#, "\(data)")
    }

    /// survey-core 3 has no `noneValue` (it reports an unknown property): its none item
    /// is `none` whatever the survey writes, and so it is here, with a warning.
    @Test func theNoneItemIsNoneAsInSurveyCore() throws {
        let (document, problems) = try Self.read(
            """
            { "elements": [ { "type": "checkbox", "name": "c", "choices": ["a"], "showNoneItem": true,
              "noneValue": "nothing" } ] }
            """)
        let form = try FormDefinition(document: document, path: "survey.json", formats: .surveyJS)
        #expect(try Self.field(form, "c").options.map(\.value) == ["a", "none"])
        #expect(problems.contains { $0.severity == .warning && $0.message.contains("survey-core has no 'noneValue'") })
    }
}
