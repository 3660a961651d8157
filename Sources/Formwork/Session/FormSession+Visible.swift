import FormworkCore
import Foundation

/// What is shown, as the data source shows it after the last reload: where a
/// row is, the visible sections and rows, and walking them in order.
extension FormSession {
    /// Where the row of a field instance (`FieldRow.index`) is shown now (as of the
    /// last reload): `nil` when hidden.
    public func visibleIndexPath(ofInstance instance: Int) -> IndexPath? {
        guard instance >= 0, instance < tree.instanceCount, tree.isLive(instance) else { return nil }
        let field = tree.field(ofInstance: instance)
        guard let section = layout.section(ofRun: layout.fieldRun[field], in: tree.scope(ofInstance: instance)),
            section < source.sections.count
        else { return nil }
        return source.visibleIndexPath(forModel: IndexPath(row: layout.fieldRow[field], section: section))
    }

    /// Where a field's row is shown now (as of the last reload): `nil` when hidden.
    public func visibleIndexPath(ofField id: String) -> IndexPath? {
        (try? instance(id)).flatMap(visibleIndexPath(ofInstance:))
    }

    /// Where the row that adds an entry to the repeat at `group` (`members`,
    /// `members[1].visits`) is shown now: `nil` when hidden, or when the repeat
    /// follows its `count`.
    public func visibleIndexPath(ofAddRow group: String) -> IndexPath? {
        guard let (repeatIndex, holder) = try? self.group(group), definition.repeats[repeatIndex].count == nil,
            let section = layout.tailSection(repeatIndex, in: holder), section < source.sections.count
        else { return nil }
        return source.visibleIndexPath(forModel: IndexPath(row: 0, section: section))
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

    /// The visible row after `indexPath` (the first row when `nil`), in the order the
    /// data source shows them: fields and add rows. Costs the empty sections passed
    /// over.
    public func visibleRow(after indexPath: IndexPath?) -> IndexPath? {
        var section = indexPath?.section ?? 0
        var row = (indexPath?.row ?? -1) + 1
        while section < source.numberOfSections {
            if row < source.numberOfRows(inSection: section) { return IndexPath(row: row, section: section) }
            section += 1
            row = 0
        }
        return nil
    }

    /// The first visible field after the instance `index` in form order (`-1`: from
    /// the start), as the data source shows them: its path. Costs the rows passed
    /// over.
    public func nextVisibleField(after index: Int) -> String? {
        var cursor = index >= 0 ? visibleIndexPath(ofInstance: index) : nil
        while let next = visibleRow(after: cursor) {
            if let item = source.row(at: next)?.item(as: FieldRow.self) { return path(ofInstance: item.index) }
            cursor = next
        }
        return nil
    }

    /// The first field row of a section shown now (in an entry of it, when it
    /// repeats), as the data source shows them (as of the last reload): its instance.
    /// Costs the sections passed over.
    public func firstVisibleInstance(in section: SectionDefinition) -> Int? {
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

    /// The first visible field of a section, if any (of the form's own fields).
    public func firstVisibleField(in section: SectionDefinition) -> FieldDefinition? {
        let evaluation = self.evaluation
        return section.fieldIndices.first { evaluation.isVisible($0) && hasRow($0) }.map { definition.fields[$0] }
    }

    /// The visible fields of the form (not of entries) in form order.
    public var visibleFields: [FieldDefinition] {
        let evaluation = self.evaluation
        return definition.fields.filter {
            $0.repeatIndex == nil && evaluation.isVisible($0.index) && hasRow($0.index)
        }
    }

    /// The instances of every visible field, entries' included, in the order the
    /// data source shows them (as of the last reload).
    public var visibleInstances: [Int] {
        source.visibleSections.flatMap { section in section.rows.compactMap { $0.item(as: FieldRow.self)?.index } }
    }

    /// The field shown at a visible index path of the data source.
    public func field(at indexPath: IndexPath) -> FieldDefinition? {
        source.row(at: indexPath)?.item(as: FieldRow.self).map { definition.fields[$0.fieldIndex] }
    }

    /// The entry (`members[2]`) a visible section shows the fields of, if any.
    public func entryPath(atSection index: Int) -> String? {
        guard let content = source.section(at: index)?.content as? FormSectionContent,
            case .entry(let scope, _, _) = content.role
        else { return nil }
        return path(ofEntry: scope)
    }

    /// The path of the field (or the repeat, for an add row) shown at a visible index
    /// path.
    public func path(at indexPath: IndexPath) -> String? {
        guard let row = source.row(at: indexPath) else { return nil }
        if let field = row.item(as: FieldRow.self) { return path(ofInstance: field.index) }
        return row.item(as: EntryAddRow.self).map { path(ofGroup: $0.repeatIndex, in: $0.holder) }
    }
}

/// A visible section and its visible rows (`FormSession.visibleSections()`).
public struct VisibleFormSection: Sendable, Equatable {
    public let id: String
    public let header: String?
    public let footer: String?
    public let rows: [FieldRow]
}
