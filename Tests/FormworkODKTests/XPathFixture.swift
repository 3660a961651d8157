import Foundation

@testable import Formwork
@testable import FormworkODK

/// One small form three ways, for the XPath translation's tests: the symbols the
/// translator resolves names to, the same form as a Formwork definition (where the
/// translations are evaluated) and as an XForm (where JavaRosa evaluates the XPath).
///
/// ```
/// txt text · num integer · dec decimal · sel select_one (a b 2 yes) · multi select_multiple (a b c 10)
/// d date · dt dateTime · t time · geo geopoint · tr geotrace · sh geoshape · calc calculate (text) · note note
/// grp group
/// rep repeat: f integer, name text, box group: h integer, inner repeat: g integer
/// ```
enum XPathFixture {
    static let symbols: [String: XPathSymbol] = [
        "txt": XPathSymbol(id: "txt", type: .text), "num": XPathSymbol(id: "num", type: .number),
        "dec": XPathSymbol(id: "dec", type: .number), "sel": XPathSymbol(id: "sel", type: .choice),
        "multi": XPathSymbol(id: "multi", type: .multichoice), "d": XPathSymbol(id: "d", type: .date),
        "dt": XPathSymbol(id: "dt", type: .dateTime), "t": XPathSymbol(id: "t", type: .time),
        "geo": XPathSymbol(id: "geo", type: .geopoint), "calc": XPathSymbol(id: "calc", type: .text),
        "tr": XPathSymbol(id: "tr", type: .text), "sh": XPathSymbol(id: "sh", type: .text),
        "note": XPathSymbol(id: "note", type: .none), "grp": XPathSymbol(id: "grp", type: .none),
        "rep": XPathSymbol(id: "rep", type: .repeatEntries),
        "f": XPathSymbol(id: "f", type: .number, repeats: ["rep"]),
        "name": XPathSymbol(id: "name", type: .text, repeats: ["rep"]),
        "box": XPathSymbol(id: "box", type: .none, repeats: ["rep"]),
        "h": XPathSymbol(id: "h", type: .number, repeats: ["rep"]),
        "inner": XPathSymbol(id: "inner", type: .repeatEntries, repeats: ["rep"]),
        "g": XPathSymbol(id: "g", type: .number, repeats: ["rep", "inner"]),
    ]

    /// The rows of a choice list, for choice_filters: each choice's columns.
    static let choices: [[String: String]] = [
        ["name": "r1", "label": "R1", "cf": "b"], ["name": "r2", "label": "R2", "cf": "a"],
        ["name": "r3", "label": "R3", "cf": "5.0"], ["name": "c", "label": "C", "cf": ""],
    ]

    static let options: [String: [String]] = ["sel": ["a", "b", "2", "yes"], "multi": ["a", "b", "c", "10"]]

    /// Each name's absolute path in the XForm.
    static let paths: [String: String] = Dictionary(
        uniqueKeysWithValues: symbols.map { name, symbol in
            (name, "/data/" + (symbol.repeats + [name == "h" ? "box/h" : name]).joined(separator: "/"))
        })

    /// Where an expression is: at the form's level (its question `num`), in the second
    /// entry of `rep` (question `f`; or `h`, in the group `box` in the entry), or in the
    /// second `inner` entry of the first `rep` entry (question `g`).
    enum Place: String, Sendable, CaseIterable {
        case form, rep, box, inner

        var current: String { ["form": "num", "rep": "f", "box": "h", "inner": "g"][rawValue]! }
        var repeats: [String] {
            ["form": [], "rep": ["rep"], "box": ["rep"], "inner": ["rep", "inner"]][rawValue]!
        }
        /// Groups between the question and its entry.
        var groups: Int { self == .box ? 1 : 0 }
        /// The current question's path with indexes (JavaRosa's context).
        var reference: String {
            [
                "form": "/data/num", "rep": "/data/rep[2]/f", "box": "/data/rep[2]/box/h",
                "inner": "/data/rep[1]/inner[2]/g",
            ][rawValue]!
        }
        /// The entry's path in a Formwork session (where the probe is read).
        var entry: String? { ["form": nil, "rep": "rep[2]", "box": "rep[2]", "inner": "rep[1].inner[2]"][rawValue]! }
    }

    /// The context of an expression at `place`; options known unless `knownOptions` is false.
    static func context(
        _ place: Place = .form, choiceColumns: [String: String]? = nil, knownOptions: Bool = true
    ) -> XPathContext {
        let symbols = symbols
        let options = knownOptions ? self.options : [:]
        return XPathContext(
            current: symbols[place.current], repeats: place.repeats, name: { symbols[$0] },
            path: { path in symbols.first { paths[$0.key] == path }?.value },
            choiceColumns: choiceColumns, options: { options[$0.id] }, groupsInEntry: place.groups,
            tables: ["c": ["name", "label"]])
    }

    // MARK: Formwork

    /// The form with a computed `probe` whose value is `expression`, at `place`.
    static func definition(probe expression: String, at place: Place) -> String {
        let probe = "{ id: probe, kind: computed, label: Probe, value: \(yamlString(expression)) }"
        func at(_ here: Place, _ indent: String) -> String { place == here ? "\n\(indent)- \(probe)" : "" }
        return """
            id: xpath
            title: XPath
            numbersInText: java
            sections:
              - id: main
                header: Main
                fields:
                  - { id: txt, kind: text, label: Text }
                  - { id: num, kind: number, label: Integer, step: 1 }
                  - { id: dec, kind: number, label: Decimal }
                  - id: sel
                    kind: choice
                    label: One
                    options:
                      - { value: a, label: A }
                      - { value: b, label: Bee }
                      - { value: "2", label: Two }
                      - { value: "yes", label: "Yes" }
                  - { id: multi, kind: multichoice, label: Several, options: [a, b, c, "10"] }
                  - { id: d, kind: date, label: Date }
                  - { id: dt, kind: datetime, label: Date and time }
                  - { id: t, kind: time, label: Time }
                  - { id: geo, kind: geopoint, label: Place }
                  - { id: tr, kind: text, format: geotrace, label: Line }
                  - { id: sh, kind: text, format: geoshape, label: Shape }
                  - { id: calc, kind: text, label: Calculated }
                  - { id: note, kind: note, text: Note }\(at(.form, "      "))
                  - id: rep
                    label: Entry
                    repeat: true
                    fields:
                      - { id: f, kind: number, label: F, step: 1 }
                      - { id: name, kind: text, label: Name }
                      - { id: h, kind: number, label: H, step: 1 }\(at(.rep, "          "))\(at(.box, "          "))
                      - id: inner
                        label: Inner
                        repeat: true
                        fields:
                          - { id: g, kind: number, label: G, step: 1 }\(at(.inner, "              "))
            """
    }

    /// A YAML double-quoted scalar (JSON's escapes), as the definition writer quotes text.
    static func yamlString(_ text: String) -> String { DefinitionDocument.jsonString(text) }

    // MARK: Answers

    /// A set of answers, given to both engines.
    enum Scenario: String, Sendable, CaseIterable {
        /// Every question answered; `rep` has two entries, the first with two `inner` entries.
        case answered
        /// Nothing answered, no entries.
        case unanswered
        /// Numbers written as text, zero and negatives.
        case numeric

        /// `(name or entry path, value)`, in form order; the value as JavaRosa's answers
        /// write it.
        var answers: [(String, String)] {
            switch self {
            case .answered:
                return [
                    ("txt", "hello"), ("num", "5"), ("dec", "2.5"), ("sel", "b"), ("multi", "a c"),
                    ("d", "2024-02-29"), ("dt", "2024-02-29T13:45:00"), ("t", "14:30"),
                    ("geo", "52.37 4.89 12 5"), ("tr", "52.37 4.89 0 0; 52.38 4.9 0 0; 52.39 4.92 10 5"),
                    ("sh", "52.37 4.89; 52.37 4.9; 52.38 4.9; 52.37 4.89"), ("calc", "hello"),
                    ("rep[1].f", "3"), ("rep[1].name", "x"), ("rep[1].inner[1].g", "1"), ("rep[1].inner[2].g", "2"),
                    ("rep[2].f", "4"), ("rep[2].name", "y"), ("rep[2].h", "6"),
                ]
            case .unanswered:
                return []
            case .numeric:
                return [("txt", "5"), ("num", "0"), ("dec", "-2.5"), ("sel", "2"), ("multi", "10"), ("calc", "7")]
            }
        }
    }

    /// A session of the form (probe at `place`) with the scenario's answers.
    static func session(probe expression: String, at place: Place, _ scenario: Scenario) throws -> FormSession {
        let definition = try FormDefinition(yaml: definition(probe: expression, at: place))
        let session = try FormSession(definition: definition, today: LocalDate("2026-11-23")!)
        for (path, value) in scenario.answers {
            var holder = ""
            for part in path.split(separator: ".").dropLast() {
                let name = String(part.prefix { $0 != "[" })
                let position = Int(part.drop { $0 != "[" }.dropFirst().dropLast())!
                let list = holder.isEmpty ? name : holder + "." + name
                while try session.entries(of: list).count < position { try session.addEntry(list) }
                holder = list + "[\(position)]"
            }
            let text =
                switch path {
                case "multi": value.split(separator: " ").joined(separator: ", ")
                case "dt": value.replacingOccurrences(of: "T", with: " ")
                default: value
                }
            try session.set(path, text: text, origin: .program)
        }
        return session
    }

    // MARK: XForm

    /// The form as an XForm (`calc` is a text question here, so answers can set it; `city`
    /// a select from `choices`, which JavaRosa keeps only where the form uses it).
    static var xform: String {
        """
        <?xml version="1.0"?>
        <h:html xmlns="http://www.w3.org/2002/xforms" xmlns:h="http://www.w3.org/1999/xhtml" \
        xmlns:jr="http://openrosa.org/javarosa">
        <h:head><h:title>xpath</h:title>
        <model>
        <instance><data id="xpath">
        <txt/><num/><dec/><sel/><multi/><d/><dt/><t/><geo/><tr/><sh/><calc/><note/><city/><grp><in/></grp>
        <rep jr:template=""><f/><name/><box><h/></box><inner jr:template=""><g/></inner></rep>
        <meta><instanceID/></meta>
        </data></instance>
        <instance id="choices"><root>\(choiceItems)</root></instance>
        <bind nodeset="/data/txt" type="string"/>
        <bind nodeset="/data/num" type="int"/>
        <bind nodeset="/data/dec" type="decimal"/>
        <bind nodeset="/data/sel" type="string"/>
        <bind nodeset="/data/multi" type="string"/>
        <bind nodeset="/data/d" type="date"/>
        <bind nodeset="/data/dt" type="dateTime"/>
        <bind nodeset="/data/t" type="time"/>
        <bind nodeset="/data/geo" type="geopoint"/>
        <bind nodeset="/data/tr" type="geotrace"/>
        <bind nodeset="/data/sh" type="geoshape"/>
        <bind nodeset="/data/calc" type="string"/>
        <bind nodeset="/data/note" type="string" readonly="true()"/>
        <bind nodeset="/data/city" type="string"/>
        <bind nodeset="/data/grp/in" type="string"/>
        <bind nodeset="/data/rep/f" type="int"/>
        <bind nodeset="/data/rep/name" type="string"/>
        <bind nodeset="/data/rep/box/h" type="int"/>
        <bind nodeset="/data/rep/inner/g" type="int"/>
        <bind nodeset="/data/meta/instanceID" type="string" readonly="true()" jr:preload="uid"/>
        </model></h:head>
        <h:body>
        <input ref="/data/txt"><label>txt</label></input>
        <input ref="/data/num"><label>num</label></input>
        <input ref="/data/dec"><label>dec</label></input>
        <select1 ref="/data/sel"><label>sel</label>
        <item><label>A</label><value>a</value></item><item><label>Bee</label><value>b</value></item>
        <item><label>Two</label><value>2</value></item><item><label>Yes</label><value>yes</value></item></select1>
        <select ref="/data/multi"><label>multi</label>
        <item><label>A</label><value>a</value></item><item><label>B</label><value>b</value></item>
        <item><label>C</label><value>c</value></item><item><label>Ten</label><value>10</value></item></select>
        <input ref="/data/d"><label>d</label></input>
        <input ref="/data/dt"><label>dt</label></input>
        <input ref="/data/t"><label>t</label></input>
        <input ref="/data/geo"><label>geo</label></input>
        <input ref="/data/tr"><label>tr</label></input>
        <input ref="/data/sh"><label>sh</label></input>
        <input ref="/data/calc"><label>calc</label></input>
        <input ref="/data/note"><label>note</label></input>
        <select1 ref="/data/city"><label>city</label>
        <itemset nodeset="instance('choices')/root/item[cf = /data/sel]">
        <value ref="name"/><label ref="label"/></itemset>
        </select1>
        <group ref="/data/grp"><label>grp</label><input ref="/data/grp/in"><label>in</label></input></group>
        <group ref="/data/rep"><label>rep</label><repeat nodeset="/data/rep">
        <input ref="/data/rep/f"><label>f</label></input>
        <input ref="/data/rep/name"><label>name</label></input>
        <group ref="/data/rep/box"><label>box</label><input ref="/data/rep/box/h"><label>h</label></input></group>
        <group ref="/data/rep/inner"><label>inner</label><repeat nodeset="/data/rep/inner">
        <input ref="/data/rep/inner/g"><label>g</label></input>
        </repeat></group>
        </repeat></group>
        </h:body></h:html>
        """
    }

    static var choiceItems: String {
        choices.map { row in
            "<item>" + ["name", "label", "cf"].map { "<\($0)>\(row[$0]!)</\($0)>" }.joined() + "</item>"
        }.joined()
    }

    /// The scenario's answers as the oracle takes them (`[[ref, value], …]`).
    static func oracleAnswers(_ scenario: Scenario) -> [[String]] {
        scenario.answers.map { path, value in
            var ref = "/data"
            for part in path.split(separator: ".") {
                let name = String(part.prefix { $0 != "[" })
                let index = part.contains("[") ? String(part.drop { $0 != "[" }) : ""
                ref += "/" + (name == "h" ? "box/h" : name) + index
            }
            let written =
                switch path {
                case "dt": value + ".000+00:00"
                case "t": value + ":00.000+00:00"
                default: value
                }
            return [ref, written]
        }
    }

    /// `${name}` written as the absolute path JavaRosa reads (resolved in the context's
    /// entries, as pyxform's relative paths are).
    static func xpathForOracle(_ expression: String) -> String {
        var result = expression
        for (name, path) in paths.sorted(by: { $0.key.count > $1.key.count }) {
            result = result.replacingOccurrences(of: "${\(name)}", with: path)
        }
        return result
    }
}
