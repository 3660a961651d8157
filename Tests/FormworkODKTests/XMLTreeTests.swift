import Foundation
import Testing

@testable import FormworkODK

/// Where `XMLTree` says an element is: the `<` of its start tag (Foundation's
/// parser reports the end of the tag), in characters, across lines.
@Suite("XML element positions")
struct XMLTreeTests {
    @Test func elementsArePlacedAtTheirStartTag() throws {
        let text = """
            <data id="f">
              <name lang="fr">Zoé</name><é y='ü'>x</é>
              <age
                 unit="years">4</age>
            </data>
            """
        let root = try XMLTree(Data(text.utf8)).root
        #expect((root.line, root.column) == (1, 1))
        let places = root.children.map { "\($0.name) \($0.line):\($0.column)" }
        // `<é` follows `</name>` on line 2: column 29 counts é and ü as one character each.
        #expect(places == ["name 2:3", "é 2:29", "age 3:3"])
    }

    @Test func aDocumentOnOneLineKeepsItsColumns() throws {
        let root = try XMLTree(Data("<a><b/><c>t</c></a>".utf8)).root
        #expect(root.children.map(\.column) == [4, 8])
    }
}
