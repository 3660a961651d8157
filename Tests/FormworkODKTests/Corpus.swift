import Foundation

@testable import FormworkODK

/// `../shared/corpus/xlsform`: real workbooks written by others, read in place by the
/// tests that check the readers on real forms (skipped, with a message, where the
/// corpus is absent).
enum Corpus {
    static let xlsform = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/corpus/xlsform")

    static let root = xlsform.deletingLastPathComponent()

    /// Every ODK form of the corpus, as `xlsform/NAME.xlsx` and `xforms/NAME.xml`,
    /// sorted; empty after saying so when the corpus is absent. The `.xls` named
    /// `.xlsx` is left out: the tests that judge these forms convert them with pyxform,
    /// which picks its reader by the file's name (`XLSWorkbookTests` imports it).
    static func odkForms() -> [String] {
        let workbooks = (workbookNames() ?? []).filter { $0 != "ifrc-distribution-site-assessment-v1.xlsx" }
        let xforms =
            (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("xforms").path))?
            .filter { $0.hasSuffix(".xml") }.sorted() ?? []
        return workbooks.map { "xlsform/" + $0 } + xforms.map { "xforms/" + $0 }
    }

    /// The workbooks' file names, sorted; `nil` after saying so when the corpus is absent.
    static func workbookNames() -> [String]? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: xlsform.path) else {
            print("skipped: ../shared/corpus/xlsform is absent")
            return nil
        }
        return names.filter { $0.hasSuffix(".xlsx") }.sorted()
    }

    /// Every workbook that opens, with its survey sheet as a table; `nil` when absent.
    static func surveys() -> [(name: String, workbook: Workbook, survey: XLSFormTable)]? {
        workbookNames()?.compactMap { name in
            guard let workbook = try? Workbook(contentsOf: xlsform.appendingPathComponent(name)),
                let sheet = workbook["survey"]
            else { return nil }
            return (name, workbook, XLSFormTable(sheet))
        }
    }
}
