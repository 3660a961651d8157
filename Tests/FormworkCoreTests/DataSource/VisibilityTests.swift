import FormworkCore
import FormworkTesting
import Foundation
import Testing

@Suite("Visibility")
struct VisibilityTests {
    /// `isHidden` sees model positions; every other closure sees visible ones.
    @Test func isHiddenGetsModelPathsOtherClosuresVisiblePaths() {
        var hiddenCalls: [IndexPath] = []
        var selected: [String] = []
        let view = RecordingListView()
        let dataSource = DataSource(cellDescriptors: [
            CellDescriptor<String, RecordingCell>()
                .configure { text, cell, indexPath in cell.text = "\(text)@\(indexPath.section).\(indexPath.row)" }
                .isHidden { text, indexPath in
                    hiddenCalls.append(indexPath)
                    return text.hasPrefix("-")
                }
                .didSelect { text, indexPath in
                    selected.append("\(text)@\(indexPath.section).\(indexPath.row)")
                    return .deselect
                }
        ])
        dataSource.isSectionHidden = { section, _ in section.identifier == "gone" }
        dataSource.sections = [
            Section(id: "gone", items: ["x"]),
            Section(id: "kept", items: ["a", "-b", "c"]),
        ]
        dataSource.reloadData(view, animated: false)

        // The hidden section's rows are not asked; the others are asked in model coordinates.
        #expect(hiddenCalls == [path(1, 0), path(1, 1), path(1, 2)])
        #expect(view.renderedText() == "  a@0.0\n  c@0.1")
        dataSource.selectRow(at: path(0, 1))
        #expect(selected == ["c@0.1"])
        #expect(dataSource.modelIndexPath(forVisible: path(0, 1)) == path(1, 2))
    }

    @Test func sectionWithAllRowsHiddenDisappearsUnlessVisibleWhenEmpty() {
        let view = RecordingListView()
        let dataSource = DataSource(
            cellDescriptors: [CellDescriptor<String, RecordingCell>().isHidden { text, _ in text.hasPrefix("-") }],
            sectionDescriptors: [
                SectionDescriptor<String>().header { title, _ in .title(title) }.visibleWhenEmpty(),
                SectionDescriptor<Int>(),
            ])
        dataSource.sections = [
            Section(content: "Kept", items: ["-a"]),
            Section(id: "dropped", content: 7, items: ["-b"]),
            Section(id: "empty", items: []),
        ]
        dataSource.reloadData(view, animated: false)
        #expect(view.sections == [MirroredSection(header: SectionTexts(header: "Kept"), cells: [])])
    }

    @Test func hidingEveryRowOfASectionDeletesTheSection() {
        var hideAll = false
        let view = RecordingListView()
        let dataSource = DataSource(cellDescriptors: [CellDescriptor<String, RecordingCell>()])
        dataSource.isRowHidden = { row, _ in hideAll && row.item(as: String.self) != "always" }
        dataSource.sections = [Section(id: "a", items: ["always"]), Section(id: "b", items: ["x", "y"])]
        dataSource.reloadData(view, animated: false)
        hideAll = true
        #expect(dataSource.reloadData(view, animated: true) == Changeset(sections: Changes(deleted: [1])))
        hideAll = false
        #expect(dataSource.reloadData(view, animated: true) == Changeset(sections: Changes(inserted: [1])))
        #expect(view.sections == view.freshRendering())
    }

    /// Out-of-range or malformed index paths are no-ops, never traps.
    @Test func staleAndOutOfRangeIndexPathsAreNoOps() {
        var selections = 0
        let view = RecordingListView()
        let dataSource = DataSource(cellDescriptors: [
            CellDescriptor<String, RecordingCell>()
                .didSelect { _, _ in
                    selections += 1
                    return .deselect
                }
                .canEdit { _, _ in true }
                .commitEditing { _, _, _ in selections += 100 }
        ])
        dataSource.sections = [Section(items: ["a", "b"])]
        dataSource.reloadData(view, animated: false)
        let stale = path(0, 1)
        dataSource.sections = [Section(items: ["a"])]
        dataSource.reloadData(view, animated: true)

        for indexPath in [stale, path(3, 0), path(-1, 0), path(0, -1), IndexPath(index: 0), IndexPath()] {
            #expect(dataSource.selectRow(at: indexPath) == nil)
            #expect(!dataSource.commitEditing(.delete, at: indexPath))
            #expect(!dataSource.canEditRow(at: indexPath))
            #expect(dataSource.row(at: indexPath) == nil)
            #expect(dataSource.cellForRow(at: indexPath, in: view) == nil)
            #expect(dataSource.heightForRow(at: indexPath) == .automatic)
            #expect(dataSource.modelIndexPath(forVisible: indexPath) == nil)
        }
        #expect(dataSource.header(inSection: 9).title == nil)
        #expect(dataSource.numberOfRows(inSection: 9) == 0)
        #expect(selections == 0)
    }

    /// Between reloads the view's snapshot stands, even if the model changed under it.
    @Test func selectionBeforeReloadUsesTheShownSnapshot() {
        var selected: [String] = []
        let dataSource = DataSource(cellDescriptors: [
            CellDescriptor<String, RecordingCell>().didSelect { text, _ in
                selected.append(text)
                return .deselect
            }
        ])
        dataSource.sections = [Section(items: ["a", "b"])]
        dataSource.reloadData(nil, animated: false)
        dataSource.sections = []
        dataSource.selectRow(at: path(0, 1))
        #expect(selected == ["b"])
    }

    @Test func deletingThroughCommitEditingThenReloading() {
        let view = RecordingListView()
        let dataSource = DataSource(cellDescriptors: [CellDescriptor<String, RecordingCell>()])
        dataSource.canEdit = { _, _ in true }
        dataSource.commitEditing = { [unowned dataSource] _, action, indexPath in
            guard action == .delete, let model = dataSource.modelIndexPath(forVisible: indexPath) else { return }
            dataSource.sections[model.section].rows.remove(at: model.row)
            dataSource.reloadData(view, animated: true)
        }
        dataSource.sections = [Section(items: ["a", "b", "c"])]
        dataSource.reloadData(view, animated: false)
        #expect(dataSource.commitEditing(.delete, at: path(0, 1)))
        #expect(view.lastChangeset == Changeset(rows: Changes(deleted: [path(0, 1)])))
        #expect(view.renderedText() == "  \n  ")
        #expect(dataSource.numberOfRows(inSection: 0) == 2)
    }
}
