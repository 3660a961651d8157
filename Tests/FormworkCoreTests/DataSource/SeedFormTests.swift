import FormworkCore
import FormworkTesting
import Foundation
import Testing

/// allaboutapps' FormViewController: a last name shown once a first name is entered,
/// and a switch that shows an "Additional Fields" section.
@Suite("Seed form example")
struct SeedFormTests {
    final class TextField: Diffable {
        let id: String
        let placeholder: String
        var text = ""
        init(id: String, placeholder: String) {
            self.id = id
            self.placeholder = placeholder
        }
        var diffIdentifier: String { id }
        func isEqualToDiffable(_ other: TextField) -> Bool { id == other.id }
    }

    final class SwitchField: Diffable {
        let id: String
        let title: String
        var isOn = false
        init(id: String, title: String) {
            self.id = id
            self.title = title
        }
        var diffIdentifier: String { id }
        func isEqualToDiffable(_ other: SwitchField) -> Bool { id == other.id }
    }

    let firstName = TextField(id: "firstname", placeholder: "First Name")
    let lastName = TextField(id: "lastname", placeholder: "Last Name")
    let additional = SwitchField(id: "additional", title: "Show additional options")
    let email = TextField(id: "email", placeholder: "E-Mail")
    let view = RecordingListView()
    let dataSource: DataSource

    init() {
        let (firstName, lastName, additional) = (self.firstName, self.lastName, self.additional)
        dataSource = DataSource(cellDescriptors: [
            CellDescriptor<TextField, RecordingCell>()
                .configure { field, cell, _ in cell.text = field.placeholder }  // the cell is the input
                .isHidden { field, _ in field.id == lastName.id && firstName.text.isEmpty },
            CellDescriptor<SwitchField, RecordingCell>()
                .configure { field, cell, _ in cell.text = "[\(field.isOn ? "x" : " ")] \(field.title)" }
                .didSelect { field, _ in
                    field.isOn.toggle()
                    return .deselect
                },
            CellDescriptor<String, RecordingCell>()
                .configure { text, cell, _ in cell.text = text },
        ])
        dataSource.isSectionHidden = { section, _ in section.identifier == "additional" && !additional.isOn }
        dataSource.sections = [
            Section(id: "name", items: [firstName, lastName, additional]),
            Section(id: "additional", content: "Additional Fields", items: [email, "some random text"]),
        ]
        dataSource.reloadData(view, animated: false)
    }

    @Test func initiallyOnlyFirstNameAndSwitch() {
        #expect(
            view.renderedText() == """
                  First Name
                  [ ] Show additional options
                """)
    }

    @Test func typingFirstNameInsertsLastName() {
        firstName.text = "Matthias"
        let changeset = dataSource.reloadData(view, animated: true)
        #expect(changeset == Changeset(rows: Changes(inserted: [path(0, 1)])))
        #expect(view.lastChangeset == changeset)
        #expect(view.sections == view.freshRendering())
        #expect(view.errors.isEmpty)
    }

    @Test func clearingFirstNameDeletesLastName() {
        firstName.text = "Matthias"
        dataSource.reloadData(view, animated: true)
        firstName.text = ""
        let changeset = dataSource.reloadData(view, animated: true)
        #expect(changeset == Changeset(rows: Changes(deleted: [path(0, 1)])))
        #expect(view.sections == view.freshRendering())
    }

    @Test func switchOnInsertsAdditionalSection() throws {
        let switchPath = try #require(dataSource.firstVisibleIndexPath { $0.item(as: SwitchField.self) != nil })
        #expect(dataSource.selectRow(at: switchPath) == .deselect)
        let changeset = dataSource.reloadData(view, animated: true)
        #expect(changeset == Changeset(sections: Changes(inserted: [1])))
        #expect(
            view.renderedText() == """
                  First Name
                  [ ] Show additional options
                # Additional Fields
                  E-Mail
                  some random text
                """)
        // The switch cell was not refreshed: its item is a class compared by id only.
        #expect(view.events == [.reloadData, .batch(Changeset(sections: Changes(inserted: [1])))])
    }

    @Test func nothingChangedSendsNoBatch() {
        let changeset = dataSource.reloadData(view, animated: true)
        #expect(changeset?.isEmpty == true)
        #expect(view.events == [.reloadData])
    }
}
