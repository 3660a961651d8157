import FormworkCore

extension FormSession {
    /// One descriptor per field kind (rows are named by kind), and one for sections.
    /// `isHidden` asks the evaluation: the only visibility path.
    func makeDataSource() -> DataSource {
        let kindNames = Set(FieldKind.allCases.map(\.rawValue) + definition.fields.map(\.kindName))
        let builtIn: [any CellDescriptorType] = kindNames.sorted().map { kind in
            CellDescriptor<FieldRow, FieldCell>(.named(kind))
                .configure { [unowned self] row, cell, _ in
                    cell.field = definition.fields[row.index]
                    cell.row = row
                }
                .isHidden { [unowned self] row, _ in !evaluation.isFieldVisible(row.index) }
                .didSelect { [unowned self] row, _ in
                    let field = definition.fields[row.index]
                    if field.kind == .switch {
                        try? toggle(field.id)
                        return .deselect
                    }
                    onSelect?(field)
                    return .keepSelected
                }
        }
        let sectionDescriptor = SectionDescriptor<FormSectionContent>()
            .header { content, _ in content.header.map { .title($0) } ?? .none }
            .footer { content, _ in content.footer.map { .title($0) } ?? .none }
            .isHidden { [unowned self] content, _ in
                guard let section = definition.section(content.id) else { return true }
                return !evaluation.isSectionVisible(section.index)
            }
        let dataSource = DataSource(cellDescriptors: builtIn + extraDescriptors, sectionDescriptors: [sectionDescriptor])
        dataSource.sections = makeSections()
        return dataSource
    }

    func makeSections() -> [Section] {
        definition.sections.map { section in
            Section(id: section.id, content: FormSectionContent(id: section.id, header: section.header, footer: section.footer),
                    rows: section.fieldIndices.map(row(for:)))
        }
    }

    /// Brings the data source up to date with the values and shows the result in
    /// `view` (animated: one batch of changes).
    ///
    /// - Returns: What appeared, vanished, moved or changed (`nil` when not animated).
    @discardableResult
    public func reload(_ view: (any ListView)? = nil, animated: Bool = true) -> Changeset? {
        let observed = onChange != nil || changeChannels.hasSubscribers
        let before = animated && observed ? shownRows() : [:]
        let changeset: Changeset?
        if let changed = changedSinceReload, hasReloaded {
            changeset = reloadAffectedRows(of: changed, view: view, animated: animated)
        } else {
            dataSource.sections = makeSections()
            changeset = dataSource.reloadData(view, animated: animated)
        }
        changedSinceReload = []
        hasReloaded = true
        if let changeset, observed { publish(changeset, before: before) }
        return changeset
    }

    /// Rebuilds only the rows whose content can have changed — the changed fields,
    /// what reads them (transitively), and the fields whose requiredness or errors
    /// read those — and reloads only their sections.
    func reloadAffectedRows(of changed: Set<Int>, view: (any ListView)?, animated: Bool) -> Changeset? {
        let affected = definition.affected(by: changed)
        var rows = affected
        for field in affected { rows.formUnion(definition.displayReaders[field]) }
        var sections = Set<Int>()
        for index in rows {
            let field = definition.fields[index]
            let section = definition.sections[field.sectionIndex]
            dataSource.sections[field.sectionIndex].rows[index - section.fieldIndices[0]] = row(for: index)
            sections.insert(field.sectionIndex)
        }
        return dataSource.reloadData(view, animated: animated, sections: sections)
    }

    /// The visible sections and their visible rows, as a view would show them now.
    ///
    /// Computed from the current values (no reload needed); sections whose fields are
    /// all hidden are left out, as the data source leaves them out.
    public func visibleSections() -> [VisibleFormSection] {
        let evaluation = self.evaluation
        return definition.sections.compactMap { section in
            guard evaluation.isSectionVisible(section.index) else { return nil }
            let rows = section.fieldIndices.filter { evaluation.isFieldVisible($0) }.compactMap {
                row(for: $0).item(as: FieldRow.self)
            }
            return rows.isEmpty ? nil : VisibleFormSection(id: section.id, header: section.header, footer: section.footer, rows: rows)
        }
    }

    /// The visible fields in form order, with their section.
    public var visibleFields: [FieldDefinition] {
        let evaluation = self.evaluation
        return definition.fields.filter { evaluation.isFieldVisible($0.index) }
    }

    /// The field shown at a visible index path of the data source.
    public func field(at indexPath: IndexPath) -> FieldDefinition? {
        dataSource.row(at: indexPath)?.item(as: FieldRow.self).map { definition.fields[$0.index] }
    }
}

import Foundation

/// A visible section and its visible rows (`FormSession.visibleSections()`).
public struct VisibleFormSection: Sendable, Equatable {
    public let id: String
    public let header: String?
    public let footer: String?
    public let rows: [FieldRow]
}
