extension Workbook {
    /// Reads an Excel 97–2003 `.xls` workbook: the `Workbook` stream out of its compound
    /// file, then the BIFF8 records in it, within `limits` (the stream within
    /// `maximumPartSize`; rows, cells and strings as for an `.xlsx`).
    ///
    /// - Throws: `WorkbookError`: `.unreadableXLS` naming where the file is broken,
    ///   `.encryptedWorkbook`, `.unsupportedExcelVersion` for Excel 5.0/95 and before,
    ///   or a limit passed.
    init(xls bytes: [UInt8], limits: WorkbookLimits) throws(WorkbookError) {
        let file = try CompoundFile(bytes)
        let streams = try file.rootStreams()
        guard let entry = streams["WORKBOOK"] else {
            if streams["BOOK"] != nil { throw .unsupportedExcelVersion("Excel 5.0/95 (BIFF5)") }
            throw .unreadableXLS(.noWorkbookStream)
        }
        let globals = try BIFFWorkbook(try file.read(entry, limits: limits), limits: limits)
        self.init(sheets: try globals.readSheets())
    }
}
