import Foundation
import Testing

@testable import Formwork

@Suite("JSON text")
struct JSONTextTests {
    @Test(
        arguments: [
            (3.0, "3"), (-42, "-42"), (3.5, "3.5"), (2.50, "2.5"), (-0.0, "0"), (0.1 + 0.2, "0.3"),
            (1.0 / 3.0, "0.333333333333333"), (123_456_789_012_345, "123456789012345"), (1e15, "1e+15"),
            (1e300, "1e+300"), (1e-7, "1e-07"), (0.000_123, "0.000123"),
        ])
    func numbersAsAPersonWritesThem(number: Double, text: String) {
        #expect(JSONText.format(number) == text)
    }

    @Test func numbersJSONCannotHoldAreNull() {
        #expect(JSONText.format(.nan) == "null")
        #expect(JSONText.format(.infinity) == "null")
        #expect(JSONText.format(-.infinity) == "null")
    }

    @Test func stringsEscapeWhatJSONRequiresAndTerminalControls() {
        #expect(JSONText.encode("a\"b\\c") == #""a\"b\\c""#)
        #expect(JSONText.encode("\n\r\t\u{08}\u{0C}") == #""\n\r\t\b\f""#)
        #expect(JSONText.encode("\u{00}\u{1B}\u{1F}\u{7F}") == #""\u0000\u001b\u001f\u007f""#)
        #expect(JSONText.encode("\u{85}\u{9B}\u{2028}\u{2029}") == #""\u0085\u009b\u2028\u2029""#)
        #expect(JSONText.encode("é 名前 😀 / <>") == "\"é 名前 😀 / <>\"")
    }

    /// Whatever a string holds, the text is JSON that reads back as the same string.
    @Test func everyStringReadsBack() throws {
        var text = ""
        for value in UInt32(0)...0x2100 { if let scalar = Unicode.Scalar(value) { text.unicodeScalars.append(scalar) } }
        text += "😀👩‍💻\u{FEFF}\u{10FFFF}"
        let encoded = JSONText.encode(.list([.string(text)]))
        let decoded = try JSONSerialization.jsonObject(with: Data(encoded.utf8)) as? [String]
        #expect(decoded == [text])
    }

    @Test func valuesOfEveryKind() {
        #expect(JSONText.encode(nil) == "null")
        #expect(JSONText.encode(false) == "false")
        #expect(JSONText.encode(.date(LocalDate("2024-02-29")!)) == "\"2024-02-29\"")
        #expect(JSONText.encode([1, "a", nil, true, []]) == "[1, \"a\", null, true, []]")
    }

    @Test func objectsKeepTheirOrder() {
        let members: [(key: String, value: Value)] = [("zeta", 1), ("alpha", "x"), ("say \"hi\"", [true])]
        #expect(JSONText.object(members) == "{\n  \"zeta\": 1,\n  \"alpha\": \"x\",\n  \"say \\\"hi\\\"\": [true]\n}")
        #expect(JSONText.object(members, pretty: false) == "{\"zeta\":1,\"alpha\":\"x\",\"say \\\"hi\\\"\":[true]}")
        #expect(JSONText.object([]) == "{}")
        #expect(JSONText.object([], pretty: false) == "{}")
    }
}
