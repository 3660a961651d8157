import FormworkCore
import FormworkTesting
import Foundation
import Testing

/// A `SectionDescriptor<String>` starts with the title header, so registering one for
/// another behaviour (`visibleWhenEmpty()`) does not lose the title.
@Suite("String section titles")
struct StringSectionTitleTests {
    let cells = CellDescriptor<String, RecordingCell>()
        .configure { text, cell, _ in cell.text = text }
        .isHidden { text, _ in text.hasPrefix("-") }

    @Test func visibleWhenEmptyKeepsTheTitleHeader() {
        let view = RecordingListView()
        let dataSource = DataSource(
            cellDescriptors: [cells],
            sectionDescriptors: [SectionDescriptor<String>().visibleWhenEmpty()])
        dataSource.sections = [
            Section(content: "Notes", items: ["-hidden"]),
            Section(content: "Empty", items: []),
            Section(content: "Fruit", items: ["Apple", "-Pear"]),
        ]
        dataSource.reloadData(view, animated: false)
        #expect(
            view.renderedText() == """
                # Notes
                # Empty
                # Fruit
                  Apple
                """)
        #expect(dataSource.header(inSection: 0).title == "Notes")
    }

    @Test func withoutVisibleWhenEmptyAnEmptyTitledSectionDisappears() {
        let view = RecordingListView()
        let dataSource = DataSource(cellDescriptors: [cells])
        dataSource.sections = [
            Section(content: "Notes", items: ["-hidden"]),
            Section(content: "Fruit", items: ["Apple"]),
        ]
        dataSource.reloadData(view, animated: false)
        #expect(view.renderedText() == "# Fruit\n  Apple")
    }

    @Test func aHeaderOfYourOwnReplacesTheTitle() {
        let view = RecordingListView()
        let dataSource = DataSource(
            cellDescriptors: [cells],
            sectionDescriptors: [
                SectionDescriptor<String>().header { title, index in .title("\(index + 1). \(title.uppercased())") },
                SectionDescriptor<String>("untitled").header { _, _ in .none },
            ])
        dataSource.sections = [
            Section(content: "Fruit", items: ["Apple"]),
            Section(content: "Hidden title", descriptor: "untitled", items: ["Pear"]),
        ]
        dataSource.reloadData(view, animated: false)
        #expect(view.renderedText() == "# 1. FRUIT\n  Apple\n  Pear")
    }

    /// Named descriptors for `String` content start with the title too, so one section
    /// can stay visible when empty while the others keep the default.
    @Test func aNamedStringDescriptorKeepsTheTitle() {
        let view = RecordingListView()
        let dataSource = DataSource(
            cellDescriptors: [cells],
            sectionDescriptors: [SectionDescriptor<String>("kept").visibleWhenEmpty()])
        dataSource.sections = [
            Section(content: "Kept", descriptor: "kept", items: ["-a"]),
            Section(content: "Dropped", items: ["-b"]),
        ]
        dataSource.reloadData(view, animated: false)
        #expect(view.renderedText() == "# Kept")
    }
}
