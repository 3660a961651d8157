import FormworkTesting
import Foundation
import Testing

@testable import FormworkCore

/// The debug check of `reloadData(_:animated:sections:)`: a section left out of
/// `sections` must show exactly what a full evaluation shows. The check traps, so it
/// is tested directly, on the snapshot an incremental reload would commit.
@Suite("Partial reload check")
struct PartialReloadCheckTests {
    final class Model {
        var hiddenItems = Set<Int>()
        var hiddenSections = Set<String>()
        let dataSource: DataSource

        init() {
            let cells = CellDescriptor<Item, RecordingCell>()
            let titled = SectionDescriptor<String>()
            dataSource = DataSource(cellDescriptors: [cells], sectionDescriptors: [titled])
            cells.isHidden { [unowned self] item, _ in hiddenItems.contains(item.id) }
            titled.isHidden { [unowned self] title, _ in hiddenSections.contains(title) }
            dataSource.sections = (0..<4).map { section in
                Section(content: "S\(section)", items: (0..<3).map { Item(id: section * 10 + $0, text: "x") })
            }
            dataSource.reloadData(nil, animated: false)
        }

        /// What `reloadData(_:animated:sections:)` would find wrong with `listed`.
        func change(listing listed: Set<Int>) -> UnlistedSectionChange? {
            let next = dataSource.makeVisibleSnapshot(updating: dataSource.visible, sections: listed)
            return dataSource.unlistedSectionChange(in: next, listed: listed)
        }
    }

    #if DEBUG
    /// End to end: the reload itself stops, naming the section (debug builds only).
    @Test func reloadToldTooLittleStopsNamingTheSection() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let model = Model()
            model.hiddenItems = [0, 31]
            model.dataSource.reloadData(nil, animated: true, sections: [0])
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("reloadData(sections:) was not told about section 3, whose visible rows changed"))
    }
    #endif

    @Test func everyChangedSectionListedPasses() {
        let model = Model()
        model.dataSource.sections[1].rows.append(Row(Item(id: 13, text: "x")))
        model.hiddenItems = [31]
        #expect(model.change(listing: [1, 3]) == nil)
        #expect(model.change(listing: [0, 1, 2, 3]) == nil)
        model.dataSource.reloadData(nil, animated: true, sections: [1, 3])  // does not trap
        #expect(model.dataSource.numberOfVisibleRows == 12)
    }

    @Test func nothingChangedNeedsNothingListed() {
        #expect(Model().change(listing: []) == nil)
    }

    @Test func aRowHiddenInAnUnlistedSectionIsNamed() {
        let model = Model()
        model.dataSource.sections[1].rows[0] = Row(Item(id: 10, text: "y"))
        model.hiddenItems = [31]
        let change = model.change(listing: [1])
        #expect(change == UnlistedSectionChange(modelIndex: 3, kind: .rows))
        #expect(change?.message == "reloadData(sections:) was not told about section 3, whose visible rows changed")
    }

    /// Rows compare by storage: a replaced row counts even when its item is equal.
    @Test func aReplacedRowIsAChangeEvenWithAnEqualItem() {
        let model = Model()
        model.dataSource.sections[2].rows[1] = Row(Item(id: 21, text: "x"))
        #expect(model.change(listing: [0, 1, 3]) == UnlistedSectionChange(modelIndex: 2, kind: .rows))
        #expect(model.change(listing: [2]) == nil)
    }

    @Test func aSectionHiddenOrShownWithoutNoticeIsNamed() {
        let model = Model()
        model.hiddenSections = ["S2"]
        let change = model.change(listing: [0])
        #expect(change == UnlistedSectionChange(modelIndex: 2, kind: .visibility))
        #expect(change?.message == "reloadData(sections:) was not told about section 2, whose visibility changed")
        model.dataSource.reloadData(nil, animated: false)
        model.hiddenSections = []
        #expect(model.change(listing: [3]) == UnlistedSectionChange(modelIndex: 2, kind: .visibility))
    }

    @Test func aSectionEmptiedWithoutNoticeIsNamed() {
        let model = Model()
        model.hiddenItems = [0, 1, 2]
        #expect(model.change(listing: [1, 2, 3]) == UnlistedSectionChange(modelIndex: 0, kind: .visibility))
    }

    @Test func newContentWithoutNoticeIsNamed() {
        let model = Model()
        model.dataSource.sections[1] = Section(id: "S1", content: "Renamed", rows: model.dataSource.sections[1].rows)
        let change = model.change(listing: [])
        #expect(change == UnlistedSectionChange(modelIndex: 1, kind: .section))
        #expect(
            change?.message
                == "reloadData(sections:) was not told about section 1, whose identifier or content changed")
    }

    /// The first section (in model order) left out is the one named.
    @Test func theFirstUnlistedChangeIsNamed() {
        let model = Model()
        model.hiddenItems = [12, 32]
        model.hiddenSections = ["S2"]
        #expect(model.change(listing: [0]) == UnlistedSectionChange(modelIndex: 1, kind: .rows))
        #expect(model.change(listing: [1]) == UnlistedSectionChange(modelIndex: 2, kind: .visibility))
        #expect(model.change(listing: [1, 2]) == UnlistedSectionChange(modelIndex: 3, kind: .rows))
    }

    @Test func aSectionAddedAtTheEndMustBeListed() {
        let model = Model()
        model.dataSource.sections.append(Section(content: "S4", items: [Item(id: 40, text: "x")]))
        #expect(model.change(listing: []) == UnlistedSectionChange(modelIndex: 4, kind: .visibility))
        #expect(model.change(listing: [4]) == nil)
    }
}
