/// Scopes and aggregates: what an expression may read of repeats.
///
/// ```
/// reference  → "$" ID ( "." ID )*
/// aggregate  → "count" "(" entries ( "," condition )? ")"
///            | ( "any" | "all" ) "(" entries "," condition ")"
///            | "index" "(" ")"
/// ```
///
/// - In an entry, `$age` is that entry's `age`, and fields of enclosing entries and
///   of the form read as usual: a name means the innermost field of that name in
///   scope (ids are unique in a form, so there is exactly one).
/// - `$members` is the entries of a repeat (type `entries`), readable where the
///   repeat's enclosing entry (or the form) is in scope; `$members.age` is the list of
///   every entry's `age`, `$members.visits` the entries of every member's visits
///   (flattened), `$members.visits.date` every visit's date.
/// - `count($members)`, `count($members, condition)`, `any(…)` and `all(…)` read the
///   condition in each entry's scope: `any($members, $age < 5)`.
/// - `index()` is the position (from 1) of the entry the expression is in.
///
/// A field of each entry read from outside the entries is an error that says how to
/// read it through the repeat.
extension TypeChecker {
    mutating func checkReference(_ name: String, _ expression: Expression) -> ValueType? {
        // Most references are one id: not split (by characters) into a list of one.
        let segments = name.containsASCII(".") ? name.split(separator: ".").map(String.init) : []
        guard segments.count > 1 else {
            if let field = environment.fields[name] {
                guard environment.canRead(within: field.scope) else {
                    let owner = field.scope.flatMap { environment.repeatsByIndex[$0]?.id } ?? "?"
                    return fail(.entryFieldOutside(field: name, repeat: owner), expression)
                }
                guard let type = field.type else { return fail(.referenceToNote(name), expression) }
                return type
            }
            if let repeatSignature = environment.repeats[name] {
                guard environment.canRead(within: repeatSignature.parent) else {
                    let owner = repeatSignature.parent.flatMap { environment.repeatsByIndex[$0]?.id } ?? "?"
                    return fail(.entryFieldOutside(field: name, repeat: owner), expression)
                }
                return .entries(repeatSignature.id)
            }
            let suggestion = Suggestions.closest(
                to: name, in: Array(environment.fields.keys) + environment.repeats.keys
            )
            .first
            return fail(.unknownReference(name, suggestion: suggestion), expression)
        }
        guard let head = environment.repeats[segments[0]] else {
            if environment.fields[segments[0]] != nil {
                return fail(.notInRepeat(name: segments[1], repeat: segments[0], suggestion: nil), expression)
            }
            let suggestion = Suggestions.closest(to: segments[0], in: environment.repeats.keys).first
            return fail(.unknownReference(segments[0], suggestion: suggestion), expression)
        }
        guard environment.canRead(within: head.parent) else {
            let owner = head.parent.flatMap { environment.repeatsByIndex[$0]?.id } ?? "?"
            return fail(.entryFieldOutside(field: head.id, repeat: owner), expression)
        }
        var current = head
        for (position, segment) in segments.enumerated().dropFirst() {
            if let nested = environment.repeats[segment], nested.parent == current.index {
                current = nested
                continue
            }
            if let field = environment.fields[segment], field.scope == current.index, position == segments.count - 1 {
                guard let type = field.type else { return fail(.referenceToNote(segment), expression) }
                return .list(type)
            }
            let members =
                environment.fields.values.filter { $0.scope == current.index }.map(\.id)
                + environment.repeats.values.filter { $0.parent == current.index }.map(\.id)
            return fail(
                .notInRepeat(
                    name: segment, repeat: current.id, suggestion: Suggestions.closest(to: segment, in: members).first),
                expression)
        }
        return .entries(current.id)
    }

    /// The aggregates over entries and `index()`: `nil` when `name` is not one of
    /// them or its first argument is not entries (then it is an ordinary call);
    /// `.some(nil)` after an error.
    mutating func checkAggregate(_ name: String, _ arguments: inout [Expression], whole: Expression) -> ValueType?? {
        if name == "label" { return .some(checkLabel(&arguments, whole: whole)) }
        if name == "valid" { return .some(checkValid(&arguments, whole: whole)) }
        if name == "lookup" || name == "lookup-all" { return .some(checkLookup(name, &arguments, whole: whole)) }
        if name == "cell" || name == "row" { return .some(checkRow(name, &arguments, whole: whole)) }
        if name == "index" {
            guard arguments.isEmpty else {
                return .some(
                    fail(
                        .wrongArity(
                            function: "index", expected: "no arguments", found: arguments.count,
                            usage: "index()"), whole))
            }
            return environment.scope == nil ? .some(fail(.indexOutsideRepeat, whole)) : .some(.number)
        }
        guard ["count", "any", "all"].contains(name) else { return nil }
        let usage = name == "count" ? "count(list) or count($repeat, condition)" : "\(name)($repeat, condition)"
        guard !arguments.isEmpty else {
            return .some(
                fail(
                    .wrongArity(
                        function: name, expected: name == "count" ? "1 or 2 arguments" : "2 arguments",
                        found: 0, usage: usage), whole))
        }
        let firstType = check(&arguments[0])
        guard case .entries(let repeatID)? = firstType, let repeatSignature = environment.repeats[repeatID] else {
            // count(list): an ordinary call (unless the list already failed: one error is enough)
            if name == "count", arguments.count == 1, firstType != nil { return nil }
            guard let firstType else { return .some(nil) }
            return .some(
                fail(
                    .argumentType(
                        function: name, position: 1, expected: "the entries of a repeat ($repeat)",
                        found: firstType.description, usage: usage), arguments[0]))
        }
        let expectedCount = name == "count" ? 1...2 : 2...2
        guard expectedCount.contains(arguments.count) else {
            return .some(
                fail(
                    .wrongArity(
                        function: name, expected: name == "count" ? "1 or 2 arguments" : "2 arguments",
                        found: arguments.count, usage: usage), whole))
        }
        let result: ValueType = name == "count" ? .number : .bool
        guard arguments.count == 2 else { return .some(result) }
        // The condition is read in each entry's scope.
        let outer = environment
        environment = environment.inScope(repeatSignature.index)
        defer { environment = outer }
        guard let conditionType = check(&arguments[1]) else { return .some(nil) }
        guard conditionType == .bool || conditionType == .null else {
            return .some(
                fail(
                    .argumentType(
                        function: name, position: 2, expected: "a condition (a boolean)",
                        found: conditionType.description, usage: usage), arguments[1]))
        }
        return .some(result)
    }
}
