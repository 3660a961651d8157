/// ODK forms in Formwork: XLSForm workbooks and XForms read as `FormDefinition`s, and
/// answers written as ODK submissions (issue 16).
///
/// ## Design
/// Each format is read in two layers, so that every problem can name its place:
///
/// 1. **The container.** `Workbook` opens an `.xlsx` (a ZIP of XML parts) with
///    ZIPFoundation and Foundation's `XMLParser`, and gives its sheets as rows of
///    cells, each with its reference (`survey!C42`). It is untrusted input: the
///    number of entries, the bytes each part inflates to, the rows, the cells and the
///    strings are bounded (`WorkbookLimits`), a document type declaration is refused
///    before parsing (no entity expansion, no external entity is ever read), and an
///    old binary `.xls` is recognised and named. An XForm (`XFormDocument`, to come)
///    is one XML document with the same protections.
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
/// What exists so far: the workbook container (`Workbook`), XLSForm's sheets under
/// canonical column names (`XLSFormTable`: pyxform's aliases, languages split off,
/// cell references for diagnostics) and its `type` cells (`XLSFormType`: every
/// spelling real forms use, selects with their lists, structure rows, metadata,
/// what cannot be represented and why), and the choices sheet (`XLSFormChoices`: lists
/// in order, translated labels, filter columns, problems at their place), the
/// settings sheet (`XLSFormSettings`), and the first stage of the XPath translation
/// (`XPathLexer`: ODK's XPath as tokens). The form readers, the XPath translation
/// and the submission writer are the next steps.
public enum FormworkODK {}
