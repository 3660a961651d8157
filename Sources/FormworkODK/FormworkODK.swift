/// ODK forms in Formwork: XLSForm workbooks and XForms read as `FormDefinition`s, and
/// answers written as ODK submissions (issue 16).
///
/// ## Design
/// Each format is read in two layers, so that every problem can name its place:
///
/// 1. **The container.** `Workbook` opens an `.xlsx` (a ZIP of XML parts) with
///    ZIPFoundation and Foundation's `XMLParser`, or an Excel 97–2003 `.xls` (BIFF8
///    records in an OLE2 compound file) with its own reader, and gives its sheets as
///    rows of cells, each with its reference (`survey!C42`). It is untrusted input: the
///    number of entries, the bytes each part or stream holds, the rows, the cells and
///    the strings are bounded (`WorkbookLimits`), a document type declaration is
///    refused before parsing (no entity expansion, no external entity is ever read),
///    and an `.xls`'s sectors, chains and directory are checked before they are
///    followed (a loop is an error, never a hang). An XForm is one XML document
///    (`XMLTree`) with the same protections.
/// 2. **The form.** An XLSForm reader walks the `survey`, `choices` and `settings`
///    sheets (column names case-insensitively, with their historical aliases) and an
///    XForm reader the model's binds and the body's controls; both translate ODK's
///    XPath into Formwork's expressions and build the definition with the engine's own
///    features (repeats, translations, interpolation, read-only, calculations, answer
///    keys, triggers, kinds). What cannot be represented is listed with its position,
///    never dropped.
///
/// Writing (`formwork convert`, ODK submissions) works on the imported definition.
///
/// The parts, by folder:
/// - `Workbook/`: `Workbook` (the `.xlsx` container) and `WorkbookLimits`; `Workbook/XLS/`
///   the `.xls` one: `CompoundFile` (the OLE2 container), `BIFFWorkbook` and
///   `BIFFSheetReader` (the records), `XLSProblem` (what can be wrong with them).
/// - `XLSForm/`: `XLSFormTable`, `XLSFormType`, `XLSFormChoices` and `XLSFormSettings`
///   (the sheets under canonical names), `XLSFormSurvey` (the survey as a tree of
///   groups, repeats, loops and questions) and `XLSFormReader` (the tree as a
///   `DefinitionDocument`: names to ids and keys, types to kinds, texts per language
///   with `${x}` read as answers, expressions through `XPathTranslator`, the
///   submission layout).
/// - `XForm/`: `XFormReader`, an XForm read as the sheets of the XLSForm it would be,
///   each row at its element's line and column, so one reader serves both formats.
/// - `XML/`: `XMLTree` and the start-tag locator, shared by XForms and submissions.
/// - `XPath/`: ODK's XPath lexed, parsed and translated (`XPathTranslator`), with
///   JavaRosa's conversions written out; what it writes goes through Formwork's
///   `ExpressionText`.
/// - `Submission/`: `ODKSubmission` (a session's answers as the XForm instance ODK
///   Central takes) and `ODKResponse` (a submission read back to be checked).
///
/// The public surface: `ODKImport` with its two `DefinitionImporter`s, `Workbook`,
/// `ODKSubmission` and `ODKResponse`; the rest is internal.
public enum FormworkODK {}
