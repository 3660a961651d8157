import FormworkCore
import FormworkTesting
import Foundation
import Testing

/// Type mismatches are programming errors that stop with a message naming the
/// descriptor and the types, not silent failures.
@Suite("Descriptor preconditions")
struct DescriptorPreconditionTests {
    @Test func itemOfTheWrongTypeNamesDescriptorAndTypes() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let dataSource = DataSource(cellDescriptors: [
                CellDescriptor<Int, RecordingCell>("numbers").configure { _, _, _ in }
            ])
            dataSource.sections = [Section(rows: [Row("text", identifier: "numbers")])]
            dataSource.reloadData(RecordingListView(), animated: false)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(
            message.contains(
                "CellDescriptor<Int, RecordingCell> for rows 'numbers' received an item of type String, expected Int"))
    }

    @Test func cellOfTheWrongTypeNamesDescriptorAndTypes() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            final class OtherCell {}
            let dataSource = DataSource(cellDescriptors: [
                CellDescriptor<String, OtherCell>().configure { _, _, _ in }
            ])
            dataSource.sections = [Section(items: ["a"])]
            dataSource.reloadData(RecordingListView(), animated: false)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(
            message.contains(
                "CellDescriptor<String, OtherCell> for rows 'String' received a cell of type RecordingCell, expected "
                    + "OtherCell"
            ))
    }

    @Test func rowWithoutDescriptorListsTheRegisteredOnes() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let dataSource = DataSource(cellDescriptors: [CellDescriptor<String, RecordingCell>()])
            dataSource.sections = [Section(items: [42])]
            dataSource.reloadData(nil, animated: false)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("DataSource has no CellDescriptor for rows 'Int' (item type Int); registered: String"))
    }

    @Test func namedDescriptorServesRowsOfTheTypeItNames() {
        let view = RecordingListView()
        let dataSource = DataSource(cellDescriptors: [
            CellDescriptor<String, RecordingCell>("String").configure { text, cell, _ in cell.text = text.uppercased() }
        ])
        dataSource.sections = [Section(items: ["a"])]
        dataSource.reloadData(view, animated: false)
        #expect(view.renderedText() == "  A")
    }
}
