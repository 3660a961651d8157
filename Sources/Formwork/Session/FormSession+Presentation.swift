import FormworkCore
import Foundation

/// The presentation's public face: the rows and sections as views see them, what is
/// shown where, pages, progress and reloading — each kept by the session's
/// `FormPresentation`.
extension FormSession {
    /// The rows and sections, as views see them (`reload(_:)` keeps them current).
    /// Read-only: the session owns the model, so its indexes stay right.
    public var dataSource: any ListDataSource { presentation.source }

    /// Called after every reload with what changed (see `FormChange`).
    public var onChange: ((FormChange) -> Void)? {
        get { presentation.onChange }
        set { presentation.onChange = newValue }
    }

    /// Brings the data source up to date with the values and entries and shows the
    /// result in `view` (animated: one batch of changes).
    ///
    /// Only the rows a change can have changed are rebuilt — the changed fields, what
    /// reads them (transitively, in the entries that see them), and the fields whose
    /// requiredness or errors read those — and only their sections are evaluated
    /// again; entries added, removed or moved are sections inserted, deleted or moved.
    ///
    /// - Returns: What appeared, vanished, moved or changed (`nil` when not animated).
    @discardableResult
    public func reload(_ view: (any ListView)? = nil, animated: Bool = true) -> Changeset? {
        presentation.reload(view, animated: animated)
    }

    /// Reloads (animated) and describes what changed: the changeset, the shown values
    /// that changed, the current errors, and which field each deleted row showed.
    /// Costs what changed, as `reload` does.
    public func reloadReportingChange(_ view: (any ListView)? = nil) -> (Changeset, FormChange) {
        presentation.reloadReportingChange(view)
    }

    /// Where the row of a field instance (`FieldRow.index`) is shown now (as of the
    /// last reload): `nil` when hidden.
    public func visibleIndexPath(ofInstance instance: Int) -> IndexPath? {
        presentation.visibleIndexPath(ofInstance: instance)
    }

    /// Acts on a field instance's row through its descriptor, as selecting it does:
    /// the row's `didSelect` (an embedder's descriptor for its kind, else the form's,
    /// which asks for the `FieldInteraction` of the field's kind), whether the row is
    /// shown (then with its visible index path) or hidden (with its place in the
    /// model). Every way the prompt acts on a row — selecting it, setting, clearing or
    /// toggling its value, answering its question — asks here first, so a descriptor
    /// of yours decides for all of them. `nil` for an instance with no row.
    @discardableResult
    public func selectRow(ofInstance instance: Int) -> SelectionResult? {
        presentation.selectRow(ofInstance: instance)
    }

    /// Where a field's row is shown now (as of the last reload): `nil` when hidden.
    public func visibleIndexPath(ofField id: String) -> IndexPath? {
        presentation.visibleIndexPath(ofField: id)
    }

    /// Where the row that adds an entry to the repeat at `group` (`members`,
    /// `members[1].visits`) is shown now: `nil` when hidden, or when the repeat
    /// follows its `count`.
    public func visibleIndexPath(ofAddRow group: String) -> IndexPath? {
        presentation.visibleIndexPath(ofAddRow: group)
    }

    /// The visible sections and their visible rows, as the data source shows them
    /// after the last reload (call `reload` first): read from the data source, so
    /// there is one answer to "what is shown".
    public func visibleSections() -> [VisibleFormSection] {
        presentation.visibleSections()
    }

    /// The visible row after `indexPath` (the first row when `nil`), in the order the
    /// data source shows them: fields and add rows. Costs the empty sections passed
    /// over.
    public func visibleRow(after indexPath: IndexPath?) -> IndexPath? {
        presentation.visibleRow(after: indexPath)
    }

    /// The first visible field after the instance `index` in form order (`-1`: from
    /// the start), as the data source shows them: its path. Costs the rows passed
    /// over.
    public func nextVisibleField(after index: Int) -> String? {
        presentation.nextVisibleField(after: index)
    }

    /// The first field row of a section shown now (in an entry of it, when it
    /// repeats), as the data source shows them (as of the last reload): its instance.
    /// Costs the sections passed over.
    public func firstVisibleInstance(in section: SectionDefinition) -> Int? {
        presentation.firstVisibleInstance(in: section)
    }

    /// The first visible field of a section, if any (of the form's own fields).
    public func firstVisibleField(in section: SectionDefinition) -> FieldDefinition? {
        presentation.firstVisibleField(in: section)
    }

    /// The visible fields of the form (not of entries) in form order.
    public var visibleFields: [FieldDefinition] {
        presentation.visibleFields
    }

    /// The instances of every visible field, entries' included, in the order the
    /// data source shows them (as of the last reload).
    public var visibleInstances: [Int] {
        presentation.visibleInstances
    }

    /// The field shown at a visible index path of the data source.
    public func field(at indexPath: IndexPath) -> FieldDefinition? {
        presentation.field(at: indexPath)
    }

    /// The entry (`members[2]`) a visible section shows the fields of, if any.
    public func entryPath(atSection index: Int) -> String? {
        presentation.entryPath(atSection: index)
    }

    /// The path of the field (or the repeat, for an add row) shown at a visible index
    /// path.
    public func path(at indexPath: IndexPath) -> String? {
        presentation.path(at: indexPath)
    }

    /// The section of the definition (`FormDefinition.sections`) that the data
    /// source's visible section `index` shows part of: its fields, one of its
    /// entries (nested ones too) or a repeat's add row in it.
    public func sectionIndex(ofVisibleSection index: Int) -> Int? {
        presentation.sectionIndex(ofVisibleSection: index)
    }

    /// The data source's visible sections that show the definition's section
    /// `index`, in order (as of the last reload).
    ///
    /// - Complexity: O(*n*), *n* the number of visible sections.
    public func visibleSectionIndices(ofSection index: Int) -> [Int] {
        presentation.visibleSectionIndices(ofSection: index)
    }

    /// The page the data source's visible section `index` belongs to: `nil` unless
    /// its section has `page: true`, and for a repeating page section's title and add
    /// row (before and after its entries, on no page).
    public func page(ofVisibleSection index: Int) -> FormPage? {
        presentation.page(ofVisibleSection: index)
    }

    /// The page a field instance is asked on, if its section is a page.
    public func page(ofInstance instance: Int) -> FormPage? {
        presentation.page(ofInstance: instance)
    }

    /// The data source's visible sections that show a page, in order (as of the
    /// last reload): empty when nothing of it is shown.
    ///
    /// - Complexity: O(*n*), *n* the number of visible sections.
    public func visibleSectionIndices(of page: FormPage) -> [Int] {
        presentation.visibleSectionIndices(of: page)
    }

    /// Whether any field of the form may be required (always, or when a condition
    /// holds): whether progress through the required fields means anything.
    public var hasRequiredFields: Bool {
        presentation.hasRequiredFields
    }

    /// The visible required field instances and how many are answered, as the data
    /// source shows them after the last reload (entries' fields included).
    ///
    /// - Complexity: O(1) after an animated reload (it costs what the reload changed);
    ///   O(*n*), *n* the visible rows, the first time and after a full reload.
    public var requiredProgress: RequiredProgress {
        presentation.requiredProgress
    }
}
