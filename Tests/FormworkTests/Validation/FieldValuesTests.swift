import Testing

@testable import Formwork

/// Reading a field's value from text or typed data, and checking the field's own rules.
@Suite("Field values: parse, coerce, check")
struct FieldValuesTests {
    /// The definition the tests read, loaded for each test: one that does not load fails
    /// the test with its diagnostics.
    let definition: FormDefinition

    init() throws {
        definition = try FormDefinition(
            yaml: #"""
                id: v
                title: Values
                sections:
                  - id: s
                    fields:
                      - { id: name, kind: text, label: Name, minLength: 2, maxLength: 5 }
                      - { id: code, kind: text, label: Code, pattern: '[A-Z]{3}-\d+' }
                      - { id: mail, kind: text, label: Mail, format: email }
                      - { id: site, kind: text, label: Site, format: url }
                      - { id: line, kind: text, label: Line, format: geotrace }
                      - { id: shape, kind: text, label: Shape, format: geoshape }
                      - { id: story, kind: text, label: Story, maxLength: 1000000 }
                      - { id: pin, kind: secure, label: PIN, minLength: 4 }
                      - { id: qty, kind: number, label: Qty, min: 1, max: 10, step: 0.5 }
                      - { id: amount, kind: number, label: Amount, step: 0.1 }
                      - { id: on, kind: switch, label: On }
                      - id: size
                        kind: choice
                        label: Size
                        options: [{ value: s, label: Small }, { value: m, label: Medium }]
                      - id: swap
                        kind: choice
                        label: Swap
                        options: [{ value: a, label: b }, { value: b, label: a }, { value: C, label: Upper }]
                      - { id: tags, kind: multichoice, label: Tags, options: [red, green, blue], maxSelected: 2 }
                      - { id: day, kind: date, label: Day }
                      - { id: intro, kind: note, text: Hi }
                      - { id: twice, kind: computed, label: Twice, value: $qty * 2 }
                """#)
    }

    static let today = LocalDate("2024-03-01")!

    func field(_ id: String) -> FieldDefinition { definition.field(id)! }

    func parse(_ text: String, _ id: String) -> Result<Value, FieldError> {
        FieldValues.parse(text, for: field(id), today: Self.today)
    }

    /// The error's rule, for a failed parse or coerce.
    static func rule(_ result: Result<Value, FieldError>) -> ValidationRule? {
        if case .failure(let error) = result { return error.rule }
        return nil
    }

    // MARK: parse

    @Test func textIsTakenAsTypedAndEmptyIsUnanswered() {
        #expect(parse("  Ada ", "name") == .success("  Ada "))
        #expect(parse("", "name") == .success(.null))
        #expect(parse("s3cret ", "pin") == .success("s3cret "))
        #expect(parse("", "pin") == .success(.null))
    }

    @Test(
        arguments: [
            ("42", 42.0), (" -3.5 ", -3.5), ("+7", 7), ("1e3", 1000), ("2.5E-1", 0.25), (".5", 0.5), ("5.", 5),
        ])
    func numbersAreDecimal(text: String, number: Double) {
        #expect(parse(text, "qty") == .success(.number(number)))
    }

    @Test(arguments: ["abc", "1,5", "0x10", "1_000", "nan", "inf", "1e999", "-", ".", "1e", "3 4"])
    func otherTextIsNotANumber(text: String) {
        #expect(Self.rule(parse(text, "qty")) == .type(expected: "a number", input: text))
    }

    @Test func anEmptyNumberIsUnanswered() {
        #expect(parse("", "qty") == .success(.null))
        #expect(parse("   ", "qty") == .success(.null))
    }

    @Test func switchesTakeYesAndNoWords() {
        for word in ["yes", "y", "true", "on", "1", "x", "YES", " On "] {
            #expect(parse(word, "on") == .success(true), "\(word)")
        }
        for word in ["no", "n", "false", "off", "0", "", "No", " OFF"] {
            #expect(parse(word, "on") == .success(false), "\(word)")
        }
        #expect(Self.rule(parse("maybe", "on")) == .type(expected: "yes or no", input: "maybe"))
    }

    @Test func choicesTakeAValueOrALabelIgnoringCase() {
        #expect(parse("m", "size") == .success("m"))
        #expect(parse(" M ", "size") == .success("m"))
        #expect(parse("Medium", "size") == .success("m"))
        #expect(parse("sMALL", "size") == .success("s"))
        #expect(parse("", "size") == .success(.null))
        #expect(Self.rule(parse("huge", "size")) == .option("huge", options: ["s", "m"]))
    }

    /// An exact value wins over a label that spells it, then labels and values
    /// compare without case.
    @Test func anExactValueComesBeforeALabel() {
        #expect(parse("a", "swap") == .success("a"))
        #expect(parse("b", "swap") == .success("b"))
        #expect(parse("c", "swap") == .success("C"))
        #expect(parse("upper", "swap") == .success("C"))
    }

    @Test func multichoiceTakesACommaSeparatedListOnceEach() {
        #expect(parse("red, blue", "tags") == .success(["red", "blue"]))
        #expect(parse("blue,red", "tags") == .success(["blue", "red"]))
        #expect(parse("red,, RED ,Red", "tags") == .success(["red"]))
        #expect(parse(" , ", "tags") == .success(.null))
        #expect(parse("", "tags") == .success(.null))
        #expect(Self.rule(parse("red, pink", "tags")) == .option("pink", options: ["red", "green", "blue"]))
    }

    @Test func datesTakeISOTextOrToday() {
        #expect(parse("2024-02-29", "day") == .success(.date(LocalDate(year: 2024, month: 2, day: 29)!)))
        #expect(parse(" today ", "day") == .success(.date(Self.today)))
        #expect(parse("Today", "day") == .success(.date(Self.today)))
        #expect(parse("", "day") == .success(.null))
        for text in ["2024-02-30", "2023-02-29", "24-02-01", "2024/02/01", "01.02.2024", "tomorrow"] {
            #expect(Self.rule(parse(text, "day")) == .type(expected: "a date (YYYY-MM-DD)", input: text))
        }
    }

    @Test func notesAndComputedFieldsTakeNothing() {
        #expect(Self.rule(parse("x", "intro")) == .readOnly(kind: "note"))
        #expect(Self.rule(parse("3", "twice")) == .readOnly(kind: "computed"))
    }

    @Test func errorsQuoteTheInputAsTyped() {
        let result = parse(" abc ", "qty")
        #expect(Self.rule(result) == .type(expected: "a number", input: " abc "))
        if case .failure(let error) = result { #expect(error.description == "qty: ' abc ' is not a number") }
    }

    // MARK: coerce

    func coerce(_ value: Value, _ id: String) -> Result<Value, FieldError> {
        FieldValues.coerce(value, for: field(id))
    }

    @Test func typedValuesOfTheFieldsTypePass() {
        #expect(coerce("Ada", "name") == .success("Ada"))
        #expect(coerce(3.5, "qty") == .success(3.5))
        #expect(coerce(true, "on") == .success(true))
        #expect(coerce("s", "size") == .success("s"))
        #expect(coerce(.date(Self.today), "day") == .success(.date(Self.today)))
    }

    @Test func nullAndEmptyTextAreUnanswered() {
        for id in ["name", "pin", "qty", "on", "size", "tags", "day", "intro", "twice"] {
            #expect(coerce(nil, id) == .success(.null), "\(id)")
        }
        #expect(coerce("", "name") == .success(.null))
        #expect(coerce([], "tags") == .success(.null))
    }

    @Test func datesMayComeAsText() {
        #expect(coerce("2024-01-31", "day") == .success(.date(LocalDate("2024-01-31")!)))
        // Quoted as written, not as a JSON string.
        #expect(
            Self.rule(coerce("31/01/2024", "day")) == .type(expected: "a date (YYYY-MM-DD)", input: "31/01/2024"))
    }

    @Test func choicesTakeOptionValuesOnlyNotLabels() {
        #expect(Self.rule(coerce("Small", "size")) == .option("Small", options: ["s", "m"]))
        #expect(coerce(["red", "red", "blue"], "tags") == .success(["red", "blue"]))
        #expect(Self.rule(coerce(["red", "pink"], "tags")) == .option("pink", options: ["red", "green", "blue"]))
        #expect(
            Self.rule(coerce(["red", 1], "tags"))
                == .type(expected: "a list of option values", input: "[\"red\", 1]"))
    }

    @Test func aValueOfAnotherTypeIsAMismatchQuotedAsJSON() {
        #expect(Self.rule(coerce(3, "name")) == .type(expected: "text", input: "3"))
        #expect(Self.rule(coerce("3", "qty")) == .type(expected: "a number", input: "\"3\""))
        #expect(Self.rule(coerce(1, "on")) == .type(expected: "true or false", input: "1"))
        #expect(Self.rule(coerce(true, "size")) == .type(expected: "text", input: "true"))
        #expect(Self.rule(coerce("red", "tags")) == .type(expected: "a list of option values", input: "\"red\""))
        #expect(Self.rule(coerce(20_240_101, "day")) == .type(expected: "a date (YYYY-MM-DD)", input: "20240101"))
        #expect(Self.rule(coerce("x", "intro")) == .readOnly(kind: "note"))
        #expect(Self.rule(coerce(4, "twice")) == .readOnly(kind: "computed"))
    }

    // MARK: check

    func check(
        _ value: Value, _ id: String, minimum: Value = .null, maximum: Value = .null, limits: Limits = .default
    ) -> ValidationRule? {
        FieldValues.check(value, for: field(id), minimum: minimum, maximum: maximum, limits: limits)?.rule
    }

    @Test func textLengthsCountCharacters() {
        #expect(check("A", "name") == .minLength(2))
        #expect(check("Ada", "name") == nil)
        #expect(check("Grace", "name") == nil)
        #expect(check("Hopper", "name") == .maxLength(5))
        #expect(check("名前", "name") == nil)
        #expect(check("👍🏽👍🏽", "name") == nil)  // two characters, four scalars
        #expect(check("123", "pin") == .minLength(4))  // secure text has the same rules
    }

    @Test func patternsMatchTheWholeText() {
        #expect(check("ABC-42", "code") == nil)
        #expect(check("abc-42", "code") == .pattern("[A-Z]{3}-\\d+"))
        #expect(check("xABC-42", "code") == .pattern("[A-Z]{3}-\\d+"))
        #expect(check("ABC-42x", "code") == .pattern("[A-Z]{3}-\\d+"))
    }

    @Test(arguments: ["ada@example.org", "a.b+c@mail.example.co.uk", "名前@例え.jp"])
    func emailAddresses(text: String) {
        #expect(check(.string(text), "mail") == nil)
    }

    @Test(arguments: ["ada@", "ada@example", "@example.org", "ada@@example.org", "a b@example.org", "ada@example."])
    func notEmailAddresses(text: String) {
        #expect(check(.string(text), "mail") == .format("email"))
    }

    @Test func urlsNeedHTTPAndAHost() {
        for text in ["https://example.org", "http://example.org/a?b=c#d", "HTTPS://EXAMPLE.ORG"] {
            #expect(check(.string(text), "site") == nil, "\(text)")
        }
        for text in [
            "ftp://example.org", "example.org", "https://", "https:///path", "https://exa mple.org", "mailto:a@b.c",
        ] {
            #expect(check(.string(text), "site") == .format("url"), "\(text)")
        }
    }

    @Test func linesAndShapesAreWrittenAsODKWritesThem() {
        for text in ["52.1 4.3; 52.2 4.4", "52.1 4.3 12 5;52.2 4.4 0 0", "-10 20; 10 -20; 0 0"] {
            #expect(check(.string(text), "line") == nil, "\(text)")
        }
        for text in ["52.1 4.3", "52.1 4.3; 91 4.4", "52.1 4.3; x", "52.1 4.3 0 -1; 52.2 4.4"] {
            #expect(check(.string(text), "line") == .format("geotrace"), "\(text)")
        }
        #expect(check(.string("52.1 4.3; 52.2 4.4; 52.3 4.3; 52.1 4.3"), "shape") == nil)
        for text in ["52.1 4.3; 52.2 4.4; 52.1 4.3", "52.1 4.3; 52.2 4.4; 52.3 4.3; 52.4 4.3"] {
            #expect(check(.string(text), "shape") == .format("geoshape"), "\(text)")
        }
        #expect(ValidationRule.format("geoshape").message.contains("closed shape of at least 4 points"))
    }

    @Test func numbersWithinTheirBoundsOnTheirStep() {
        #expect(check(0, "qty", minimum: 1, maximum: 10) == .minimum("1"))
        #expect(check(10.5, "qty", minimum: 1, maximum: 10) == .maximum("10"))
        #expect(check(1, "qty", minimum: 1, maximum: 10) == nil)
        #expect(check(10, "qty", minimum: 1, maximum: 10) == nil)
        // The step counts from the minimum when there is one: 1, 1.5, 2, …
        #expect(check(2.5, "qty", minimum: 1, maximum: 10) == nil)
        #expect(check(2.25, "qty", minimum: 1, maximum: 10) == .step("0.5"))
        #expect(check(1.3, "qty", minimum: 0.3) == nil)
        #expect(check(1.5, "qty", minimum: 0.3) == .step("0.5"))
        // The bounds are the caller's (evaluated when they are expressions): none given, none checked.
        #expect(check(1000, "qty") == nil)
    }

    @Test func aDecimalStepToleratesBinaryRounding() {
        #expect(check(.number(0.1 + 0.2), "amount") == nil)
        #expect(check(0.7, "amount") == nil)
        #expect(check(-12.3, "amount") == nil)
        #expect(check(0.35, "amount") == .step("0.1"))
    }

    @Test func datesWithinTheirBounds() {
        let low = Value.date(LocalDate("2024-01-01")!), high = Value.date(LocalDate("2024-12-31")!)
        #expect(
            check(.date(LocalDate("2023-12-31")!), "day", minimum: low, maximum: high) == .minimum("2024-01-01"))
        #expect(
            check(.date(LocalDate("2025-01-01")!), "day", minimum: low, maximum: high) == .maximum("2024-12-31"))
        #expect(check(.date(LocalDate("2024-12-31")!), "day", minimum: low, maximum: high) == nil)
    }

    @Test func selectionsUpToTheMaximum() {
        #expect(check(["red", "blue"], "tags") == nil)
        #expect(check(["red", "green", "blue"], "tags") == .maxSelected(2))
    }

    /// No text may be longer than `Limits.maximumStringLength` characters, whatever
    /// the field's own `maxLength` says.
    @Test func theGlobalLimitOnTextComesFirst() {
        #expect(Limits.default.maximumStringLength == 100_000)
        let long = String(repeating: "a", count: 100_001)
        #expect(check(.string(long), "story") == .lengthLimit(100_000))
        #expect(check(.string(String(long.dropLast())), "story") == nil)
        var limits = Limits()
        limits.maximumStringLength = 10
        #expect(check(.string(String(repeating: "a", count: 11)), "name", limits: limits) == .lengthLimit(10))
        #expect(check(.string(String(repeating: "a", count: 10)), "story", limits: limits) == nil)
        // Characters, not bytes: sixty two-byte characters are within a limit of a hundred.
        limits.maximumStringLength = 100
        #expect(check(.string(String(repeating: "é", count: 60)), "story", limits: limits) == nil)
        #expect(check(.string(String(repeating: "é", count: 101)), "story", limits: limits) == .lengthLimit(100))
    }

    @Test func theGlobalLimitGivesTheLimitRule() throws {
        let error = try #require(
            FieldValues.check(.string(String(repeating: "x", count: 100_001)), for: field("story")))
        #expect(error.rule.name == "limit")
        #expect(error.message == "must be at most 100000 characters long (the limit for any text)")
    }

    @Test func otherValuesHaveNoOwnRulesToBreak() {
        #expect(check(true, "on") == nil)
        #expect(check("s", "size") == nil)
        #expect(check(nil, "name") == nil)
    }
}
