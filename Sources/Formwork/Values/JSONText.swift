import Foundation

/// Writes `Value`s as JSON text, with fields in the order given and numbers as a
/// person expects them (`3`, not `3.0`; `0.3`, not `0.30000000000000004`).
///
/// Foundation's encoders sort or reorder keys and print binary noise; answers are
/// read by people and programs alike, in form order.
public enum JSONText {
    /// A value as compact JSON.
    public static func encode(_ value: Value) -> String {
        var output = ""
        write(value, to: &output)
        return output
    }

    /// An object with `members` in order, one member per line when `pretty`.
    public static func object(_ members: [(key: String, value: Value)], pretty: Bool = true) -> String {
        guard !members.isEmpty else { return "{}" }
        var output = "{"
        for (index, member) in members.enumerated() {
            if index > 0 { output += "," }
            if pretty { output += "\n  " }
            writeString(member.key, to: &output)
            output += pretty ? ": " : ":"
            write(member.value, to: &output)
        }
        output += pretty ? "\n}" : "}"
        return output
    }

    static func write(_ value: Value, to output: inout String) {
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let number): output += format(number)
        case .string(let text): writeString(text, to: &output)
        case .date(let date): writeString(date.description, to: &output)
        case .time(let time): writeString(time.description, to: &output)
        case .dateTime(let dateTime): writeString(dateTime.description, to: &output)
        case .geopoint(let point):
            output += "{"
            for (index, member) in point.members.enumerated() {
                if index > 0 { output += ", " }
                writeString(member.key, to: &output)
                output += ": " + format(member.value)
            }
            output += "}"
        case .list(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += ", " }
                write(element, to: &output)
            }
            output += "]"
        }
    }

    /// Integers without a fraction; others with at most 15 significant digits.
    public static func format(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number == number.rounded(), abs(number) < 1e15 {
            return String(Int64(number))
        }
        var text = String(format: "%.15g", number)
        if text.contains("e") { return text }
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }

    static func writeString(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value)
                    || scalar.value == 0x2028 || scalar.value == 0x2029
                {
                    output += "\\u" + TerminalText.hex(scalar.value, width: 4).lowercased()
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}
