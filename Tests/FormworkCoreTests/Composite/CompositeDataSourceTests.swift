import FormworkCore
import FormworkTesting
import Foundation
import Testing

@Suite("Composite data source")
struct CompositeDataSourceTests {
    /// Seed 000: fruits and vegetables from two data sources in one list; selecting a
    /// section's first row toggles the rest of that section.
    final class ToggledList {
        var isShowing = true
        let dataSource: DataSource

        init(title: String, items: [String]) {
            dataSource = DataSource(
                cellDescriptors: [
                    CellDescriptor<String, RecordingCell>().configure { text, cell, _ in cell.text = text }
                ],
                sectionDescriptors: [
                    SectionDescriptor<String>().header { title, _ in .title(title) }.visibleWhenEmpty()
                ])
            dataSource.sections = [Section(content: title, items: items)]
            dataSource.isRowHidden = { [unowned self] _, _ in !isShowing }
        }
    }

    @Test func fruitsAndVegetablesToggleTheirRows() {
        let fruits = ToggledList(title: "Fruits", items: ["🍎 Apples", "🍊 Oranges", "🍌 Bananas"])
        let vegetables = ToggledList(title: "Vegetables", items: ["🥔 Potatoes", "🍅 Tomatoes"])
        let list = CompositeDataSource([fruits.dataSource, vegetables.dataSource])
        let view = RecordingListView()
        list.reloadData(view, animated: false)
        #expect(
            view.renderedText() == """
                # Fruits
                  🍎 Apples
                  🍊 Oranges
                  🍌 Bananas
                # Vegetables
                  🥔 Potatoes
                  🍅 Tomatoes
                """)

        vegetables.isShowing = false
        #expect(list.reloadData(view, animated: true) == Changeset(rows: Changes(deleted: [path(1, 0), path(1, 1)])))
        fruits.isShowing = false
        #expect(
            list.reloadData(view, animated: true)
                == Changeset(rows: Changes(deleted: [path(0, 0), path(0, 1), path(0, 2)])))
        vegetables.isShowing = true
        #expect(list.reloadData(view, animated: true) == Changeset(rows: Changes(inserted: [path(1, 0), path(1, 1)])))
        #expect(
            view.renderedText() == """
                # Fruits
                # Vegetables
                  🥔 Potatoes
                  🍅 Tomatoes
                """)
        #expect(view.sections == view.freshRendering())
        #expect(view.errors.isEmpty)
    }

    /// Seed 002: three album sources composed into one list, each keeping its title.
    @Test func albumsFromThreeSourcesWithTheirTitles() {
        struct Album: Diffable, Hashable {
            let title: String
            let year: Int
        }
        func source(_ artist: String, _ albums: [Album]) -> DataSource {
            let dataSource = DataSource(cellDescriptors: [
                CellDescriptor<Album, RecordingCell>().configure { album, cell, _ in
                    cell.text = "\(album.title) (\(album.year))"
                }
            ])
            dataSource.sections = [Section(content: artist, items: albums)]
            return dataSource
        }
        let beatles = source("The Beatles", [Album(title: "Abbey Road", year: 1969)])
        let floyd = source("Pink Floyd", [Album(title: "Animals", year: 1977), Album(title: "Meddle", year: 1971)])
        let davis = source("Miles Davis", [Album(title: "Kind of Blue", year: 1959)])
        let list = CompositeDataSource([beatles, floyd, davis])
        let view = RecordingListView()
        list.reloadData(view, animated: false)
        #expect(
            view.renderedText() == """
                # The Beatles
                  Abbey Road (1969)
                # Pink Floyd
                  Animals (1977)
                  Meddle (1971)
                # Miles Davis
                  Kind of Blue (1959)
                """)
        #expect(list.dataSource(forSection: 2)?.dataSource === davis)
        #expect(list.row(at: path(1, 1))?.item(as: Album.self)?.title == "Meddle")

        floyd.sections[0].rows.insert(Row(Album(title: "Wish You Were Here", year: 1975)), at: 1)
        davis.sections[0].rows.removeAll()
        #expect(
            list.reloadData(view, animated: true)
                == Changeset(sections: Changes(deleted: [2]), rows: Changes(inserted: [path(1, 1)])))

        list.dataSources.swapAt(0, 1)
        #expect(
            list.reloadData(view, animated: true) == Changeset(sections: Changes(moved: [PositionPair(from: 1, to: 0)]))
        )
        #expect(view.sections == view.freshRendering())
    }

    /// Children keep their descriptors and see their own coordinates.
    @Test func childrenSeeLocalCoordinatesAndNeverPairAcross() {
        var selected: [String] = []
        func source(_ name: String) -> DataSource {
            let dataSource = DataSource(cellDescriptors: [
                CellDescriptor<String, RecordingCell>()
                    .configure { text, cell, indexPath in
                        cell.text = "\(name) \(text) \(indexPath.section).\(indexPath.row)"
                    }
                    .didSelect { text, indexPath in
                        selected.append("\(name) \(text) \(indexPath.section).\(indexPath.row)")
                        return .deselect
                    }
            ])
            dataSource.sections = [Section(id: "s", items: ["x"])]
            return dataSource
        }
        let first = source("first"), second = source("second")
        let list = CompositeDataSource([first, second])
        let view = RecordingListView()
        list.reloadData(view, animated: false)
        #expect(view.renderedText() == "  first x 0.0\n  second x 0.0")
        list.selectRow(at: path(1, 0))
        #expect(selected == ["second x 0.0"])

        // Same section id and item in both children: moving the item is delete + insert.
        first.sections[0].rows = []
        second.sections[0].rows.append(Row("x"))
        let changeset = list.reloadData(view, animated: true)
        #expect(changeset == Changeset(sections: Changes(deleted: [0]), rows: Changes(inserted: [path(0, 1)])))
        #expect(view.sections == view.freshRendering())
    }

    @Test func outOfRangeIsANoOp() {
        let list = CompositeDataSource([])
        list.reloadData(nil, animated: true)
        #expect(list.numberOfSections == 0)
        #expect(list.selectRow(at: path(0, 0)) == nil)
        #expect(list.section(at: 3) == nil)
        #expect(list.header(inSection: 0).title == nil)
    }
}
