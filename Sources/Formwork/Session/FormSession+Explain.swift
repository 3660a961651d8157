/// What an expression reads, for explanations (`why`): a name seen from a field or
/// an entry, as the expressions there see it.
public enum ReferenceReading: Equatable, Sendable {
    /// A field's value as expressions read it (null when hidden), and whether the
    /// field is hidden; for `$members.age`, the list of the entries' values.
    case value(Value, hidden: Bool)
    /// A repeat's entries as `$members` reads them: how many (none when hidden).
    case entries(count: Int)
}

extension FormSession {
    /// What `$reference` reads in an expression of the field or entry at `path` (the
    /// form's scope when `nil`): `$age` in `members[2].age`'s condition is the second
    /// member's age.
    ///
    /// ```swift
    /// session.reading("age", from: "members[2].school")   // .value(.number(7), hidden: false)
    /// session.reading("members", from: nil)               // .entries(count: 3)
    /// ```
    public func reading(_ reference: String, from path: String?) -> ReferenceReading {
        let scope = self.scope(of: path)
        let evaluation = self.evaluation
        if let field = definition.fieldIndex[reference], let instance = tree.instance(of: field, from: scope) {
            return .value(evaluation.read(instance), hidden: !evaluation.isVisible(instance))
        }
        if let repeatIndex = definition.repeatIndex[reference] {
            return .entries(count: evaluation.entries(of: repeatIndex, in: scope).count)
        }
        let environment = definition.environment.inScope(tree.scopes[scope].repeatIndex)
        guard let expression = try? CompiledExpression("$" + reference, environment: environment) else {
            return .value(.null, hidden: false)
        }
        return .value(expression.evaluate(evaluation.context(for: scope)), hidden: false)
    }

    /// The scope a path's expressions are evaluated in: a field's entry, an entry, a
    /// repeat's holder; the form for `nil` or a path that names nothing.
    func scope(of path: String?) -> Int {
        guard let path, let target = try? resolve(path) else { return 0 }
        switch target {
        case .field(let instance): return tree.scope(ofInstance: instance)
        case .entry(let scope): return scope
        case .group(_, let holder): return holder
        }
    }

    /// For a field in an entry, an entry, or a repeat: the repeat's id and the path
    /// of its entries (`members`, `members[1].visits`) and of what holds them (`nil`:
    /// the form).
    public func enclosingRepeat(of path: String) -> (id: String, group: String, holder: String?)? {
        guard let target = try? resolve(path) else { return nil }
        let repeatIndex: Int
        let holder: Int
        switch target {
        case .field(let instance):
            let scope = tree.scope(ofInstance: instance)
            guard scope > 0 else { return nil }
            repeatIndex = tree.scopes[scope].repeatIndex!
            holder = tree.scopes[scope].parent
        case .entry(let scope):
            repeatIndex = tree.scopes[scope].repeatIndex!
            holder = tree.scopes[scope].parent
        case .group(let index, let scope):
            repeatIndex = index
            holder = scope
        }
        return (
            definition.repeats[repeatIndex].id, self.path(ofGroup: repeatIndex, in: holder),
            holder == 0 ? nil : self.path(ofEntry: holder)
        )
    }
}
