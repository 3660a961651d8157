/// A value of the condition language and of a form's answers.
///
/// An unanswered field, and a hidden one, is `.null`. Lists hold a multichoice
/// field's selected option values.
public enum Value: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case date(LocalDate)
    /// A time of day (a `time` field).
    case time(LocalTime)
    /// A date and time of day (a `datetime` field, `now()`).
    case dateTime(LocalDateTime)
    /// A place (a `geopoint` field).
    case geopoint(GeoPoint)
    case list([Value])

    /// Whether the value is `.null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The value as a condition: only `true` is true (`null` counts as false).
    public var isTrue: Bool {
        if case .bool(true) = self { return true }
        return false
    }

    /// The type of the value.
    public var type: ValueType {
        switch self {
        case .null: return .null
        case .bool: return .bool
        case .number: return .number
        case .string: return .string
        case .date: return .date
        case .time: return .time
        case .dateTime: return .dateTime
        case .geopoint: return .geopoint
        case .list(let elements): return .list(elements.first?.type ?? .null)
        }
    }
}

extension Value: CustomStringConvertible {
    /// The value as JSON (`null`, `true`, `3`, `"text"`, `"2024-02-29"`, `"14:30"`,
    /// `{"latitude": 52.37, …}`, `[…]`).
    public var description: String { JSONText.encode(self) }
}

extension Value: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByNilLiteral, ExpressibleByArrayLiteral
{
    /// `.string`: `"Ada"` stands for `.string("Ada")`.
    public init(stringLiteral value: String) { self = .string(value) }
    /// `.number`: `3` stands for `.number(3)`.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    /// `.number`: `2.5` stands for `.number(2.5)`.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// `.bool`: `true` stands for `.bool(true)`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// `.null`: `nil` stands for `.null`.
    public init(nilLiteral: ()) { self = .null }
    /// `.list`: `["tea", "coffee"]` stands for `.list([.string("tea"), .string("coffee")])`.
    public init(arrayLiteral elements: Value...) { self = .list(elements) }
}

/// The static type of an expression or a field.
public indirect enum ValueType: Hashable, Sendable, CustomStringConvertible {
    /// The type of the literal `null` (compatible with every type).
    case null
    case bool
    case number
    case string
    case date
    case time
    case dateTime
    case geopoint
    /// A list; `list(.null)` is the empty list literal, compatible with every list.
    case list(ValueType)
    /// The entries of a repeat (`$members`): what `count`, `any` and `all` take, and
    /// what `$members.age` reads a field of. Not a value of its own.
    case entries(String)

    /// "a boolean", "a number", "text", "a date", "a time", "a list of text", "null".
    public var description: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "text"
        case .date: return "a date"
        case .time: return "a time"
        case .dateTime: return "a date and time"
        case .geopoint: return "a geopoint"
        case .list(.null): return "a list"
        case .list(let element): return "a list of \(element.plural)"
        case .entries(let id): return "the entries of '\(id)'"
        }
    }

    /// The type's name without an article: "number", "text", "list of text".
    public var name: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .number: return "number"
        case .string: return "text"
        case .date: return "date"
        case .time: return "time"
        case .dateTime: return "datetime"
        case .geopoint: return "geopoint"
        case .list(.null): return "list"
        case .list(let element): return "list of \(element.plural)"
        case .entries(let id): return "entries of \(id)"
        }
    }

    var plural: String {
        switch self {
        case .null: return "nulls"
        case .bool: return "booleans"
        case .number: return "numbers"
        case .string: return "text"
        case .date: return "dates"
        case .time: return "times"
        case .dateTime: return "dates and times"
        case .geopoint: return "geopoints"
        case .list: return "lists"
        case .entries: return "entries"
        }
    }

    /// Whether values of the two types can be compared with `==`.
    func isCompatible(with other: ValueType) -> Bool {
        switch (self, other) {
        case (.null, _), (_, .null): return true
        case let (.list(a), .list(b)): return a.isCompatible(with: b)
        default: return self == other
        }
    }

    /// The more specific of two compatible types (`null` gives way).
    func unified(with other: ValueType) -> ValueType? {
        switch (self, other) {
        case (.null, _): return other
        case (_, .null): return self
        case let (.list(a), .list(b)): return a.unified(with: b).map { .list($0) }
        default: return self == other ? self : nil
        }
    }
}
