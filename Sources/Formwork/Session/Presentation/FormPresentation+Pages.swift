import FormworkCore

/// A page of guided filling: a section with `page: true`, or one entry of such a
/// section when it repeats (each entry is a page of its own).
public struct FormPage: Hashable, Sendable {
    /// The section's position in `FormDefinition.sections`.
    public let section: Int
    /// The entry of a repeating section (its identity, kept across moves); 0 for a
    /// section that does not repeat.
    let entry: Int
}

/// Which section of the definition each section of the data source shows (a
/// section's fields come in runs around its repeats, and each entry and each add
/// row is a section of the data source), and the pages of guided filling.
extension FormPresentation {
    /// See `FormSession.sectionIndex`.
    func sectionIndex(ofVisibleSection index: Int) -> Int? {
        guard let content = source.section(at: index)?.content as? FormSectionContent else { return nil }
        switch content.role {
        case .fields(let section): return section
        case .entry(_, let repeatIndex, _), .tail(let repeatIndex, _):
            return definition.repeats[repeatIndex].sectionIndex
        }
    }

    /// See `FormSession.visibleSectionIndices`.
    func visibleSectionIndices(ofSection index: Int) -> [Int] {
        (0..<source.numberOfSections).filter { sectionIndex(ofVisibleSection: $0) == index }
    }

    /// See `FormSession.page`.
    func page(ofVisibleSection index: Int) -> FormPage? {
        guard let content = source.section(at: index)?.content as? FormSectionContent else { return nil }
        switch content.role {
        case .fields(let section):
            // A repeating section's own title comes before its entries, on no page.
            let shown = definition.sections[section]
            return shown.page && shown.repeatIndex == nil ? FormPage(section: section, entry: 0) : nil
        case .entry(let scope, let repeatIndex, _):
            return page(in: definition.repeats[repeatIndex].sectionIndex, scope: scope)
        case .tail(let repeatIndex, let holder):
            let section = definition.repeats[repeatIndex].sectionIndex
            guard definition.sections[section].repeatIndex != repeatIndex else { return nil }
            return page(in: section, scope: holder)
        }
    }

    /// See `FormSession.page`.
    func page(ofInstance instance: Int) -> FormPage? {
        let field = definition.fields[tree.field(ofInstance: instance)]
        return page(in: field.sectionIndex, scope: tree.scope(ofInstance: instance))
    }

    /// See `FormSession.visibleSectionIndices`.
    func visibleSectionIndices(of page: FormPage) -> [Int] {
        (0..<source.numberOfSections).filter { self.page(ofVisibleSection: $0) == page }
    }

    /// The page of section `index` that a scope is in: the section's, or for a
    /// repeating section the entry of it that holds the scope.
    private func page(in index: Int, scope: Int) -> FormPage? {
        let section = definition.sections[index]
        guard section.page else { return nil }
        guard let repeatIndex = section.repeatIndex else { return FormPage(section: index, entry: 0) }
        return tree.enclosingScope(of: scope, in: repeatIndex).map { FormPage(section: index, entry: $0) }
    }
}
