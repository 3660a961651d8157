import Foundation

/// Reading a session: values as stored and as shown, visibility, requiredness,
/// the options offered now.
extension FormSession {
    // MARK: Naming fields

    /// The instance a field id or path names (`firstName`, `members[2].age`), or
    /// `SessionError.unknownField` with suggestions.
    public func field(_ id: String) throws(SessionError) -> FieldDefinition {
        definition.fields[tree.field(ofInstance: try instance(id))]
    }

    /// The instance a field id or path names: the number its row has
    /// (`FieldRow.index`), stable while its entry lives (moves included).
    ///
    /// - Throws: `SessionError.unknownField`, `.fieldInEntries` (a field of each
    ///   entry, named without one), `.noEntry`.
    public func instance(_ path: String) throws(SessionError) -> Int {
        switch try resolve(path) {
        case .field(let instance): return instance
        case .entry, .group: throw .unknownField(path, suggestions: [])
        }
    }

    /// The field an instance is of.
    public func field(ofInstance instance: Int) -> FieldDefinition {
        definition.fields[tree.field(ofInstance: instance)]
    }

    /// The instances of a field (by its index in the definition) in the form now:
    /// one for a field of the form, one per entry for a field of a repeat.
    public func instances(ofField index: Int) -> [Int] {
        tree.entryScopes(under: 0, of: definition.fields[index].repeatIndex).map {
            $0 == 0 ? index : tree.scopes[$0].fields[tree.fieldSlot[index]]
        }
    }

    /// An instance's stored value, even when hidden (`.null`: unanswered).
    public func storedValue(of instance: Int) -> Value {
        instance < values.count ? values[instance] : .null
    }

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
