import Formwork
import Foundation
import Testing

@testable import FormworkODK

/// Excel 97–2003 `.xls` workbooks: the fixtures of `Fixtures/XLS` (written by xlwt and
/// by hand by `make_fixtures.py`) read cell for cell as xlrd reads them, and an
/// XLSForm saved as `.xls` imported as the same form as its `.xlsx` twin.
@Suite("Excel 97–2003 workbooks")
struct XLSWorkbookTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/XLS")

    static func fixture(_ name: String) -> URL { fixtures.appendingPathComponent(name) }

    /// What xlrd read in a fixture when it was written: each sheet's name and cells.
    struct XlrdCells: Decodable {
        struct Sheet: Decodable {
            let name: String
            let cells: [[String]]
        }
        let sheets: [Sheet]
    }

    /// Each sheet's name and its cells as (reference, text).
    static func cells(_ workbook: Workbook) -> [(String, [[String]])] {
        workbook.sheets.map { sheet in
            (sheet.name, sheet.rows.flatMap { row in row.cells.map { [$0.reference, $0.value.text] } })
        }
    }

    /// Every fixture (the one in 4096-byte sectors holds the stream of `split-strings.xls`).
    @Test(arguments: [
        ("xlsform.xls", "xlsform.xls"), ("long-strings.xls", "long-strings.xls"), ("cells.xls", "cells.xls"),
        ("split-strings.xls", "split-strings.xls"), ("sectors-4096.xls", "split-strings.xls"),
        ("difat.xls", "difat.xls"),
    ])
    func readsAsXlrdReads(_ name: String, _ expected: String) throws {
        let data = try Data(contentsOf: Self.fixture(expected + ".cells.json"))
        let xlrd = try JSONDecoder().decode(XlrdCells.self, from: data)
        let ours = Self.cells(try Workbook(contentsOf: Self.fixture(name)))
        #expect(ours.map(\.0) == xlrd.sheets.map(\.name))
        for ((sheet, cells), theirs) in zip(ours, xlrd.sheets) {
            #expect(cells.count == theirs.cells.count, "\(name): \(sheet)")
            for (mine, other) in zip(cells, theirs.cells) where mine != other {
                Issue.record(
                    "\(name): \(sheet)!\(mine[0]) is \(mine[1].prefix(80)) here, \(other[1].prefix(80)) by xlrd")
                break
            }
        }
    }

    @Test func cellsOfEveryKind() throws {
        let bytes = [UInt8](try Data(contentsOf: Self.fixture("cells.xls")))
        // The Workbook stream is under the cutoff: it is read from the mini stream.
        let file = try CompoundFile(bytes)
        let entry = try #require(try file.rootStreams()["WORKBOOK"])
        #expect(entry.size < UInt64(file.miniStreamCutoff))
        let workbook = try Workbook(bytes: bytes)
        #expect(workbook.sheets.map(\.name) == ["survey", "empty"])  // the chart sheet is left out
        let survey = try #require(workbook["SURVEY"])
        #expect(survey.rows.map(\.number) == [1, 2, 3, 4, 5, 6, 7, 300])
        #expect(
            survey.rows[1].cells.map(\.value) == [
                .text("label record"), .text("ليبل"), .number(2_024_091_201, text: "2024091201"),
                .number(0.1, text: "0.1"), .number(-1e-05, text: "-1e-05"),
            ])
        #expect(survey.rows[3].cells.map(\.reference) == ["B4", "C4", "D4", "E4"])  // MULRK
        #expect(survey.rows[4].cells.map(\.value) == [.bool(true), .bool(false), .error("#DIV/0!")])
        #expect(
            survey.rows[5].cells.map(\.value) == [
                .number(3.25, text: "3.25"), .text("formula text ∑"), .bool(true), .error("#N/A"),
            ])
        #expect(survey.rows[6].cells.map(\.reference) == ["A7", "B7"])
        #expect(survey.rows[7].cells.map(\.reference) == ["AB300"])
        #expect(workbook["empty"]?.rows.isEmpty == true)
    }

    /// One XLSForm written by xlwt as `.xls` and by openpyxl as `.xlsx`: the same cells,
    /// and the same definition.
    @Test func anXLSFormReadsAsItsXLSXTwin() throws {
        let xls = try Workbook(contentsOf: Self.fixture("xlsform.xls"))
        let xlsx = try Workbook(contentsOf: Self.fixture("xlsform.xlsx"))
        let (ours, twins) = (Self.cells(xls), Self.cells(xlsx))
        #expect(ours.map(\.0) == twins.map(\.0))
        for ((sheet, cells), (_, other)) in zip(ours, twins) { #expect(cells == other, "\(sheet)") }
        let fromXLS = ODKImport.document(fromWorkbook: xls, path: "form")
        let fromXLSX = ODKImport.document(fromWorkbook: xlsx, path: "form")
        #expect(fromXLS.problems.isEmpty, "\(fromXLS.problems)")
        #expect(fromXLS.document.yaml() == fromXLSX.document.yaml())
        let form = try FormDefinition.load(contentsOf: Self.fixture("xlsform.xls"), formats: .odk)
        #expect(form.fields.map(\.id).contains("weight"))
        #expect(form.field("tea")?.options.map(\.value) == ["1", "0"])
        #expect(form.field("colours")?.options.map(\.value) == ["red", "green", "3.5"])
    }

    /// The corpus' IFRC form, an `.xls` under an `.xlsx` name (Excel 97–2003, French
    /// labels in Latin-1 and UTF-16 strings), imports with the two languages it has
    /// texts in (its `Local language` columns are empty).
    @Test func theCorpusXLSImports() throws {
        guard Corpus.workbookNames() != nil else { return }
        let url = Corpus.xlsform.appendingPathComponent("ifrc-distribution-site-assessment-v1.xlsx")
        let form = try FormDefinition.load(contentsOf: url, formats: .odk)
        #expect(form.fields.count == 99)
        #expect(form.languages.map(\.code) == ["English", "Francais"])
        let workbook = try Workbook(contentsOf: url)
        let header = workbook["survey"]?.rows.first?.cells.map(\.value.text) ?? []
        #expect(header.prefix(4) == ["type", "name", "label::English", "label::Français"])
    }

    /// Whole numbers read without a fraction, as pyxform reads them; others as the
    /// shortest text that reads back the same.
    @Test func numbersReadAsPyxformReadsThem() {
        let cases: [(Double, String)] = [
            (2_024_091_201, "2024091201"), (-0.0, "0"), (-7, "-7"), (1.5, "1.5"), (0.1, "0.1"), (1e-05, "1e-05"),
            (0.30000000000000004, "0.30000000000000004"), (1e18, "1000000000000000000"), (1e20, "1e+20"),
            (.nan, "nan"), (.infinity, "inf"),
        ]
        for (value, text) in cases { #expect(BIFFSheetReader.number(value).text == text, "\(value)") }
        #expect(BIFFSheetReader.rk(0x0000_0D2B) == 8.42)  // 842 / 100
        #expect(BIFFSheetReader.rk(0x3FF0_0000) == 1)
        #expect(BIFFSheetReader.rk(0xFFFF_FFFE) == -1)
    }

    @Test func theLimitsOfAnXLSXApply() throws {
        let url = Self.fixture("long-strings.xls")
        var limits = WorkbookLimits()
        limits.maximumStringLength = 5_000
        #expect(throws: WorkbookError.stringTooLong(place: "shared string 4", length: 9_006, limit: 5_000)) {
            try Workbook(contentsOf: url, limits: limits)
        }
        limits = WorkbookLimits()
        limits.maximumRows = 100
        #expect(throws: WorkbookError.tooManyRows(sheet: "strings", limit: 100)) {
            try Workbook(contentsOf: url, limits: limits)
        }
        limits = WorkbookLimits()
        limits.maximumCells = 1_000
        #expect(throws: WorkbookError.tooManyCells(limit: 1_000)) { try Workbook(contentsOf: url, limits: limits) }
        limits = WorkbookLimits()
        limits.maximumPartSize = 50_000
        #expect(throws: WorkbookError.partTooLarge(part: "the Workbook stream", limit: 50_000)) {
            try Workbook(contentsOf: url, limits: limits)
        }
        limits = WorkbookLimits()
        limits.maximumFileSize = 50_000
        let size = try Data(contentsOf: url).count
        #expect(throws: WorkbookError.fileTooLarge(bytes: size, limit: 50_000)) {
            try Workbook(contentsOf: url, limits: limits)
        }
    }
}
