import FormworkCore
import Foundation

/// What is shown, as the data source shows it after the last reload: where a
/// row is, the visible sections and rows, and walking them in order.
extension FormPresentation {
    /// See `FormSession.visibleIndexPath`.
    func visibleIndexPath(ofInstance instance: Int) -> IndexPath? {
        modelIndexPath(ofInstance: instance).flatMap(source.visibleIndexPath(forModel:))
    }

    /// Where an instance's row is in the data source's model (shown or hidden), as of
    /// the last layout; `nil` for an instance of a removed entry.
    func modelIndexPath(ofInstance instance: Int) -> IndexPath? {
        // The layout is made with the data source: asked before anything was shown, make it.
        let source = self.source
        guard instance >= 0, instance < tree.instanceCount, tree.isLive(instance) else { return nil }
        let field = tree.field(ofInstance: instance)
        guard let section = layout.section(ofRun: layout.fieldRun[field], in: tree.scope(ofInstance: instance)),
            section < source.sections.count
        else { return nil }
        return IndexPath(row: layout.fieldRow[field], section: section)
    }

    /// See `FormSession.selectRow(ofInstance:)`.
    func selectRow(ofInstance instance: Int) -> SelectionResult? {
        if let shown = visibleIndexPath(ofInstance: instance) { return source.selectRow(at: shown) }
        return modelIndexPath(ofInstance: instance).flatMap(source.selectRow(atModel:))
    }

    /// See `FormSession.visibleIndexPath`.
    func visibleIndexPath(ofField id: String) -> IndexPath? {
        (try? session.instance(id)).flatMap(visibleIndexPath(ofInstance:))
    }

    /// See `FormSession.visibleIndexPath`.
    func visibleIndexPath(ofAddRow group: String) -> IndexPath? {
        guard let (repeatIndex, holder) = try? session.group(group), definition.repeats[repeatIndex].count == nil,
            let section = layout.tailSection(repeatIndex, in: holder), section < source.sections.count
        else { return nil }
        return source.visibleIndexPath(forModel: IndexPath(row: 0, section: section))
    }

    /// See `FormSession.visibleSections`.
    func visibleSections() -> [VisibleFormSection] {
        source.visibleSections.compactMap { section in
            guard let content = section.content(as: FormSectionContent.self) else { return nil }
            return VisibleFormSection(
                id: content.id, header: content.header, footer: content.footer,
                rows: section.rows.compactMap { $0.item(as: FieldRow.self) })
        }
    }

    /// See `FormSession.visibleRow`.
    func visibleRow(after indexPath: IndexPath?) -> IndexPath? {
        var section = indexPath?.section ?? 0
        var row = (indexPath?.row ?? -1) + 1
        while section < source.numberOfSections {
            if row < source.numberOfRows(inSection: section) { return IndexPath(row: row, section: section) }
            section += 1
            row = 0
        }
        return nil
    }

    /// See `FormSession.nextVisibleField`.
    func nextVisibleField(after index: Int) -> String? {
        var cursor = index >= 0 ? visibleIndexPath(ofInstance: index) : nil
        while let next = visibleRow(after: cursor) {
            if let item = source.row(at: next)?.item(as: FieldRow.self) { return session.path(ofInstance: item.index) }
            cursor = next
        }
        return nil
    }

    /// See `FormSession.firstVisibleInstance`.
    func firstVisibleInstance(in section: SectionDefinition) -> Int? {
        for shown in source.visibleSections {
            guard let content = shown.content(as: FormSectionContent.self) else { continue }
            switch content.role {
            case .fields(let index) where index == section.index: break
            case .entry(_, let repeatIndex, _) where definition.repeats[repeatIndex].sectionIndex == section.index:
                break
            default: continue
            }
            if let row = shown.rows.lazy.compactMap({ $0.item(as: FieldRow.self) }).first { return row.index }
        }
        return nil
    }

    /// See `FormSession.firstVisibleField`.
    func firstVisibleField(in section: SectionDefinition) -> FieldDefinition? {
        let evaluation = self.evaluation
        return section.fieldIndices.first { evaluation.isVisible($0) && session.hasRow($0) }.map {
            definition.fields[$0]
        }
    }

    /// See `FormSession.visibleFields`.
    var visibleFields: [FieldDefinition] {
        let evaluation = self.evaluation
        return definition.fields.filter {
            $0.repeatIndex == nil && evaluation.isVisible($0.index) && session.hasRow($0.index)
        }
    }

    /// See `FormSession.visibleInstances`.
    var visibleInstances: [Int] {
        source.visibleSections.flatMap { section in section.rows.compactMap { $0.item(as: FieldRow.self)?.index } }
    }

    /// See `FormSession.field`.
    func field(at indexPath: IndexPath) -> FieldDefinition? {
        source.row(at: indexPath)?.item(as: FieldRow.self).map { definition.fields[$0.fieldIndex] }
    }

    /// See `FormSession.entryPath`.
    func entryPath(atSection index: Int) -> String? {
        guard let content = source.section(at: index)?.content as? FormSectionContent,
            case .entry(let scope, _, _) = content.role
        else { return nil }
        return session.path(ofEntry: scope)
    }

    /// See `FormSession.path`.
    func path(at indexPath: IndexPath) -> String? {
        guard let row = source.row(at: indexPath) else { return nil }
        if let field = row.item(as: FieldRow.self) { return session.path(ofInstance: field.index) }
        return row.item(as: EntryAddRow.self).map { session.path(ofGroup: $0.repeatIndex, in: $0.holder) }
    }
}

/// A visible section and its visible rows (`FormSession.visibleSections()`).
public struct VisibleFormSection: Sendable, Equatable {
    /// The section's identity in the session's data source.
    public let id: String
    /// The header shown above the section, if any.
    public let header: String?
    /// The footer shown below the section, if any.
    public let footer: String?
    /// The visible rows, in order.
    public let rows: [FieldRow]
}
