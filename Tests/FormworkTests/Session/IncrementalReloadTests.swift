import FormworkCore
import FormworkTesting
import Foundation
import Testing

@testable import Formwork

/// A reload after a change re-evaluates only what the change affects; it must give
/// exactly what a full evaluation gives.
@Suite("Incremental reloads")
struct IncrementalReloadTests {
    /// A random form: switches, numbers, texts and computed fields in four sections;
    /// conditions read only earlier-ranked fields (no cycles), in both directions of
    /// the form; sections with conditions; conditional requirements and rules.
    static func randomForm(_ random: inout SeededGenerator) -> String {
        let count = 24
        let rank = Array(0..<count).shuffled(using: &random)
        let kinds = (0..<count).map { _ in ["switch", "number", "text", "computed"].randomElement(using: &random)! }
        func readable(_ field: Int) -> [Int] { (0..<count).filter { rank[$0] < rank[field] && kinds[$0] != "text" } }
        func condition(for field: Int) -> String? {
            guard let read = readable(field).randomElement(using: &random) else { return nil }
            return kinds[read] == "switch" ? "$f\(read)" : "$f\(read) > 2"
        }
        var lines = ["id: random", "title: Random", "sections:"]
        for section in 0..<4 {
            lines.append("  - id: s\(section)")
            let fields = (section * 6)..<(section * 6 + 6)
            let belowAll = (0..<count).filter { candidate in
                kinds[candidate] == "switch" && !fields.contains(candidate)
                    && fields.allSatisfy { rank[candidate] < rank[$0] }
            }
            if Bool.random(using: &random), let read = belowAll.randomElement(using: &random) {
                lines.append("    visible: $f\(read)")
            }
            lines.append("    fields:")
            for field in fields {
                var entry = "      - { id: f\(field), kind: \(kinds[field]), label: F\(field)"
                if kinds[field] == "computed" {
                    let sources = readable(field).filter { kinds[$0] == "number" || kinds[$0] == "computed" }
                    entry +=
                        sources.isEmpty
                        ? ", value: '1'"
                        : ", value: '" + sources.prefix(2).map { "$f\($0)" }.joined(separator: " + ") + " + 1'"
                }
                if Int.random(in: 0..<3, using: &random) == 0, let visible = condition(for: field) {
                    entry += ", visible: '\(visible)'"
                }
                if kinds[field] != "computed", Int.random(in: 0..<4, using: &random) == 0,
                    let required = condition(for: field)
                {
                    entry += ", required: '\(required)'"
                }
                if kinds[field] == "number", let other = readable(field).first(where: { kinds[$0] == "number" }) {
                    entry +=
                        ", rules: [{ check: '$f\(field) == null or $f\(other) == null or $f\(field) >= $f\(other)', "
                        + "message: too small }]"
                }
                lines.append(entry + " }")
            }
        }
        return lines.joined(separator: "\n")
    }

    @Test(arguments: 0..<30)
    func matchesAFullEvaluation(seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed) &* 977 &+ 3)
        let definition = try FormDefinition(yaml: Self.randomForm(&random))
        let session = FormSession(definition: definition)
        let view = RecordingListView { _ in FieldCell() }
        session.reload(view, animated: false)
        for step in 0..<40 {
            let field = definition.fields.randomElement(using: &random)!
            switch field.kind {
            case .switch: try session.toggle(field.id)
            case .number:
                try session.set(
                    field.id, text: Bool.random(using: &random) ? "\(Int.random(in: 0..<6, using: &random))" : "")
            case .text: try session.set(field.id, text: Bool.random(using: &random) ? "x" : "")
            default: continue
            }
            if step % 7 == 6 { session.validate() }
            session.reload(view, animated: true)

            // A fresh session with the same values, evaluated in full.
            let fresh = FormSession(definition: definition)
            fresh.restore(session.snapshot())
            fresh.showsAllErrors = session.showsAllErrors
            #expect(session.visibleFields.map(\.id) == fresh.visibleFields.map(\.id), "step \(step)")
            #expect(session.errors() == fresh.errors())
            #expect(view.sections == view.freshRendering(), "step \(step)")
            #expect(view.errors.isEmpty)
            // What the data source shows equals a full reload of the same state.
            let full = RecordingListView { _ in FieldCell() }
            fresh.reload(full, animated: false)
            #expect(view.sections == full.sections, "step \(step)")
        }
    }
}
