/// The model as the tables of the README and of the *survey-core's model* article.
extension SurveyCoreModel {
    /// How many of the model's entries have each status: `own` counts each class's
    /// own properties, `inherited` each class's every property, its parents' included.
    public struct Counts: Sendable, Equatable {
        /// Each class's own properties, by status.
        public var own: [Status: Int] = [:]
        /// Each class's every property (its parents' included), by status.
        public var inherited: [Status: Int] = [:]
        /// The functions, by status.
        public var functions: [Status: Int] = [:]
    }

    /// The counts of the properties (own and with inherited ones) and functions by status.
    public static var counts: Counts {
        var counts = Counts()
        for modelClass in classes {
            for property in modelClass.properties {
                counts.own[verdict(of: property.name, in: modelClass.name).status, default: 0] += 1
            }
            for property in Set(names(of: modelClass.name).values) {
                counts.inherited[verdict(of: property, in: modelClass.name).status, default: 0] += 1
            }
        }
        for name in functions { counts.functions[verdict(ofFunction: name).status, default: 0] += 1 }
        return counts
    }

    /// The tables, in Markdown: the counts; every class with its own properties by
    /// status; every function; and what each status means for each property.
    ///
    /// - Parameter notes: Whether to add the table of what each property's status
    ///   means (the article has it; the README links to it).
    /// - Returns: The Markdown, ending in a newline.
    public static func markdown(notes: Bool) -> String {
        let counts = counts
        func summary(_ counts: [Status: Int]) -> String {
            Status.allCases.map { "\(counts[$0] ?? 0) \($0.rawValue)" }.joined(separator: ", ")
        }
        let ownTotal = counts.own.values.reduce(0, +)
        let inheritedTotal = counts.inherited.values.reduce(0, +)
        var lines = [
            "survey-core \(version): \(classes.count) classes, \(ownTotal) properties declared "
                + "(\(inheritedTotal) counting those each class inherits), \(functions.count) functions.",
            "",
            "- Properties declared: \(summary(counts.own)).",
            "- Counting inherited ones: \(summary(counts.inherited)).",
            "- Functions: \(summary(counts.functions)).",
            "",
            "| Class (parent) | Supported | Presentation | Degraded | Refused |",
            "| --- | --- | --- | --- | --- |",
        ]
        for modelClass in classes {
            var byStatus: [Status: [String]] = [:]
            for property in modelClass.properties {
                byStatus[verdict(of: property.name, in: modelClass.name).status, default: []].append(
                    "`\(property.name)`")
            }
            let parent = modelClass.parent.map { " (\($0))" } ?? ""
            let cells = Status.allCases.map { byStatus[$0]?.joined(separator: ", ") ?? "" }
            lines.append("| `\(modelClass.name)`\(parent) | " + cells.joined(separator: " | ") + " |")
        }
        lines += ["", "| Function | Status | Formwork |", "| --- | --- | --- |"]
        for name in functions {
            let verdict = verdict(ofFunction: name)
            lines.append("| `\(name)()` | \(verdict.status.rawValue) | \(verdict.note) |")
        }
        guard notes else { return lines.joined(separator: "\n") + "\n" }
        // Each status and note with the properties that have it.
        var groups: [Verdict: [String]] = [:]
        var order: [Verdict] = []
        for modelClass in classes {
            for property in modelClass.properties {
                let verdict = verdict(of: property.name, in: modelClass.name)
                let key =
                    verdicts[modelClass.name + "." + property.name] != nil
                    ? "\(modelClass.name).\(property.name)" : property.name
                if groups[verdict] == nil { order.append(verdict) }
                if !(groups[verdict] ?? []).contains("`\(key)`") { groups[verdict, default: []].append("`\(key)`") }
            }
        }
        order.sort { ($0.status.order, $0.note) < ($1.status.order, $1.note) }
        lines += ["", "| Status | Properties | Formwork |", "| --- | --- | --- |"]
        for verdict in order {
            let names = groups[verdict]!.sorted().joined(separator: ", ")
            lines.append("| \(verdict.status.rawValue) | \(names) | \(verdict.note) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension SurveyCoreModel.Status {
    /// The order of the tables: supported first.
    var order: Int { Self.allCases.firstIndex(of: self) ?? 0 }
}
