import Formwork
import Foundation
import Testing

@testable import FormworkODK

/// XLSForms of known shapes, imported and filled through a session: what each type,
/// column and structure row becomes, and every problem at its cell.
@Suite("XLSForm reader")
struct XLSFormReaderTests {
    @Test func typesBecomeKinds() throws {
        let form = try XLSFormBuilder.form(
            survey: [
                ["type", "name", "label"], ["text", "t", "T"], ["integer", "i", "I"], ["decimal", "d", "D"],
                ["date", "day", "Day"], ["time", "clock", "Clock"], ["dateTime", "moment", "Moment"],
                ["geopoint", "where", "Where"], ["select_one yn", "one", "One"],
                ["select_multiple yn", "many", "Many"],
                ["rank yn", "order", "Order"], ["note", "info", "Info"], ["calculate", "calc", ""],
                ["image", "photo", "Photo"], ["acknowledge", "ok", "OK?"], ["barcode", "code", "Code"],
                ["range", "level", "Level"],
            ],
            choices: [["list_name", "name", "label"], ["yn", "yes", "Yes"], ["yn", "no", "No"]])
        let kinds = Dictionary(uniqueKeysWithValues: form.fields.map { ($0.id, $0.kind) })
        #expect(kinds["t"] == .text && kinds["i"] == .number && kinds["d"] == .number && kinds["day"] == .date)
        #expect(kinds["clock"] == .time && kinds["moment"] == .datetime && kinds["where"] == .geopoint)
        #expect(kinds["one"] == .choice && kinds["many"] == .multichoice && kinds["order"] == .rank)
        #expect(kinds["info"] == .note && kinds["calc"] == .calculate && kinds["photo"] == .file)
        #expect(kinds["ok"] == .choice && kinds["code"] == .text && kinds["level"] == .number)
        let session = FormSession(definition: form)
        #expect(throws: SessionError.self) { try session.set("i", text: "2.5") }
        try session.set("level", text: "10")
        #expect(throws: SessionError.self) { try session.set("level", text: "11") }
    }

    @Test func groupsAreSectionsAndNestedGroupsCombineTheirConditions() throws {
        let form = try XLSFormBuilder.form(survey: [
            ["type", "name", "label", "relevant"], ["integer", "age", "Age", ""],
            ["begin group", "adult", "Adult", "${age} >= 18"], ["text", "job", "Job", ""],
            ["begin group", "work", "Work", "${job} != ''"], ["text", "employer", "Employer", ""],
            ["end group", "", "", ""],
            ["text", "hobby", "Hobby", ""], ["end group", "", "", ""], ["text", "remark", "Remark", ""],
        ])
        #expect(form.sections.map(\.id) == ["survey", "adult", "work", "adult_2", "survey_2"])
        #expect(form.sections.map(\.header) == [nil, "Adult", "Work", "Adult", nil])
        let session = FormSession(definition: form)
        #expect(!session.isVisible("job") && !session.isVisible("employer") && session.isVisible("remark"))
        try session.set("age", text: "20")
        #expect(session.isVisible("job") && session.isVisible("hobby") && !session.isVisible("employer"))
        try session.set("job", text: "nurse")
        #expect(session.isVisible("employer"))
        try session.set("age", text: "12")
        #expect(!session.isVisible("employer") && !session.isVisible("hobby"))
    }

    @Test func repeatsNestAndFollowTheirCount() throws {
        let form = try XLSFormBuilder.form(survey: [
            ["type", "name", "label", "repeat_count"], ["integer", "n", "How many?", ""],
            ["begin repeat", "person", "Person", "${n}"], ["text", "name", "Name", ""],
            ["begin repeat", "visit", "Visit", ""], ["date", "when", "When", ""], ["end repeat", "", "", ""],
            ["end repeat", "", "", ""],
        ])
        #expect(form.repeats.map(\.id) == ["person", "visit"])
        let session = FormSession(definition: form)
        try session.set("n", text: "3")
        #expect(try session.entries(of: "person").count == 3)
    }

    @Test func namesThatAreNotIdsKeepTheirNameAsTheKey() throws {
        let form = try XLSFormBuilder.form(survey: [
            ["type", "name", "label"], ["text", "first-name", "First"], ["begin group", "g1", "G1"],
            ["text", "name", "Name"], ["end group", "", ""], ["begin group", "g2", "G2"], ["text", "name", "Name"],
            ["end group", "", ""],
        ])
        #expect(form.fields.map(\.id) == ["first_name", "name", "name_2"])
        #expect(form.fields.map(\.key) == ["first-name", nil, "g2/name"])
    }

    @Test func translationsAndAnswersInLabels() throws {
        let form = try XLSFormBuilder.form(
            survey: [
                ["type", "name", "label::English (en)", "label::Français (fr)", "hint::English (en)"],
                ["text", "name", "Name", "Nom", "As written"],
                ["text", "hello", "Hello ${name} {sic}", "Bonjour ${name}", ""],
            ],
            settings: [["default_language"], ["Français (fr)"]])
        #expect(form.languages.map(\.code) == ["en", "fr"])
        #expect(form.defaultLanguage == "fr")
        let session = FormSession(definition: form)
        try session.set("name", text: "Ada")
        #expect(try session.label(of: "name") == "Nom")
        #expect(try session.label(of: "hello") == "Bonjour Ada")
        try session.setLanguage("en")
        #expect(try session.label(of: "name") == "Name")
        #expect(try session.label(of: "hello") == "Hello Ada {sic}")
        #expect(try session.help(of: "name") == "As written")
    }

    /// A language whose columns are all empty is not one of the form's: pyxform writes
    /// no translation for it (the corpus' IFRC form has such a `Local language`).
    @Test func aLanguageWithoutTextIsNotDeclared() throws {
        let form = try XLSFormBuilder.form(survey: [
            ["type", "name", "label::English (en)", "label::Local language", "hint::Local language"],
            ["text", "name", "Name", "", ""],
        ])
        #expect(form.languages.map(\.code) == ["en"])
    }

    @Test func orOtherAddsTheOptionAndItsText() throws {
        let form = try XLSFormBuilder.form(
            survey: [["type", "name", "label"], ["select_one fruit or_other", "fruit", "Fruit"]],
            choices: [["list_name", "name", "label"], ["fruit", "apple", "Apple"]])
        #expect(form.fields.map(\.id) == ["fruit", "fruit_other"])
        #expect(form.fields[0].options.map(\.value) == ["apple", "other"])
        let session = FormSession(definition: form)
        #expect(!session.isVisible("fruit_other"))
        try session.set("fruit", text: "other")
        #expect(session.isVisible("fruit_other"))
    }

    @Test func aChoiceFilterOffersTheChoicesItHolds() throws {
        let form = try XLSFormBuilder.form(
            survey: [
                ["type", "name", "label", "choice_filter"], ["select_one country", "country", "Country", ""],
                ["select_one city", "city", "City", "country=${country}"],
            ],
            choices: [
                ["list_name", "name", "label", "country"], ["country", "nl", "Netherlands", ""],
                ["country", "fr", "France", ""], ["city", "ams", "Amsterdam", "nl"], ["city", "par", "Paris", "fr"],
                ["city", "lyo", "Lyon", "fr"],
            ])
        let session = FormSession(definition: form)
        try session.set("country", text: "fr")
        #expect(session.visibleOptions(of: "city").map(\.value) == ["par", "lyo"])
        try session.set("country", text: "nl")
        #expect(session.visibleOptions(of: "city").map(\.value) == ["ams"])
    }

    @Test func requiredConstraintReadOnlyAndDefault() throws {
        let form = try XLSFormBuilder.form(survey: [
            ["type", "name", "label", "required", "constraint", "constraint_message", "read_only", "default"],
            ["integer", "age", "Age", "yes", ". >= 0", "Not negative", "", "4"],
            ["text", "code", "Code", "", "", "", "yes", "A1"],
        ])
        let session = FormSession(definition: form)
        #expect(session.value(of: "age") == .number(4))
        #expect(session.isRequired("age"))
        try session.set("age", text: "-1")
        #expect(session.errors().map(\.message) == ["Not negative"])
        #expect(session.isReadOnly("code") && session.value(of: "code") == .string("A1"))
    }

    /// A constraint judges an answer, as JavaRosa's does: a question left empty passes
    /// it (whether it must be answered is `required`'s to say).
    @Test func aConstraintIsNotCheckedOnAnEmptyAnswer() throws {
        let form = try XLSFormBuilder.form(
            survey: [
                ["type", "name", "label", "constraint", "required"], ["integer", "n", "N", ". >= 1 and . <= 20", ""],
                ["select_multiple yn", "m", "M", "count-selected(.) >= 1", "${n} = 5"],
            ], choices: [["list_name", "name", "label"], ["yn", "yes", "Yes"], ["yn", "no", "No"]])
        let session = FormSession(definition: form)
        #expect(session.validate().isEmpty)
        try session.set("n", text: "0")
        #expect(session.validate().map(\.field) == ["n"])
        try session.set("n", text: "5")
        #expect(session.validate().map(\.rule.name) == ["required"])
    }

    /// A boolean calculation is written 1 or 0 in a submission, as JavaRosa writes it.
    @Test func aBooleanCalculationIsSubmittedAsOneOrZero() throws {
        let form = try XLSFormBuilder.form(survey: [
            ["type", "name", "label", "calculation", "relevant"], ["integer", "n", "N", "", ""],
            ["calculate", "big", "", "${n} > 2", ""], ["note", "shown", "Big", "", "${big}"],
        ])
        let session = FormSession(definition: form)
        try session.set("n", text: "3")
        #expect(ODKSubmission.xml(of: session, instanceID: "uuid:1").contains("<big>1</big>"))
        #expect(session.isVisible("shown"))
        try session.set("n", text: "1")
        #expect(ODKSubmission.xml(of: session, instanceID: "uuid:1").contains("<big>0</big>"))
        #expect(!session.isVisible("shown"))
    }

    /// A relevant group whose questions are all not relevant is an empty element, where
    /// the form has it, as JavaRosa writes it; a group that is not relevant has none.
    @Test func aRelevantGroupWithNothingShownIsAnEmptyElement() throws {
        let form = try XLSFormBuilder.form(survey: [
            ["type", "name", "label", "relevant"], ["integer", "n", "N", ""],
            ["begin_group", "g", "G", "${n} > 1"], ["text", "t", "T", "${n} > 5"], ["end_group", "", "", ""],
            ["begin_repeat", "r", "R", ""], ["text", "x", "X", ""], ["end_repeat", "", "", ""],
            ["begin_group", "last", "Last", "${n} > 1"], ["text", "u", "U", "${n} > 5"], ["end_group", "", "", ""],
        ])
        let session = FormSession(definition: form)
        try session.set("n", text: "3")  // g is relevant, t is not
        let xml = ODKSubmission.xml(of: session, instanceID: "uuid:1")
        #expect(xml.contains("<n>3</n>\n  <g/>\n  <r>"), "\(xml)")
        #expect(xml.contains("</r>\n  <last/>\n  <meta>"), "\(xml)")  // after the repeat's entries
        try session.set("n", text: "0")  // g is not relevant
        #expect(!ODKSubmission.xml(of: session, instanceID: "uuid:1").contains("<g"))
        try session.set("n", text: "7")  // t is relevant: written inside g, once
        let shown = ODKSubmission.xml(of: session, instanceID: "uuid:1")
        #expect(shown.contains("<g>\n    <t/>\n  </g>") && shown.components(separatedBy: "<g").count == 2, "\(shown)")
    }

    /// A group inside a repeat's entry is an empty element of that entry while it is
    /// relevant there and none of its questions is, as JavaRosa writes it: its
    /// condition is read in each entry, its element stands where the entry has it.
    @Test func aRelevantGroupInAnEntryWithNothingShownIsAnEmptyElement() throws {
        let form = try XLSFormBuilder.form(survey: [
            ["type", "name", "label", "relevant"], ["begin_repeat", "r", "R", ""], ["integer", "n", "N", ""],
            ["begin_group", "g", "G", "${n} > 1"], ["begin_group", "h", "H", ""], ["text", "t", "T", "${n} > 5"],
            ["end_group", "", "", ""], ["end_group", "", "", ""], ["text", "after", "After", ""],
            ["end_repeat", "", "", ""],
        ])
        #expect(form.submission?.groups.filter { $0.repeatID == "r" }.map(\.path) == ["g", "g/h"])
        let session = FormSession(definition: form)
        _ = try session.addEntry("r")
        try session.set("r[1].n", text: "3")  // g and h relevant, t not
        try session.set("r[2].n", text: "0")  // g not relevant
        let xml = ODKSubmission.xml(of: session, instanceID: "uuid:1")
        #expect(xml.contains("<r>\n    <n>3</n>\n    <g>\n      <h/>\n    </g>\n    <after/>\n  </r>"), "\(xml)")
        #expect(xml.contains("<r>\n    <n>0</n>\n    <after/>\n  </r>"), "\(xml)")
        try session.set("r[1].n", text: "7")  // t relevant: written inside g/h, once
        let shown = ODKSubmission.xml(of: session, instanceID: "uuid:1")
        #expect(shown.contains("<g>\n      <h>\n        <t/>\n      </h>\n    </g>"), "\(shown)")
        #expect(shown.components(separatedBy: "<g>").count == 2, "\(shown)")
    }

    /// A repeat without a count starts with one entry, as JavaRosa starts pyxform's
    /// XForm (its instance holds a first entry, which Collect shows without asking).
    @Test func aRepeatWithoutACountStartsWithOneEntry() throws {
        let form = try XLSFormBuilder.form(survey: [
            ["type", "name", "label", "repeat_count"], ["begin_repeat", "kid", "Kid", ""],
            ["text", "name", "Name", ""], ["end_repeat", "", "", ""], ["begin_repeat", "pet", "Pet", "0"],
            ["text", "kind", "Kind", ""], ["end_repeat", "", "", ""],
        ])
        let session = FormSession(definition: form)
        #expect(try session.entries(of: "kid").count == 1)
        #expect(try session.entries(of: "pet").isEmpty)
        #expect(ODKSubmission.xml(of: session, instanceID: "uuid:1").contains("<kid>\n    <name/>\n  </kid>"))
    }

    /// A calculation whose value is a number stays one, as in JavaRosa: summed over a
    /// repeat's entries, compared as a number.
    @Test func aNumericCalculationIsANumber() throws {
        let form = try XLSFormBuilder.form(survey: [
            ["type", "name", "label", "calculation", "relevant"], ["begin_repeat", "item", "Item", "", ""],
            ["integer", "n", "N", "", ""], ["calculate", "double", "", "${n} * 2", ""],
            ["calculate", "same", "", "${n}", ""], ["end_repeat", "", "", "", ""],
            ["calculate", "total", "", "sum(${double}) + sum(${same})", ""],
            ["note", "big", "Big", "", "${total} > 10"],
        ])
        let session = FormSession(definition: form)
        try session.set("item[1].n", text: "3")
        #expect(session.value(of: "total") == .number(9) && !session.isVisible("big"))
        try session.set("item[1].n", text: "9")
        #expect(session.isVisible("big"))
    }

    /// A calculated number is submitted in full, as JavaRosa writes it (Java's shortest
    /// text of the double), not rounded to 15 digits.
    @Test func aCalculatedNumberIsSubmittedInFull() throws {
        let form = try XLSFormBuilder.form(survey: [
            ["type", "name", "label", "calculation"], ["decimal", "x", "X", ""],
            ["calculate", "rest", "", "5.6 mod 3"],
            ["calculate", "third", "", "${x} div 3"],
        ])
        let session = FormSession(definition: form)
        try session.set("x", text: "1")
        let xml = ODKSubmission.xml(of: session, instanceID: "uuid:1")
        #expect(xml.contains("<rest>2.5999999999999996</rest>") && xml.contains("<third>0.3333333333333333</third>"))
    }

    /// A calculation on a question, as JavaRosa has it: one that reads answers is what
    /// the submission holds (JavaRosa computes it again when the form is finished,
    /// whatever was typed); one that reads nothing is computed once, then the person's.
    @Test func aCalculationOnAQuestionIsRecomputedAndStillEditable() throws {
        let form = try XLSFormBuilder.form(survey: [
            ["type", "name", "label", "calculation"], ["text", "first", "First", ""],
            ["text", "greeting", "Greeting", "concat('Hello ', ${first})"],
            ["text", "code", "Code", "concat('A', '-', 7)"],
        ])
        let session = FormSession(definition: form)
        #expect(session.value(of: "code") == .string("A-7"))
        try session.set("first", text: "Ada")
        #expect(session.value(of: "greeting") == .string("Hello Ada"))
        #expect(throws: SessionError.self) { try session.set("greeting", text: "Hi") }
        try session.set("code", text: "B-1")
        #expect(session.value(of: "code") == .string("B-1"))
    }

    @Test func structureProblemsAreReportedAtTheirCells() throws {
        let list = try #require(
            try XLSFormBuilder.problems(survey: [
                ["type", "name", "label"], ["begin group", "g", "G"], ["txet", "a", "A"], ["end repeat", "", ""],
                ["select_one nowhere", "b", "B"], ["integer", "", "No name"],
            ]))
        let rendered = list.rendered
        #expect(rendered.contains("form.xlsx: survey!A3: error: unknown question type 'txet'; did you mean 'text'?"))
        #expect(rendered.contains("form.xlsx: survey!A4: error: 'end repeat' closes 'begin group' 'g'"))
        #expect(rendered.contains("form.xlsx: survey!B6: error: a 'integer' question without a name"))
        #expect(rendered.contains("form.xlsx: survey!A5: error: there is no choice list 'nowhere'"))
    }

    /// Without `--skip-unsupported` what cannot be represented is listed; with it, a
    /// question whose type cannot be is a note in its place (its relevance kept), and
    /// an expression that cannot be read is left out of its question, which stays.
    @Test func whatCannotBeRepresentedIsListedOrSkippedAsANote() throws {
        let survey = [
            ["type", "name", "label", "relevant", "calculation"], ["integer", "n", "N", "", ""],
            ["entity", "e", "E", "${n} > 1", ""], ["text", "t", "T", "${e} != ''", ""],
            ["calculate", "c", "", "", "count(//item)"], ["integer", "m", "M", "${c} = ''", ""],
        ]
        let list = try #require(try XLSFormBuilder.problems(survey: survey))
        #expect(list.diagnostics.count == 2, "\(list.rendered)")
        #expect(list.rendered.hasPrefix("form.xlsx: survey!A3: error: 'entity' is not supported: "))
        #expect(list.rendered.contains("form.xlsx: survey!E5: error: the calculation is not supported: the path"))
        #expect(list.rendered.contains("--skip-unsupported"))
        let form = try XLSFormBuilder.form(survey: survey, skipUnsupported: true)
        #expect(form.fields.map(\.kind) == [.number, .note, .text, .calculate, .number])
        #expect(form.warnings.count == 3)
        let note = try #require(form.fields[1].texts.note?.variants.first?.template.source)
        #expect(note.hasPrefix("Skipped 'e': survey!A3: 'entity' is not supported"), "\(note)")
        #expect(form.fields[1].visible?.source == "$n > 1")
        #expect(form.fields[2].visible == nil)
        let session = FormSession(definition: form)
        _ = session.reload()
        #expect(session.value(of: "c") == .string(""))
        #expect(session.visibleIndexPath(ofField: "m") != nil)
    }

    /// The longest expression translated is the loader's (`ImportOptions.limits`), as
    /// for a definition written by hand, not a number of the importer's own.
    @Test func theLongestExpressionIsTheLoadersLimit() throws {
        let survey = [
            ["type", "name", "label", "relevant"], ["integer", "n", "N", ""],
            ["text", "t", "T", "${n} > 1 and ${n} < 100"],
        ]
        let bytes = try XLSFormBuilder.workbook(XLSFormBuilder.sheets(survey: survey, choices: nil, settings: nil))
        var limits = Limits()
        limits.maximumExpressionLength = 20
        #expect {
            try XLSFormImporter().document(bytes, path: "form.xlsx", options: ImportOptions(limits: limits))
        } throws: { error in
            (error as? DiagnosticList)?.rendered.contains(
                "form.xlsx: survey!D3: error: the relevant is not supported: the expression is 23 characters long; "
                    + "Formwork reads at most 20") == true
        }
        limits.maximumExpressionLength = 23
        _ = try XLSFormImporter().document(bytes, path: "form.xlsx", options: ImportOptions(limits: limits))
    }
}

/// A path after a reference: `${group}/q` continues the group's path, as pyxform
/// writes it (`/data/group /q`) and JavaRosa reads it (the oracle's fill of the same
/// workbook: `twice` is 6 after `q` = 3).
@Suite("XLSForm paths after a reference")
struct XLSFormPathAfterReferenceTests {
    @Test func aGroupsPathContinuesToItsQuestion() throws {
        let form = try XLSFormBuilder.form(survey: [
            ["type", "name", "label", "calculation", "relevant"], ["begin group", "g", "G", "", ""],
            ["integer", "q", "Q", "", ""], ["end group", "", "", "", ""],
            ["calculate", "twice", "", "${g}/q * 2", ""], ["text", "t", "T", "", "${g}/q > 1"],
        ])
        let session = FormSession(definition: form)
        try session.set("q", text: "3")
        #expect(session.value(of: "twice") == .number(6))
        #expect(form.field("t")?.visible?.source == "$q > 1")
        #expect(throws: DiagnosticList.self) {
            try XLSFormBuilder.form(survey: [
                ["type", "name", "label", "calculation"], ["begin group", "g", "G", ""], ["integer", "q", "Q", ""],
                ["end group", "", "", ""], ["calculate", "c", "", "${g}/nope"],
            ])
        }
    }
}
