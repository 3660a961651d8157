import Formwork
import Foundation

/// One change to a submitted response that makes it wrong in one known way, with the
/// question and rule `ResponseValidator` must report: an answer to a hidden question
/// (`visible`), a required answer taken out (`required`), a computed value changed
/// (`value`), a choice the earlier answers do not offer (`options`). For property
/// tests: a response the fill submitted validates clean; each mutation of it does not.
///
/// ```swift
/// for mutation in ResponseMutation.all(in: session, key: { $0.key ?? $0.id }) {
///     let wrong = mutation.applied(to: response)   // a JSON object as [String: Any]
///     …
/// }
/// ```
public struct ResponseMutation: CustomStringConvertible, @unchecked Sendable {
    /// The question's id.
    public var field: String
    /// The rule that must be reported for the question (`visible`, `required`, `value`, `options`).
    public var rule: String
    /// The response's key the mutation writes.
    public var key: String
    /// The value written at `key`; `nil`: the key taken out.
    public var value: Any?

    /// The rule, the question and the change, as `"required on age (age = removed)"`.
    public var description: String {
        "\(rule) on \(field) (\(key) = \(value.map { "\($0)" } ?? "removed"))"
    }

    /// The response with the mutation applied.
    public func applied(to response: [String: Any]) -> [String: Any] {
        var copy = response
        copy[key] = value
        return copy
    }

    /// The mutations of a submittable session's answers, on questions outside repeats
    /// that are written under a plain key (`key` gives it; `nil` for none). `response`:
    /// the response as submitted, to know which keys it has.
    public static func all(
        in session: FormSession, response: [String: Any], key: (FieldDefinition) -> String?
    ) -> [ResponseMutation] {
        var mutations: [ResponseMutation] = []
        for field in session.definition.fields where field.repeatIndex == nil {
            guard let key = key(field), !key.isEmpty, !key.contains("/") else { continue }
            let given = response[key] != nil && !(response[key] is NSNull)
            let visible = session.isVisible(field.id)
            if !visible, !given, field.kind.isEditable, !session.isReadOnly(field.id),
                let value = hiddenAnswer(for: field)
            {
                mutations.append(ResponseMutation(field: field.id, rule: "visible", key: key, value: value))
            }
            guard visible else { continue }
            if given, field.kind.isEditable, session.isRequired(field.id) {
                mutations.append(ResponseMutation(field: field.id, rule: "required", key: key, value: nil))
            }
            if given, field.kind.isComputed, case .number(let number) = session.value(of: field.id) {
                mutations.append(ResponseMutation(field: field.id, rule: "value", key: key, value: number + 7))
            }
            if field.kind == .choice, field.kind.isEditable, !session.isReadOnly(field.id),
                let hidden = field.options.first(where: { option in
                    option.visible != nil && !session.visibleOptions(of: field.id).contains { $0.value == option.value }
                })
            {
                mutations.append(ResponseMutation(field: field.id, rule: "options", key: key, value: hidden.value))
            }
        }
        return mutations
    }

    /// Tries every mutation of a submitted JSON response (`all(in:response:key:)`)
    /// with `validator`; returns those it missed — no problem for the mutation's
    /// question with the mutation's rule — each with what it did report, and the
    /// rules tried.
    ///
    /// ```swift
    /// let (missed, _) = ResponseMutation.missed(by: validator, in: session, response: json) { $0.key ?? $0.id }
    /// #expect(missed.isEmpty)
    /// ```
    public static func missed(
        by validator: ResponseValidator, in session: FormSession, response json: String,
        key: (FieldDefinition) -> String?
    ) -> (missed: [String], rules: Set<String>) {
        guard let response = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else {
            return (["the response is not a JSON object: \(json)"], [])
        }
        var missed: [String] = []
        var rules: Set<String> = []
        for mutation in all(in: session, response: response, key: key) {
            rules.insert(mutation.rule)
            guard
                let data = try? JSONSerialization.data(
                    withJSONObject: mutation.applied(to: response), options: [.sortedKeys])
            else { continue }
            let problems = validator.validate(Array(data)).problems
            if !problems.contains(where: { $0.field == mutation.field && $0.rule == mutation.rule }) {
                missed.append("\(mutation): \(problems)")
            }
        }
        return (missed, rules)
    }

    /// A value a hidden question of this kind takes, as JSON.
    static func hiddenAnswer(for field: FieldDefinition) -> Any? {
        switch field.kind {
        case .text: return "zz"
        case .number: return 3
        case .switch: return true
        case .choice: return field.options.first?.value
        case .multichoice: return field.options.first.map { [$0.value] }
        case .date: return "2020-06-15"
        default: return nil
        }
    }
}
