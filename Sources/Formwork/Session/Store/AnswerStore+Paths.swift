/// The paths that name what a store holds: `firstName`, a repeat's entries
/// `members`, an entry `members[2]`, a field of an entry `members[2].age`,
/// `members[1].visits[3].date` (positions from 1).
extension AnswerStore {
    /// What a path names.
    enum Target {
        /// A field instance.
        case field(Int)
        /// An entry (its scope): `members[2]`.
        case entry(Int)
        /// A repeat's entries in a holder: `members`, `members[1].visits`.
        case group(Int, holder: Int)
    }

    /// Resolves `firstName`, `members`, `members[2]`, `members[2].age`,
    /// `members[1].visits[3].date`.
    func resolve(_ path: String) throws(SessionError) -> Target {
        guard let parsed = FieldPath(path) else { throw .unknownField(path, suggestions: []) }
        var scope = 0
        for (position, step) in parsed.steps.enumerated() {
            let isLast = position == parsed.steps.count - 1
            let name = step.name
            if let repeatIndex = definition.repeatIndex[name], tree.repeatsHeld(by: scope).contains(repeatIndex) {
                guard let index = step.position else {
                    guard isLast else { throw .unknownField(path, suggestions: []) }
                    return .group(repeatIndex, holder: scope)
                }
                let list = tree.list(of: repeatIndex, in: scope)
                guard index >= 1, index <= list.count else {
                    throw .noEntry(path: parsed.prefix(position + 1).description, count: list.count)
                }
                scope = list[index - 1]
                if isLast { return .entry(scope) }
                continue
            }
            guard step.position == nil, isLast, let field = definition.fieldIndex[name] else {
                throw .unknownField(path, suggestions: suggestions(for: name, in: scope))
            }
            let owner = definition.fields[field].repeatIndex
            guard owner == tree.scopes[scope].repeatIndex else {
                // A field of each entry, named without its entry: say how to name it.
                if let owner, scope == 0 || tree.scopes[scope].repeatIndex != owner {
                    throw .fieldInEntries(field: name, example: examplePath(of: field, from: scope, owner: owner))
                }
                throw .unknownField(path, suggestions: suggestions(for: name, in: scope))
            }
            return .field(tree.scopes[scope].fields[tree.fieldSlot[field]])
        }
        throw .unknownField(path, suggestions: [])
    }

    /// `members[1].age` for a field of each member, named from `scope`.
    func examplePath(of field: Int, from scope: Int, owner: Int) -> String {
        let ancestry = definition.repeats[owner].ancestry
        var parts: [String] = []
        for repeatIndex in ancestry { parts.append(definition.repeats[repeatIndex].id + "[1]") }
        return (scope == 0 ? "" : path(ofEntry: scope) + ".") + parts.joined(separator: ".") + "."
            + definition.fields[field].id
    }

    /// Ids close to a misspelt one, among what `scope` holds.
    func suggestions(for name: String, in scope: Int) -> [String] {
        let fields = tree.scopes[scope].fields.map { definition.fields[tree.field(ofInstance: $0)].id }
        let groups = tree.repeatsHeld(by: scope).map { definition.repeats[$0].id }
        return Suggestions.closest(
            to: name, in: fields + groups + (scope == 0 ? definition.sections.map(\.id) : []), limit: 3)
    }

    /// The path of an entry: `members[2]`, `members[2].visits[1]`.
    func path(ofEntry entry: Int) -> String {
        tree.chain(to: entry).dropFirst().map { scope in
            "\(definition.repeats[tree.scopes[scope].repeatIndex!].id)[\(tree.position(of: scope) + 1)]"
        }.joined(separator: ".")
    }

    /// The path of a field instance: `firstName`, `members[2].age`.
    func path(ofInstance instance: Int) -> String {
        let scope = tree.scope(ofInstance: instance)
        let id = definition.fields[tree.field(ofInstance: instance)].id
        return scope == 0 ? id : path(ofEntry: scope) + "." + id
    }

    /// The path of a repeat's entries in a holder: `members`, `members[1].visits`.
    func path(ofGroup repeatIndex: Int, in holder: Int) -> String {
        (holder == 0 ? "" : path(ofEntry: holder) + ".") + definition.repeats[repeatIndex].id
    }

    /// An error named by the instance's path.
    func named(_ error: FieldError, _ instance: Int) -> FieldError {
        tree.scope(ofInstance: instance) == 0 ? error : FieldError(field: path(ofInstance: instance), rule: error.rule)
    }
}
