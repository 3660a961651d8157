import Formwork
import FormworkODK
import Foundation
import Testing

/// A group inside a group reads its own condition joined with the outer one's, which
/// is written in more than one place: it is placed at the group's row with nothing to
/// quote, so a report shows the condition as Formwork reads it — not the `begin group`
/// written in that row (what coverage showed before).
@Suite("Where an inherited group condition is placed")
struct GroupConditionPlaceTests {
    @Test func anInheritedConditionIsShownAsRead() throws {
        let text = ODKFunctionTests.xform(
            model: """
                <instance><data id="nested"><sex/><outer><a/><inner><q/></inner></outer>\
                <meta><instanceID/></meta></data></instance>
                <bind nodeset="/data/sex" type="string"/>
                <bind nodeset="/data/outer" relevant="/data/sex = 'f'"/>
                <bind nodeset="/data/outer/a" type="int"/>
                <bind nodeset="/data/outer/inner/q" type="int"/>
                <bind nodeset="/data/meta/instanceID" type="string" readonly="true()" jr:preload="uid"/>
                """,
            body: """
                <input ref="/data/sex"><label>Sex</label></input>
                <group ref="/data/outer"><label>Outer</label><input ref="/data/outer/a"><label>A</label></input>
                <group ref="/data/outer/inner"><label>Inner</label>\
                <input ref="/data/outer/inner/q"><label>Q</label></input></group></group>
                """)
        let (definition, _) = try ODKFunctionTests.form(text)
        let sections = FormCoverage(definition).items.filter { $0.kind == .section }
        #expect(sections.compactMap(\.expression).sorted() == ["$sex == 'f'", "/data/sex = 'f'"], "\(sections)")
    }
}
