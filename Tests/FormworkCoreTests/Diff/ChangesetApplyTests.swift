import FormworkCore
import Foundation
import Testing

@Suite("Changeset.apply checks that a batch fits")
struct ChangesetApplyTests {
    var list = [MirroredSection(header: "A", cells: ["a0", "a1"]), MirroredSection(header: "B", cells: ["b0"])]

    func apply(_ changeset: Changeset) throws(ChangesetError) -> [MirroredSection<String, String>] {
        var copy = list
        try changeset.apply(
            to: &copy, insertedSection: { MirroredSection(header: "new\($0)", cells: []) },
            insertedRow: { "new\($0.section).\($0.row)" },
            updatedSection: { header, _ in header += "'" }, updatedRow: { cell, _ in cell += "'" })
        return copy
    }

    @Test func appliesInsertsMovesAndUpdates() throws {
        let result = try apply(
            Changeset(
                sections: Changes(inserted: [0], updated: [PositionPair(from: 1, to: 2)]),
                rows: Changes(
                    inserted: [path(1, 0)], moved: [pair(path(0, 1), path(2, 1))],
                    updated: [pair(path(0, 1), path(2, 1))])))
        #expect(
            result == [
                MirroredSection(header: "new0", cells: []),
                MirroredSection(header: "A", cells: ["new1.0", "a0"]),
                MirroredSection(header: "B'", cells: ["b0", "a1'"]),
            ])
    }

    @Test func rejectsWhatDoesNotFit() {
        #expect(throws: ChangesetError.sectionOutOfRange(change: "deleted section", index: 5, count: 2)) {
            try apply(Changeset(sections: Changes(deleted: [5])))
        }
        #expect(throws: ChangesetError.rowInReplacedSection(change: "deleted row", indexPath: path(1, 0))) {
            try apply(Changeset(sections: Changes(deleted: [1]), rows: Changes(deleted: [path(1, 0)])))
        }
        #expect(throws: ChangesetError.listedTwice(change: "deleted row", position: "row 0.0")) {
            try apply(Changeset(rows: Changes(deleted: [path(0, 0), path(0, 0)])))
        }
        #expect(throws: ChangesetError.rowOutOfRange(change: "inserted or moved row", indexPath: path(0, 7))) {
            try apply(Changeset(rows: Changes(inserted: [path(0, 7)])))
        }
        #expect(throws: ChangesetError.updateMismatch(change: "updated row", from: "0.0", to: "0.1")) {
            try apply(Changeset(rows: Changes(updated: [pair(path(0, 0), path(0, 1))])))
        }
        #expect(throws: ChangesetError.rowInReplacedSection(change: "inserted row", indexPath: path(0, 0))) {
            try apply(Changeset(sections: Changes(inserted: [0]), rows: Changes(inserted: [path(0, 0)])))
        }
    }

    @Test func errorsReadAsSentences() {
        #expect(
            ChangesetError.sectionOutOfRange(change: "deleted section", index: 5, count: 2).description
                == "deleted section: section 5 is out of range (count 2)")
    }
}
