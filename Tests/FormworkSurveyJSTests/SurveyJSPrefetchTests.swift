import Formwork
import Foundation
import Testing

@testable import FormworkSurveyJS

/// The conditions and titles translated ahead on the other core (`SurveyJSPrefetch`)
/// leave the import as it was: the same document and the same problems, in the same
/// order, with every translation made ahead taken (the thread waited for) and with
/// none, for every survey of the corpus and 200 random ones (which draw unknown names,
/// skipped questions and conditions in every scope).
@Suite("SurveyJS: translations made ahead change nothing")
struct SurveyJSPrefetchTests {
    static func imports(_ bytes: [UInt8], skipUnsupported: Bool) -> [String] {
        [SurveyJSImport.Prefetching.first, .none].map { prefetching -> String in
            do {
                let (document, problems) = try SurveyJSImport.document(
                    fromJSON: bytes, path: "survey.json", limits: .default, skipUnsupported: skipUnsupported,
                    templates: nil, prefetching: prefetching)
                let lines = problems.map { "\($0.place?.name ?? ""): \($0.severity) \($0.message)" }
                return document.json() + "\n" + lines.joined(separator: "\n")
            } catch {
                return "\(error)"
            }
        }
    }

    @Test func theCorpusIsReadTheSame() throws {
        for name in SurveyJSCorpusTests.names() {
            let bytes = [UInt8](try Data(contentsOf: SurveyJSCorpusTests.folder.appendingPathComponent(name)))
            for skipUnsupported in [false, true] {
                let pair = Self.imports(bytes, skipUnsupported: skipUnsupported)
                #expect(pair[0] == pair[1], "\(name), skipUnsupported: \(skipUnsupported)")
            }
        }
    }

    @Test func randomSurveysAreReadTheSame() {
        for seed in UInt64(1)...200 {
            let pair = Self.imports(Array(RandomSurvey(seed: seed).text.utf8), skipUnsupported: seed % 2 == 0)
            #expect(pair[0] == pair[1], "random survey \(seed)")
        }
    }
}
