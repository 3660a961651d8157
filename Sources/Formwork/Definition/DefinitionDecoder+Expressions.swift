extension DefinitionDecoder {
    /// Types computed fields: their values are compiled in the order of the computed
    /// fields they read, so a computed field can read another. A field whose value
    /// fails (or sits in a cycle of values) gets the type `null`, which is compatible
    /// with everything, so its readers report no follow-up errors.
    mutating func compileComputedValues() {
        var parsed: [Int: Expression] = [:]
        for field in fields where field.definition.kind == .computed {
            guard let node = field.valueNode, let source = node.scalarText else { continue }
            do {
                parsed[field.definition.index] = try Parser.parse(source, limits: limits)
            } catch {
                collector.report([error], in: node)
            }
        }
        for index in fields.indices where fields[index].definition.kind == .computed {
            fields[index].definition.valueType = .null
        }
        let ids = Dictionary(fields.map { ($0.definition.id, $0.definition.index) }, uniquingKeysWith: { first, _ in first })
        var state: [Int: Bool] = [:]  // false: in progress, true: done
        var stack: [Int] = []

        func visit(_ index: Int) {
            if state[index] == true { return }
            if state[index] == false {
                let members = Array(stack.drop { $0 != index })
                if reportedCycles.insert(members.sorted()).inserted {
                    let cycle = members.map { fields[$0].definition.id } + [fields[index].definition.id]
                    collector.report(.cycle(cycle), at: fields[index].valueNode!)
                }
                return
            }
            state[index] = false
            stack.append(index)
            for name in parsed[index]?.references ?? [] {
                if let other = ids[name], parsed[other] != nil { visit(other) }
            }
            stack.removeLast()
            state[index] = true
            guard let node = fields[index].valueNode else { return }
            let environment = makeEnvironment()
            if let compiled = compile(node, key: "value", expecting: nil, environment: environment) {
                fields[index].definition.value = compiled
                fields[index].definition.valueType = compiled.type
            }
        }
        for index in parsed.keys.sorted() { visit(index) }
    }

    /// Compiles every condition and bound against the full environment.
    mutating func compileConditions(_ environment: ExpressionEnvironment) {
        for (index, node) in sectionVisibleNodes.sorted(by: { $0.key < $1.key }) {
            sections[index].visible = compileCondition(node, key: "visible", environment: environment)
        }
        for index in fields.indices {
            var field = fields[index]
            if let node = field.visibleNode {
                field.definition.visible = compileCondition(node, key: "visible", environment: environment)
            }
            if let node = field.requiredNode {
                switch node.scalar {
                case .bool(let flag)?: field.definition.required = flag ? .always : .never
                default:
                    if let condition = compile(node, key: "required", expecting: .bool, environment: environment) {
                        field.definition.required = .when(condition)
                    }
                }
            }
            for (optionIndex, node) in field.optionVisibleNodes {
                field.definition.options[optionIndex].visible = compileCondition(node, key: "visible", environment: environment)
            }
            for (check, message) in field.ruleNodes {
                if let compiled = compile(check, key: "check", expecting: .bool, environment: environment) {
                    field.definition.rules.append(Rule(check: compiled, message: message))
                }
            }
            if field.definition.kind == .date {
                field.definition.minimum = field.minimumNode.flatMap { dateBound($0, key: "min", environment: environment) }
                field.definition.maximum = field.maximumNode.flatMap { dateBound($0, key: "max", environment: environment) }
            }
            fields[index] = field
        }
    }

    /// `visible` accepts `true`/`false` as well as a condition.
    mutating func compileCondition(_ node: SyntaxNode, key: String, environment: ExpressionEnvironment) -> CompiledExpression? {
        compile(node, key: key, expecting: .bool, environment: environment)
    }

    /// A date literal (`2024-01-31`) or a date expression (`today() - 365`).
    mutating func dateBound(_ node: SyntaxNode, key: String, environment: ExpressionEnvironment) -> Bound? {
        if let text = node.scalarText, let date = LocalDate(text) { return .value(.date(date)) }
        if let text = node.scalarText, Self.looksLikeDateLiteral(text) {
            collector.report(.invalidDate(text), at: node)
            return nil
        }
        return compile(node, key: key, expecting: .date, environment: environment).map { .expression($0) }
    }

    /// Reports cycles among visibility, option visibility and computed values, and
    /// returns an evaluation order in which every field follows what it reads.
    mutating func checkDependencies() -> [Int] {
        let (cycles, order) = DependencyGraph(fields: fields.map(\.definition), sections: sections).walk()
        for cycle in cycles where reportedCycles.insert(Array(Set(cycle)).sorted()).inserted {
            let first = fields[cycle[0]]
            let node = first.visibleNode ?? first.valueNode ?? first.optionVisibleNodes.first?.node
                ?? sectionVisibleNodes[first.definition.sectionIndex]
            let location = node?.location ?? first.definition.location
            collector.report(.cycle(cycle.map { fields[$0].definition.id }), at: location, length: node?.scalarText?.count ?? 1)
        }
        return order
    }

    /// Digits and separators only: a date that failed to parse, not an expression.
    static func looksLikeDateLiteral(_ text: String) -> Bool {
        !text.isEmpty && text.first!.isNumber && text.allSatisfy { $0.isNumber || "-/.: ".contains($0) } && text.contains { !$0.isNumber }
    }
}
