import Foundation
import Testing

@testable import Formwork

/// `FormLint`: each rule on a form that must trigger it, with the proof it shows, and
/// on a form where it must stay silent; the bundled forms have no finding.
@Suite("Linting a form's logic")
struct FormLintTests {
    static let today = LocalDate("2026-11-27")!

    /// The findings of a form made of `fields` (YAML lines of one section), with the
    /// form's other top-level keys in `extra`.
    static func lint(_ fields: String, sections: String = "", extra: String = "") throws -> [LintFinding] {
        let indented = fields.split(separator: "\n", omittingEmptySubsequences: false).map { "      " + $0 }
            .joined(separator: "\n")
        let yaml = """
            id: linted
            title: Linted
            \(extra)
            sections:
              - id: main
                fields:
            \(indented)
            \(sections)
            """
        return FormLint(try FormDefinition(yaml: yaml), today: today).findings
    }

    static func rules(_ findings: [LintFinding]) -> [String] { findings.map { "\($0.rule.rawValue) \($0.subject)" } }

    @Test func contradictoryConditionsAreNeverShownWithTheValuesTried() throws {
        let findings = try Self.lint(
            """
            - {id: age, kind: number, label: Age, min: 0, max: 120}
            - {id: both, kind: text, label: Both, visible: "$age < 18 and $age > 65", required: true}
            - {id: ancient, kind: text, label: Ancient, visible: "$age > 150"}
            - {id: plan, kind: choice, label: Plan, options: [free, pro]}
            - {id: twice, kind: text, label: Twice, visible: "$plan == 'free' and $plan == 'pro'"}
            - {id: tags, kind: multichoice, label: Tags, options: [a, b, c]}
            - {id: tagged, kind: text, label: Tagged, visible: "'a' in $tags and count($tags) < 1"}
            """)
        #expect(
            Self.rules(findings) == [
                "never-shown both", "never-shown ancient", "never-shown twice", "never-shown tagged",
            ])
        let both = try #require(findings.first)
        #expect(both.message == "question 'both' (\"Both\") can never be shown (it is required where shown)")
        #expect(both.place == "8:54")
        #expect(both.severity == .warning)
        #expect(
            both.evidence == [
                "no combination of these values makes all of `$age < 18`, `$age > 65` hold",
                "$age: empty, 0, 17, 18, 19, 41.5, 64, 65, 66, 120",
            ])
        #expect(findings[1].evidence.last == "$age: empty, 0, 120")
    }

    @Test func whatCanBeShownIsNotReported() throws {
        let findings = try Self.lint(
            """
            - {id: age, kind: number, label: Age, min: 0, max: 120}
            - {id: either, kind: text, label: Either, visible: "$age < 18 or $age > 65"}
            - {id: between, kind: text, label: Between, visible: "$age > 17.5 and $age < 17.6"}
            - {id: other, kind: number, label: Other}
            - {id: compared, kind: text, label: Compared, visible: "$age > $other and $other > 100"}
            - {id: total, kind: calculate, value: "$age * 2"}
            - {id: big, kind: text, label: Big, visible: "$total > 1000"}
            - {id: name, kind: text, label: Name}
            - {id: longName, kind: text, label: Long, visible: "len($name) > 5 and $name != 'x'"}
            - {id: hidden, kind: text, label: Hidden, visible: "false"}
            """)
        #expect(findings.isEmpty, "\(Self.rules(findings))")
    }

    @Test func aQuestionThatReadsOneNeverShownIsNeverShownToo() throws {
        let findings = try Self.lint(
            """
            - {id: age, kind: number, label: Age}
            - {id: both, kind: text, label: Both, visible: "$age < 18 and $age > 65"}
            - {id: follow, kind: text, label: Follow, visible: "$both != null"}
            """,
            sections: """
                  - id: extra
                    header: Extra
                    visible: "$age < 0 and $age > 0"
                    fields:
                      - {id: inside, kind: text, label: Inside, visible: "$age == 1"}
                      - id: kids
                        label: Kid
                        repeat: {max: 3}
                        fields:
                          - {id: kid, kind: text, label: Kid}
                """)
        // The section is reported once, not what it holds.
        #expect(Self.rules(findings) == ["never-shown both", "never-shown follow", "never-shown extra"])
        #expect(
            findings[1].evidence == [
                "no combination of these values makes all of `$both != null` hold", "$both: empty",
            ])
    }

    @Test func underKeptHiddenAnswersAFieldNeverShownMayStillHoldAValue() throws {
        let findings = try Self.lint(
            """
            - {id: age, kind: number, label: Age}
            - {id: both, kind: text, label: Both, visible: "$age < 18 and $age > 65"}
            - {id: follow, kind: text, label: Follow, visible: "$both != null"}
            """, extra: "hiddenAnswers: kept")
        #expect(Self.rules(findings) == ["never-shown both"])
    }

    @Test func conditionsThatAlwaysOrNeverHold() throws {
        let findings = try Self.lint(
            """
            - {id: age, kind: number, label: Age, min: 0, max: 120}
            - {id: always, kind: text, label: Always, visible: "$age == null or $age >= 0"}
            - {id: never, kind: text, label: Never, required: "$age > 200"}
            - {id: locked, kind: text, label: Locked, readonly: "$age <= 120 or $age == null"}
            - {id: fine, kind: text, label: Fine, visible: "$age >= 18", required: "$age > 60", readonly: "$age > 90"}
            """)
        #expect(
            Self.rules(findings) == [
                "condition-always-holds always", "condition-never-holds never", "condition-always-holds locked",
            ])
        #expect(findings[0].severity == .note)
        #expect(
            findings[1].message
                == "question 'never' (\"Never\") is never required: its condition never holds where it is shown")
    }

    @Test func aConditionRepeatingItsSectionsAlwaysHoldsThere() throws {
        let findings = try Self.lint(
            """
            - {id: plan, kind: choice, label: Plan, options: [free, pro]}
            """,
            sections: """
                  - id: pro
                    visible: "$plan == 'pro'"
                    fields:
                      - {id: seats, kind: number, label: Seats, visible: "$plan == 'pro'"}
                      - {id: size, kind: number, label: Size, visible: "$seats > 10"}
                """)
        #expect(Self.rules(findings) == ["condition-always-holds seats"])
        #expect(findings[0].message.hasSuffix("holds for every answer where its groups are shown"))
    }

    @Test func rulesThatNoValueOrEveryValuePasses() throws {
        let findings = try Self.lint(
            """
            - id: seats
              kind: number
              label: Seats
              rules:
                - {check: "$seats > 10 and $seats < 5", message: impossible}
                - {check: "$seats >= 0 or $seats < 0", message: pointless}
                - {check: "$seats >= 1", message: at least one}
                - {check: "$seats == null or $seats < 100", message: fewer than a hundred}
            - id: code
              kind: text
              label: Code
              rules:
                - {check: "matches($code, '^[A-Z]+$')", message: capitals}
            """)
        #expect(Self.rules(findings) == ["rule-never-passes seats", "rule-always-passes seats"])
        #expect(findings[0].severity == .error)
        #expect(findings[0].message == "no answer to question 'seats' (\"Seats\") passes rule 1 (\"impossible\")")
        #expect(
            findings[1].evidence == [
                "`$seats >= 0 or $seats < 0` passes with each of these values", "$seats: -1, 0, 1",
            ])
    }

    @Test func aRequiredNoteAlwaysShownBlocksEverySubmissionAndOneOnAConditionDoesNot() throws {
        let findings = try Self.lint(
            """
            - {id: stop, kind: note, text: Cannot go on, required: true}
            - {id: age, kind: number, label: Age}
            - {id: check, kind: note, text: Too young, required: true, visible: "$age < 18"}
            """)
        #expect(Self.rules(findings) == ["required-never-answerable stop"])
        #expect(findings[0].severity == .error)
    }

    @Test func boundsThatCrossWhateverTheyRead() throws {
        let findings = try Self.lint(
            """
            - {id: past, kind: date, label: Past, min: "today()", max: "2000-01-01"}
            - {id: future, kind: date, label: Future, min: "today()", max: "2100-01-01"}
            - {id: start, kind: date, label: Start, min: "2030-01-01"}
            - {id: end, kind: date, label: End, min: "$start", max: "2025-01-01"}
            - {id: later, kind: date, label: Later, min: "$start", max: "2040-01-01"}
            """)
        #expect(Self.rules(findings) == ["min-above-max past", "min-above-max end"])
        #expect(findings[1].message.hasSuffix("whatever $start holds"))
    }

    @Test func aFilterThatLeavesNoOptionNamesTheAnswers() throws {
        let findings = try Self.lint(
            """
            - {id: country, kind: choice, label: Country, options: [nl, usa, be]}
            - id: city
              kind: choice
              label: City
              options:
                - {value: ams, visible: "$country == 'nl'"}
                - {value: nyc, visible: "$country == 'usa'"}
            - id: hood
              kind: choice
              label: Neighbourhood
              options:
                - {value: jordaan, visible: "$city == 'ams'"}
                - {value: soho, visible: "$city == 'nyc'"}
            - id: shop
              kind: choice
              label: Shop
              visible: "$country != 'be'"
              options:
                - {value: hema, visible: "$country == 'nl'"}
                - {value: macys, visible: "$country == 'usa'"}
            """)
        // A city is one of its country's: no neighbourhood is missing; the shop is hidden for 'be'.
        #expect(Self.rules(findings) == ["filter-leaves-no-option city"])
        #expect(
            findings[0].message == "question 'city' (\"City\") is shown with no option to choose when $country = 'be'")
    }

    @Test func optionsWithTheSameLabelOfferedTogether() throws {
        let findings = try Self.lint(
            """
            - {id: fruit, kind: choice, label: Fruit, options: [{value: a, label: Apple}, {value: b, label: apple}]}
            - {id: kind, kind: choice, label: Kind, options: [x, y]}
            - id: more
              kind: choice
              label: More
              options:
                - {value: o1, label: Other, visible: "$kind == 'x'"}
                - {value: o2, label: Other, visible: "$kind == 'y'"}
                - {value: p, label: Pear, visible: "$kind == 'x'"}
            """)
        #expect(Self.rules(findings) == ["duplicate-choice-label fruit"])
    }

    @Test func aConditionReadingALaterQuestion() throws {
        let findings = try Self.lint(
            """
            - {id: early, kind: switch, label: Early, visible: "$late"}
            - {id: late, kind: switch, label: Late}
            - {id: total, kind: calculate, value: "if($last, 1, 0)"}
            - {id: viaCalculation, kind: text, label: Via, visible: "$total == 1"}
            - {id: last, kind: switch, label: Last}
            - {id: after, kind: text, label: After, visible: "$late"}
            """,
            sections: """
                  - id: page
                    page: true
                    fields:
                      - {id: first, kind: text, label: First, visible: "$second"}
                      - {id: second, kind: switch, label: Second}
                """)
        #expect(Self.rules(findings) == ["read-before-answered early", "read-before-answered viaCalculation"])
        #expect(
            findings[1].message
                == "a condition of question 'viaCalculation' (\"Via\") reads 'last', which is asked after it")
    }

    @Test func readingAQuestionNeverShownTogether() throws {
        let findings = try Self.lint(
            """
            - {id: kind, kind: choice, label: Kind, options: [adult, child]}
            - {id: job, kind: text, label: Job, visible: "$kind == 'adult'"}
            - {id: school, kind: text, label: "School of {$job}", visible: "$kind == 'child'"}
            - {id: summary, kind: computed, label: Summary, value: "$job", visible: "$kind == 'child'"}
            - {id: fine, kind: computed, label: Fine, value: "$job", visible: "$kind == 'adult'"}
            - {id: title, kind: text, label: "Job: {$job}"}
            """)
        #expect(Self.rules(findings) == ["interpolates-hidden school", "calculation-reads-hidden summary"])
        #expect(
            findings[0].message
                == "question 'school' (\"School of {$job}\") shows the answer of 'job', "
                + "which is never shown together with it: it is always empty there"
        )
    }

    @Test func textsMissingInALanguage() throws {
        let findings = try Self.lint(
            """
            - {id: name, kind: text, label: {en: Name, fr: Nom}}
            - id: size
              kind: choice
              label: {en: Size, fr: Taille}
              options:
                - {value: s, label: {en: Small, fr: Petit}}
                - {value: l, label: {en: Large}}
            - {id: age, kind: number, label: {en: Age}, help: {en: In years, fr: En années}}
            """, extra: "languages: [en, fr]")
        #expect(Self.rules(findings) == ["missing-translation size", "missing-translation age"])
        #expect(findings[0].evidence == ["fr: option 'l'"])
        #expect(findings[1].evidence == ["fr: label"])
    }

    @Test func theBundledFormsHaveNoFinding() throws {
        for url in Fixtures.forms {
            let lint = FormLint(try FormDefinition.load(contentsOf: url), today: Self.today)
            #expect(lint.findings.isEmpty, "\(url.lastPathComponent): \(Self.rules(lint.findings))")
        }
    }

    @Test func theReportInEachFormat() throws {
        let lint = FormLint(
            try FormDefinition(
                yaml: """
                    id: r
                    title: R
                    sections:
                      - id: main
                        fields:
                          - {id: age, kind: number, label: Age}
                          - {id: x, kind: text, label: X, visible: "$age < 1 and $age > 2"}
                          - {id: stop, kind: note, text: Stop, required: true}
                    """), today: Self.today)
        let report = LintReport(files: [("forms/r v1.yaml", lint)])
        #expect(report.hasErrors)
        let text = report.text()
        #expect(text.contains("forms/r v1.yaml:7:48: warning: question 'x' (\"X\") can never be shown [never-shown]\n"))
        #expect(text.hasSuffix("forms/r v1.yaml: 1 error, 1 warning, 0 notes\n"))
        let json = try #require(JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any])
        let file = try #require((json["files"] as? [[String: Any]])?.first)
        #expect(file["errors"] as? Int == 1)
        #expect(
            (file["findings"] as? [[String: Any]])?.map { $0["rule"] as? String } == [
                "never-shown", "required-never-answerable",
            ])
        let sarif = try #require(JSONSerialization.jsonObject(with: Data(report.sarif().utf8)) as? [String: Any])
        #expect(sarif["version"] as? String == "2.1.0")
        let run = try #require((sarif["runs"] as? [[String: Any]])?.first)
        let rules = try #require(
            ((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        #expect(rules.count == LintRule.allCases.count)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.map { $0["level"] as? String } == ["warning", "error"])
        let location = try #require(
            (results[0]["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == "forms/r%20v1.yaml")
        #expect((location["region"] as? [String: Any])?["startLine"] as? Int == 7)
        let index = try #require(results[1]["ruleIndex"] as? Int)
        #expect(rules[index]["id"] as? String == "required-never-answerable")
    }
}

/// A form written to make lint try combinations for ever gets what was found by the
/// end of the budget, said to be partial, never a hang.
@Suite("Lint's budget")
struct FormLintBudgetTests {
    /// Questions shown on a condition over five fields that no answers meet, each
    /// decided by trying every combination of the five.
    static func wide(questions: Int) throws -> FormDefinition {
        var fields = (1...5).map { "- {id: a\($0), kind: number, label: A\($0)}" }
        let wide = (1...5).map { "($a\($0) > 5 and $a\($0) < 3)" }.joined(separator: " or ")
        fields += (1...questions).map { "- {id: q\($0), kind: text, label: Q\($0), visible: \"\(wide)\"}" }
        return try FormDefinition(
            yaml: "id: wide\ntitle: Wide\nsections:\n  - id: main\n    fields:\n"
                + fields.map { "      " + $0 }.joined(separator: "\n"))
    }

    @Test func aFormOfManyWideConditionsStopsAtTheBudgetAndSaysSo() throws {
        let partial = FormLint(try Self.wide(questions: 40), today: FormLintTests.today, budget: 200_000)
        #expect(partial.isPartial)
        // What it found holds: some of these questions, each never shown.
        #expect(partial.findings.allSatisfy { $0.rule == .neverShown })
        #expect((1..<40).contains(partial.findings.count))
        #expect(LintReport(files: [("wide.yaml", partial)]).text().contains("lint stopped trying combinations"))
        let whole = FormLint(try Self.wide(questions: 2), today: FormLintTests.today)
        #expect(!whole.isPartial)
        #expect(whole.findings.map(\.subject) == ["q1", "q2"])
    }
}
