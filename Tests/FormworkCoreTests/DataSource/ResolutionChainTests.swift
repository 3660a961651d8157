import FormworkCore
import FormworkTesting
import Foundation
import Testing

/// Every behaviour resolves descriptor → data source closure → fallback delegate → default.
@Suite("Resolution chain")
struct ResolutionChainTests {
    final class Delegate: DataSourceDelegate {
        func dataSource(_ dataSource: DataSource, configure cell: Any, for row: Row, at indexPath: IndexPath) -> Bool {
            (cell as? RecordingCell)?.text = "delegate"
            return true
        }
        func dataSource(_ dataSource: DataSource, update cell: Any, for row: Row, at indexPath: IndexPath) -> Bool {
            (cell as? RecordingCell)?.text = "delegate update"
            return true
        }
        func dataSource(_ dataSource: DataSource, didSelect row: Row, at indexPath: IndexPath) -> SelectionResult? {
            .keepSelected
        }
        func dataSource(_ dataSource: DataSource, isRowHidden row: Row, at indexPath: IndexPath) -> Bool? {
            row.item(as: String.self) == "hidden"
        }
        func dataSource(_ dataSource: DataSource, heightFor row: Row, at indexPath: IndexPath) -> RowHeight? {
            .lines(3)
        }
        func dataSource(_ dataSource: DataSource, canEdit row: Row, at indexPath: IndexPath) -> Bool? { true }
        var committed: [String] = []
        func dataSource(
            _ dataSource: DataSource, commit action: EditingAction, for row: Row, at indexPath: IndexPath
        ) -> Bool {
            committed.append("delegate")
            return true
        }
        func dataSource(_ dataSource: DataSource, isSectionHidden section: Section, at index: Int) -> Bool? {
            section.identifier == "secret"
        }
        func dataSource(_ dataSource: DataSource, headerFor section: Section, at index: Int) -> HeaderFooter? {
            .title("delegate header")
        }
        func dataSource(_ dataSource: DataSource, footerFor section: Section, at index: Int) -> HeaderFooter? {
            .title("delegate footer")
        }
    }

    enum Link: CaseIterable { case descriptor, dataSource, delegate, none }

    /// A data source whose behaviours are all defined at `link` (and nowhere above it).
    final class Fixture {
        let view = RecordingListView()
        let delegate = Delegate()
        let dataSource: DataSource
        var log: [String] = []

        init(_ link: Link) {
            let descriptor = CellDescriptor<String, RecordingCell>()
            let sectionDescriptor = SectionDescriptor<Int>()
            dataSource = DataSource(cellDescriptors: [descriptor], sectionDescriptors: [sectionDescriptor])
            switch link {
            case .descriptor:
                descriptor
                    .configure { text, cell, _ in cell.text = "descriptor \(text)" }
                    .update { text, cell, _ in cell.text = "descriptor update \(text)" }
                    .didSelect { _, _ in .keepSelected }
                    .isHidden { text, _ in text == "hidden" }
                    .height { _, _ in .lines(2) }
                    .canEdit { _, _ in true }
                    .commitEditing { [unowned self] _, _, _ in log.append("descriptor") }
                sectionDescriptor
                    .isHidden { number, _ in number == 0 }
                    .header { number, _ in .title("descriptor header \(number)") }
                    .footer { number, _ in .title("descriptor footer \(number)") }
            case .dataSource:
                dataSource.configure = { row, cell, _ in (cell as! RecordingCell).text = "data source \(row.item)" }
                dataSource.update = { _, cell, _ in (cell as! RecordingCell).text = "data source update" }
                dataSource.didSelect = { _, _ in .keepSelected }
                dataSource.isRowHidden = { row, _ in row.item(as: String.self) == "hidden" }
                dataSource.height = { _, _ in .lines(2) }
                dataSource.canEdit = { _, _ in true }
                dataSource.commitEditing = { [unowned self] _, _, _ in log.append("data source") }
                dataSource.isSectionHidden = { section, _ in section.identifier == "secret" }
                dataSource.sectionHeader = { _, _ in .title("data source header") }
                dataSource.sectionFooter = { _, _ in .title("data source footer") }
            case .delegate:
                dataSource.fallbackDelegate = delegate
            case .none:
                break
            }
            dataSource.sections = [
                Section(id: "secret", content: 0, rows: [Row("x")]),
                Section(id: "shown", content: 1, rows: [Row("a"), Row("hidden"), Row("b")]),
            ]
            dataSource.reloadData(view, animated: false)
        }
    }

    @Test func descriptorClosuresComeFirst() {
        let fixture = Fixture(.descriptor)
        #expect(
            fixture.view.renderedText() == """
                # descriptor header 1
                  descriptor a
                  descriptor b
                — descriptor footer 1
                """)
        #expect(fixture.dataSource.selectRow(at: path(0, 0)) == .keepSelected)
        #expect(fixture.dataSource.heightForRow(at: path(0, 0)) == .lines(2))
        #expect(fixture.dataSource.commitEditing(.delete, at: path(0, 1)))
        #expect(fixture.log == ["descriptor"])
    }

    @Test func dataSourceClosuresComeSecond() {
        let fixture = Fixture(.dataSource)
        #expect(
            fixture.view.renderedText() == """
                # data source header
                  data source a
                  data source b
                — data source footer
                """)
        #expect(fixture.dataSource.selectRow(at: path(0, 0)) == .keepSelected)
        #expect(fixture.dataSource.heightForRow(at: path(0, 0)) == .lines(2))
        #expect(fixture.dataSource.commitEditing(.delete, at: path(0, 1)))
        #expect(fixture.log == ["data source"])
    }

    @Test func fallbackDelegateComesThird() {
        let fixture = Fixture(.delegate)
        #expect(
            fixture.view.renderedText() == """
                # delegate header
                  delegate
                  delegate
                — delegate footer
                """)
        #expect(fixture.dataSource.selectRow(at: path(0, 0)) == .keepSelected)
        #expect(fixture.dataSource.heightForRow(at: path(0, 0)) == .lines(3))
        #expect(fixture.dataSource.commitEditing(.delete, at: path(0, 1)))
        #expect(fixture.delegate.committed == ["delegate"])
    }

    @Test func defaultsComeLast() {
        let fixture = Fixture(.none)
        // Nothing hidden, no headers, cells left unconfigured.
        #expect(
            fixture.view.sections == [
                MirroredSection(header: SectionTexts(), cells: [""]),
                MirroredSection(header: SectionTexts(), cells: ["", "", ""]),
            ])
        #expect(fixture.dataSource.selectRow(at: path(0, 0)) == .deselect)
        #expect(fixture.dataSource.heightForRow(at: path(0, 0)) == .automatic)
        #expect(!fixture.dataSource.canEditRow(at: path(0, 0)))
        #expect(!fixture.dataSource.commitEditing(.delete, at: path(0, 0)))
    }
}
