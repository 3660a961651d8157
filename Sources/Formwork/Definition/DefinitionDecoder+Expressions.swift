extension DefinitionDecoder {
    /// Types computed fields: their values are compiled in the order of the computed
    /// fields they read, so a computed field can read another. A field whose value
    /// fails (or sits in a cycle of values) gets the type `null`, which is compatible
    /// with everything, so its readers report no follow-up errors.
    mutating func compileComputedValues() {
        var parsed: [Int: Expression] = [:]
        for index in definitions.indices where definitions[index].kind.isComputed {
            definitions[index].valueType = .null
            guard let node = fieldNodes[index].valueNode, let source = node.scalarText else { continue }
            do {
                parsed[index] = try Parser.parse(source, limits: limits)
            } catch {
                collector.report([error], in: node)
            }
        }
        guard !parsed.isEmpty else { return }
        // One environment, updated as each computed field gets its type.
        var environment = makeEnvironment()
        var state: [Int: Bool] = [:]  // false: in progress, true: done
        var stack: [Int] = []

        func visit(_ index: Int) {
            if state[index] == true { return }
            if state[index] == false {
                let members = Array(stack.drop { $0 != index })
                if reportedCycles.insert(members.sorted()).inserted {
                    let cycle = members.map { definitions[$0].id } + [definitions[index].id]
                    collector.report(.cycle(cycle), at: fieldNodes[index].valueNode!)
                }
                return
            }
            state[index] = false
            stack.append(index)
            for name in parsed[index]?.references ?? [] {
                if let other = environment.fields[name]?.index, parsed[other] != nil { visit(other) }
            }
            stack.removeLast()
            state[index] = true
            guard let node = fieldNodes[index].valueNode else { return }
            if let compiled = compile(
                node, key: "value", expecting: nil, environment: environment.inScope(definitions[index].repeatIndex))
            {
                definitions[index].value = compiled
                definitions[index].valueType = compiled.type
                environment.fields[definitions[index].id]?.type = compiled.type
            }
        }
        for index in parsed.keys.sorted() { visit(index) }
    }

    /// Compiles every condition and bound against the full environment.
    mutating func compileConditions(_ environment: ExpressionEnvironment) {
        for (index, node) in sectionVisibleNodes.sorted(by: { $0.key < $1.key }) {
            sections[index].visible = compileCondition(node, key: "visible", environment: environment)
        }
        let formEnvironment = environment
        var optionConditions: [OptionCondition: CompiledExpression] = [:]
        for index in definitions.indices {
            // Nodes are read one at a time: copying a field's whole record of nodes
            // (or its definition) per field dominated loading large forms.
            let environment = formEnvironment.inScope(definitions[index].repeatIndex)
            if let node = fieldNodes[index].visibleNode {
                definitions[index].visible = compileCondition(node, key: "visible", environment: environment)
            }
            if let node = fieldNodes[index].requiredNode {
                switch node.scalar {
                case .bool(let flag)?: definitions[index].required = flag ? .always : .never
                default:
                    if let condition = compile(node, key: "required", expecting: .bool, environment: environment) {
                        definitions[index].required = .when(condition)
                    }
                }
            }
            if let message = fieldNodes[index].requiredMessage {
                // Like a rule's message: read in the field's scope (its entry's, in a repeat).
                definitions[index].requiredMessage = compileText(message, environment: environment)
            }
            if !fieldNodes[index].optionVisibleNodes.isEmpty {
                for (optionIndex, node) in fieldNodes[index].optionVisibleNodes {
                    definitions[index].options[optionIndex].visible = compileOptionCondition(
                        node, environment: environment, compiled: &optionConditions)
                }
            }
            if !fieldNodes[index].ruleNodes.isEmpty {
                for (check, message) in fieldNodes[index].ruleNodes {
                    let compiled = compile(check, key: "check", expecting: .bool, environment: environment)
                    let messageText = compileText(message, environment: environment)
                    if let compiled, let messageText {
                        definitions[index].rules.append(
                            Rule(check: compiled, message: defaultSource(message), messageText: messageText))
                    }
                }
            }
            let kind = definitions[index].kind
            if kind.isTemporal {
                definitions[index].minimum = fieldNodes[index].minimumNode.flatMap {
                    temporalBound($0, key: "min", kind: kind, environment: environment)
                }
                definitions[index].maximum = fieldNodes[index].maximumNode.flatMap {
                    temporalBound($0, key: "max", kind: kind, environment: environment)
                }
            }
        }
    }

    /// An option's `visible`, compiled once for every option that writes it the same
    /// way in the same scope (a cascade's thousands of options repeat a few conditions;
    /// what compiles is the same whatever option holds it). A condition that does not
    /// compile is compiled, and reported, at each option; one that calls `uuid()`
    /// depends on where it is written, and is compiled each time.
    mutating func compileOptionCondition(
        _ node: SyntaxNode, environment: ExpressionEnvironment,
        compiled: inout [OptionCondition: CompiledExpression]
    ) -> CompiledExpression? {
        guard let source = node.scalarText, !source.containsASCII("uuid") else {
            return compileCondition(node, key: "visible", environment: environment)
        }
        let key = OptionCondition(source: source, scope: environment.scope)
        if let condition = compiled[key] { return condition }
        let condition = compileCondition(node, key: "visible", environment: environment)
        compiled[key] = condition
        return condition
    }

    /// `visible` accepts `true`/`false` as well as a condition.
    mutating func compileCondition(
        _ node: SyntaxNode, key: String, environment: ExpressionEnvironment
    ) -> CompiledExpression? {
        compile(node, key: key, expecting: .bool, environment: environment)
    }

    /// Reports cycles among visibility, option visibility and computed values, and
    /// returns an evaluation order in which every field follows what it reads.
    ///
    /// A cycle through a repeat's `count` (the count reads, through other fields, the
    /// repeat's own entries) is no error: JavaRosa reads `jr:count` when the repeat is
    /// reached, not as a calculation, so the entries grow to the count and are kept
    /// when it falls (`RepeatDefinition.countReadsItsEntries`), with a warning.
    mutating func checkDependencies(_ graph: DependencyGraph) -> [Int] {
        var (cycles, order) = graph.walk()
        let fieldCount = graph.fieldCount
        func name(_ node: Int) -> String { node < fieldCount ? definitions[node].id : repeats[node - fieldCount].id }
        let throughCounts = cycles.filter { cycle in cycle.contains { $0 >= fieldCount } }
        if !throughCounts.isEmpty {
            var cut = Set<Int>()
            for cycle in throughCounts {
                for node in cycle where node >= fieldCount && cut.insert(node).inserted {
                    let repeatIndex = node - fieldCount
                    repeats[repeatIndex].countReadsItsEntries = true
                    var warning = Diagnostic(
                        .countReadsItsEntries(group: repeats[repeatIndex].id, through: cycle.map(name)),
                        at: repeatNodes[repeatIndex].count?.location ?? repeats[repeatIndex].location)
                    warning.severity = .warning
                    warnings.append(warning)
                }
            }
            (cycles, order) = graph.walk(cut: cut)
        }
        for cycle in cycles where reportedCycles.insert(Array(Set(cycle)).sorted()).inserted {
            // Report at a field of the cycle if there is one, else at a repeat's count.
            let first = cycle.first { $0 < fieldCount } ?? cycle[0]
            let node: SyntaxNode?
            let fallback: SourceLocation
            if first < fieldCount {
                let nodes = fieldNodes[first]
                node =
                    nodes.visibleNode ?? nodes.valueNode ?? nodes.optionVisibleNodes.first?.node
                    ?? sectionVisibleNodes[definitions[first].sectionIndex]
                fallback = definitions[first].location
            } else {
                node = repeatNodes[first - fieldCount].count
                fallback = repeats[first - fieldCount].location
            }
            collector.report(
                .cycle(cycle.map(name)), at: node?.location ?? fallback, length: node?.scalarText?.count ?? 1)
        }
        return order.filter { $0 < fieldCount }
    }

    /// Digits and separators only: a date that failed to parse, not an expression.
    static func looksLikeDateLiteral(_ text: String) -> Bool {
        !text.isEmpty && text.first!.isNumber && text.allSatisfy { $0.isNumber || "-/.: ".contains($0) }
            && text.contains { !$0.isNumber }
    }
}

/// An option's condition as written, and the repeat it is read in (`nil`: the form).
struct OptionCondition: Hashable {
    let source: String
    let scope: Int?
}
