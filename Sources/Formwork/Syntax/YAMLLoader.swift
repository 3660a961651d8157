import Yams

/// Parses YAML with Yams' `compose` into a `SyntaxNode` tree.
///
/// Yams composes recursively, so the nesting of the text is bounded before Yams
/// sees it (`NestingEstimate`). A text that may hold aliases is checked first on
/// libyaml's event stream (`YAMLAliasCheck`): every alias's expansion is counted
/// against a node budget and no key may be an alias or a collection, so a "billion
/// laughs" document — in a value or in a key — is an error at once, not an
/// exhausted machine. Converting to `SyntaxNode`s keeps the same budget.
enum YAMLLoader {
    static func parse(_ text: String, limits: Limits) throws(Diagnostic) -> SyntaxNode {
        do {
            return try compose(text, limits: limits)
        } catch {
            // libyaml often reports a missing closer at the end of the file; point at
            // what was left open instead.
            if let location = error.location, let context = error.contextLocation,
                DiagnosticRenderer.sourceLine(location.line, of: text).map({ String($0).allSatisfy(\.isWhitespace) })
                    ?? true
            {
                var moved = error
                moved.location = context
                moved.contextLocation = nil
                throw moved
            }
            throw error
        }
    }

    static func compose(_ text: String, limits: Limits) throws(Diagnostic) -> SyntaxNode {
        if let location = NestingEstimate.firstLocationDeeperThan(limits.maximumNesting * 8, in: text) {
            throw Diagnostic(.nestingTooDeep(limit: limits.maximumNesting), at: location)
        }
        if YAMLAliasCheck.mayUseAliases(text) { try YAMLAliasCheck.check(text, maximumNodes: limits.maximumNodes) }
        let root: Node?
        do {
            // The basic resolver tags nothing: scalars are typed by `PlainScalar`
            // (YAML 1.2 core rules) where a value is expected. Yams' default
            // resolver would run up to seven regular expressions per scalar and
            // compile them at start-up, for tags nothing here reads.
            root = try Yams.compose(yaml: text, .basic)
        } catch let error as YamlError {
            throw diagnostic(for: error)
        } catch {
            throw Diagnostic(.yamlSyntax("\(error)"), at: nil)
        }
        guard let root else { return SyntaxNode(content: .mapping([]), location: SourceLocation(line: 1, column: 1)) }
        var budget = limits.maximumNodes
        return try convert(root, depth: 0, budget: &budget, limits: limits)
    }

    static func diagnostic(for error: YamlError) -> Diagnostic {
        func location(_ mark: Mark) -> SourceLocation { SourceLocation(line: mark.line, column: mark.column) }
        switch error {
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _):
            var diagnostic = Diagnostic(.yamlSyntax(describe(problem, context)), at: location(mark))
            diagnostic.contextLocation = context.map { location($0.mark) }
            return diagnostic
        case let .composer(context, problem, mark, _):
            if context?.text.contains("single document") == true {
                return Diagnostic(.multipleDocuments, at: location(mark))
            }
            return Diagnostic(.yamlSyntax(describe(problem, context)), at: location(mark))
        case let .duplicatedKeysInMapping(duplicates, context):
            return Diagnostic(
                .duplicateKey(duplicates.first ?? "?"), at: location(context.mark),
                length: duplicates.first?.count ?? 1)
        case let .reader(problem, offset, _, _):
            return Diagnostic(.yamlSyntax(problem + (offset.map { " (at byte \($0))" } ?? "")), at: nil)
        default:
            return Diagnostic(.yamlSyntax("\(error)"), at: nil)
        }
    }

    static func describe(_ problem: String, _ context: YamlError.Context?) -> String {
        guard let context else { return problem }
        return "\(problem) (\(context.text) at \(context.mark.line):\(context.mark.column))"
    }

    static func convert(_ node: Node, depth: Int, budget: inout Int, limits: Limits) throws(Diagnostic) -> SyntaxNode {
        let location =
            node.mark.map { SourceLocation(line: $0.line, column: $0.column) } ?? SourceLocation(line: 1, column: 1)
        budget -= 1
        guard budget >= 0 else { throw Diagnostic(.aliasExpansion(limit: limits.maximumNodes), at: location) }
        guard depth <= limits.maximumNesting else {
            throw Diagnostic(.nestingTooDeep(limit: limits.maximumNesting), at: location)
        }
        switch node {
        case .scalar(let scalar):
            let style: SyntaxNode.ScalarStyle
            switch scalar.style {
            case .plain, .any: style = .plain
            case .singleQuoted, .doubleQuoted: style = .quoted
            case .literal, .folded: style = .block
            }
            return SyntaxNode(content: .scalar(scalar.string, style: style), location: location)
        case .mapping(let mapping):
            var pairs: [(key: SyntaxNode, value: SyntaxNode)] = []
            pairs.reserveCapacity(mapping.count)
            for (key, value) in mapping {
                if case .alias = key { throw Diagnostic(.complexKey("an alias"), at: location) }
                if case .mapping(let keyMapping) = key {
                    throw Diagnostic(
                        .complexKey("a mapping"),
                        at: keyMapping.mark.map { SourceLocation(line: $0.line, column: $0.column) } ?? location)
                }
                if case .sequence(let keySequence) = key {
                    throw Diagnostic(
                        .complexKey("a list"),
                        at: keySequence.mark.map { SourceLocation(line: $0.line, column: $0.column) } ?? location)
                }
                pairs.append(
                    (
                        try convert(key, depth: depth + 1, budget: &budget, limits: limits),
                        try convert(value, depth: depth + 1, budget: &budget, limits: limits)
                    ))
            }
            return SyntaxNode(content: .mapping(pairs), location: location)
        case .sequence(let sequence):
            var elements: [SyntaxNode] = []
            elements.reserveCapacity(sequence.count)
            for element in sequence {
                elements.append(try convert(element, depth: depth + 1, budget: &budget, limits: limits))
            }
            return SyntaxNode(content: .sequence(elements), location: location)
        case .alias(let alias):
            throw Diagnostic(.yamlSyntax("unresolved alias '\(alias.anchor)'"), at: location)
        }
    }
}

/// A conservative upper bound of a YAML text's nesting, computed without parsing:
/// per line, indentation plus compact block indicators (`- `, `? `), plus the depth
/// of flow brackets outside quoted scalars and comments.
enum NestingEstimate {
    static func firstLocationDeeperThan(_ limit: Int, in text: String) -> SourceLocation? {
        var flowDepth = 0
        var line = 1
        var column = 0
        var indentation = 0
        var atLineStart = true
        var blockIndicators = 0
        var quote: Unicode.Scalar?
        var previous: Unicode.Scalar = "\n"
        var inComment = false
        var scalars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        while let scalar = pending ?? scalars.next() {
            pending = nil
            column += 1
            if scalar == "\n" {
                line += 1
                column = 0
                indentation = 0
                atLineStart = true
                blockIndicators = 0
                inComment = false
                if quote == "'" || quote == "\"" {
                    previous = scalar
                    continue
                }
                previous = scalar
                continue
            }
            if inComment { continue }
            if let open = quote {
                if open == "\"", scalar == "\\" {
                    _ = scalars.next()
                    column += 1
                    continue
                }
                if scalar == open {
                    if open == "'", let next = scalars.next() {
                        if next == "'" {
                            column += 1
                            continue
                        }
                        pending = next
                    }
                    quote = nil
                }
                previous = scalar
                continue
            }
            if atLineStart {
                if scalar == " " {
                    indentation += 1
                    continue
                }
                atLineStart = false
            }
            let boundary =
                previous == " " || previous == "\n" || previous == "[" || previous == "{" || previous == ","
                || previous == ":" || previous == "-" || previous == "\t"
            switch scalar {
            case "#" where previous == " " || previous == "\n" || previous == "\t": inComment = true
            case "'", "\"": if boundary { quote = scalar }
            case "[", "{": flowDepth += 1
            case "]", "}": if flowDepth > 0 { flowDepth -= 1 }
            case "-", "?", ":":
                if previous == " " || previous == "\n" || previous == "-" || previous == "?"
                    || column == indentation + 1
                {
                    blockIndicators += 1
                }
            default: break
            }
            if indentation + blockIndicators + flowDepth > limit {
                return SourceLocation(line: line, column: column)
            }
            previous = scalar
        }
        return nil
    }
}
