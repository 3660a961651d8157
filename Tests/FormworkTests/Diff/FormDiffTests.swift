import FormworkTesting
import Foundation
import Testing

@testable import Formwork

/// `FormDiff`: each kind of change in its category, nothing where nothing changed,
/// the JSON read back, and — what the breaking category promises — old answers
/// checked against the new version fail only on what the diff calls breaking or a
/// changed behaviour, and every breaking change fails some old answers.
@Suite("Comparing two versions of a form")
struct FormDiffTests {
    static let old = """
        id: visit
        title: Visit
        languages: [en, fr]
        sections:
          - id: main
            fields:
              - {id: name, kind: text, label: {en: Name, fr: Nom}}
              - {id: age, kind: number, label: {en: Age, fr: Âge}, min: 0, max: 120}
              - id: sex
                kind: choice
                label: {en: Sex, fr: Sexe}
                options:
                  - {value: f, label: {en: Female, fr: Femme}}
                  - {value: m, label: {en: Male, fr: Homme}}
                  - {value: x, label: {en: Other, fr: Autre}}
              - {id: pregnant, kind: switch, label: {en: Pregnant, fr: Enceinte}, visible: "$sex == 'f'"}
              - {id: phone, kind: text, label: {en: Phone, fr: Téléphone}}
              - {id: city, kind: text, label: {en: City, fr: Ville natale}}
              - {id: notes, kind: text, label: {en: Notes, fr: Notes}}
              - {id: total, kind: calculate, value: "$age * 2"}
          - id: kids
            fields:
              - id: children
                label: {en: Child, fr: Enfant}
                repeat: {max: 5}
                fields:
                  - {id: kidName, kind: text, label: {en: Name of the child, fr: Nom de l'enfant}}
        """

    static let new = """
        id: visit
        title: Visit
        languages: [en, fr]
        sections:
          - id: main
            fields:
              - {id: fullName, kind: text, label: {en: Name, fr: Nom}}
              - {id: age, kind: date, label: {en: Age, fr: Âge}}
              - id: sex
                kind: choice
                label: {en: Sex, fr: Sexe}
                options:
                  - {value: f, label: {en: Woman, fr: Femme}}
                  - {value: m, label: {en: Male, fr: Homme}}
                  - {value: u, label: {en: Unknown, fr: Inconnu}}
              - {id: pregnant, kind: switch, label: {en: Pregnant, fr: Enceinte}, visible: "$sex == 'f' or $sex == 'u'"}
              - {id: phone, kind: text, label: {en: Phone, fr: Téléphone}, required: true}
              - {id: city, kind: text, label: {en: City, fr: "Ville\\u00A0natale"}}
              - {id: email, kind: text, label: {en: E-mail, fr: Courriel}, required: true}
              - {id: remark, kind: text, label: {en: Remark, fr: Remarque}}
              - {id: total, kind: calculate, value: "len($fullName)"}
          - id: kids
            fields:
              - id: children
                label: {en: Child, fr: Enfant}
                repeat: {max: 5}
                fields:
                  - {id: kidName, kind: text, label: {en: Name of the child, fr: Nom de l'enfant}}
                  - {id: notes, kind: text, label: {en: Notes, fr: Notes}}
        """

    static func diff() throws -> FormDiff {
        FormDiff(old: try FormDefinition(yaml: old), new: try FormDefinition(yaml: new))
    }

    static func lines(_ diff: FormDiff, _ category: FormDiff.Category) -> Set<String> {
        Set(diff.changes.filter { $0.category == category }.map { "\($0.subject): \($0.summary)" })
    }

    @Test func breakingChangesAreFound() throws {
        let diff = try Self.diff()
        #expect(diff.isBreaking)
        #expect(
            Self.lines(diff, .breaking) == [
                "name: renamed to 'fullName' (answers stored under 'name')",
                "age: kind changed",
                "sex: choice 'x' removed (answers holding it no longer fit)",
                "phone: made required: answers collected before may leave it empty",
                "notes: moved into repeat 'children'",
                "email: added, required: answers collected before have none",
            ])
        let kind = try #require(diff.changes.first { $0.summary == "kind changed" })
        #expect((kind.old, kind.new) == ("number", "date"))
    }

    @Test func behaviourAndTextChangesAreFound() throws {
        let diff = try Self.diff()
        #expect(
            Self.lines(diff, .behaviour) == [
                "age: min removed", "age: max removed", "sex: choice 'u' added", "pregnant: visible changed",
                "total: calculation changed", "remark: added (text 'Remark')",
            ])
        let visible = try #require(
            diff.changes.first { $0.summary == "pregnant: visible changed" || $0.subject == "pregnant" })
        #expect(visible.old == "$sex == 'f'")
        #expect(visible.new == "$sex == 'f' or $sex == 'u'")
        #expect(
            Self.lines(diff, .text) == [
                "sex: label of choice 'f' changed (en)", "city: label changed (fr), only in its spaces",
            ])
        // Breaking first, then behaviour, then text.
        let order = diff.changes.map(\.category)
        #expect(
            order
                == order.sorted {
                    FormDiff.Category.allCases.firstIndex(of: $0)! < FormDiff.Category.allCases.firstIndex(of: $1)!
                })
    }

    @Test func theSameFormHasNoChanges() throws {
        let form = try FormDefinition(yaml: Self.old)
        let diff = FormDiff(old: form, new: form)
        #expect(diff.changes.isEmpty)
        #expect(!diff.isBreaking)
        #expect(diff.text() == "no changes\n")
    }

    @Test func theReportsSayTheSame() throws {
        let diff = try Self.diff()
        let text = diff.text(oldFile: "v1.yaml", newFile: "v2.yaml")
        #expect(text.hasPrefix("breaking (6):\n"))
        #expect(text.contains("  pregnant: visible changed (v2.yaml:16:9)\n"), "\(text)")
        #expect(text.contains("  name: renamed to 'fullName' (answers stored under 'name') (v2.yaml:7:9)\n"))
        #expect(text.contains("    old: $sex == 'f'\n    new: $sex == 'f' or $sex == 'u'\n"))
        #expect(text.hasSuffix("6 breaking, 6 behaviour, 2 text\n"))
        let object = try #require(JSONSerialization.jsonObject(with: Data(diff.json().utf8)) as? [String: Any])
        #expect(object["breaking"] as? Bool == true)
        let changes = try #require(object["changes"] as? [[String: Any]])
        #expect(changes.count == diff.changes.count)
        #expect(changes.first?["category"] as? String == "breaking")
    }

    /// What `formwork validate` finds in answers collected with the old version,
    /// checked against the new one, is what the diff said: each problem is on a
    /// question the diff names (breaking, or a changed behaviour such as a kind or a
    /// bound), and each breaking question or choice is found in some answers.
    @Test func oldAnswersFailOnlyWhereTheDiffSays() throws {
        let old = try FormDefinition(yaml: Self.old)
        let new = try FormDefinition(yaml: Self.new)
        let diff = FormDiff(old: old, new: new)
        let named = Set(diff.changes.filter { $0.category != .text }.flatMap { [$0.subject] })
        let renamedFrom = Set(diff.changes.filter { $0.summary.hasPrefix("renamed") }.map(\.subject))
        let validator = ResponseValidator(definition: new)
        var failed = Set<String>()
        for seed in 0..<60 {
            let session = FormSession(definition: old)
            guard RandomFill.fill(session, seed: UInt64(seed), file: "/etc/hostname") else { continue }
            var json = session.answersJSON(pretty: false)
            // Every other response leaves the question now required empty, as a person could.
            if seed.isMultiple(of: 2),
                var object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
            {
                object["phone"] = nil
                json = String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
            }
            let verdict = validator.validate(Array(json.utf8), path: "a.json")
            for problem in verdict.problems where problem.severity == .error {
                let field = problem.field ?? problem.path.split(separator: ".").first.map(String.init) ?? problem.path
                let key = field.split(separator: "[").first.map(String.init) ?? field
                // An answer under an old key is reported at the key; `notes` moved into a repeat likewise.
                #expect(named.contains(key) || renamedFrom.contains(key) || key == "children", "\(problem)")
                failed.insert(key)
            }
        }
        // Every breaking change about a question already answered shows in some answers.
        for change in diff.changes where change.category == .breaking && !change.summary.hasPrefix("added") {
            let key = change.subject
            #expect(failed.contains(key) || failed.contains("children"), "\(change.subject): \(change.summary)")
        }
    }
}
