import FormworkCore
import FormworkTesting
import Foundation
import Testing

// The example of FormworkCore's article "FormworkCore in five minutes"
// (Sources/FormworkCore/Documentation.docc/CoreConcepts.md, once the README's), verbatim
// between the markers, so it keeps compiling and doing what the article says.

// README-BEGIN
struct Fruit: Diffable {
    let name: String
    var ripe: Bool
    var diffIdentifier: String { name }  // identity
    func isEqualToDiffable(_ other: Fruit) -> Bool { ripe == other.ripe }  // content
}

final class Basket {
    var showUnripe = false
    let view = RecordingListView()  // any ListView: the terminal table, a test's recorder, …
    lazy var dataSource: DataSource = {
        let dataSource = DataSource(cellDescriptors: [
            CellDescriptor<Fruit, RecordingCell>()
                .configure { fruit, cell, _ in cell.text = fruit.ripe ? fruit.name : "\(fruit.name) (unripe)" }
                .isHidden { [unowned self] fruit, _ in !fruit.ripe && !showUnripe }
                .didSelect { fruit, _ in
                    print("picked \(fruit.name)")
                    return .deselect
                }
        ])
        dataSource.sections = [
            Section(
                id: "fruit", content: "Fruit",
                items: [
                    Fruit(name: "Apple", ripe: true), Fruit(name: "Pear", ripe: false), Fruit(name: "Plum", ripe: true),
                ])
        ]
        return dataSource
    }()
}

func basketExample() -> [Changeset?] {
    let basket = Basket()
    basket.dataSource.reloadData(basket.view, animated: false)  // shows Apple, Plum
    basket.showUnripe = true
    let shown = basket.dataSource.reloadData(basket.view, animated: true)  // rows: +[0.1]   (Pear)
    basket.dataSource.sections[0].rows[1] = Row(Fruit(name: "Pear", ripe: true))
    let ripened = basket.dataSource.reloadData(basket.view, animated: true)  // rows: ~[0.1→0.1]
    return [shown, ripened]
}
// README-END

@Suite("The CoreConcepts article's example")
struct ReadmeExampleTests {
    @Test func behavesAsTheReadmeSays() {
        let changesets = basketExample()
        #expect(changesets.map { $0?.description } == ["rows: +[0.1]", "rows: ~[0.1→0.1]"])
    }

    @Test func readmeQuotesThisCode() throws {
        let here = URL(fileURLWithPath: #filePath)
        let source = try String(contentsOf: here, encoding: .utf8)
        let article = try String(
            contentsOf: here.deletingLastPathComponent().appendingPathComponent(
                "../../Sources/FormworkCore/Documentation.docc/CoreConcepts.md"),
            encoding: .utf8)
        let begin = try #require(source.range(of: "// README-BEGIN\n"))
        let end = try #require(source.range(of: "// README-END"))
        let example = String(source[begin.upperBound..<end.lowerBound])
        #expect(
            article.contains(example), "CoreConcepts.md must quote the example in ReadmeExampleTests.swift verbatim")
    }
}
