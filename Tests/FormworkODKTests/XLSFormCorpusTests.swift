import Formwork
import Foundation
import Testing

@testable import FormworkODK

/// Every real XLSForm of `../shared/corpus/xlsform`: it loads, or fails with exactly
/// the constructs Formwork cannot represent (listed here, each at its cell); with
/// `--skip-unsupported` it loads; and a scripted fill that answers every visible
/// required question with a valid value submits.
@Suite("XLSForm corpus")
struct XLSFormCorpusTests {
    /// The constructs each corpus form has that Formwork cannot represent, by cell.
    static let unsupported: [String: [String]] = [
        // draw, annotate, signature; geotrace, geoshape; background-audio
        "xlsform/all-question-types-v2024091201-3.xlsx": [
            "survey!G35", "survey!G36", "survey!G37", "survey!A69", "survey!A70", "survey!A83",
        ],
        "xforms/all-question-types-v2024091201-3.xml": [
            "31:5627", "31:5797", "31:5971", "31:10825", "31:11015", "31:14880",
        ],
        // draw, annotate, signature; geotrace, geoshape
        "xforms/all-widgets.xml": ["580:96", "584:104", "588:100", "681:58", "685:58"],
        // jr:itext(instance('seclass')/root/item[name = …]/itextId): a label looked up by id
        "xlsform/socio-economic-survey-v20240515.xlsx": ["survey!O12"],
        "xforms/socio-economic-survey-v20240515.xml": ["1:27246"],
    ]

    /// A corpus form (`xlsform/NAME.xlsx`, `xforms/NAME.xml`) imported.
    static func load(_ name: String, skipUnsupported: Bool = false) throws(DiagnosticList) -> FormDefinition {
        try FormDefinition.load(
            contentsOf: Corpus.root.appendingPathComponent(name), displayPath: name, importers: ODKImport.importers,
            skipUnsupported: skipUnsupported)
    }

    static var readableNames: [String] { Corpus.odkForms() }

    @Test func everyFormLoadsOrNamesWhatItCannotRepresent() throws {
        for name in Self.readableNames {
            do {
                let form = try Self.load(name)
                #expect(Self.unsupported[name, default: []].isEmpty, "\(name) loaded, but was expected to fail")
                #expect(!form.fields.isEmpty, "\(name)")
            } catch {
                let places = error.diagnostics.compactMap(\.place?.name)
                let notUnsupported = error.diagnostics.filter {
                    if case .unsupportedConstruct = $0.problem { return false }
                    return true
                }
                #expect(
                    notUnsupported.isEmpty,
                    "\(name): \(DiagnosticList(path: name, source: nil, diagnostics: notUnsupported).rendered)")
                #expect(places == Self.unsupported[name, default: []], "\(name): \(error.rendered)")
            }
            let skipping = try Self.load(name, skipUnsupported: true)
            #expect(!skipping.fields.isEmpty, "\(name)")
        }
    }

    @Test func aScriptedFillAnswersEveryRequiredQuestionAndSubmits() throws {
        for name in Self.readableNames {
            let form = try Self.load(name, skipUnsupported: true)
            let session = FormSession(definition: form)
            let unanswerable = Self.fill(session, file: Corpus.root.appendingPathComponent(name).path)
            #expect(unanswerable.isEmpty, "\(name): no valid answer found for \(unanswerable)")
            #expect(session.validate().isEmpty, "\(name): \(session.validate().map(\.description))")
        }
    }

    /// Answers each problem `validate()` reports with the first candidate value the
    /// field takes that clears it (adding entries a repeat needs), until none is left.
    /// - Returns: The problems no candidate cleared.
    static func fill(_ session: FormSession, file: String) -> [String] {
        // First every visible question left empty, in form order, as a person would.
        for path in unansweredPaths(session.relevantFields(), session: session) {
            guard let field = field(named: path, in: session) else { continue }
            for candidate in candidates(for: field, options: session.visibleOptions(of: path), file: file) {
                if (try? session.set(path, text: candidate)) != nil,
                    !session.validate().contains(where: { $0.field == path })
                {
                    break
                }
                _ = try? session.set(path, text: "")
            }
        }
        var unanswerable: [String] = []
        var rounds = 0
        while let problem = session.validate().first(where: { !unanswerable.contains($0.description) }),
            rounds < 2_000
        {
            rounds += 1
            if case .minEntries = problem.rule {
                if (try? session.addEntry(problem.field)) == nil { unanswerable.append(problem.description) }
                continue
            }
            let id =
                String(problem.field.split(separator: ".").last ?? "").split(separator: "[").first.map(String.init)
                ?? ""
            guard let field = session.definition.fields.first(where: { $0.id == id }) else {
                unanswerable.append(problem.description)
                continue
            }
            let candidates = Self.candidates(for: field, options: session.visibleOptions(of: problem.field), file: file)
            let cleared = candidates.contains { candidate in
                guard (try? session.set(problem.field, text: candidate)) != nil else { return false }
                return !session.validate().contains { $0.field == problem.field }
            }
            if !cleared { unanswerable.append(problem.description) }
        }
        return unanswerable
    }

    /// The paths of the visible questions without an answer (entries included).
    static func unansweredPaths(_ fields: [AnsweredField], session: FormSession, prefix: String = "") -> [String] {
        fields.flatMap { answered -> [String] in
            switch answered.answer {
            case .value(.null):
                guard let field = session.definition.fields.first(where: { $0.id == answered.id }),
                    ![.note, .calculate, .computed].contains(field.kind), !session.isReadOnly(prefix + answered.id)
                else { return [] }
                return [prefix + answered.id]
            case .value: return []
            case .entries(let entries):
                return entries.enumerated().flatMap { index, entry in
                    unansweredPaths(entry, session: session, prefix: prefix + answered.id + "[\(index + 1)].")
                }
            }
        }
    }

    static func field(named path: String, in session: FormSession) -> FieldDefinition? {
        let id = String(path.split(separator: ".").last ?? "").split(separator: "[").first.map(String.init) ?? ""
        return session.definition.fields.first { $0.id == id }
    }

    static func candidates(for field: FieldDefinition, options: [ChoiceOption], file: String) -> [String] {
        switch field.kind {
        case .number: return ["1", "2", "0", "5", "10", "18", "30", "100", "1000", "0.5"]
        case .choice: return options.map(\.value)
        case .multichoice:
            return options.map(\.value) + (options.count > 1 ? ["\(options[0].value), \(options[1].value)"] : [])
        case .rank: return [options.map(\.value).joined(separator: ", ")]
        case .date: return ["2000-01-01", "2020-06-15", "today"]
        case .time: return ["12:00", "08:30"]
        case .datetime: return ["2024-01-01 12:00"]
        case .geopoint: return ["52.37 4.89 0 5"]
        case .file: return [file]
        default: return ["a", "abc", "Test answer", "12345", "1234567", "0123456789", "12345678901", "x@example.org"]
        }
    }
}
