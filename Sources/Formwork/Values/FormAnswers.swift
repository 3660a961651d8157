import Foundation

/// A form's answers as it would submit them (`FormSession.answers()`: shown fields
/// with a value, repeats as lists of entries), read by id with typed accessors or
/// decoded into the caller's own `Decodable` type. What `FormPrompt.run` returns.
///
/// ```swift
/// let answers = FormAnswers(session)
/// let env = answers.string("env")              // "production"
/// let replicas = answers.int("replicas")       // 3
/// struct Deploy: Decodable { var env: String; var replicas: Int?; var confirm: Bool? }
/// let deploy = try answers.decode(Deploy.self)
/// ```
///
/// Keys are the answers' keys (a field's `key:`, else its id). Dates, times and
/// moments decode as their ISO text (`2025-03-01`), choices as their option value,
/// multiple choices as lists of values, a geopoint as an object.
public struct FormAnswers: Sendable, Equatable {
    /// The answered fields and repeats, in form order.
    public let fields: [AnsweredField]

    /// Answers already collected (`FormSession.answers()`, a `FormPrompt`'s).
    public init(_ fields: [AnsweredField]) {
        self.fields = fields
    }

    /// The answers a session would submit now.
    public init(_ session: FormSession) {
        self.init(session.answers())
    }

    /// What the form holds for `key`: a field's value or a repeat's entries.
    public func answer(_ key: String) -> Answer? {
        fields.first { $0.id == key }?.answer
    }

    /// The value of a field the form holds once; `nil` when it has none (left empty,
    /// or hidden) or `key` names a repeat.
    public subscript(key: String) -> Value? {
        answer(key).flatMap { if case .value(let value) = $0 { value } else { nil } }
    }

    /// Text (and choices: the option's value); `nil` for another kind of value.
    public func string(_ key: String) -> String? {
        if case .string(let text)? = self[key] { return text }
        return nil
    }

    /// A number; `nil` for another kind of value.
    public func number(_ key: String) -> Double? {
        if case .number(let number)? = self[key] { return number }
        return nil
    }

    /// A number that is a whole number; `nil` for a fraction.
    public func int(_ key: String) -> Int? {
        guard let number = number(key), number.rounded() == number, abs(number) < 9e15 else { return nil }
        return Int(number)
    }

    /// A boolean (a switch, a computed condition); `nil` for another kind of value.
    public func bool(_ key: String) -> Bool? {
        if case .bool(let flag)? = self[key] { return flag }
        return nil
    }

    /// A date; `nil` for another kind of value.
    public func date(_ key: String) -> LocalDate? {
        if case .date(let date)? = self[key] { return date }
        return nil
    }

    /// The values of a multiple choice or ranking, in order.
    public func strings(_ key: String) -> [String]? {
        guard case .list(let elements)? = self[key] else { return nil }
        return elements.map { element in
            if case .string(let text) = element { return text }
            return element.description
        }
    }

    /// A repeat's entries, each with its own answers; empty when it has none.
    public func entries(_ key: String) -> [FormAnswers] {
        guard case .entries(let entries)? = answer(key) else { return [] }
        return entries.map(FormAnswers.init)
    }

    /// The answers as JSON, as `formwork fill` submits them.
    public func json(pretty: Bool = true) -> String {
        JSONText.answers(fields, pretty: pretty)
    }

    /// The answers decoded into the caller's type, through their JSON (`json()`).
    ///
    /// - Throws: The decoder's `DecodingError` (a required property the form left
    ///   empty, a type that does not match).
    public func decode<T: Decodable>(_ type: T.Type = T.self, using decoder: JSONDecoder = JSONDecoder()) throws -> T {
        try decoder.decode(type, from: Data(json(pretty: false).utf8))
    }
}
