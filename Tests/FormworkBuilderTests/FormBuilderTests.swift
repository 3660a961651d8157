import Formwork
import FormworkBuilder
import FormworkTesting
import Foundation
import Testing

/// Forms written in Swift (products only, no `@testable`, as a tool would): the
/// definition a file gives, problems reported at the Swift call, and the
/// equivalent file for `formwork check`.
@Suite("Forms in Swift")
struct FormBuilderTests {
    static let deploy = Form("deploy", title: "Deploy") {
        Section("target", header: "Target") {
            Choice("env", label: "Environment", options: ["staging", "production"]).required()
            Switch("confirm", label: "I know this is production").visible("$env == 'production'").required()
        }
    }

    @Test func theIssuesExampleIsAFormThatBehavesAsItsFile() throws {
        let definition = try Self.deploy.definition()
        #expect(definition.id == "deploy" && definition.title == "Deploy")
        #expect(definition.fields.map(\.id) == ["env", "confirm"])
        #expect(definition.fields.map(\.kind) == [.choice, .switch])
        let session = FormSession(definition: definition)
        #expect(session.validate().map(\.field) == ["env"])
        try session.set("env", text: "production")
        #expect(session.validate().map(\.field) == ["confirm"])  // shown now, and required
        try session.set("confirm", to: true)
        #expect(session.validate().isEmpty)
        #expect(FormAnswers(session).json(pretty: false) == #"{"env":"production","confirm":true}"#)
    }

    @Test func aBadReferenceIsReportedAtTheSwiftCall() throws {
        let line = #line + 4
        let form = Form("broken", title: "Broken") {
            Section("main") {
                NumberField("age", label: "Age")
                Switch("adult", label: "Adult").visible("$agee >= 18")
            }
        }
        do {
            _ = try form.definition()
            Issue.record("a reference to no field was accepted")
        } catch {
            let rendered = error.rendered
            #expect(rendered.contains("FormworkBuilderTests/FormBuilderTests.swift:\(line):"), "\(rendered)")
            #expect(rendered.contains("$agee"), "\(rendered)")
            #expect(rendered.contains("'$age'"), "did you mean: \(rendered)")
        }
    }

    @Test func aTypeErrorPointsAtTheModifiersLine() throws {
        let line = #line + 3
        let form = Form("typed", title: "Typed") {
            Section("main") {
                NumberField("age", label: "Age").rule("$age == 'old'", message: "odd")
            }
        }
        #expect(throws: DiagnosticList.self) { _ = try form.definition() }
        do { _ = try form.definition() } catch {
            #expect(error.rendered.contains("FormBuilderTests.swift:\(line):"), "\(error.rendered)")
        }
    }

    static let everything = Form("all", title: "Everything", description: "Every element of the DSL") {
        Section("about", header: "About you") {
            TextField("name", label: "Name").required().length(2...40).placeholder("Ada Lovelace")
            TextField("code", label: "Code").pattern("[A-Z]{3}").help("three capitals")
            TextField("email", label: "E-mail").format(.email)
            TextField("bio", label: "Bio").multiline()
            SecureField("token", label: "Token")
            NumberField("age", label: "Age").range(0...130).step(1).rule("$age != 13", message: "not 13")
            DateField("born", label: "Born").minimum("1900-01-01").maximum("today()")
            Choice(
                "country", label: "Country",
                options: [Option("fr", label: "France"), Option("de", label: "Germany")]
            ).defaultValue("fr")
            Choice(
                "city", label: "City",
                options: [
                    Option("paris").visible("$country == 'fr'"), Option("berlin").visible("$country == 'de'"),
                ])
            MultiChoice("langs", label: "Languages", options: ["en", "fr", "de"]).selections(1...2)
            Note("hello", text: "Hello {$name}")
            Computed("double", label: "Double", value: "coalesce($age, 0) * 2")
            Field("alarm", kind: "time", label: "Alarm")
            Field("place", kind: "geopoint", label: "Where").set("required", .bool(true))
            Repeat("kids", label: "Child", max: 5) {
                TextField("kidName", label: "Name").required()
                NumberField("kidAge", label: "Age").range(0...30)
            }
        }
        Section("extra", header: "Extra") {
            Switch("more", label: "More")
        }
        .visible("$age > 18")
    }

    @Test func everyElementAndModifierSetsItsKey() throws {
        let definition = try Self.everything.definition()
        func field(_ id: String) throws -> FieldDefinition {
            try #require(definition.fields.first { $0.id == id })
        }
        #expect(try field("name").minLength == 2 && field("name").maxLength == 40)
        #expect(try field("name").placeholder == "Ada Lovelace")
        #expect(try field("code").pattern != nil && field("code").help == "three capitals")
        #expect(try field("email").format == .email)
        #expect(try field("bio").multiline)
        #expect(try field("token").kind == .secure)
        #expect(try field("age").step == 1 && field("age").rules.count == 1)
        #expect(try field("country").options.map(\.label) == ["France", "Germany"])
        #expect(try field("city").options.allSatisfy { $0.visible != nil })
        #expect(try field("langs").minSelected == 1 && field("langs").maxSelected == 2)
        #expect(try field("hello").kind == .note)
        #expect(try field("double").value != nil)
        #expect(try field("alarm").kind == .time && field("place").kind == .geopoint)
        #expect(definition.repeats.map(\.id) == ["kids"])
        #expect(definition.sections.map(\.id) == ["about", "extra"])
        #expect(definition.sections[1].visible != nil)
        let session = FormSession(definition: definition)
        #expect(session.storedValue(of: try session.instance("country")) == .string("fr"))
    }

    @Test func theEquivalentFileLoadsAsTheSameFormAndPassesFormworkCheck() throws {
        for form in [Self.deploy, Self.everything] {
            let fromSwift = try form.definition()
            let fromFile = try FormDefinition(yaml: form.yaml())
            #expect(fromFile.fields.map(\.id) == fromSwift.fields.map(\.id))
            #expect(fromFile.fields.map(\.kindName) == fromSwift.fields.map(\.kindName))
            #expect(fromFile.sections.map(\.id) == fromSwift.sections.map(\.id))
            let fromJSON = try FormDefinition(data: Data(form.json().utf8), isJSON: true)
            #expect(fromJSON.fields.map(\.id) == fromSwift.fields.map(\.id))

            let file = FileManager.default.temporaryDirectory.appendingPathComponent("dsl-\(UUID()).yaml")
            try form.yaml().write(to: file, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: file) }
            let check = try CommandRunner.run("formwork", ["check", file.path])
            #expect(check.status == 0, "\(check.standardError)")
        }
    }

    @Test func controlFlowInTheBuilders() throws {
        let withEmail = true
        let form = Form("flow", title: "Flow") {
            Section("main") {
                for index in 1...3 { Switch("s\(index)", label: "S\(index)") }
                if withEmail { TextField("email", label: "E-mail") } else { TextField("phone", label: "Phone") }
            }
            if !withEmail { Section("never") { Switch("x", label: "X") } }
        }
        #expect(try form.definition().fields.map(\.id) == ["s1", "s2", "s3", "email"])
    }
}
