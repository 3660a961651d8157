/// A form's coverage items, made once and shared by every copy of its coverage, with
/// where each of its fields', sections' and repeats' items are.
final class CoveragePlan: Sendable {
    let items: [CoverageItem]
    let fieldVisible: [Int?]
    let fieldShown: [Int?]
    let fieldRequired: [Int?]
    let fieldReadOnly: [Int?]
    let fieldRules: [[Int]]
    /// Per field: each distinct condition its options are offered on, with its item.
    let fieldOptions: [[(condition: CompiledExpression, item: Int)]]
    /// Fields with any item (the others are passed over).
    let fieldHasItems: [Bool]
    /// Each field's items, all of them.
    let fieldItems: [[Int]]
    let sectionCondition: [Int?]
    let repeatCondition: [Int?]
    let repeatEntries: [Int]

    init(_ definition: FormDefinition) {
        var items: [CoverageItem] = []
        func add(
            _ kind: CoverageItem.Kind, _ subject: String, detail: String? = nil,
            expression: CompiledExpression? = nil, at location: SourceLocation
        ) -> Int {
            let written = expression.flatMap { $0.location }.map { definition.place(of: $0) } ?? nil
            let placed = expression?.location ?? location
            items.append(
                CoverageItem(
                    kind: kind, subject: subject, detail: detail,
                    expression: expression.map { written?.quote ?? $0.source }, location: placed,
                    place: definition.placeName(of: placed)))
            return items.count - 1
        }
        var sectionCondition = [Int?](repeating: nil, count: definition.sections.count)
        var repeatCondition = [Int?](repeating: nil, count: definition.repeats.count)
        var repeatEntries = [Int](repeating: 0, count: definition.repeats.count)
        let fieldCount = definition.fields.count
        var fieldVisible = [Int?](repeating: nil, count: fieldCount)
        var fieldShown = [Int?](repeating: nil, count: fieldCount)
        var fieldRequired = [Int?](repeating: nil, count: fieldCount)
        var fieldReadOnly = [Int?](repeating: nil, count: fieldCount)
        var fieldRules = [[Int]](repeating: [], count: fieldCount)
        var fieldOptions = [[(condition: CompiledExpression, item: Int)]](repeating: [], count: fieldCount)

        func addField(_ index: Int) {
            let field = definition.fields[index]
            guard !field.isInput else { return }
            if let visible = field.visible {
                fieldVisible[index] = add(.visible, field.id, expression: visible, at: field.location)
            }
            if field.kind.isEditable || field.kind == .note {
                fieldShown[index] = add(.shown, field.id, at: field.location)
            }
            if case .when(let condition) = field.required {
                fieldRequired[index] = add(.required, field.id, expression: condition, at: field.location)
            }
            if case .when(let condition) = field.readOnly {
                fieldReadOnly[index] = add(.readonly, field.id, expression: condition, at: field.location)
            }
            fieldRules[index] = field.rules.indices.map {
                add(.rule, field.id, detail: String($0 + 1), expression: field.rules[$0].check, at: field.location)
            }
            var byCondition: [ObjectIdentifier: Int] = [:]
            var offered: [[String]] = []
            var conditions: [CompiledExpression] = []
            for option in field.options {
                guard let visible = option.visible else { continue }
                if let known = byCondition[visible.identity] {
                    offered[known].append(option.value)
                } else {
                    byCondition[visible.identity] = conditions.count
                    conditions.append(visible)
                    offered.append([option.value])
                }
            }
            fieldOptions[index] = zip(conditions, offered).map { condition, values in
                let shown = values.prefix(3).joined(separator: ", ") + (values.count > 3 ? ", …" : "")
                return (condition, add(.options, field.id, detail: shown, expression: condition, at: field.location))
            }
        }
        func addRepeat(_ index: Int) {
            let repeatDefinition = definition.repeats[index]
            if let visible = repeatDefinition.visible {
                repeatCondition[index] = add(
                    .repeatCondition, repeatDefinition.id, expression: visible, at: repeatDefinition.location)
            }
            repeatEntries[index] = add(.entries, repeatDefinition.id, at: repeatDefinition.location)
            addItems(repeatDefinition.items)
        }
        func addItems(_ formItems: [FormItem]) {
            for item in formItems {
                switch item {
                case .field(let index): addField(index)
                case .repeatGroup(let index): addRepeat(index)
                }
            }
        }
        // In the form's order: each section's condition, then what it holds.
        for section in definition.sections {
            if let visible = section.visible {
                sectionCondition[section.index] = add(.section, section.id, expression: visible, at: section.location)
            }
            addItems(section.items)
        }
        self.items = items
        self.sectionCondition = sectionCondition
        self.repeatCondition = repeatCondition
        self.repeatEntries = repeatEntries
        self.fieldVisible = fieldVisible
        self.fieldShown = fieldShown
        self.fieldRequired = fieldRequired
        self.fieldReadOnly = fieldReadOnly
        self.fieldRules = fieldRules
        self.fieldOptions = fieldOptions
        self.fieldItems = (0..<fieldCount).map {
            [fieldVisible[$0], fieldShown[$0], fieldRequired[$0], fieldReadOnly[$0]].compactMap { $0 } + fieldRules[$0]
                + fieldOptions[$0].map(\.item)
        }
        self.fieldHasItems = (0..<fieldCount).map {
            fieldVisible[$0] != nil || fieldShown[$0] != nil || fieldRequired[$0] != nil || fieldReadOnly[$0] != nil
                || !fieldRules[$0].isEmpty || !fieldOptions[$0].isEmpty
        }
    }
}
