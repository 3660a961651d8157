import FormworkTesting
import Foundation
import Testing

@testable import Formwork

/// `data:` tables and `lookup()`/`lookup-all()`: rows found by text, by number and by
/// several keys, the first row's cell or every row's, texts per language, and every
/// mistake at its place with a hint.
@Suite("Data tables and lookups")
struct DataTableTests {
    static let yaml = """
        id: shop
        title: Shop
        languages: { en: English, fr: Français }
        data:
          prices:
            - { item: rice, size: small, price: 3.5 }
            - { item: rice, size: large, price: 6 }
            - { item: beans, size: small, price: 2 }
            - { item: corn, price: 1 }
          labels:
            - { name: rice, label: { en: Rice, fr: Riz } }
            - { name: beans, label: { fr: Haricots } }
        sections:
          - id: s
            fields:
              - { id: item, kind: choice, label: Item, options: [rice, beans, corn, tea] }
              - { id: size, kind: choice, label: Size, options: [small, large] }
              - { id: code, kind: number, label: Code }
              - { id: price, kind: calculate, value: "lookup('prices', 'price', 'item', $item, 'size', $size)" }
              - { id: first, kind: calculate, value: "lookup('prices', 'price', 'item', $item)" }
              - { id: sizes, kind: calculate, value: "join(', ', lookup-all('prices', 'size', 'item', $item))" }
              - { id: rows, kind: calculate, value: "count(lookup-all('prices', 'item', 'item', $item))" }
              - { id: byNumber, kind: calculate, value: "lookup('prices', 'item', 'price', $code)" }
              - { id: name, kind: calculate, value: "lookup('labels', 'label', 'name', $item)" }
              - { id: top, kind: calculate, value: "lookup('prices', 'item')" }
        """

    static func session() throws -> FormSession {
        try FormSession(definition: FormDefinition(yaml: Self.yaml), today: Fixtures.today)
    }

    @Test func theTablesLoadWithTheirColumnsInOrder() throws {
        let form = try FormDefinition(yaml: Self.yaml)
        let prices = try #require(form.data["prices"])
        #expect(prices.columns == ["item", "size", "price"])
        #expect(prices.rows.last == ["corn", "", "1"])
        #expect(form.data["labels"]?.translations[1]?["fr"] == ["Riz", "Haricots"])
    }

    @Test func aLookupFindsTheFirstRowWhoseKeysMatch() throws {
        let session = try Self.session()
        #expect(session.value(of: "price") == .null)
        #expect(session.value(of: "top") == .string("rice"))
        try session.set("item", to: .string("rice"))
        #expect(session.value(of: "first") == .string("3.5"))
        #expect(session.value(of: "price") == .null)
        try session.set("size", to: .string("large"))
        #expect(session.value(of: "price") == .string("6"))
        #expect(session.value(of: "sizes") == .string("small, large"))
        #expect(session.value(of: "rows") == .number(2))
        try session.set("item", to: .string("corn"))
        #expect(session.value(of: "sizes") == .string(""))
        #expect(session.value(of: "rows") == .number(1))
        try session.set("item", to: .string("tea"))
        #expect(session.value(of: "first") == .null)
        #expect(session.value(of: "rows") == .number(0))
    }

    @Test func aNumberKeyMatchesCellsReadAsNumbers() throws {
        let session = try Self.session()
        try session.set("code", to: .number(6))
        #expect(session.value(of: "byNumber") == .string("rice"))
        try session.set("code", to: .number(2.0))
        #expect(session.value(of: "byNumber") == .string("beans"))
        try session.set("code", to: .number(7))
        #expect(session.value(of: "byNumber") == .null)
    }

    @Test func aColumnWithTextsPerLanguageIsReadInTheSessionsLanguage() throws {
        let session = try Self.session()
        try session.set("item", to: .string("rice"))
        #expect(session.value(of: "name") == .string("Rice"))
        try session.setLanguage("fr")
        #expect(session.value(of: "name") == .string("Riz"))
        try session.set("item", to: .string("beans"))
        #expect(session.value(of: "name") == .string("Haricots"))
        try session.setLanguage("en")
        // No English text: the row's own, the first language given.
        #expect(session.value(of: "name") == .string("Haricots"))
    }

    static func diagnostics(_ value: String, data: String = "  t: [{ a: x, b: y }]") -> String {
        Fixtures.diagnostics(
            yaml: """
                id: f
                title: F
                data:
                \(data)
                sections:
                  - id: s
                    fields:
                      - { id: k, kind: text, label: K }
                      - { id: v, kind: calculate, value: "\(value)" }
                """)
    }

    @Test func anUnknownTableOrColumnIsNamedWithWhatThereIs() {
        let table = Self.diagnostics("lookup('u', 'a', 'b', $k)")
        #expect(table.contains("form.yaml:9:50: error: the form has no data table 'u'"), "\(table)")
        #expect(table.contains("hint: the form's tables are 't' (declared under 'data:')"))
        let near = Self.diagnostics("lookup('prise', 'a', 'b', $k)", data: "  prices: [{ a: x }]\n  t: [{ a: y }]")
        #expect(near.contains("hint: did you mean 'prices'?"), "\(near)")
        let column = Self.diagnostics("lookup('t', 'c', 'bb', $k)")
        #expect(column.contains("form.yaml:9:55: error: the data table 't' has no column 'c'"), "\(column)")
        #expect(column.contains("form.yaml:9:60: error: the data table 't' has no column 'bb'"))
        #expect(column.contains("hint: did you mean 'b'?"))
    }

    @Test func tablesAndColumnsAreNamedInQuotesAndKeysComeInPairs() {
        let named = Self.diagnostics("lookup($k, 'a')")
        #expect(named.contains("argument 1 of 'lookup' must be a table named in quotes"), "\(named)")
        let few = Self.diagnostics("lookup('t')")
        #expect(
            few.contains("'lookup' takes a table, a column, pairs of a key column and a key, and a condition, not 1"))
        let pairs = Self.diagnostics("lookup('t', 'a', 'b')")
        #expect(
            pairs.contains("argument 3 of 'lookup' must be a condition (a boolean) after the pairs of keys, not text"),
            "\(pairs)")
        let key = Self.diagnostics("lookup-all('t', 'a', 'b', [1, 2])")
        #expect(key.contains("argument 4 of 'lookup-all' must be text, a number or a boolean, not a list"), "\(key)")
    }

    static let towns = """
        id: towns
        title: Towns
        data:
          towns:
            - { name: Ash, district: north, people: 1200 }
            - { name: Birch, district: south, people: 300 }
            - { name: Cedar, district: north, people: '' }
            - { name: Dale, district: north, people: many }
            - { name: Elm, district: south, people: 4000 }
          big:
            - { least: 1000 }
        sections:
          - id: s
            fields:
              - { id: least, kind: number, label: Least }
              - { id: district, kind: choice, label: District, options: [north, south] }
              - { id: bigger, kind: calculate,
                  value: "join(' ', lookup-all('towns', 'name', number(cell('people')) > $least))" }
              - { id: inDistrict, kind: calculate,
                  value: "join(' ', lookup-all('towns', 'name', 'district', $district, not empty(cell('people'))))" }
              - { id: third, kind: calculate, value: "lookup('towns', 'name', row() == 3)" }
              - { id: people, kind: calculate,
                  value: "sum(numbers(lookup-all('towns', 'people', 'district', $district)))" }
              - { id: nested, kind: calculate,
                  value: "count(lookup-all('towns', 'name',
                    number(cell('people')) >= number(lookup('big', 'least'))))" }
              - { id: most, kind: calculate, value: "max(numbers(lookup-all('towns', 'people')))" }
        """

    @Test func aConditionIsReadInEachRowTheKeysKeep() throws {
        let session = try FormSession(definition: FormDefinition(yaml: Self.towns), today: Fixtures.today)
        // Nothing answered: `null` compares false; every row's people are read.
        #expect(session.value(of: "bigger") == .string(""))
        #expect(session.value(of: "third") == .string("Cedar"))
        #expect(session.value(of: "nested") == .number(2))
        #expect(session.value(of: "most") == .number(4000))
        try session.set("least", to: .number(1000))
        #expect(session.value(of: "bigger") == .string("Ash Elm"))
        try session.set("least", to: .number(100))
        #expect(session.value(of: "bigger") == .string("Ash Birch Elm"))
        try session.set("district", to: .string("north"))
        #expect(session.value(of: "inDistrict") == .string("Ash Dale"))
        // Cells that are not numbers are left out of the sum.
        #expect(session.value(of: "people") == .number(1200))
        try session.set("district", to: .string("south"))
        #expect(session.value(of: "inDistrict") == .string("Birch Elm"))
        #expect(session.value(of: "people") == .number(4300))
    }

    @Test func cellAndRowAreReadOnlyInALookupsCondition() {
        let outside = Self.diagnostics("cell('a')")
        #expect(
            outside.contains("error: cell() reads a row of a data table, and this is not in a lookup"), "\(outside)")
        #expect(outside.contains("hint: use it in the condition of a lookup, its last argument"))
        let row = Self.diagnostics("row() + 1")
        #expect(row.contains("error: row() reads a row of a data table, and this is not in a lookup"), "\(row)")
        let column = Self.diagnostics("lookup('t', 'a', cell('bb') == 'y')")
        #expect(column.contains("form.yaml:9:65: error: the data table 't' has no column 'bb'"), "\(column)")
        #expect(column.contains("hint: did you mean 'b'?"))
        let quoted = Self.diagnostics("lookup('t', 'a', cell($k) == 'y')")
        #expect(quoted.contains("argument 1 of 'cell' must be a column named in quotes"), "\(quoted)")
        let notList = Self.diagnostics("sum(numbers($k))")
        #expect(notList.contains("argument 1 of 'numbers' must be a list"), "\(notList)")
    }

    @Test func badTablesAreReportedWhereTheyAre() {
        let notMapping = Self.diagnostics("null", data: "  - x")
        #expect(notMapping.contains("form.yaml:4:3: error: 'data' must be a mapping of table names to lists of rows"))
        let notRows = Self.diagnostics("null", data: "  t: [x]")
        #expect(notRows.contains("form.yaml:4:7: error: 't' must be a row (a mapping of column to value)"))
        let language = Self.diagnostics("null", data: "  t: [{ a: { xx: A } }]")
        #expect(language.contains("form.yaml:4:14: error: the form does not declare the language 'xx'"), "\(language)")
    }
}
