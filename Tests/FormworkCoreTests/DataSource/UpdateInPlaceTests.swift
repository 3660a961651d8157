import FormworkCore
import FormworkTesting
import Foundation
import Testing

/// A row whose content changed is refreshed in place: same cell, no delete/insert.
@Suite("In-place updates")
struct UpdateInPlaceTests {
    struct Person: Diffable {
        let id: Int
        var name: String
        var diffIdentifier: Int { id }
        func isEqualToDiffable(_ other: Person) -> Bool { name == other.name }
    }

    final class UpdatingDelegate: DataSourceDelegate {
        func dataSource(_ dataSource: DataSource, update cell: Any, for row: Row, at indexPath: IndexPath) -> Bool {
            let cell = cell as! RecordingCell
            cell.text = "delegate: \(row.item(as: Person.self)!.name)"
            cell.updateCount += 1
            return true
        }
    }

    enum UpdateLink: CaseIterable { case descriptor, dataSource, delegate, configureOnly }

    @Test(arguments: UpdateLink.allCases)
    func contentChangeRefreshesTheDisplayedCell(link: UpdateLink) throws {
        let view = RecordingListView()
        let delegate = UpdatingDelegate()
        let descriptor = CellDescriptor<Person, RecordingCell>().configure { person, cell, _ in cell.text = person.name
        }
        let dataSource = DataSource(cellDescriptors: [descriptor])
        switch link {
        case .descriptor:
            descriptor.update { person, cell, _ in
                cell.text = "descriptor: \(person.name)"
                cell.updateCount += 1
            }
        case .dataSource:
            dataSource.update = { row, cell, _ in
                let cell = cell as! RecordingCell
                cell.text = "data source: \(row.item(as: Person.self)!.name)"
                cell.updateCount += 1
            }
        case .delegate:
            dataSource.fallbackDelegate = delegate
        case .configureOnly:
            break
        }
        dataSource.sections = [Section(items: [Person(id: 1, name: "Ann"), Person(id: 2, name: "Bob")])]
        dataSource.reloadData(view, animated: false)
        let cell = try #require(view.cellForRow(at: path(0, 1)) as? RecordingCell)

        dataSource.sections[0].rows[1] = Row(Person(id: 2, name: "Bobby"))
        let changeset = dataSource.reloadData(view, animated: true)

        #expect(changeset == Changeset(rows: Changes(updated: [pair(path(0, 1), path(0, 1))])))
        #expect(view.cellForRow(at: path(0, 1)) as? RecordingCell === cell)
        let expected = ["descriptor: Bobby", "data source: Bobby", "delegate: Bobby", "Bobby"][
            UpdateLink.allCases.firstIndex(of: link)!]
        #expect(cell.text == expected)
        #expect(cell.updateCount == (link == .configureOnly ? 0 : 1))
        #expect(view.cellForRow(at: path(0, 0)).map { ($0 as! RecordingCell).text } == "Ann")
    }

    @Test func movedAndChangedRowIsRefreshedAndMoved() throws {
        let view = RecordingListView()
        let dataSource = DataSource(cellDescriptors: [
            CellDescriptor<Person, RecordingCell>().configure { person, cell, _ in cell.text = person.name }
        ])
        dataSource.sections = [
            Section(items: [Person(id: 1, name: "Ann"), Person(id: 2, name: "Bob"), Person(id: 3, name: "Cy")])
        ]
        dataSource.reloadData(view, animated: false)
        let cell = try #require(view.cellForRow(at: path(0, 2)) as? RecordingCell)

        dataSource.sections[0].rows = [Row(Person(id: 3, name: "Cyrus"))] + dataSource.sections[0].rows.prefix(2)
        dataSource.reloadData(view, animated: true)

        #expect(view.cellForRow(at: path(0, 0)) as? RecordingCell === cell)
        #expect(view.sections == view.freshRendering())
        #expect(view.renderedText() == "  Cyrus\n  Ann\n  Bob")
    }
}
