import Testing

@testable import Formwork

@Suite("Values")
struct ValueTests {
    static let day = Value.date(LocalDate("2024-02-29")!)

    @Test func onlyNullIsNullAndOnlyTrueIsTrue() {
        #expect(Value.null.isNull)
        for value: Value in [false, 0, "", [], "null", Self.day] { #expect(!value.isNull, "\(value)") }
        #expect(Value.bool(true).isTrue)
        for value: Value in [nil, false, 1, "true", "yes", [true]] { #expect(!value.isTrue, "\(value)") }
    }

    @Test func literalsMakeTheMatchingCase() {
        let values: [Value] = [nil, true, 3, 2.5, "x", [1, "a"]]
        #expect(
            values == [.null, .bool(true), .number(3), .number(2.5), .string("x"), .list([.number(1), .string("a")])])
    }

    @Test func typesOfValuesAndOfListsByTheirFirstElement() {
        #expect(Value.null.type == .null)
        #expect(Value.bool(false).type == .bool)
        #expect(Value.number(1).type == .number)
        #expect(Value.string("").type == .string)
        #expect(Self.day.type == .date)
        #expect(Value.list([]).type == .list(.null))
        #expect(Value.list(["a", "b"]).type == .list(.string))
        #expect(Value.list([[1]]).type == .list(.list(.number)))
    }

    @Test func descriptionIsJSON() {
        #expect(Value.null.description == "null")
        #expect(Value.bool(true).description == "true")
        #expect(Value.number(3).description == "3")
        #expect(Value.number(3.5).description == "3.5")
        #expect(Value.string("say \"hi\"").description == "\"say \\\"hi\\\"\"")
        #expect(Self.day.description == "\"2024-02-29\"")
        #expect(Value.list(["red", 2, nil]).description == "[\"red\", 2, null]")
    }

    @Test func plainTextIsWhatAPersonReads() {
        #expect(Value.null.plainText == "")
        #expect(Value.bool(true).plainText == "yes")
        #expect(Value.bool(false).plainText == "no")
        #expect(Value.number(3).plainText == "3")
        #expect(Value.number(0.1 + 0.2).plainText == "0.3")
        #expect(Value.string("say \"hi\"").plainText == "say \"hi\"")
        #expect(Self.day.plainText == "2024-02-29")
        #expect(Value.list(["red", "blue"]).plainText == "red, blue")
    }

    @Test func typeNames() {
        #expect(ValueType.bool.description == "a boolean")
        #expect(ValueType.string.description == "text")
        #expect(ValueType.list(.null).description == "a list")
        #expect(ValueType.list(.string).description == "a list of text")
        #expect(ValueType.list(.number).description == "a list of numbers")
        #expect(ValueType.list(.date).name == "list of dates")
        #expect(ValueType.number.name == "number")
        #expect(ValueType.null.name == "null")
    }

    @Test func compatibilityAndUnification() {
        #expect(ValueType.null.isCompatible(with: .date))
        #expect(ValueType.list(.null).isCompatible(with: .list(.string)))
        #expect(!ValueType.number.isCompatible(with: .string))
        #expect(!ValueType.list(.number).isCompatible(with: .list(.string)))
        #expect(ValueType.null.unified(with: .number) == .number)
        #expect(ValueType.list(.date).unified(with: .list(.null)) == .list(.date))
        #expect(ValueType.number.unified(with: .string) == nil)
    }

    /// Every field's value, default and bounds is a `Value`: a place (41 bytes) is
    /// boxed so that a value stays three words, as sessions of 100,000 fields need
    /// (the memory bench's 2 KiB a field was missed when it was inline).
    @Test func aValueStaysThreeWords() {
        #expect(MemoryLayout<Value>.stride <= 24)
        #expect(MemoryLayout<Value?>.stride <= 24)
        let place = Value.geopoint(GeoPoint(latitude: 52.5, longitude: 13.4, altitude: 34, accuracy: 5)!)
        guard case .geopoint(let point) = place else {
            Issue.record("not a geopoint")
            return
        }
        #expect(point.latitude == 52.5 && point.accuracy == 5)
    }
}
