/// A JSON document to write, members in the order given (protocol messages,
/// descriptions, schemas).
public indirect enum JSONOutput: Equatable, Sendable, ExpressibleByStringLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByNilLiteral
{
    case object([(String, JSONOutput)])
    case array([JSONOutput])
    case value(Value)
    /// A number written exactly as it was read (a request's id is echoed digit for
    /// digit, even beyond a double's precision). The text must be a JSON number.
    case verbatimNumber(String)

    /// A JSON string: `"text"` for `.value(.string("text"))`.
    public init(stringLiteral value: String) { self = .value(.string(value)) }
    /// A JSON boolean: `true` for `.value(.bool(true))`.
    public init(booleanLiteral value: Bool) { self = .value(.bool(value)) }
    /// A JSON number: `3` for `.value(.number(3))`.
    public init(integerLiteral value: Int) { self = .value(.number(Double(value))) }
    /// JSON's `null`: `nil` for `.value(.null)`.
    public init(nilLiteral: ()) { self = .value(.null) }

    /// A string, or null when `nil`.
    public static func optional(_ text: String?) -> JSONOutput { text.map { .value(.string($0)) } ?? nil }

    /// An object without its null members.
    public static func compact(_ members: [(String, JSONOutput)]) -> JSONOutput {
        .object(members.filter { $0.1 != .value(.null) })
    }

    /// Compact JSON on one line.
    public var encoded: String {
        var output = ""
        write(to: &output, indent: nil)
        return output
    }

    /// Indented JSON (two spaces).
    public var pretty: String {
        var output = ""
        write(to: &output, indent: "")
        return output
    }

    func write(to output: inout String, indent: String?) {
        switch self {
        case .verbatimNumber(let text):
            output += text
        case .value(let value):
            JSONText.write(value, to: &output)
        case .array(let elements):
            guard !elements.isEmpty else {
                output += "[]"
                return
            }
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                if let indent { output += "\n" + indent + "  " }
                element.write(to: &output, indent: indent.map { $0 + "  " })
            }
            if let indent { output += "\n" + indent }
            output += "]"
        case .object(let members):
            guard !members.isEmpty else {
                output += "{}"
                return
            }
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                if let indent { output += "\n" + indent + "  " }
                JSONText.writeString(member.0, to: &output)
                output += indent == nil ? ":" : ": "
                member.1.write(to: &output, indent: indent.map { $0 + "  " })
            }
            if let indent { output += "\n" + indent }
            output += "}"
        }
    }

    /// Whether both encode to the same compact JSON text (members in the same order).
    public static func == (lhs: JSONOutput, rhs: JSONOutput) -> Bool { lhs.encoded == rhs.encoded }
}
