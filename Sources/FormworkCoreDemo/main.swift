// The seed form example (allaboutapps' FormViewController), driven by FormworkCore
// and shown by a transcript view that prints what each reload changed.
import FormworkCore
import Foundation

/// A text field row: identity is the id, content the text.
struct TextField: Diffable {
    let id: String
    let label: String
    var text = ""
    var diffIdentifier: String { id }
    func isEqualToDiffable(_ other: TextField) -> Bool { text == other.text }
}

/// A switch row.
struct SwitchField: Diffable {
    let id: String
    let title: String
    var isOn = false
    var diffIdentifier: String { id }
    func isEqualToDiffable(_ other: SwitchField) -> Bool { isOn == other.isOn }
}

/// The cell a transcript prints: one line of text.
final class LineCell {
    var text = ""
}

/// A `ListView` that prints the whole list on a full reload and only the changes
/// (`+` appeared, `-` vanished, `~` changed, `↕` moved) of a batch.
final class TranscriptListView: ListView {
    private var mirror: [MirroredSection<String?, LineCell>] = []

    func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> Any { LineCell() }

    func cellForRow(at indexPath: IndexPath) -> Any? { mirror[indexPath.section].cells[indexPath.row] }

    func reloadData(from dataSource: any ListDataSource) {
        mirror = (0..<dataSource.numberOfSections).map { section in
            MirroredSection(
                header: dataSource.header(inSection: section).title,
                cells: (0..<dataSource.numberOfRows(inSection: section)).map {
                    dataSource.cellForRow(at: IndexPath(row: $0, section: section), in: self) as! LineCell
                })
        }
        for section in mirror {
            if let header = section.header { print("  \(header)") }
            for cell in section.cells { print("    \(cell.text)") }
        }
    }

    func performBatchUpdates(_ changeset: Changeset, from dataSource: any ListDataSource) {
        for index in changeset.sections.deleted { print("  - section \(mirror[index].header ?? "#\(index)")") }
        for path in changeset.rows.deleted { print("  - \(mirror[path.section].cells[path.row].text)") }
        do {
            try changeset.apply(
                to: &mirror,
                insertedSection: { section in
                    let cells = (0..<dataSource.numberOfRows(inSection: section)).map {
                        dataSource.cellForRow(at: IndexPath(row: $0, section: section), in: self) as! LineCell
                    }
                    return MirroredSection(header: dataSource.header(inSection: section).title, cells: cells)
                },
                insertedRow: { dataSource.cellForRow(at: $0, in: self) as! LineCell })
        } catch {
            print("  (batch did not fit: \(error))")
        }
        for index in changeset.sections.inserted {
            print("  + section \(mirror[index].header ?? "#\(index)")")
            for cell in mirror[index].cells { print("      \(cell.text)") }
        }
        for path in changeset.rows.inserted { print("  + \(mirror[path.section].cells[path.row].text)") }
        for move in changeset.rows.moved { print("  ↕ \(mirror[move.to.section].cells[move.to.row].text)") }
        for update in changeset.rows.updated { print("  ~ \(mirror[update.to.section].cells[update.to.row].text)") }
    }
}

/// The form's state and its data source.
final class SeedForm {
    var firstName = TextField(id: "firstName", label: "First Name")
    var lastName = TextField(id: "lastName", label: "Last Name")
    var additional = SwitchField(id: "additional", title: "Show additional options")
    var email = TextField(id: "email", label: "E-Mail")
    let view = TranscriptListView()

    lazy var dataSource: DataSource = {
        let dataSource = DataSource(cellDescriptors: [
            CellDescriptor<TextField, LineCell>()
                .configure { field, cell, _ in cell.text = "\(field.label): \(field.text)" }
                .isHidden { [unowned self] field, _ in field.id == "lastName" && firstName.text.isEmpty },
            CellDescriptor<SwitchField, LineCell>()
                .configure { field, cell, _ in cell.text = "[\(field.isOn ? "x" : " ")] \(field.title)" },
            CellDescriptor<String, LineCell>()
                .configure { text, cell, _ in cell.text = text },
        ])
        dataSource.isSectionHidden = { [unowned self] section, _ in
            section.identifier == "additional" && !additional.isOn
        }
        return dataSource
    }()

    /// Rebuilds the model from the state; unchanged rows compare equal, changed ones update.
    func reload(animated: Bool) {
        dataSource.sections = [
            Section(id: "name", items: [firstName, lastName, additional]),
            Section(id: "additional", content: "Additional Fields", items: [email, "Some random text"]),
        ]
        dataSource.reloadData(view, animated: animated)
    }

    func step(_ title: String, _ change: () -> Void) {
        print("\n> \(title)")
        change()
        reload(animated: true)
    }
}

print("Formwork core demo: the seed form, its rendering, and the changes of each reload.\n")
let form = SeedForm()
form.reload(animated: false)
form.step("type \"Ada\" as the first name") { form.firstName.text = "Ada" }
form.step("type \"Lovelace\" as the last name") { form.lastName.text = "Lovelace" }
form.step("turn on \"Show additional options\"") { form.additional.isOn = true }
form.step("type an e-mail address") { form.email.text = "ada@example.org" }
form.step("clear the first name") { form.firstName.text = "" }
form.step("turn off \"Show additional options\"") { form.additional.isOn = false }
print("\nThe full REPL (`formwork fill`) builds on this engine.")
