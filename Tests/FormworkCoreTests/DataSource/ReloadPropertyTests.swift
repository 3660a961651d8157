import Formwork
import FormworkCore
import FormworkTesting
import Foundation
import Testing

/// After any sequence of animated reloads, what the view shows (batches applied to
/// its mirror) equals what a full reload would show.
@Suite("Reload properties")
struct ReloadPropertyTests {
    final class Model {
        var hidden = Set<Int>()
        var hiddenSections = Set<String>()

        func makeDataSource() -> DataSource {
            let dataSource = DataSource(
                cellDescriptors: [
                    CellDescriptor<Item, RecordingCell>()
                        .configure { item, cell, _ in cell.text = item.description }
                        .isHidden { [unowned self] item, _ in hidden.contains(item.id) }
                ],
                sectionDescriptors: [
                    SectionDescriptor<String>().header { title, _ in .title(title) }
                        .isHidden { [unowned self] title, _ in hiddenSections.contains(title) }
                ])
            return dataSource
        }

        static func randomSections(using generator: inout SeededGenerator) -> [Section] {
            (0..<Int.random(in: 0...4, using: &generator)).map { _ in
                Section(
                    content: ["A", "B", "C", "D"].randomElement(using: &generator)!,
                    items: (0..<Int.random(in: 0...6, using: &generator)).map { _ in
                        Item(
                            id: Int.random(in: 0..<15, using: &generator),
                            text: ["x", "y"].randomElement(using: &generator)!)
                    })
            }
        }

        func shuffleVisibility(using generator: inout SeededGenerator) {
            hidden = Set((0..<15).filter { _ in Int.random(in: 0..<4, using: &generator) == 0 })
            hiddenSections = Set(["A", "B", "C", "D"].filter { _ in Int.random(in: 0..<5, using: &generator) == 0 })
        }
    }

    @Test(arguments: 0..<20)
    func dataSourceViewStaysInSync(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed) &+ 5)
        let model = Model()
        let dataSource = model.makeDataSource()
        let view = RecordingListView()
        dataSource.sections = Model.randomSections(using: &generator)
        dataSource.reloadData(view, animated: false)
        for _ in 0..<40 {
            if Bool.random(using: &generator) { dataSource.sections = Model.randomSections(using: &generator) }
            model.shuffleVisibility(using: &generator)
            dataSource.reloadData(view, animated: true)
            #expect(view.sections == view.freshRendering())
        }
        #expect(view.errors.isEmpty)
    }

    @Test(arguments: 0..<20)
    func compositeViewStaysInSync(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed) &+ 1000)
        let models = [Model(), Model(), Model()]
        let children = models.map { $0.makeDataSource() }
        let list = CompositeDataSource(children)
        let view = RecordingListView()
        for child in children { child.sections = Model.randomSections(using: &generator) }
        list.reloadData(view, animated: false)
        for _ in 0..<30 {
            let index = Int.random(in: 0..<3, using: &generator)
            if Bool.random(using: &generator) { children[index].sections = Model.randomSections(using: &generator) }
            models[index].shuffleVisibility(using: &generator)
            if Int.random(in: 0..<6, using: &generator) == 0 { list.dataSources.shuffle(using: &generator) }
            list.reloadData(view, animated: true)
            #expect(view.sections == view.freshRendering())
        }
        #expect(view.errors.isEmpty)
    }

    @Test func compositeRefreshesChangedRowsInPlace() throws {
        let model = Model()
        let first = model.makeDataSource(), second = model.makeDataSource()
        first.sections = [Section(content: "A", items: [Item(id: 1, text: "x")])]
        second.sections = [Section(content: "B", items: [Item(id: 2, text: "x"), Item(id: 3, text: "x")])]
        let list = CompositeDataSource([first, second])
        let view = RecordingListView()
        list.reloadData(view, animated: false)
        let cell = try #require(view.cellForRow(at: path(1, 1)) as? RecordingCell)
        second.sections[0].rows[1] = Row(Item(id: 3, text: "z"))
        #expect(
            list.reloadData(view, animated: true) == Changeset(rows: Changes(updated: [pair(path(1, 1), path(1, 1))])))
        #expect(view.cellForRow(at: path(1, 1)) as? RecordingCell === cell)
        #expect(cell.text == "3:z")
    }
}
