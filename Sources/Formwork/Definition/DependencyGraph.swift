/// What reads what, over the form's template: one node per field (`0..<fields`), and
/// one per repeat for its entries (`fields + r`: added, removed or moved entries).
///
/// A field reads what its own `visible`, its section's and its enclosing repeats'
/// `visible`, its options' `visible` and its computed `value` read; `index()` reads
/// the entries of the field's own repeat. A repeat's entries read what its `count`
/// reads. (`required`, `rules`, bounds and texts — labels, help, notes, option labels,
/// rule messages — read values too, but nothing reads them back, so they cannot close
/// a cycle; they are `displayReads`.)
///
/// Where a hidden question's answer is read as it is (`hiddenAnswers: kept`), what
/// reads a field reads its value alone, not whether it is shown: the field's own,
/// section's and repeats' `visible` are then its `visibilityReads`, which make it
/// change with what they read but cannot close a cycle (a page shown on a total of
/// the answers on it, as SurveyJS surveys have).
struct DependencyGraph {
    let fieldCount: Int
    /// For each node, the nodes it reads.
    let reads: [[Int]]
    /// For each field, the nodes its visibility reads where that is not part of its
    /// value (`hiddenAnswers: kept`); empty lists otherwise.
    let visibilityReads: [[Int]]
    /// For each field, the nodes its `required`, `rules`, bounds and texts read.
    let displayReads: [[Int]]
    /// For each field in a repeat, the fields it reads in every entry of one of its
    /// own repeats (`count($members, $age > 5)` or `sum($members.age)` in a member's
    /// entry): a change to one in any entry changes it in every entry, not just in
    /// the entry of the change.
    let readsAcrossEntries: [Set<Int>]

    init(
        fields: [FieldDefinition], sections: [SectionDefinition], repeats: [RepeatDefinition],
        environment: ExpressionEnvironment, keepsHiddenAnswers: Bool = false
    ) {
        fieldCount = fields.count
        func nodes(_ expressions: [CompiledExpression?], indexOf scope: Int?) -> [Int] {
            var result: [Int] = []
            var seen = Set<Int>()
            for expression in expressions {
                guard let expression else { continue }
                for node in Self.nodes(
                    reading: expression.references, environment: environment, fieldCount: fields.count)
                where seen.insert(node).inserted {
                    result.append(node)
                }
                if let scope, expression.expression.usesIndex, seen.insert(fields.count + scope).inserted {
                    result.append(fields.count + scope)
                }
            }
            return result
        }
        var across: [Set<Int>] = []
        across.reserveCapacity(fields.count)
        var reads: [[Int]] = []
        reads.reserveCapacity(fields.count + repeats.count)
        var displayReads: [[Int]] = []
        displayReads.reserveCapacity(fields.count)
        var visibilityReads: [[Int]] = []
        visibilityReads.reserveCapacity(fields.count)
        // By position: `fields.map` would copy every (large) definition.
        for position in fields.indices {
            var visibility: [CompiledExpression?] = [fields[position].visible]
            let section = fields[position].sectionIndex
            if sections.indices.contains(section), !fields[position].isInput {
                visibility.append(sections[section].visible)
            }
            if let scope = fields[position].repeatIndex {
                for ancestor in repeats[scope].ancestry { visibility.append(repeats[ancestor].visible) }
            }
            var expressions: [CompiledExpression?] = [fields[position].value]
            // A cascade's options share a few conditions: each is read once.
            var optionConditions = Set<ObjectIdentifier>()
            for option in fields[position].options {
                if let condition = option.visible, optionConditions.insert(condition.identity).inserted {
                    expressions.append(condition)
                }
            }
            if keepsHiddenAnswers {
                visibilityReads.append(nodes(visibility, indexOf: fields[position].repeatIndex))
            } else {
                expressions += visibility
                visibilityReads.append([])
            }
            reads.append(nodes(expressions, indexOf: fields[position].repeatIndex))
            var display: [CompiledExpression?] = fields[position].rules.map(\.check)
            if let scope = fields[position].repeatIndex {
                across.append(
                    Self.fieldsReadAcrossEntries(
                        expressions + visibility + display, of: Set(repeats[scope].ancestry), environment: environment))
            } else {
                across.append([])
            }
            // What the row shows reads them too: its texts (label, help, note, option
            // labels, rule messages, the required message).
            for text in fields[position].texts.all where !text.isConstant { display += text.expressions }
            for option in fields[position].options where !option.labelText.isConstant {
                display += option.labelText.expressions
            }
            for rule in fields[position].rules where !rule.messageText.isConstant {
                display += rule.messageText.expressions
            }
            if let message = fields[position].requiredMessage, !message.isConstant { display += message.expressions }
            if case .when(let condition) = fields[position].required { display.append(condition) }
            if case .when(let condition) = fields[position].readOnly { display.append(condition) }
            for bound in [fields[position].minimum, fields[position].maximum] {
                if case .expression(let expression)? = bound { display.append(expression) }
            }
            // A field's own value is checked when it changes, except in the other entries
            // where a rule reads it across them (`occurrences($members.id, $id) == 1`).
            let acrossItself = across.last?.contains(position) ?? false
            displayReads.append(
                nodes(display, indexOf: fields[position].repeatIndex).filter { $0 != position || acrossItself })
        }
        // `valid($x)` reads what x's error reads: x, its own condition, its rules, its
        // required and read-only conditions and its bounds.
        for position in fields.indices {
            var checked =
                (fields[position].value?.validatedFields ?? []) + (fields[position].visible?.validatedFields ?? [])
            for option in fields[position].options { checked += option.visible?.validatedFields ?? [] }
            guard !checked.isEmpty else { continue }
            for name in checked {
                guard let field = environment.fields[name]?.index else { continue }
                var validation: [CompiledExpression?] = [fields[field].visible] + fields[field].rules.map(\.check)
                if case .when(let condition) = fields[field].required { validation.append(condition) }
                if case .when(let condition) = fields[field].readOnly { validation.append(condition) }
                for bound in [fields[field].minimum, fields[field].maximum] {
                    if case .expression(let expression)? = bound { validation.append(expression) }
                }
                for node in [field] + nodes(validation, indexOf: fields[field].repeatIndex)
                where node != position && !reads[position].contains(node) {
                    reads[position].append(node)
                }
            }
        }
        for repeatDefinition in repeats {
            reads.append(nodes([repeatDefinition.count], indexOf: repeatDefinition.parent))
        }
        self.reads = reads
        self.readsAcrossEntries = across
        self.displayReads = displayReads
        self.visibilityReads = visibilityReads
    }

    /// The fields expressions read in every entry of one of `repeats` (the repeats
    /// that hold the field they belong to): those in an aggregate over the entries
    /// of such a repeat (`count($members, $age > 5)`, `any`, `all`), and the fields
    /// of paths through one (`$members.age`).
    static func fieldsReadAcrossEntries(
        _ expressions: [CompiledExpression?], of repeats: Set<Int>, environment: ExpressionEnvironment
    ) -> Set<Int> {
        var result = Set<Int>()
        func throughOwnRepeat(_ name: String) -> Bool {
            name.split(separator: ".").contains {
                environment.repeats[String($0)].map { repeats.contains($0.index) } ?? false
            }
        }
        func addFields(_ expression: Expression) {
            for name in expression.references {
                if let field = environment.fields[String(name.split(separator: ".").last ?? "")] {
                    result.insert(field.index)
                }
            }
        }
        func visit(_ expression: Expression) {
            switch expression.kind {
            case .literal: break
            case .reference(let name):
                if name.containsASCII("."), throughOwnRepeat(name) { addFields(expression) }
            case .list(let elements): elements.forEach(visit)
            case .unary(_, let operand): visit(operand)
            case .binary(_, let left, let right):
                visit(left)
                visit(right)
            case .call(let name, let arguments):
                if ["count", "any", "all"].contains(name), case .reference(let head)? = arguments.first?.kind,
                    throughOwnRepeat(head)
                {
                    arguments.dropFirst().forEach(addFields)
                }
                arguments.forEach(visit)
            }
        }
        for expression in expressions { if let expression { visit(expression.expression) } }
        return result
    }

    /// The nodes an expression's references read: `$x` a field or a repeat's
    /// entries, `$a.b.c` every repeat on the path and the field at its end.
    static func nodes(reading references: [String], environment: ExpressionEnvironment, fieldCount: Int) -> [Int] {
        var result: [Int] = []
        func add(_ id: String) {
            if let field = environment.fields[id] {
                result.append(field.index)
            } else if let repeatSignature = environment.repeats[id] {
                result.append(fieldCount + repeatSignature.index)
            }
        }
        for name in references {
            // Most references are one name: looked up as they are, without splitting.
            guard name.utf8.contains(UInt8(ascii: ".")) else {
                add(name)
                continue
            }
            for segment in name.split(separator: ".") { add(String(segment)) }
        }
        return result
    }

    /// One depth-first walk over the graph (iterative, so long chains cannot
    /// overflow the stack): the cycles it meets, each once as node indices with the
    /// first repeated at the end (`[a, b, a]`), and a post-order in which every node
    /// follows the nodes it reads (nodes in cycles keep form order).
    ///
    /// The nodes in `cut` are walked as if they read nothing (a repeat whose `count`
    /// reads its own entries: its count is read when entries are made, not kept in
    /// step).
    func walk(cut: Set<Int> = []) -> (cycles: [[Int]], order: [Int]) {
        var state = [UInt8](repeating: 0, count: reads.count)  // 0 new, 1 on the path, 2 done
        var path: [Int] = []
        var cycles: [[Int]] = []
        var reported = Set<[Int]>()
        var order: [Int] = []
        order.reserveCapacity(reads.count)
        for root in reads.indices where state[root] == 0 {
            var frames: [(node: Int, next: Int)] = [(root, 0)]
            state[root] = 1
            path.append(root)
            while let frame = frames.last {
                if frame.next < reads[frame.node].count, !cut.contains(frame.node) {
                    frames[frames.count - 1].next += 1
                    let target = reads[frame.node][frame.next]
                    if state[target] == 0 {
                        state[target] = 1
                        path.append(target)
                        frames.append((target, 0))
                    } else if state[target] == 1 {
                        let cycle = Array(path.drop { $0 != target }) + [target]
                        if reported.insert(Set(cycle).sorted()).inserted { cycles.append(cycle) }
                    }
                } else {
                    state[frame.node] = 2
                    order.append(frame.node)
                    path.removeLast()
                    frames.removeLast()
                }
            }
        }
        return (cycles, order)
    }
}

extension Expression {
    /// Whether the expression calls `index()` (so it reads its entry's position).
    var usesIndex: Bool {
        switch kind {
        case .literal, .reference: return false
        case .list(let elements): return elements.contains { $0.usesIndex }
        case .unary(_, let operand): return operand.usesIndex
        case .binary(_, let left, let right): return left.usesIndex || right.usesIndex
        case .call(let name, let arguments): return name == "index" || arguments.contains { $0.usesIndex }
        }
    }
}
