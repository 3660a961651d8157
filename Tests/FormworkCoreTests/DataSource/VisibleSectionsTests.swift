import FormworkCore
import FormworkTesting
import Foundation
import Testing

/// `DataSource.visibleSections` reads the visible snapshot: what the view shows, with
/// model positions and typed items, without walking `ListDataSource`.
@Suite("Visible sections")
struct VisibleSectionsTests {
    final class Model {
        var hiddenItems: Set<Int> = [11, 30, 31]
        var hiddenSections: Set<String> = ["Hidden"]
        let dataSource: DataSource

        init() {
            let items = CellDescriptor<Item, RecordingCell>()
            let titled = SectionDescriptor<String>()
            dataSource = DataSource(
                cellDescriptors: [items, CellDescriptor<String, RecordingCell>()],
                sectionDescriptors: [titled])
            items.isHidden { [unowned self] item, _ in hiddenItems.contains(item.id) }
            titled.isHidden { [unowned self] title, _ in hiddenSections.contains(title) }
            dataSource.sectionFooter = { section, index in .title("\(section.identifier) footer at \(index)") }
            dataSource.sections = [
                Section(content: "Hidden", items: [Item(id: 0, text: "a")]),
                Section(
                    id: "first", content: "First",
                    items: [Item(id: 10, text: "b"), Item(id: 11, text: "c"), "note"]),
                Section(id: "plain", items: [Item(id: 20, text: "d")]),
                Section(content: "Emptied", items: [Item(id: 30, text: "e"), Item(id: 31, text: "f")]),
            ]
            dataSource.reloadData(nil, animated: false)
        }
    }

    @Test func sectionsCarryTheirModelPositionContentAndHeaders() {
        let sections = Model().dataSource.visibleSections
        #expect(sections.count == 2)
        #expect(sections.map(\.identifier) == ["first", "plain"])
        #expect(sections.map(\.index) == [0, 1])
        #expect(sections.map(\.modelIndex) == [1, 2])
        #expect(sections.map { $0.content(as: String.self) } == ["First", nil])
        #expect(sections[1].content == nil)
        #expect(sections.map(\.header.title) == ["First", nil])
        #expect(sections.map(\.footer.title) == ["first footer at 0", "plain footer at 1"])
        #expect(sections[0].section.rows.count == 3)  // the model section: hidden rows too
        #expect(sections.rowCount == 3)
    }

    @Test func rowsCarryVisibleAndModelIndexPathsAndTypedItems() {
        let rows = Model().dataSource.visibleSections.flatMap(\.rows)
        #expect(rows.map(\.indexPath) == [path(0, 0), path(0, 1), path(1, 0)])
        #expect(rows.map(\.modelIndexPath) == [path(1, 0), path(1, 2), path(2, 0)])
        #expect(rows.map { $0.item(as: Item.self)?.id } == [10, nil, 20])
        #expect(rows[1].item(as: String.self) == "note")
        #expect(rows[1].row.identifier == .type(String.self))
        #expect("\(rows[1].item)" == "note")
    }

    @Test func visibleItemsOfATypeSkipsOtherTypesAndHiddenRows() {
        let dataSource = Model().dataSource
        #expect(dataSource.visibleItems(of: Item.self) == [Item(id: 10, text: "b"), Item(id: 20, text: "d")])
        #expect(dataSource.visibleItems(of: String.self) == ["note"])
        #expect(dataSource.visibleItems(of: Int.self).isEmpty)
    }

    /// Every answer agrees with what a `ListView` is told through `ListDataSource`.
    @Test func agreesWithTheListDataSourceAnswers() {
        let model = Model()
        model.hiddenItems = [0, 20]
        model.hiddenSections = []
        let dataSource = model.dataSource
        dataSource.reloadData(RecordingListView(), animated: true)
        let sections = dataSource.visibleSections
        #expect(sections.count == dataSource.numberOfSections)
        for section in sections {
            #expect(section.rows.count == dataSource.numberOfRows(inSection: section.index))
            #expect(section.identifier == dataSource.section(at: section.index)?.identifier)
            #expect(section.header.title == dataSource.header(inSection: section.index).title)
            #expect(section.footer.title == dataSource.footer(inSection: section.index).title)
            for row in section.rows {
                #expect(dataSource.row(at: row.indexPath).map(row.row.isEqualToRow) == true)
                #expect(dataSource.modelIndexPath(forVisible: row.indexPath) == row.modelIndexPath)
            }
        }
    }

    /// The view is a value: a later reload does not change one already taken.
    @Test func keepsShowingTheSnapshotItWasTakenFrom() {
        let model = Model()
        let before = model.dataSource.visibleSections
        model.hiddenSections = []
        model.hiddenItems = []
        model.dataSource.sections[2].rows.removeAll()
        model.dataSource.reloadData(nil, animated: true)
        #expect(before.map(\.identifier) == ["first", "plain"])
        #expect(before[1].rows.map { $0.item(as: Item.self)?.id } == [20])
        #expect(model.dataSource.visibleSections.map(\.identifier) == ["Hidden", "first", "Emptied"])
        #expect(model.dataSource.visibleSections.map(\.modelIndex) == [0, 1, 3])
    }

    /// The example of "Reading what is shown" in the CoreConcepts article, on its basket.
    @Test func readmeBasketReadsAsTheReadmeSays() {
        let basket = Basket()
        basket.dataSource.reloadData(basket.view, animated: false)
        var lines: [String] = []
        for section in basket.dataSource.visibleSections {
            lines.append("\(section.header.title ?? section.identifier) is model section \(section.modelIndex)")
            for row in section.rows {
                guard let fruit = row.item(as: Fruit.self) else { continue }
                lines.append("\(fruit.name) at \(row.indexPath), model \(row.modelIndexPath)")
            }
        }
        #expect(lines == ["Fruit is model section 0", "Apple at [0, 0], model [0, 0]", "Plum at [0, 1], model [0, 2]"])
        #expect(basket.dataSource.visibleItems(of: Fruit.self).map(\.name) == ["Apple", "Plum"])
    }

    @Test func beforeTheFirstReloadNothingIsVisible() {
        let dataSource = DataSource(cellDescriptors: [CellDescriptor<String, RecordingCell>()])
        dataSource.sections = [Section(items: ["a"])]
        #expect(dataSource.visibleSections.isEmpty)
        #expect(dataSource.visibleItems(of: String.self).isEmpty)
    }
}
