import FormworkCore
import Testing

@testable import Formwork

/// `page: true` on a section, the pages guided filling asks, which section of the
/// definition each shown section belongs to, and progress through required fields.
@Suite("Pages, sections shown and progress")
struct FormPageTests {
    static let form = """
        id: pages
        title: Pages
        sections:
          - id: start
            fields:
              - { id: name, kind: text, label: Name, required: true }
          - id: contact
            page: true
            fields:
              - { id: phone, kind: text, label: Phone, required: true }
              - id: numbers
                label: Other number
                repeat: true
                fields:
                  - { id: other, kind: text, label: Number, required: true }
              - { id: email, kind: text, label: E-mail }
          - id: visits
            header: Visit
            page: true
            repeat: { min: 2 }
            fields:
              - { id: place, kind: text, label: Place, required: true }
        """

    static func session() throws -> FormSession {
        let session = FormSession(definition: try FormDefinition(yaml: Self.form))
        session.reload(animated: false)
        return session
    }

    @Test func pageIsASectionKeyThatDefaultsToFalse() throws {
        let definition = try FormDefinition(yaml: Self.form)
        #expect(definition.sections.map(\.page) == [false, true, true])
        let wrong = Fixtures.diagnostics(yaml: Self.form.replacingOccurrences(of: "page: true", with: "page: 1"))
        #expect(wrong.contains("form.yaml:8:11: error: 'page' must be true or false, not a number"), "\(wrong)")
        let misspelt = Fixtures.diagnostics(yaml: Self.form.replacingOccurrences(of: "page: true", with: "pgae: true"))
        #expect(misspelt.contains("form.yaml:8:5: error: unknown key 'pgae' in a section"), "\(misspelt)")
        #expect(misspelt.contains("  hint: did you mean 'page'?"), "\(misspelt)")
    }

    @Test func aSectionIsShownInRunsAroundItsRepeats() throws {
        let session = try Self.session()
        // start | contact: phone | numbers' add row | contact: email | visits' title | visits[1] | visits[2] |
        // visits' add row
        let sections = (0..<session.dataSource.numberOfSections).map(session.sectionIndex(ofVisibleSection:))
        #expect(sections == [0, 1, 1, 1, 2, 2, 2, 2])
        #expect(session.visibleSectionIndices(ofSection: 1) == [1, 2, 3])
        #expect(session.visibleSectionIndices(ofSection: 2) == [4, 5, 6, 7])
    }

    @Test func eachEntryOfARepeatingPageIsAPageAndItsAddRowIsOnNone() throws {
        let session = try Self.session()
        let pages = (0..<session.dataSource.numberOfSections).map(session.page(ofVisibleSection:))
        #expect(pages[0] == nil)  // not a page
        #expect(pages[1] != nil && pages[1] == pages[2] && pages[2] == pages[3])  // the nested add row too
        #expect(pages[4] == nil)  // the repeating section's title, before its entries
        #expect(pages[5] != nil && pages[6] != nil && pages[5] != pages[6])  // one page per entry
        #expect(pages[7] == nil)  // after the entries
        let place2 = try session.instance("visits[2].place")
        #expect(session.page(ofInstance: place2) == pages[6])
        #expect(session.visibleSectionIndices(of: try #require(pages[6])) == [6])
        #expect(session.page(ofInstance: try session.instance("name")) == nil)
    }

    @Test func progressCountsVisibleRequiredInstancesEntriesIncluded() throws {
        let session = try Self.session()
        #expect(session.hasRequiredFields)
        #expect(session.requiredProgress == RequiredProgress(answered: 0, required: 4))  // name, phone, 2 places
        _ = try session.addEntry("numbers")
        try session.set("visits[1].place", text: "Rome")
        session.reload()
        #expect(session.requiredProgress == RequiredProgress(answered: 1, required: 5))
        let plain = FormSession(
            definition: try FormDefinition(
                yaml: "id: a\ntitle: A\nsections: [{ id: s, fields: [{ id: x, kind: text, label: X }] }]"))
        #expect(!plain.hasRequiredFields)
    }
}
