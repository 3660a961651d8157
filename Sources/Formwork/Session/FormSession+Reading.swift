import Foundation

/// Reading a session: values as stored and as shown, visibility, requiredness,
/// the options offered now.
extension FormSession {
    // MARK: Reading

    /// The stored value, even when the field is hidden (`.null` if unanswered or if
    /// there is no such field); for computed fields, the computed value.
    public func value(of id: String) -> Value {
        guard let instance = try? instance(id) else { return .null }
        return definition.fields[tree.field(ofInstance: instance)].kind.isComputed
            ? evaluation.value(of: instance) : values[instance]
    }

    /// What `$id` reads in expressions: the value when visible, else `.null`.
    public func effectiveValue(of id: String) -> Value {
        guard let instance = try? instance(id) else { return .null }
        return evaluation.read(instance)
    }

    /// Whether the field (and its section and entry) or the section is visible now.
    public func isVisible(_ id: String) -> Bool {
        if let target = try? resolve(id) {
            switch target {
            case .field(let instance): return evaluation.isVisible(instance)
            case .entry(let scope): return evaluation.isScopeVisible(scope)
            case .group(let repeatIndex, let holder): return evaluation.isGroupVisible(repeatIndex, in: holder)
            }
        }
        if let section = definition.section(id) { return evaluation.isSectionVisible(section.index) }
        return false
    }

    /// Whether the field must be answered now.
    public func isRequired(_ id: String) -> Bool {
        (try? instance(id)).map { evaluation.isRequired($0) } ?? false
    }

    /// Whether the field holds an answer, as `required` counts answers: a value, and
    /// for a switch that must be on, on.
    public func isAnswered(_ id: String) -> Bool {
        (try? instance(id)).map { evaluation.isAnswered($0) } ?? false
    }

    /// The options of a choice or multichoice field offered now, each `label` as shown
    /// now (in the session's language, with the answers it reads).
    public func visibleOptions(of id: String) -> [ChoiceOption] {
        guard let instance = try? instance(id) else { return [] }
        let scope = tree.scope(ofInstance: instance)
        return evaluation.visibleOptions(of: instance).map { shown($0, in: scope) }
    }

    /// Evaluates an expression against the current values (in the form's scope).
    public func evaluate(_ expression: CompiledExpression) -> Value {
        expression.evaluate(evaluation.context)
    }

    /// Evaluates an expression compiled in a repeat's scope, in one of its entries
    /// (`members[2]`, `members[1].visits[3]`): `$age` reads that entry's answer.
    /// `nil` when the path names no entry.
    ///
    /// ```swift
    /// let adult = session.evaluate(group.visible!, inEntry: "members[2]")?.isTrue
    /// ```
    public func evaluate(_ expression: CompiledExpression, inEntry path: String) -> Value? {
        guard case .entry(let scope)? = try? resolve(path) else { return nil }
        return expression.evaluate(evaluation.context(for: scope))
    }
}
