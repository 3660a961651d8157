/// What a form holds for one of its ids: a field's value, or a repeat's entries,
/// each an object of its own fields and nested repeats.
///
/// ```swift
/// for answered in session.answers() {
///     switch answered.answer {
///     case .value(let value): print(answered.id, value)
///     case .entries(let entries): print(answered.id, entries.count, "entries")
///     }
/// }
/// ```
public indirect enum Answer: Sendable, Equatable {
    case value(Value)
    /// A repeat's entries in order, each its answers (an entry with none is `[]`).
    case entries([[AnsweredField]])
}

/// An id and what the form holds for it (`FormSession.answers()`).
public struct AnsweredField: Sendable, Equatable {
    /// The field's or the repeat's id (its answer key, in `FormSession.answers()`).
    public let id: String
    /// A field's value, or a repeat's entries.
    public let answer: Answer

    /// `answer` under `id`.
    public init(id: String, answer: Answer) {
        self.id = id
        self.answer = answer
    }

    /// A field's `value` under `id`.
    public init(id: String, value: Value) {
        self.init(id: id, answer: .value(value))
    }

    /// The field's value; `nil` for a repeat.
    public var value: Value? {
        if case .value(let value) = answer { return value }
        return nil
    }
}

extension JSONText {
    /// Answers as a JSON object in order; a repeat is an array of objects. With
    /// `pretty`, one member per line, nested objects indented by two spaces.
    public static func answers(_ fields: [AnsweredField], pretty: Bool = true) -> String {
        var output = ""
        write(fields, depth: 0, pretty: pretty, to: &output)
        return output
    }

    private static func write(_ fields: [AnsweredField], depth: Int, pretty: Bool, to output: inout String) {
        guard !fields.isEmpty else {
            output += "{}"
            return
        }
        let indent = pretty ? "\n" + String(repeating: "  ", count: depth + 1) : ""
        output += "{"
        for (index, field) in fields.enumerated() {
            if index > 0 { output += "," }
            output += indent
            writeString(field.id, to: &output)
            output += pretty ? ": " : ":"
            switch field.answer {
            case .value(let value): write(value, to: &output)
            case .entries(let entries):
                guard !entries.isEmpty else {
                    output += "[]"
                    continue
                }
                let inner = pretty ? "\n" + String(repeating: "  ", count: depth + 2) : ""
                output += "["
                for (position, entry) in entries.enumerated() {
                    if position > 0 { output += "," }
                    output += inner
                    write(entry, depth: depth + 2, pretty: pretty, to: &output)
                }
                output += (pretty ? "\n" + String(repeating: "  ", count: depth + 1) : "") + "]"
            }
        }
        output += pretty ? "\n" + String(repeating: "  ", count: depth) + "}" : "}"
    }
}
