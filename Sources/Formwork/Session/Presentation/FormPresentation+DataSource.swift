import FormworkCore
import Foundation

extension FormPresentation {
    /// One descriptor per field kind (rows are named by kind), one for the add rows,
    /// and two for sections (an entry's first section stays shown when its fields are
    /// all hidden). `isHidden` asks the evaluation: the only visibility path.
    /// Configuring a `FieldCell` and selection are the data source's own closures,
    /// the second link of the resolution chain: an embedder's descriptor for a kind
    /// answers first for what it sets, and falls back to these for the rest (a row
    /// asks for the `FieldInteraction` of its field's kind).
    func makeDataSource() -> DataSource {
        let kindNames = Set(FieldKind.allCases.map(\.rawValue) + definition.fields.map(\.kindName))
        var descriptors: [any CellDescriptorType] = kindNames.sorted().map { kind in
            CellDescriptor<FieldRow, FieldCell>(.named(kind))
                .isHidden { [unowned self] row, _ in row.kind == .calculate || !evaluation.isVisible(row.index) }
        }
        descriptors.append(CellDescriptor<EntryAddRow, FieldCell>(.named(Self.addRowKind)))
        func sections(_ identifier: DescriptorIdentifier?) -> SectionDescriptor<FormSectionContent> {
            SectionDescriptor<FormSectionContent>(identifier)
                .header { content, _ in
                    if let entry = content.entryHeader { return .custom(entry) }
                    return content.header.map { .title($0) } ?? .none
                }
                .footer { content, _ in content.footer.map { .title($0) } ?? .none }
                .isHidden { [unowned self] content, _ in !isShown(content.role) }
        }
        let dataSource = DataSource(
            cellDescriptors: descriptors + session.extraDescriptors,
            sectionDescriptors: [
                sections(nil), sections(.named(Self.entrySectionKind)).visibleWhenEmpty(),
                sections(.named(Self.titleSectionKind)).visibleWhenEmpty(),
            ])
        dataSource.configure = { [unowned self] row, cell, _ in
            guard let cell = cell as? FieldCell else { return }
            if let item = row.item(as: FieldRow.self) {
                cell.field = definition.fields[item.fieldIndex]
                cell.row = item
                cell.addRow = nil
            } else if let item = row.item(as: EntryAddRow.self) {
                cell.field = nil
                cell.row = nil
                cell.addRow = item
            }
        }
        dataSource.didSelect = { [unowned self] row, _ in
            if let add = row.item(as: EntryAddRow.self) {
                return .request(
                    SelectionRequest(
                        FieldInteraction.addEntry(group: session.path(ofGroup: add.repeatIndex, in: add.holder))))
            }
            guard let field = row.item(as: FieldRow.self) else { return .deselect }
            if field.isReadOnly {
                return .request(
                    SelectionRequest(FieldInteraction.showReadOnly(field: session.path(ofInstance: field.index))))
            }
            return .request(
                SelectionRequest(
                    FieldInteraction.default(for: field.kind, field: session.path(ofInstance: field.index))))
        }
        layout = FormLayout(definition: definition)
        dataSource.sections = layOutEverything().sections
        return dataSource
    }

    static let addRowKind = "entries.add"
    static let entrySectionKind = "entry"
    /// A form section's header before its first repeat, or its footer after its last:
    /// shown with the section, though it has no rows.
    static let titleSectionKind = "title"

    /// Whether a section of the data source is shown.
    func isShown(_ role: FormSectionContent.Role) -> Bool {
        let evaluation = self.evaluation
        switch role {
        case .fields(let section): return evaluation.isSectionVisible(section)
        case .entry(let scope, _, _): return evaluation.isScopeVisible(scope)
        case .tail(let repeatIndex, let holder): return evaluation.isGroupVisible(repeatIndex, in: holder)
        }
    }

    // MARK: Rows

    /// The row for an instance, reusing the current one when its content is
    /// unchanged, so unchanged rows diff by reference.
    func row(for instance: Int) -> Row {
        let fieldIndex = tree.field(ofInstance: instance)
        let field = definition.fields[fieldIndex]
        let evaluation = self.evaluation
        let value = evaluation.isVisible(instance) ? evaluation.value(of: instance) : values[instance]
        let scope = tree.scope(ofInstance: instance)
        let item = FieldRow(
            index: instance, fieldIndex: fieldIndex, id: field.id, kind: field.kind,
            label: evaluation.render(field.texts.label, in: scope),
            help: field.texts.help.map { evaluation.render($0, in: scope) }, value: value,
            displayValue: session.display(value, ofInstance: instance), isRequired: evaluation.isRequired(instance),
            isAnswered: evaluation.isAnswered(instance), isReadOnly: evaluation.isReadOnly(instance),
            error: session.shownError(of: instance))
        if let existing = rows[instance], let current = existing.item(as: FieldRow.self),
            current.isEqualToDiffable(item)
        {
            return existing
        }
        let row = Row(item, identifier: .named(field.kindName))
        rows[instance] = row
        return row
    }

    /// The add row after a repeat's entries in a holder.
    func addRow(_ repeatIndex: Int, in holder: Int) -> Row {
        let repeatDefinition = definition.repeats[repeatIndex]
        let count = tree.list(of: repeatIndex, in: holder).count
        let status =
            repeatDefinition.maximum < definition.limits.maximumEntries
            ? "\(count) of at most \(repeatDefinition.maximum)" : "\(count) entr\(count == 1 ? "y" : "ies")"
        return Row(
            EntryAddRow(
                repeatIndex: repeatIndex, holder: holder, key: tailIdentifier(repeatIndex, holder),
                label: session.text(repeatDefinition.addLabelText, in: holder), status: status,
                canAdd: count < repeatDefinition.maximum),
            identifier: .named(Self.addRowKind))
    }

    // MARK: Sections

    func runIdentifier(scope: Int, run: Int, section: Int) -> String {
        guard scope > 0 else {
            return run == firstRun(ofSection: section)
                ? definition.sections[section].id : "\(definition.sections[section].id)~\(run)"
        }
        let id = definition.repeats[tree.scopes[scope].repeatIndex!].id
        return run == 0 ? "\(id)#\(scope)" : "\(id)#\(scope)~\(run)"
    }

    func tailIdentifier(_ repeatIndex: Int, _ holder: Int) -> String {
        "\(definition.repeats[repeatIndex].id)+\(holder)"
    }

    /// The form's first run of a section.
    func firstRun(ofSection section: Int) -> Int {
        for block in layout.formBlocks {
            if case .run(let number, _, let blockSection, true, _) = block, blockSection == section { return number }
        }
        return -1
    }

    /// The content of a run's section: its header (a section's, an entry's title) and
    /// footer, and its role.
    func content(scope: Int, run: Int, section: Int, first: Bool, last: Bool) -> FormSectionContent {
        let id = runIdentifier(scope: scope, run: run, section: section)
        guard scope > 0 else {
            let texts = (definition.sections[section].headerText, definition.sections[section].footerText)
            return FormSectionContent(
                id: id, header: first ? texts.0.map { session.text($0) } : nil,
                footer: last ? texts.1.map { session.text($0) } : nil, role: .fields(section: section))
        }
        let repeatIndex = tree.scopes[scope].repeatIndex!
        guard run == 0 else {
            return FormSectionContent(
                id: id, header: nil, footer: nil, role: .entry(scope: scope, repeatIndex: repeatIndex, first: false))
        }
        let header = entryHeader(scope)
        return FormSectionContent(
            id: id, header: header.title, footer: nil,
            role: .entry(scope: scope, repeatIndex: repeatIndex, first: true),
            entryHeader: header)
    }

    /// An entry's header: its `entryLabel` rendered, or the repeat's label for the
    /// view to number.
    func entryHeader(_ scope: Int) -> EntryHeader {
        let entry = tree.scopes[scope]
        let repeatDefinition = definition.repeats[entry.repeatIndex!]
        if let label = repeatDefinition.entryLabel {
            return EntryHeader(title: session.text(label, in: scope), key: nil, depth: repeatDefinition.depth)
        }
        return EntryHeader(
            title: session.text(repeatDefinition.labelText, in: entry.parent),
            key: tailIdentifier(repeatDefinition.index, entry.parent), depth: repeatDefinition.depth)
    }

    /// The repeats whose `entryLabel` reads more than the entry's own fields (its
    /// position, fields outside it): their titles are checked again at every reload.
    func readsBeyondEntry(_ repeatIndex: Int) -> Bool {
        guard let label = definition.repeats[repeatIndex].entryLabel else { return false }
        return label.usesIndex
            || label.references.contains { reference in
                definition.fieldIndex[reference].map { definition.fields[$0].repeatIndex != repeatIndex } ?? true
            }
    }

    // MARK: Reloading

    /// See `FormSession.reload`.
    @discardableResult
    func reload(_ view: (any ListView)? = nil, animated: Bool = true) -> Changeset? {
        let observed = onChange != nil || changeChannels.hasSubscribers
        guard observed, animated else { return reloadRows(view, animated: animated).changeset }
        let (changeset, change) = reloadReportingChange(view)
        if !changeset.isEmpty || !change.values.isEmpty {
            onChange?(change)
            changeChannels.send(change)
        }
        return changeset
    }

    /// See `FormSession.reloadReportingChange`.
    func reloadReportingChange(_ view: (any ListView)? = nil) -> (Changeset, FormChange) {
        let (reloaded, before) = reloadRows(view, animated: true, remembering: true)
        let changeset = reloaded ?? .empty
        var values: [ValueChange] = []
        var deletedRows: [IndexPath: String] = [:]
        for (instance, old) in before.sorted(by: { $0.key < $1.key }) {
            let field = definition.fields[tree.field(ofInstance: instance)]
            let newPath = visibleIndexPath(ofInstance: instance)
            let to = newPath.flatMap { source.row(at: $0)?.item(as: FieldRow.self)?.value } ?? .null
            let from = old.path == nil ? .null : old.value
            let name = session.path(ofInstance: instance)
            if let path = old.path, newPath == nil { deletedRows[path] = name }
            if field.kind.hasValue, from != to {
                values.append(
                    ValueChange(field: name, from: from, to: to, previousIndexPath: old.path, indexPath: newPath))
            }
        }
        return (
            changeset,
            FormChange(changeset: changeset, values: values, errors: session.errors(), deletedRows: deletedRows)
        )
    }

    /// What a row showed before a reload.
    struct ShownRow {
        let path: IndexPath?
        let value: Value
    }

    /// Reloads the rows and sections that can have changed since the last reload;
    /// with `remembering`, also returns where each changed instance was shown and
    /// with what value.
    func reloadRows(
        _ view: (any ListView)?, animated: Bool, remembering: Bool = false
    )
        -> (changeset: Changeset?, before: [Int: ShownRow])
    {
        reloadEvaluation = session.evaluation  // settles what is pending
        defer { reloadEvaluation = nil }
        let shownBefore = requiredTally == nil ? nil : source.visibleSections
        var before: [Int: ShownRow] = [:]
        func remember(_ instance: Int) {
            guard remembering, hasReloaded, before[instance] == nil else { return }
            let path = visibleIndexPath(ofInstance: instance)
            before[instance] = ShownRow(
                path: path, value: path.flatMap { source.row(at: $0)?.item(as: FieldRow.self)?.value } ?? .null)
        }
        let changeset: Changeset?
        if !hasReloaded || reloadEverything {
            if hasReloaded { for instance in 0..<tree.instanceCount where tree.isLive(instance) { remember(instance) } }
            reloadEverything = true
            dirtyScopes = []
            source.sections = layOutEverything().sections
            changeset = source.reloadData(view, animated: animated && hasReloaded)
        } else {
            for instance in pendingRows { remember(instance) }
            dirtyScopes = Set(pendingRows.filter { tree.isLive($0) }.map { tree.scope(ofInstance: $0) })
            if !pendingLayout {
                changeset = source.reloadData(view, animated: animated, sections: refreshRows(laidOut: []))
            } else {
                changeset = reloadLaidOut(view, animated: animated)
            }
        }
        pendingRows = []
        pendingLayout = false
        pendingGroups = []
        pendingEntryChanges = []
        dirtyScopes = []
        reloadEverything = false
        hasReloaded = true
        updateRequiredTally(shownBefore: shownBefore, changeset: changeset)
        return (changeset, before)
    }

    /// Lays out what changed in structure and reloads: a splice, sections reused, or
    /// (when the layout cannot tell) everything laid out again.
    private func reloadLaidOut(_ view: (any ListView)?, animated: Bool) -> Changeset? {
        var origin: [Int?]
        switch layOutChanges() {
        case let .spliced(replaced, count, changed)?:
            let inserted = replaced.lowerBound..<(replaced.lowerBound + count)
            let refreshed = refreshRows(laidOut: Set(inserted))
            return source.reloadData(
                view, animated: animated, replacing: replaced, with: count, changed: changed.union(refreshed))
        case .reusing(let reused)?:
            origin = reused
        case nil:
            let (sections, reused) = layOutEverything()
            source.sections = sections
            origin = reused
        }
        for index in refreshRows(laidOut: Set(origin.indices.filter { origin[$0] == nil })) { origin[index] = nil }
        return source.reloadData(view, animated: animated, reusing: origin)
    }

    /// Rebuilds, in place, the rows the changes reach in sections that are otherwise
    /// shown as they were (those the layout built anew, `laidOut`, have theirs), the
    /// titles that read them; returns those sections, and the tails of the scopes
    /// they are in (shown with them): the sections to evaluate again.
    func refreshRows(laidOut: Set<Int>) -> Set<Int> {
        var changed = Set<Int>()
        for instance in pendingRows where tree.isLive(instance) {
            let scope = tree.scope(ofInstance: instance)
            let field = tree.field(ofInstance: instance)
            guard let index = layout.section(ofRun: layout.fieldRun[field], in: scope) else { continue }
            if !laidOut.contains(index) {
                source.sections[index].rows[layout.fieldRow[field]] = row(for: instance)
                changed.insert(index)
            }
            if scope > 0, definition.repeats[tree.scopes[scope].repeatIndex!].entryLabel != nil,
                let first = layout.section(ofRun: 0, in: scope), !laidOut.contains(first),
                refreshTitle(of: scope, at: first)
            {
                changed.insert(first)
            }
        }
        guard !pendingRows.isEmpty else { return changed }
        // Titles that read beyond their entry.
        for repeatIndex in definition.repeats.indices where readsBeyondEntry(repeatIndex) {
            for entry in tree.entryScopes(under: 0, of: repeatIndex) {
                guard let first = layout.section(ofRun: 0, in: entry), !laidOut.contains(first) else { continue }
                if refreshTitle(of: entry, at: first) { changed.insert(first) }
            }
        }
        // Section headers and footers that read answers: the form's runs that carry
        // them (not every section shown, entries included).
        if !definition.sectionsReadingAnswers.isEmpty {
            for case .run(let number, _, let section, let first, let last) in layout.formBlocks
            where (first || last) && definition.sectionsReadingAnswers.contains(section) {
                guard let index = layout.section(ofRun: number, in: 0), !laidOut.contains(index) else { continue }
                if refreshSectionTexts(at: index) { changed.insert(index) }
            }
        }
        // A repeat's tail is shown with its holder: evaluated again with it.
        for scope in dirtyScopes {
            for repeatIndex in tree.repeatsHeld(by: scope) {
                if let index = layout.tailSection(repeatIndex, in: scope) { changed.insert(index) }
            }
        }
        return changed
    }

    /// Puts a form section's current header and footer in a section of the data
    /// source that carries them (when they read answers).
    func refreshSectionTexts(at index: Int) -> Bool {
        let old = source.sections[index]
        guard var content = old.content as? FormSectionContent, case .fields(let section) = content.role else {
            return false
        }
        let texts = definition.sections[section]
        guard texts.headerText?.isConstant == false || texts.footerText?.isConstant == false else { return false }
        let previous = content
        if content.header != nil, let header = texts.headerText { content.header = session.text(header) }
        if content.footer != nil, let footer = texts.footerText { content.footer = session.text(footer) }
        guard content != previous else { return false }
        source.sections[index] = Section(
            id: old.identifier, content: content, descriptor: old.descriptorIdentifier, rows: old.rows)
        return true
    }

    /// Puts an entry's current title in its first section.
    @discardableResult
    func refreshTitle(of scope: Int, at index: Int) -> Bool {
        let old = source.sections[index]
        let content = self.content(
            scope: scope, run: 0, section: definition.repeats[tree.scopes[scope].repeatIndex!].sectionIndex,
            first: true, last: false)
        guard (old.content as? FormSectionContent) != content else { return false }
        source.sections[index] = Section(
            id: old.identifier, content: content, descriptor: .named(Self.entrySectionKind), rows: old.rows)
        return true
    }
}
