import FormworkCore
import Foundation
import Testing

@Suite("Changeset from plain data")
struct ChangesetTests {
    /// allaboutapps' DiffViewController: [1,2,3,4,6,7] in English → [1…10] in German.
    @Test func seedDiffExample() {
        let english = ["One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten"]
        let german = ["Eins", "Zwei", "Drei", "Vier", "Fünf", "Sechs", "Sieben", "Acht", "Neun", "Zehn"]
        let old = [1, 2, 3, 4, 6, 7].map { Item(id: $0, text: english[$0 - 1]) }
        let new = (1...10).map { Item(id: $0, text: german[$0 - 1]) }

        let changeset = Changeset(from: old, to: new)

        #expect(changeset.rows.inserted == [4, 7, 8, 9].map { path(0, $0) })
        #expect(changeset.rows.deleted.isEmpty)
        #expect(changeset.rows.moved.isEmpty)
        #expect(
            changeset.rows.updated == [
                pair(path(0, 0), path(0, 0)), pair(path(0, 1), path(0, 1)), pair(path(0, 2), path(0, 2)),
                pair(path(0, 3), path(0, 3)), pair(path(0, 4), path(0, 5)), pair(path(0, 5), path(0, 6)),
            ])
        #expect(changeset.sections.isEmpty)
    }

    @Test func identicalListsHaveNoChanges() {
        let items = (0..<100).map { Item(id: $0, text: "\($0)") }
        #expect(Changeset(from: items, to: items).isEmpty)
        #expect(Changeset(from: [Int](), to: []).isEmpty)
    }

    @Test func loneInsertOrDeleteCausesNoMoves() {
        let old = Array(0..<50)
        var inserted = old
        inserted.insert(99, at: 20)
        #expect(Changeset(from: old, to: inserted) == Changeset(rows: Changes(inserted: [path(0, 20)])))

        var deleted = old
        deleted.remove(at: 30)
        #expect(Changeset(from: old, to: deleted) == Changeset(rows: Changes(deleted: [path(0, 30)])))
    }

    @Test func oneMovedRowIsOneMove() {
        let old = Array(0..<10)
        var new = old
        new.remove(at: 2)
        new.insert(2, at: 7)
        #expect(Changeset(from: old, to: new) == Changeset(rows: Changes(moved: [pair(path(0, 2), path(0, 7))])))

        // Moving the first element to the end moves one row, not nine.
        #expect(Changeset(from: [1, 2, 3, 4], to: [2, 3, 4, 1]).rows.moved == [pair(path(0, 0), path(0, 3))])
    }

    @Test func swapIsOneMove() {
        #expect(Changeset(from: [1, 2], to: [2, 1]).rows.moved.count == 1)
    }

    @Test func contentChangeIsAnUpdateNotDeleteInsert() {
        let old = [Item(id: 1, text: "a"), Item(id: 2, text: "b")]
        let new = [Item(id: 1, text: "a"), Item(id: 2, text: "B")]
        #expect(Changeset(from: old, to: new) == Changeset(rows: Changes(updated: [pair(path(0, 1), path(0, 1))])))
    }

    @Test func movedAndUpdatedIsListedInBoth() {
        let old = [Item(id: 1, text: "a"), Item(id: 2, text: "b"), Item(id: 3, text: "c")]
        let new = [Item(id: 3, text: "C"), Item(id: 1, text: "a"), Item(id: 2, text: "b")]
        let changeset = Changeset(from: old, to: new)
        #expect(changeset.rows.moved == [pair(path(0, 2), path(0, 0))])
        #expect(changeset.rows.updated == [pair(path(0, 2), path(0, 0))])
    }

    /// Duplicates pair by position where the lists agree at both ends, then in order;
    /// surplus occurrences are deleted or inserted.
    @Test func duplicatesArePairedInOrder() {
        #expect(Changeset(from: [1, 1, 1], to: [1, 1, 1]).isEmpty)
        #expect(Changeset(from: [7, 1, 1], to: [1, 1]) == Changeset(rows: Changes(deleted: [path(0, 0)])))
        #expect(Changeset(from: [1, 2, 1], to: [1, 2, 1, 1]) == Changeset(rows: Changes(inserted: [path(0, 3)])))
        #expect(
            Changeset(from: [1, 1, 2, 1], to: [2, 1, 1])
                == Changeset(
                    rows: Changes(
                        deleted: [path(0, 1)], moved: [pair(path(0, 2), path(0, 0))])))
    }

    @Test func sectionsAreDiffedByModelAndRowsMoveAcross() {
        let old = [
            DiffableSection(model: "Fruits", elements: ["Apple", "Pear", "Tomato"]),
            DiffableSection(model: "Vegetables", elements: ["Carrot"]),
            DiffableSection(model: "Nuts", elements: ["Walnut"]),
        ]
        let new = [
            DiffableSection(model: "Vegetables", elements: ["Tomato", "Carrot"]),
            DiffableSection(model: "Fruits", elements: ["Apple", "Pear", "Plum"]),
            DiffableSection(model: "Grains", elements: ["Rice"]),
        ]
        let changeset = Changeset(from: old, to: new)
        #expect(changeset.sections == Changes(deleted: [2], inserted: [2], moved: [PositionPair(from: 1, to: 0)]))
        #expect(changeset.rows == Changes(inserted: [path(1, 2)], moved: [pair(path(0, 2), path(0, 0))]))
    }

    /// The same id in two sections: a row that stays in its section pairs there,
    /// not with an earlier occurrence elsewhere (which would be a move and a delete).
    @Test func rowsPairWithinTheirSectionFirst() {
        let old = [
            DiffableSection(model: "B", elements: [5, 9]),
            DiffableSection(model: "A", elements: [3, 5, 4]),
        ]
        let new = [
            DiffableSection(model: "B", elements: [9, 8]),
            DiffableSection(model: "A", elements: [4, 5, 3]),
        ]
        let changeset = Changeset(from: old, to: new)
        #expect(changeset.rows.deleted == [path(0, 0)])
        #expect(changeset.rows.inserted == [path(0, 1)])
        #expect(changeset.rows.moved.allSatisfy { $0.from.section == 1 && $0.to.section == 1 })
        #expect(changeset.rows.moved.count == 2)
    }

    @Test func rowsOfInsertedAndDeletedSectionsAreNotListed() {
        let old = [DiffableSection(model: "A", elements: [1, 2]), DiffableSection(model: "B", elements: [3])]
        let new = [DiffableSection(model: "A", elements: [1]), DiffableSection(model: "C", elements: [2, 4])]
        let changeset = Changeset(from: old, to: new)
        // Row 2 left for an inserted section: a delete, not a move; rows of B and C are implicit.
        #expect(
            changeset
                == Changeset(
                    sections: Changes(deleted: [1], inserted: [1]), rows: Changes(deleted: [path(0, 1)])))
    }

    @Test func emptySectionsDiff() {
        let old = [DiffableSection(model: "A", elements: [Int]()), DiffableSection(model: "B", elements: [1])]
        let new = [DiffableSection(model: "B", elements: [1]), DiffableSection(model: "A", elements: [Int]())]
        #expect(Changeset(from: old, to: new) == Changeset(sections: Changes(moved: [PositionPair(from: 1, to: 0)])))
    }

    @Test func sectionContentChangeIsASectionUpdate() {
        let old = [DiffableSection(model: Item(id: 1, text: "Title"), elements: [1])]
        let new = [DiffableSection(model: Item(id: 1, text: "New title"), elements: [1])]
        #expect(Changeset(from: old, to: new) == Changeset(sections: Changes(updated: [PositionPair(from: 0, to: 0)])))
    }

    @Test func descriptionListsChanges() {
        let changeset = Changeset(
            from: [Item(id: 1, text: "a"), Item(id: 2, text: "b")],
            to: [Item(id: 2, text: "B"), Item(id: 3, text: "c")])
        #expect(changeset.description == "rows: -[0.0] +[0.1] ~[0.1→0.0]")
        #expect(Changeset.empty.description == "no changes")
    }
}
