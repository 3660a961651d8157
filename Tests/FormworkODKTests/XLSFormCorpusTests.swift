import Formwork
import FormworkTesting
import Foundation
import Testing

@testable import FormworkODK

/// Every real XLSForm of `../shared/corpus/xlsform`: it loads, or fails with exactly
/// the constructs Formwork cannot represent (listed here, each at its cell); with
/// `--skip-unsupported` it loads; and a scripted fill that answers every visible
/// required question with a valid value submits.
@Suite("XLSForm corpus")
struct XLSFormCorpusTests {
    /// The constructs each corpus form has that Formwork cannot represent, by cell:
    /// none (the last, `jr:itext()` of a label looked up by id, is read since the ODK
    /// language issue).
    static let unsupported: [String: [String]] = [:]

    /// A corpus form (`xlsform/NAME.xlsx`, `xforms/NAME.xml`) imported.
    static func load(_ name: String, skipUnsupported: Bool = false) throws(DiagnosticList) -> FormDefinition {
        try FormDefinition.load(
            contentsOf: Corpus.root.appendingPathComponent(name), displayPath: name, formats: .odk,
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
                let errors = error.diagnostics.filter { $0.severity == .error }
                let places = errors.compactMap(\.place?.name)
                let notUnsupported = errors.filter {
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
            let form = try Self.load(name)
            let session = FormSession(definition: form)
            let unanswerable = ScriptedFill.fill(session, file: Corpus.root.appendingPathComponent(name).path)
            #expect(unanswerable.isEmpty, "\(name): no valid answer found for \(unanswerable)")
            #expect(session.validate().isEmpty, "\(name): \(session.validate().map(\.description))")
        }
    }
}
