import Foundation
import Testing
import ZIPFoundation

@testable import FormworkODK

/// The `.xlsx` container: sheets as rows of cells from workbooks built here, part
/// by part, and from the real workbooks of `../shared/corpus/xlsform`; hostile
/// archives refused within their limits.
@Suite("Workbooks")
struct WorkbookTests {
    /// A workbook of the given parts (path → XML), deflated as spreadsheets do.
    static func xlsx(_ parts: [(String, String)]) throws -> [UInt8] {
        let archive = try Archive(data: Data(), accessMode: .create)
        for (path, text) in parts {
            let data = Data(text.utf8)
            try archive.addEntry(
                with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate,
                provider: { position, size in data.subdata(in: Int(position)..<Int(position) + size) })
        }
        return [UInt8](archive.data!)
    }

    static let workbookXML = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
        <workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" \
        xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">
        <sheets><sheet name="survey" sheetId="1" r:id="rId1"/><sheet name="Settings" sheetId="2" r:id="rId2"/></sheets>
        </workbook>
        """
    static let rels = """
        <?xml version="1.0" encoding="UTF-8"?>
        <Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
        <Relationship Id="rId1" Type="worksheet" Target="worksheets/sheet1.xml"/>
        <Relationship Id="rId2" Type="worksheet" Target="/xl/worksheets/other.xml"/>
        </Relationships>
        """
    static let strings = """
        <sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="4" uniqueCount="4">
        <si><t>type</t></si><si><t>name</t></si>
        <si><r><t>What is </t></r><r><rPr><b/></rPr><t>your name?</t></r><rPh><t>ignored</t></rPh></si>
        <si><t xml:space="preserve"> spaced </t></si>
        </sst>
        """

    static func sheet(_ rows: String) -> String {
        """
        <worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>\(rows)</sheetData>\
        </worksheet>
        """
    }

    static func standard(survey: String, settings: String = "") throws -> [UInt8] {
        try xlsx([
            ("xl/workbook.xml", workbookXML), ("xl/_rels/workbook.xml.rels", rels),
            ("xl/sharedStrings.xml", strings), ("xl/worksheets/sheet1.xml", sheet(survey)),
            ("xl/worksheets/other.xml", sheet(settings)),
        ])
    }

    @Test func cellsOfEveryKind() throws {
        let bytes = try Self.standard(
            survey: """
                <row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>
                <row r="2"><c r="A2" t="inlineStr"><is><t>text</t></is></c><c r="C2" t="s"><v>2</v></c></row>
                <row r="3" spans="1:3"><c r="A3" t="b"><v>1</v></c><c r="B3"><v>2024091201</v></c>\
                <c r="D3"><v>1.5</v></c><c r="E3" t="str"><f>A1</f><v>type</v></c><c r="F3" t="e"><v>#N/A</v></c></row>
                <row r="4"><c r="A4" s="3"/><c r="B4" t="s"><v>3</v></c></row>
                <row r="7" customFormat="1"><c r="A7" s="2"/></row>
                <row r="9"><c r="AB9" t="inlineStr"><is><t>far</t></is></c></row>
                """,
            settings:
                #"<row r="1"><c t="inlineStr"><is><t>form_id</t></is></c><c t="inlineStr"><is><t>x</t></is></c></row>"#)
        let workbook = try Workbook(bytes: bytes)
        #expect(workbook.sheets.map(\.name) == ["survey", "Settings"])
        let survey = try #require(workbook["Survey"])
        #expect(survey.rows.map(\.number) == [1, 2, 3, 4, 9])  // row 7 is formatted, empty
        #expect(survey.rows[0].cells.map(\.value.text) == ["type", "name"])
        #expect(survey.rows[1][2]?.value == .text("What is your name?"))  // rich text joined, phonetics left out
        #expect(
            survey.rows[2].cells.map(\.value) == [
                .bool(true), .number(2_024_091_201, text: "2024091201"), .number(1.5, text: "1.5"), .text("type"),
                .error("#N/A"),
            ])
        #expect(survey.rows[2].cells.map(\.reference) == ["A3", "B3", "D3", "E3", "F3"])
        #expect(survey.rows[2].cells[0].value.text == "TRUE")  // as the spreadsheet shows it
        #expect(survey.rows[3].cells.map(\.value.text) == [" spaced "])
        #expect(survey.rows[4].cells[0].reference == "AB9")
        #expect(workbook["settings"]?.rows[0].cells.map(\.reference) == ["A1", "B1"])  // cells without r
    }

    /// libxml2 refuses a part given at once with more than 10 MB on one line ("huge
    /// input lookup"), which is how spreadsheets write a sheet of 60,000 choices; fed in
    /// chunks, it is read.
    @Test func aPartOfMoreThanTenMegabytesOnOneLineIsRead() throws {
        let item = "<si><t>a shared string long enough to make the part large</t></si>"
        let text =
            #"<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">"#
            + String(repeating: item, count: 180_000) + "</sst>"
        #expect(text.utf8.count > 11_000_000)
        let strings = try WorkbookXML.sharedStrings(Data(text.utf8), limits: WorkbookLimits())
        #expect(strings.count == 180_000)
        #expect(strings.last == "a shared string long enough to make the part large")
    }

    @Test func columnNamesAndReferences() {
        #expect([0, 25, 26, 27, 701, 702].map(Cell.columnName) == ["A", "Z", "AA", "AB", "ZZ", "AAA"])
        #expect(["A1", "z9", "AB12", "XFD1"].map(SheetReader.column(of:)) == [0, 25, 27, 16_383])
        #expect(SheetReader.column(of: "12") == nil)
        #expect(SheetReader.column(of: "ABCD1") == nil)
    }

    @Test func notWorkbooksAreNamed() throws {
        // A compound file whose header is all zeros: an .xls, read as one, and refused.
        let ole2: [UInt8] = [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1] + Array(repeating: 0, count: 504)
        #expect(throws: WorkbookError.unreadableXLS(.invalidHeader(field: "byte order", value: 0))) {
            try Workbook(bytes: ole2)
        }
        #expect(
            WorkbookError.unreadableXLS(.invalidHeader(field: "byte order", value: 0)).description
                == "not a readable .xls workbook: the compound file's header has byte order 0, which no compound "
                + "file has")
        #expect(
            throws: WorkbookError.notAWorkbook(
                "it is not a ZIP archive (an .xlsx workbook is one) nor a compound file (an .xls is one)")
        ) {
            try Workbook(bytes: Array("id: yaml\n".utf8))
        }
        var small = WorkbookLimits()
        small.maximumFileSize = 100
        #expect(throws: WorkbookError.fileTooLarge(bytes: 512, limit: 100)) { try Workbook(bytes: ole2, limits: small) }
        // A ZIP archive cut short (no central directory): refused, and nothing leaks
        // (the fuzzer found that ZIPFoundation's memory-backed archive did).
        let cut = Array(try Self.standard(survey: "").prefix(200))
        #expect {
            try Workbook(bytes: cut)
        } throws: { error in
            if case .notAWorkbook? = error as? WorkbookError { return true }
            return false
        }
        let noWorkbook = try Self.xlsx([("docProps/app.xml", "<Properties/>")])
        #expect(throws: WorkbookError.missingPart("xl/workbook.xml")) { try Workbook(bytes: noWorkbook) }
    }

    @Test func malformedXMLSaysWhere() throws {
        let bytes = try Self.standard(survey: "<row r=\"1\"><c r=\"A1\"><v>1</v></row>")
        #expect {
            try Workbook(bytes: bytes)
        } throws: { error in
            guard case .invalidXML(let part, let line, _, _)? = error as? WorkbookError else { return false }
            return part == "sheet 'survey'" && line >= 1
        }
    }

    /// A processing instruction without data (`<?x?>`), on which Foundation's parser
    /// crashes, is refused before parsing (found by fuzzing the response reader).
    @Test func processingInstructionsWithoutDataAreRefused() throws {
        let bytes = try Self.xlsx([
            ("xl/workbook.xml", Self.workbookXML), ("xl/_rels/workbook.xml.rels", Self.rels),
            ("xl/sharedStrings.xml", "<sst><?x?><si><t>a</t></si></sst>"), ("xl/worksheets/sheet1.xml", Self.sheet("")),
            ("xl/worksheets/other.xml", Self.sheet("")),
        ])
        #expect(throws: WorkbookError.self) { try Workbook(bytes: bytes) }
        do {
            _ = try Workbook(bytes: bytes)
        } catch {
            #expect("\(error)".contains("processing instruction without data"), "\(error)")
        }
    }

    /// The checks before parsing find a document type and an empty processing
    /// instruction wherever they are, and nothing in text that only looks like them
    /// (`!=` in an expression, a question ending in `?`).
    @Test(
        arguments: [
            ("<!DOCTYPE a><a/>", true, nil), ("<a b='x != 1'>Why?</a><!doctype b>", true, nil),
            ("<a b='x != 1'>! <! doctype?</a>", false, nil), ("<?x?><a/>", false, 0),
            ("<a>Why? Is it ?</a><?pi?>", false, 19), ("<a>Why?</a><?pi data?>", false, nil),
            ("<a>?<??></a>", false, 4), ("<!", false, nil), ("<?", false, nil),
        ] as [(String, Bool, Int?)])
    func markupIsFoundBeforeParsing(text: String, declaresType: Bool, emptyInstruction: Int?) {
        let data = Data(text.utf8)
        #expect(WorkbookXML.containsDocumentType(data) == declaresType)
        #expect(WorkbookXML.emptyProcessingInstruction(data) == emptyInstruction)
    }

    /// Entity expansion and external entities are refused before parsing: no
    /// workbook part declares a document type.
    @Test func documentTypesAreRefused() throws {
        let xxe = """
            <?xml version="1.0"?><!DOCTYPE sst [<!ENTITY x SYSTEM "file:///etc/passwd">]>
            <sst><si><t>&x;</t></si></sst>
            """
        let bytes = try Self.xlsx([
            ("xl/workbook.xml", Self.workbookXML), ("xl/_rels/workbook.xml.rels", Self.rels),
            ("xl/sharedStrings.xml", xxe), ("xl/worksheets/sheet1.xml", Self.sheet("")),
            ("xl/worksheets/other.xml", Self.sheet("")),
        ])
        #expect(throws: WorkbookError.documentType(part: "xl/sharedStrings.xml")) { try Workbook(bytes: bytes) }
        #expect(WorkbookXML.containsDocumentType(Data("<!doctype x>".utf8)))
        #expect(!WorkbookXML.containsDocumentType(Data("<!-- a comment -->".utf8)))
    }

    /// A part that inflates past its limit stops there, whatever its entry declares.
    @Test func zipBombsStopAtTheLimit() throws {
        var limits = WorkbookLimits()
        limits.maximumPartSize = 1_000_000
        let huge = Self.sheet(String(repeating: "<row><c t=\"inlineStr\"><is><t>x</t></is></c></row>", count: 40_000))
        let bytes = try Self.standard(survey: huge)
        #expect(bytes.count < 100_000)  // it compresses well: that is the point
        #expect(throws: WorkbookError.partTooLarge(part: "xl/worksheets/sheet1.xml", limit: 1_000_000)) {
            try Workbook(bytes: bytes, limits: limits)
        }
        limits.maximumPartSize = 64 * 1024 * 1024
        limits.maximumRows = 1_000
        #expect(throws: WorkbookError.tooManyRows(sheet: "survey", limit: 1_000)) {
            try Workbook(bytes: bytes, limits: limits)
        }
    }

    @Test func tooManyEntriesAndLongStrings() throws {
        var limits = WorkbookLimits()
        limits.maximumEntries = 5
        let many = try Self.xlsx((0..<6).map { ("xl/part\($0).xml", "<x/>") })
        #expect(throws: WorkbookError.tooManyEntries(limit: 5)) { try Workbook(bytes: many, limits: limits) }
        limits = WorkbookLimits()
        limits.maximumStringLength = 20
        let long = try Self.standard(
            survey: "<row><c t=\"inlineStr\"><is><t>\(String(repeating: "y", count: 21))</t></is></c></row>")
        #expect(throws: WorkbookError.stringTooLong(place: "survey!A1", length: 21, limit: 20)) {
            try Workbook(bytes: long, limits: limits)
        }
    }

    /// Every real workbook of the corpus opens and has its XLSForm sheets, the one that
    /// is really an `.xls` (whatever its name says) too.
    @Test func theCorpusWorkbooksOpen() throws {
        guard let workbooks = Corpus.workbookNames() else { return }
        #expect(workbooks.count >= 10)
        for name in workbooks {
            let workbook = try Workbook(contentsOf: Corpus.xlsform.appendingPathComponent(name))
            let survey = try #require(workbook["survey"], "\(name) has no survey sheet")
            let header = survey.rows.first?.cells.map { $0.value.text.lowercased() } ?? []
            #expect(header.contains("type") && header.contains("name"), "\(name): \(header)")
        }
    }
}
