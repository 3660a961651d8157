import Formwork

/// Reads an XLSForm workbook as a `DefinitionDocument`: Formwork's own definition,
/// each node carrying the cell it came from.
///
/// ## How an XLSForm becomes a Formwork form
/// - **Groups** outside every repeat become sections (a group's label is the header,
///   its `relevant` the section's `visible`); a group nested in another starts its own
///   section whose condition is both groups' (sections do not nest), and the rest of the
///   outer group continues in a section of its own. Questions outside every group go
///   into sections of their own (`survey`, `survey_2`, …).
/// - **Repeats** become repeating groups (`repeat_count` their `count`); groups inside a
///   repeat are flattened into it, their `relevant` joined to each field's `visible`.
/// - **Questions** map onto kinds (see the ODKForms article's table), `${x}` in texts
///   onto `{…}` interpolations, and every expression through `XPathTranslator`.
/// - **Names** that are not Formwork ids (`first-name`) get an id (`first_name`) and keep
///   their name as the answers' `key`; a name used twice gets a numbered id.
/// - What cannot be represented is reported (`unsupported`), each with its cell; with
///   `skipUnsupported` the question is a note saying what was skipped, and whatever reads
///   it is skipped too.
struct XLSFormReader {
    let fileName: String
    let survey: XLSFormSurvey
    let choices: XLSFormChoices
    let settings: XLSFormSettings
    let skipUnsupported: Bool
    /// The loader's limits (the longest expression translated).
    let limits: Limits
    /// Where the files sent with the form are.
    let media: MediaFolder
    /// The columns of each secondary instance expressions read, by id.
    var dataTableColumns: [String: [String]] = [:]
    /// The form's `data:` (the instances read, as tables), if it reads any.
    var dataDocument: DefinitionDocument?
    /// The `entities` sheet, and the entity its first row declares.
    var entitiesTable: XLSFormTable?
    var entity: EntityDeclaration?
    /// The ids of the calculations writing `meta/entity`, in `entityParts` order.
    var entityIDs: [String] = []

    /// Problems that stop the load, warnings, and constructs that cannot be represented.
    var problems = ImportProblems()

    /// The languages as written in column headers (`English (en)`), in order, with
    /// `nil` for columns without a language.
    var writtenLanguages: [String?] = []
    /// Each written language's code (`English (en)` → `en`), parsed once.
    var languageCodes: [String: String] = [:]
    /// The language shown first (see `defaultLanguage(settings:written:)`).
    var defaultLanguage = FormLanguage(code: "default", name: "default")
    /// The survey's tree (loops expanded), each node with its Formwork id.
    var nodes: [XLSFormSurvey.Node] = []
    /// The form's id (it shares the namespace of sections and fields).
    var formIdentifier = ""
    /// Every id given so far; an empty name's is `field`.
    var ids = IDAllocator(fallback: "field")
    /// `${name}` → the question, for names used once.
    var symbols: [String: XPathSymbol] = [:]
    /// Each question's and repeat's absolute instance path (`/data/group/q`), as
    /// XForms and pyxform's output write references.
    var absoluteSymbols: [String: XPathSymbol] = [:]
    /// Each id's absolute path (`absoluteSymbols` the other way round, the first path
    /// of an id in its order), made once the names are assigned: for `${group}/q`.
    var pathsByID: [String: String] = [:]
    /// By row number: the absolute instance path of the row's node (`/data/group/q`),
    /// against which its expressions' relative paths resolve; `nil` for a row a loop
    /// copies (it is several nodes).
    var nodePaths: [Int: String?] = [:]
    /// Names used by more than one question.
    var ambiguousNames: Set<String> = []
    /// Each field's and repeat's element in the XForm instance, relative to its entry
    /// (or the root), in form order: the submission layout.
    var elementPaths: [(id: String, path: String)] = []
    /// The calculation pyxform adds for a repeat whose count is an expression, by the
    /// repeat's name.
    var countIDs: [String: String] = [:]
    /// The calculation of `meta/instanceName` (settings' `instance_name`), if any.
    var instanceNameID: String?
    /// Each named group's element path (relative to the root, or to the entry of the
    /// repeat that holds it), with its condition joined with those of the groups
    /// around it: the submission writes a relevant group's element even when none of
    /// its questions is relevant (as JavaRosa does).
    var submissionGroups: [(repeatID: String?, path: String, visible: String?)] = []
    /// While a question is read: how many groups lie between it and the entry that
    /// holds it (for `position(..)`).
    var groupsInEntry: Int?
    /// Each choice list's options as a select without a filter offers them, built once.
    var unfilteredOptions: [String: [DefinitionDocument]] = [:]
    /// A select's option values by its id (so the translation compares a literal that
    /// is one directly).
    var optionValues: [String: [String]] = [:]
    /// For each device metadata input, the calculation that writes it to submissions.
    var metadataValueIDs: [String: String] = [:]
    /// The form's inputs (metadata the device gives), built with the sections.
    var inputs: [DefinitionDocument] = []
    /// The answer keys used in each object of the answers (by the repeats that hold
    /// it, joined), so a name used twice gets a key of its own.
    var usedKeys: [String: Set<String>] = [:]
    /// Names of questions skipped as unsupported: reading one is unsupported too.
    var skippedNames: Set<String> = []

    /// A reader of `workbook`'s `survey`, `choices` and `settings` sheets, ready for `document()`.
    ///
    /// - Parameters:
    ///   - workbook: The sheets; a missing `survey` sheet reads as an empty one.
    ///   - fileName: The path diagnostics and places name.
    ///   - skipUnsupported: Whether what cannot be represented becomes a note (and a
    ///     warning) instead of an error.
    ///   - limits: The definition limits the form is read within.
    ///   - media: Where the files sent with the form are (`fileName`'s places by
    ///     default).
    ///   - instances: An XForm's secondary instances (its own, inline or from files,
    ///     and `_itext`), read by expressions as data tables.
    init(
        workbook: Workbook, fileName: String, skipUnsupported: Bool, limits: Limits = .default,
        media: MediaFolder? = nil, instances: [String: SecondaryInstance] = [:]
    ) {
        // Cell values are cleaned as pyxform cleans a workbook's: quotes straightened
        // everywhere; in `survey`, spaces collapsed unless the settings say no.
        let quotes = XLSFormTable.Cleaning.straightQuotes
        let settingsTable = workbook["settings"].map { XLSFormTable($0, cleaning: quotes) }
        let cleansSurvey = XLSFormSettings(settingsTable).cleansTextValues
        func table(_ name: String, _ cleaning: XLSFormTable.Cleaning) -> XLSFormTable? {
            workbook[name].map { XLSFormTable($0, cleaning: cleaning) }
        }
        self.init(
            sheets: XLSFormSheets(
                survey: table("survey", cleansSurvey ? .straightQuotesAndSpaces : quotes),
                choices: table("choices", quotes), settings: settingsTable,
                externalChoices: table("external_choices", quotes), entities: table("entities", quotes),
                sheetNames: workbook.sheets.map(\.name)),
            fileName: fileName, skipUnsupported: skipUnsupported, limits: limits, media: media, instances: instances)
    }

    /// A reader of an XLSForm's tables (a workbook's sheets, or an XForm's rows read as
    /// them), ready for `document()`; the parameters as `init(workbook:…)`'s.
    init(
        sheets: XLSFormSheets, fileName: String, skipUnsupported: Bool, limits: Limits = .default,
        media: MediaFolder? = nil, instances: [String: SecondaryInstance] = [:]
    ) {
        self.media = media ?? MediaFolder(formFile: fileName, directory: nil)
        self.fileName = fileName
        self.skipUnsupported = skipUnsupported
        self.limits = limits
        let settings = XLSFormSettings(sheets.settings)
        self.settings = settings
        var survey = XLSFormSurvey(sheets.survey ?? XLSFormTable(Sheet(name: "survey", rows: [])))
        let allowDuplicates = settings.allowsChoiceDuplicates
        var lists = sheets.choices.map { XLSFormChoices($0, allowDuplicates: allowDuplicates) }
        if let external = sheets.externalChoices {
            let externalLists = XLSFormChoices(external, allowDuplicates: allowDuplicates)
            lists = lists.map { $0.merging(externalLists) } ?? externalLists
        }
        let (fileLists, mediaProblems) = Self.mediaChoices(
            in: survey.table, media: self.media)
        choices = (lists ?? XLSFormChoices.empty).merging(fileLists).withOther(forListsIn: survey.table)
        survey.expandLoops(choices)
        self.survey = survey
        nodes = survey.nodes
        writtenLanguages = []
        if sheets.survey == nil {
            let names = sheets.sheetNames.map { "'\($0)'" }.joined(separator: ", ")
            report(
                .importError(
                    "the workbook has no 'survey' sheet (its sheets: \(names.isEmpty ? "none" : names))",
                    hint: "an XLSForm keeps its questions in a sheet named 'survey'"), at: "workbook")
        }
        for problem in survey.problems + choices.problems + mediaProblems {
            report(
                problem.isNotice ? .importNotice(problem.message) : .importError(problem.message, hint: nil),
                at: problem.place)
        }
        writtenLanguages = Self.languages(of: [survey.table] + (sheets.choices.map { [$0] } ?? []))
        for case let written? in writtenLanguages { languageCodes[written] = XLSFormTable.language(written).code }
        defaultLanguage = Self.defaultLanguage(settings: settings, written: writtenLanguages)
        entitiesTable = sheets.entities
        let (entity, entityProblems) = Self.entityDeclaration(entitiesTable)
        self.entity = entity
        for problem in entityProblems { report(.importError(problem.message, hint: nil), at: problem.place) }
        readInstances(given: instances)
    }

    // MARK: Reporting

    mutating func report(_ problem: Problem, at place: String, quote: String? = nil) {
        problems.report(problem, at: place, quote: quote)
    }

    func place(_ column: String, _ row: XLSFormTable.Row, language: String? = nil) -> String {
        survey.table.reference(of: column, language: language, in: row)
    }

    // MARK: Languages

    /// The languages of translatable columns, in order of first appearance; `nil` for
    /// an untranslated column beside translated ones (pyxform's `default`).
    static func languages(of tables: [XLSFormTable]) -> [String?] {
        var written: [String?] = []
        var hasUntranslated = false
        for table in tables {
            for column in table.columns where XLSFormTable.translatable.contains(column.name) {
                if let language = column.language {
                    // pyxform writes no translation for a language whose columns are empty.
                    if !written.contains(language), table.hasText(in: column) { written.append(language) }
                } else if column.name == "label" || column.name == "hint",
                    table.rows.contains(where: { $0[column.name] != nil })
                {
                    hasUntranslated = true
                }
            }
        }
        guard !written.isEmpty else { return [] }
        return hasUntranslated ? [nil] + written : written
    }

    /// Formwork's language for a written one (`nil`: `default`).
    static func language(_ written: String?) -> FormLanguage {
        written.map(XLSFormTable.language) ?? FormLanguage(code: "default", name: "default")
    }

    /// The code of a written language (`nil`: `default`), as `language(_:)` gives it.
    func languageCode(_ written: String?) -> String {
        guard let written else { return "default" }
        return languageCodes[written] ?? XLSFormTable.language(written).code
    }

    /// The language shown first: `default_language` from settings, else the
    /// untranslated columns' (`default`), else the first written.
    static func defaultLanguage(settings: XLSFormSettings, written: [String?]) -> FormLanguage {
        if let setting = settings.defaultLanguage {
            let language = XLSFormTable.language(setting)
            if written.contains(where: { Self.language($0).code == language.code }) { return language }
        }
        return Self.language(written.first ?? nil)
    }
}

/// The tables an XLSForm is read from: a workbook's sheets (cleaned as pyxform cleans
/// them), or an XForm's rows read as those sheets.
struct XLSFormSheets {
    var survey: XLSFormTable?
    var choices: XLSFormTable?
    var settings: XLSFormTable?
    var externalChoices: XLSFormTable?
    var entities: XLSFormTable?
    /// The sheets' names, as a message lists them.
    var sheetNames: [String]
}

extension XLSFormChoices {
    static let empty = XLSFormChoices(XLSFormTable(Sheet(name: "choices", rows: [])))
}
