import FormworkCore
import Foundation

extension FormSession {
    /// One descriptor per field kind (rows are named by kind), and one for sections.
    /// `isHidden` asks the evaluation: the only visibility path. Configuring a
    /// `FieldCell` and selection are the data source's own closures, the second link
    /// of the resolution chain: an embedder's descriptor for a kind answers first for
    /// what it sets, and falls back to these for the rest (a row asks for the
    /// `FieldInteraction` of its field's kind).
    func makeDataSource() -> DataSource {
        let kindNames = Set(FieldKind.allCases.map(\.rawValue) + definition.fields.map(\.kindName))
        let builtIn: [any CellDescriptorType] = kindNames.sorted().map { kind in
            CellDescriptor<FieldRow, FieldCell>(.named(kind))
                .isHidden { [unowned self] row, _ in !evaluation.isFieldVisible(row.index) }
        }
        let sectionDescriptor = SectionDescriptor<FormSectionContent>()
            .header { content, _ in content.header.map { .title($0) } ?? .none }
            .footer { content, _ in content.footer.map { .title($0) } ?? .none }
            .isHidden { [unowned self] content, _ in
                guard let section = definition.section(content.id) else { return true }
                return !evaluation.isSectionVisible(section.index)
            }
        let dataSource = DataSource(
            cellDescriptors: builtIn + extraDescriptors, sectionDescriptors: [sectionDescriptor])
        dataSource.configure = { [unowned self] row, cell, _ in
            guard let cell = cell as? FieldCell, let item = row.item(as: FieldRow.self) else { return }
            cell.field = definition.fields[item.index]
            cell.row = item
        }
        dataSource.didSelect = { row, _ in
            guard let field = row.item(as: FieldRow.self) else { return .deselect }
            return .request(SelectionRequest(FieldInteraction.default(for: field.kind, field: field.id)))
        }
        dataSource.sections = makeSections()
        return dataSource
    }

    func makeSections() -> [Section] {
        definition.sections.map { section in
            Section(
                id: section.id,
                content: FormSectionContent(id: section.id, header: section.header, footer: section.footer),
                rows: section.fieldIndices.map(row(for:)))
        }
    }

    // MARK: Rows

    /// The row for a field, reusing the current one when its content is unchanged,
    /// so unchanged rows diff by reference.
    func row(for index: Int) -> Row {
        let field = definition.fields[index]
        let evaluation = self.evaluation
        let value = evaluation.isFieldVisible(index) ? evaluation.value(of: index) : values[index]
        let item = FieldRow(
            index: index, id: field.id, kind: field.kind, value: value, displayValue: Self.display(value, of: field),
            isRequired: evaluation.isRequired(index), error: shownError(of: index))
        if let existing = rows[index], let current = existing.item(as: FieldRow.self), current.isEqualToDiffable(item) {
            return existing
        }
        let row = Row(item, identifier: .named(field.kindName))
        rows[index] = row
        return row
    }

    // MARK: Reloading

    /// Brings the data source up to date with the values and shows the result in
    /// `view` (animated: one batch of changes).
    ///
    /// Only the rows a change can have changed are rebuilt — the changed fields, what
    /// reads them (transitively), and the fields whose requiredness or errors read
    /// those — and only their sections are evaluated again.
    ///
    /// - Returns: What appeared, vanished, moved or changed (`nil` when not animated).
    @discardableResult
    public func reload(_ view: (any ListView)? = nil, animated: Bool = true) -> Changeset? {
        let observed = onChange != nil || changeChannels.hasSubscribers
        guard observed, animated else { return reloadRows(view, animated: animated).changeset }
        let (changeset, change) = reloadReportingChange(view)
        if !changeset.isEmpty || !change.values.isEmpty {
            onChange?(change)
            changeChannels.send(change)
        }
        return changeset
    }

    /// Reloads (animated) and describes what changed: the changeset, the shown values
    /// that changed, the current errors, and which field each deleted row showed.
    /// Costs what changed, as `reload` does.
    public func reloadReportingChange(_ view: (any ListView)? = nil) -> (Changeset, FormChange) {
        let (reloaded, before) = reloadRows(view, animated: true, remembering: true)
        let changeset = reloaded ?? .empty
        var values: [ValueChange] = []
        var deletedRows: [IndexPath: String] = [:]
        for (index, old) in before.sorted(by: { $0.key < $1.key }) {
            let field = definition.fields[index]
            let newPath = visibleIndexPath(ofModelRow: index)
            let to = newPath.flatMap { source.row(at: $0)?.item(as: FieldRow.self)?.value } ?? .null
            let from = old.path == nil ? .null : old.value
            if let path = old.path, newPath == nil { deletedRows[path] = field.id }
            if field.kind.hasValue, from != to {
                values.append(
                    ValueChange(field: field.id, from: from, to: to, previousIndexPath: old.path, indexPath: newPath))
            }
        }
        return (changeset, FormChange(changeset: changeset, values: values, errors: errors(), deletedRows: deletedRows))
    }

    /// What a row showed before a reload.
    struct ShownRow {
        let path: IndexPath?
        let value: Value
    }

    /// Reloads the rows that can have changed since the last reload; with
    /// `remembering`, also returns where each of them was shown and with what value
    /// (every row, after a change that needs everything shown again).
    func reloadRows(
        _ view: (any ListView)?, animated: Bool, remembering: Bool = false
    )
        -> (changeset: Changeset?, before: [Int: ShownRow])
    {
        var before: [Int: ShownRow] = [:]
        func remember(_ index: Int) {
            guard remembering, before[index] == nil else { return }
            let path = visibleIndexPath(ofModelRow: index)
            before[index] = ShownRow(
                path: path, value: path.flatMap { source.row(at: $0)?.item(as: FieldRow.self)?.value } ?? .null)
        }
        let changeset: Changeset?
        if case .fields(let changed) = pendingReload, hasReloaded {
            let affected = definition.affected(by: changed)
            var rebuilt = affected
            for field in affected { rebuilt.formUnion(definition.displayReaders[field]) }
            var sections = Set<Int>()
            for index in rebuilt {
                remember(index)
                let field = definition.fields[index]
                let section = definition.sections[field.sectionIndex]
                source.sections[field.sectionIndex].rows[index - section.fieldIndices[0]] = row(for: index)
                sections.insert(field.sectionIndex)
            }
            changeset = source.reloadData(view, animated: animated, sections: sections)
        } else {
            if hasReloaded { for index in definition.fields.indices { remember(index) } }
            source.sections = makeSections()
            changeset = source.reloadData(view, animated: animated)
        }
        pendingReload = .nothing
        hasReloaded = true
        return (changeset, before)
    }

    /// Where the row of the field at `index` is shown now (as of the last reload).
    func visibleIndexPath(ofModelRow index: Int) -> IndexPath? {
        let field = definition.fields[index]
        let section = definition.sections[field.sectionIndex]
        return source.visibleIndexPath(
            forModel: IndexPath(row: index - section.fieldIndices[0], section: field.sectionIndex))
    }

    /// Where a field's row is shown now (as of the last reload): `nil` when hidden.
    public func visibleIndexPath(ofField id: String) -> IndexPath? {
        definition.field(id).flatMap { visibleIndexPath(ofModelRow: $0.index) }
    }

    /// The visible sections and their visible rows, as the data source shows them
    /// after the last reload (call `reload` first): read from the data source, so
    /// there is one answer to "what is shown".
    public func visibleSections() -> [VisibleFormSection] {
        source.visibleSections.compactMap { section in
            guard let content = section.content(as: FormSectionContent.self) else { return nil }
            return VisibleFormSection(
                id: content.id, header: content.header, footer: content.footer,
                rows: section.rows.compactMap { $0.item(as: FieldRow.self) })
        }
    }

    /// The first visible field after the field at `index` in form order (`-1`: from
    /// the start), if any. Costs the fields passed over.
    public func nextVisibleField(after index: Int) -> FieldDefinition? {
        let evaluation = self.evaluation
        var position = max(-1, index) + 1
        while position < definition.fields.count {
            if evaluation.isFieldVisible(position) { return definition.fields[position] }
            position += 1
        }
        return nil
    }

    /// The first visible field of a section, if any.
    public func firstVisibleField(in section: SectionDefinition) -> FieldDefinition? {
        let evaluation = self.evaluation
        return section.fieldIndices.first { evaluation.isFieldVisible($0) }.map { definition.fields[$0] }
    }

    /// The visible fields in form order, with their section.
    public var visibleFields: [FieldDefinition] {
        let evaluation = self.evaluation
        return definition.fields.filter { evaluation.isFieldVisible($0.index) }
    }

    /// The field shown at a visible index path of the data source.
    public func field(at indexPath: IndexPath) -> FieldDefinition? {
        source.row(at: indexPath)?.item(as: FieldRow.self).map { definition.fields[$0.index] }
    }
}

/// A visible section and its visible rows (`FormSession.visibleSections()`).
public struct VisibleFormSection: Sendable, Equatable {
    public let id: String
    public let header: String?
    public let footer: String?
    public let rows: [FieldRow]
}
