import FormworkCore

extension FormSession {
    /// One descriptor per field kind (rows are named by kind), and one for sections.
    /// `isHidden` asks the evaluation: the only visibility path.
    func makeDataSource() -> DataSource {
        let descriptors: [any CellDescriptorType] = FieldKind.allCases.map { kind in
            CellDescriptor<FieldRow, FieldCell>(.named(kind.rawValue))
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
        let dataSource = DataSource(cellDescriptors: descriptors, sectionDescriptors: [sectionDescriptor])
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
        dataSource.sections = makeSections()
        return dataSource.reloadData(view, animated: animated)
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
