import FormworkCore
import FormworkTesting
import Foundation
import Testing

/// Seed 001: a data-driven screen: an enum of cell models, each case shown by its
/// own descriptor, and sections with a header and a footer.
@Suite("Data-driven model")
struct DataDrivenModelTests {
    enum CellModel: Diffable, Hashable {
        case title(String)
        case person(name: String, age: Int)
        case button(String)

        var cellKind: DescriptorIdentifier {
            switch self {
            case .title: return "title"
            case .person: return "person"
            case .button: return "button"
            }
        }
    }

    struct SectionModel: Equatable {
        let header: String
        let footer: String
    }

    func makeDataSource(taps: @escaping (String) -> Void) -> DataSource {
        DataSource(
            cellDescriptors: [
                CellDescriptor<CellModel, RecordingCell>("title").configure { model, cell, _ in
                    if case .title(let text) = model { cell.text = text.uppercased() }
                },
                CellDescriptor<CellModel, RecordingCell>("person").configure { model, cell, _ in
                    if case let .person(name, age) = model { cell.text = "\(name), \(age)" }
                },
                CellDescriptor<CellModel, RecordingCell>("button")
                    .configure { model, cell, _ in if case .button(let label) = model { cell.text = "[ \(label) ]" } }
                    .didSelect { model, _ in
                        if case .button(let label) = model { taps(label) }
                        return .keepSelected
                    },
            ],
            sectionDescriptors: [
                SectionDescriptor<SectionModel>()
                    .header { section, _ in .title(section.header) }
                    .footer { section, _ in .title(section.footer) }
            ])
    }

    static func sections(_ people: [(String, Int)]) -> [Section] {
        let models: [CellModel] = [.title("People")] + people.map { .person(name: $0.0, age: $0.1) } + [.button("Add")]
        return [
            Section(
                id: "people", content: SectionModel(header: "Team", footer: "\(people.count) people"),
                rows: models.map { Row($0, identifier: $0.cellKind) })
        ]
    }

    @Test func rendersEachCaseThroughItsDescriptor() {
        var taps: [String] = []
        let dataSource = makeDataSource { taps.append($0) }
        let view = RecordingListView()
        dataSource.sections = Self.sections([("Ann", 31), ("Bob", 42)])
        dataSource.reloadData(view, animated: false)
        #expect(
            view.renderedText() == """
                # Team
                  PEOPLE
                  Ann, 31
                  Bob, 42
                  [ Add ]
                — 2 people
                """)
        #expect(dataSource.selectRow(at: path(0, 3)) == .keepSelected)
        #expect(taps == ["Add"])

        dataSource.sections = Self.sections([("Ann", 31), ("Cy", 25), ("Bob", 42)])
        let changeset = dataSource.reloadData(view, animated: true)
        #expect(
            changeset
                == Changeset(
                    sections: Changes(updated: [PositionPair(from: 0, to: 0)]),
                    rows: Changes(inserted: [path(0, 2)])))
        #expect(view.sections.first?.header == SectionTexts(header: "Team", footer: "3 people"))
        #expect(view.sections == view.freshRendering())
    }
}
