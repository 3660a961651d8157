import FormworkTesting
import Foundation
import Testing

@testable import Formwork

/// Where a row is can be asked of a session before anything was shown (nothing is,
/// until the first reload): the presentation is made when first asked for, by
/// whichever question comes first.
@Suite("The first question asked of a session")
struct FirstQueryTests {
    @Test func whereARowIsBeforeAnythingWasShown() throws {
        let form = try FormDefinition(
            yaml: """
                id: f
                title: F
                sections:
                  - id: s
                    fields:
                      - { id: a, kind: number, label: A }
                      - { id: b, kind: text, label: B, visible: "$a > 1" }
                """)
        let session = try FormSession(definition: form, today: Fixtures.today)
        #expect(session.visibleIndexPath(ofField: "a") == nil)
        _ = session.reload()
        #expect(session.visibleIndexPath(ofField: "a") == IndexPath(row: 0, section: 0))
        #expect(session.visibleIndexPath(ofField: "b") == nil)
        try session.set("a", text: "2")
        _ = session.reload()
        #expect(session.visibleIndexPath(ofField: "b") == IndexPath(row: 1, section: 0))
    }
}
