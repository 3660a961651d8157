/// Compares two versions of a form for `FormDiff`: questions matched by where their
/// answers are stored, then by key alone (moved between repeats), then by kind and
/// label (renamed); then each matched pair property by property.
struct FormComparison {
    let old: FormDefinition
    let new: FormDefinition
    var changes: [FormDiff.Change] = []

    init(old: FormDefinition, new: FormDefinition) {
        self.old = old
        self.new = new
    }

    mutating func compare() {
        let oldPaths = old.fields.map { Self.path(of: $0, in: old) }
        let newPaths = new.fields.map { Self.path(of: $0, in: new) }
        // Two questions may store their answers under one key (a device's value and
        // the question that shows it): the same id under the same path matches first.
        var newByPath: [String: [Int]] = [:]
        for (index, path) in newPaths.enumerated().reversed() { newByPath[path, default: []].append(index) }
        var newByKey: [String: Int] = [:]
        for field in new.fields where newByKey[field.answerKey] == nil { newByKey[field.answerKey] = field.index }
        var used = Set<Int>()
        var pairs: [(old: Int, new: Int?)] = []
        for field in old.fields {
            let candidates = (newByPath[oldPaths[field.index]] ?? []).filter { !used.contains($0) }
            if let match = candidates.last(where: { new.fields[$0].id == field.id }) ?? candidates.last {
                used.insert(match)
                pairs.append((field.index, match))
            } else {
                pairs.append((field.index, nil))
            }
        }
        // Moved into or out of a repeat: the same key under another repeat.
        for (position, pair) in pairs.enumerated() where pair.new == nil {
            let field = old.fields[pair.old]
            guard let match = newByKey[field.answerKey], !used.contains(match) else { continue }
            used.insert(match)
            pairs[position].new = match
            let from = Self.repeatPath(of: field, in: old)
            let to = Self.repeatPath(of: new.fields[match], in: new)
            add(
                .breaking, new.fields[match].id,
                to.isEmpty ? "moved out of repeat '\(from)'" : "moved into repeat '\(to)'",
                old: from.isEmpty ? nil : from, new: to.isEmpty ? nil : to, oldField: field, newField: new.fields[match]
            )
        }
        // Renamed: a question gone and one new, of the same kind and label, in the same
        // repeat (found through a table: two large forms compare in linear time).
        var candidates: [String: [Int]] = [:]
        for field in new.fields.reversed() where !used.contains(field.index) {
            let label = Self.normalized(field.label)
            guard !label.isEmpty else { continue }
            candidates[Self.renameKey(field, label, in: new), default: []].append(field.index)
        }
        for (position, pair) in pairs.enumerated() where pair.new == nil {
            let field = old.fields[pair.old]
            let label = Self.normalized(field.label)
            guard !label.isEmpty else { continue }
            let key = Self.renameKey(field, label, in: old)
            guard let index = candidates[key]?.popLast() else { continue }
            let match = new.fields[index]
            used.insert(match.index)
            pairs[position].new = match.index
            add(
                .breaking, field.id, "renamed to '\(match.answerKey)' (answers stored under '\(field.answerKey)')",
                oldField: field, newField: match)
        }
        for pair in pairs {
            let field = old.fields[pair.old]
            guard let match = pair.new else {
                add(.breaking, field.id, "removed (was \(field.kindName) '\(field.label)')", oldField: field)
                continue
            }
            compareField(field, new.fields[match])
        }
        for field in new.fields where !used.contains(field.index) {
            if case .always = field.required, field.kind.isEditable, !field.isInput {
                add(.breaking, field.id, "added, required: answers collected before have none", newField: field)
            } else {
                add(.behaviour, field.id, "added (\(field.kindName) '\(field.label)')", newField: field)
            }
        }
        compareRepeats()
        compareSections()
    }

    // MARK: A question

    private mutating func compareField(_ before: FieldDefinition, _ after: FieldDefinition) {
        if before.kindName != after.kindName {
            add(
                .breaking, after.id, "kind changed", old: before.kindName, new: after.kindName, oldField: before,
                newField: after)
        }
        compareOptions(before, after)
        compareRequirement(before, after)
        let expressions: [(String, String?, String?)] = [
            ("visible", before.visible?.source, after.visible?.source),
            ("calculation", before.value?.source, after.value?.source),
            ("read-only", Self.source(before.readOnly), Self.source(after.readOnly)),
            ("rules", Self.rules(before), Self.rules(after)),
            ("min", Self.describe(before.minimum), Self.describe(after.minimum)),
            ("max", Self.describe(before.maximum), Self.describe(after.maximum)),
            ("default", Self.describe(before.defaultValue), Self.describe(after.defaultValue)),
        ]
        for (name, was, now) in expressions where was != now {
            let summary = was == nil ? "\(name) added" : now == nil ? "\(name) removed" : "\(name) changed"
            add(.behaviour, after.id, summary, old: was, new: now, oldField: before, newField: after)
        }
        compareText("label", before.texts.label, after.texts.label, before, after)
        compareText("hint", before.texts.help, after.texts.help, before, after)
    }

    private mutating func compareOptions(_ before: FieldDefinition, _ after: FieldDefinition) {
        guard !before.options.isEmpty || !after.options.isEmpty else { return }
        let values = Set(after.options.map(\.value))
        let oldValues = Set(before.options.map(\.value))
        for option in before.options where !values.contains(option.value) {
            add(
                .breaking, after.id, "choice '\(option.value)' removed (answers holding it no longer fit)",
                old: option.label, oldField: before, newField: after)
        }
        for option in after.options where !oldValues.contains(option.value) {
            add(
                .behaviour, after.id, "choice '\(option.value)' added", new: option.label, oldField: before,
                newField: after)
        }
        for option in after.options {
            guard let previous = before.option(withValue: option.value) else { continue }
            compareText("label of choice '\(option.value)'", previous.labelText, option.labelText, before, after)
            if previous.visible?.source != option.visible?.source {
                add(
                    .behaviour, after.id, "condition of choice '\(option.value)' changed",
                    old: previous.visible?.source,
                    new: option.visible?.source, oldField: before, newField: after)
            }
        }
    }

    private mutating func compareRequirement(_ before: FieldDefinition, _ after: FieldDefinition) {
        switch (before.required, after.required) {
        case (.always, .always), (.never, .never): return
        case (_, .always) where after.kind.isEditable:
            add(
                .breaking, after.id, "made required: answers collected before may leave it empty",
                old: Self.source(before.required), oldField: before, newField: after)
        default:
            let (was, now) = (Self.source(before.required), Self.source(after.required))
            guard was != now else { return }
            add(.behaviour, after.id, "required changed", old: was, new: now, oldField: before, newField: after)
        }
    }

    private mutating func compareText(
        _ name: String, _ before: FormText?, _ after: FormText?, _ oldField: FieldDefinition,
        _ newField: FieldDefinition
    ) {
        let languages = Array(Set((before?.languages ?? []) + (after?.languages ?? []))).sorted()
        for language in languages.isEmpty ? [nil] : languages.map(Optional.some) {
            let was = before?.source(in: language, defaultLanguage: old.defaultLanguage)
            let now = after?.source(in: language, defaultLanguage: new.defaultLanguage)
            guard was != now else { continue }
            // Texts that read the same, but for a kind of space (a no-break space before
            // `?`, as one tool writes and another does not), are said to be so.
            let spacesOnly = was.map(Self.spacesUnified) == now.map(Self.spacesUnified)
            let summary =
                "\(name) changed" + (language.map { " (\($0))" } ?? "") + (spacesOnly ? ", only in its spaces" : "")
            add(.text, newField.id, summary, old: was, new: now, oldField: oldField, newField: newField)
        }
    }

    // MARK: Repeats and sections

    private mutating func compareRepeats() {
        let firstRepeatChange = changes.count
        defer { rankAfterFields(from: firstRepeatChange) }
        let newRepeats = Dictionary(new.repeats.map { ($0.id, $0) }) { first, _ in first }
        let oldIDs = Set(old.repeats.map(\.id))
        for repeatGroup in old.repeats {
            guard let after = newRepeats[repeatGroup.id] else {
                add(
                    .breaking, repeatGroup.id, "repeat removed (its entries no longer fit)", old: nil, new: nil,
                    oldPlace: old.placeName(of: repeatGroup.location), newPlace: nil)
                continue
            }
            let place = (old.placeName(of: repeatGroup.location), new.placeName(of: after.location))
            for (name, was, now) in [
                ("visible", repeatGroup.visible?.source, after.visible?.source),
                ("count", repeatGroup.count?.source, after.count?.source),
            ] where was != now {
                add(
                    .behaviour, after.id, "\(name) of the repeat changed", old: was, new: now, oldPlace: place.0,
                    newPlace: place.1)
            }
        }
        for repeatGroup in new.repeats where !oldIDs.contains(repeatGroup.id) {
            add(
                .behaviour, repeatGroup.id, "repeat added", old: nil, new: nil, oldPlace: nil,
                newPlace: new.placeName(of: repeatGroup.location))
        }
    }

    private mutating func compareSections() {
        let firstSectionChange = changes.count
        defer { rankAfterFields(from: firstSectionChange) }
        let newSections = Dictionary(new.sections.map { ($0.id, $0) }) { first, _ in first }
        for section in old.sections {
            guard let after = newSections[section.id], section.visible?.source != after.visible?.source else {
                continue
            }
            add(
                .behaviour, section.id, "visible of the section changed", old: section.visible?.source,
                new: after.visible?.source, oldPlace: old.placeName(of: section.location),
                newPlace: new.placeName(of: after.location))
        }
    }

    // MARK: Recording

    /// Changes from `start` on (repeats', sections') come after the questions'.
    private mutating func rankAfterFields(from start: Int) {
        for index in start..<changes.count { changes[index].rank = old.fields.count + new.fields.count + index }
    }

    private mutating func add(
        _ category: FormDiff.Category, _ subject: String, _ summary: String, old was: String? = nil,
        new now: String? = nil, oldField: FieldDefinition? = nil, newField: FieldDefinition? = nil
    ) {
        add(
            category, subject, summary, old: was, new: now, oldPlace: oldField.map { old.placeName(of: $0.location) },
            newPlace: newField.map { new.placeName(of: $0.location) })
        changes[changes.count - 1].rank = newField.map(\.index) ?? oldField.map { new.fields.count + $0.index } ?? 0
    }

    private mutating func add(
        _ category: FormDiff.Category, _ subject: String, _ summary: String, old was: String?, new now: String?,
        oldPlace: String?, newPlace: String?
    ) {
        changes.append(
            FormDiff.Change(
                category: category, subject: subject, summary: summary, old: was, new: now, oldPlace: oldPlace,
                newPlace: newPlace))
    }

    // MARK: Reading a definition

    /// Where a field's answers are stored: its repeats' ids, then its key.
    static func path(of field: FieldDefinition, in definition: FormDefinition) -> String {
        repeatPath(of: field, in: definition) + "/" + field.answerKey
    }

    static func repeatPath(of field: FieldDefinition, in definition: FormDefinition) -> String {
        guard let scope = field.repeatIndex else { return "" }
        return definition.repeats[scope].ancestry.map { definition.repeats[$0].id }.joined(separator: "/")
    }

    /// What a renamed question keeps: its kind, its label and its repeats.
    static func renameKey(_ field: FieldDefinition, _ label: String, in definition: FormDefinition) -> String {
        [field.kindName, label, repeatPath(of: field, in: definition)].joined(separator: "\u{0}")
    }

    /// Every kind of space as a plain one.
    static func spacesUnified(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.isWhitespace ? " " : $0 }))
    }

    static func normalized(_ label: String) -> String {
        label.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    static func source(_ requirement: Requirement) -> String? {
        switch requirement {
        case .never: return nil
        case .always: return "always"
        case .when(let condition): return condition.source
        }
    }

    static func rules(_ field: FieldDefinition) -> String? {
        field.rules.isEmpty ? nil : field.rules.map(\.check.source).joined(separator: "; ")
    }

    static func describe(_ bound: Bound?) -> String? {
        switch bound {
        case .none: return nil
        case .value(let value)?: return value.description
        case .expression(let expression)?: return expression.source
        }
    }
}
