import Formwork

/// What a question's value is to an expression, as ODK types it (the bind `type`),
/// and so how the translation reads it.
///
/// The translation is type-directed: XPath converts operands at run time (a select's
/// value compared with `2` is read as a number; `'' = ${age}` compares text), while
/// Formwork's expressions are typed when the file loads, so each conversion JavaRosa
/// would make is written out (`number($sel) == 2`, `empty($age)`).
enum XPathValueType: Sendable, Equatable {
    /// `string`, `barcode`, text, `select_one` (a choice: its value is text).
    case text
    /// A `select_one`: text whose values are the options'.
    case choice
    /// A `select_multiple` (Formwork: a list of text; XPath: the values joined by spaces).
    case multichoice
    /// `int`, `decimal`, `range`.
    case number
    case date, time, dateTime, geopoint
    /// A boolean (no ODK question has this type; expressions do).
    case boolean
    /// A repeat: its entries (`count(${members})`).
    case repeatEntries
    /// A question with no value (a note, a group): reads as `''`.
    case none
}

/// A question an expression reads: how it is written in Formwork and what it holds.
struct XPathSymbol: Sendable, Equatable {
    /// The Formwork id (`$id` in an expression).
    var id: String
    var type: XPathValueType
    /// The ids of the repeats that hold the question, outermost first (empty at the
    /// form's level). A repeat's own symbol lists the repeats around it, not itself.
    var repeats: [String]

    init(id: String, type: XPathValueType, repeats: [String] = []) {
        self.id = id
        self.type = type
        self.repeats = repeats
    }
}

/// Where an expression is written, and how names in it resolve.
struct XPathContext: Sendable {
    /// The question `.` and `current()` refer to (a constraint's, a relevant's own
    /// question; `nil` for a group's relevant… then `.` is the group, which has no value).
    var current: XPathSymbol?
    /// The repeats the expression is evaluated in, outermost first (its entry's scope).
    var repeats: [String]
    /// `${name}` → the question of that name (XLSForm); `nil` when there is none.
    var name: @Sendable (String) -> XPathSymbol?
    /// An absolute path (`/data/group/q`, XForms and pyxform's output) → its question.
    var path: @Sendable (String) -> XPathSymbol?
    /// The absolute instance path of the node the expression is bound to (`/data/g/d`
    /// for a bind on it, a group's for its `relevant`), against which a relative path
    /// resolves as XPath resolves it (`../age` is `/data/g/age`), and is then read as
    /// that absolute path; `nil` when unknown: then a relative path names the question
    /// of its last step.
    var node: String?
    /// In a `choice_filter`: the choice row's columns (`name`, `label`, and the
    /// filter columns), read as literals where the filter names them.
    var choiceColumns: [String: String]?
    /// In a filter on a secondary instance's rows (`instance('x')/root/item[…]`): the
    /// table's columns, which a name reads in the row (`cell('name')`), and whether
    /// `position()` is the row's position in the table (in the first filter only).
    var row: (columns: [String], positions: Bool)?
    /// In a filter on a repeat's entries or a question in them
    /// (`count(/data/rep[age > 5])`): the node filtered is the context node (`node`),
    /// so a name is the entry's question; `positions` says whether `position()` is
    /// the entry's position (`index()`: every entry is filtered) or 1 (the one node
    /// of the entry the expression is in). `nil` elsewhere.
    var entryFilter: (positions: Bool, Void)?
    /// A choice or multiple choice question's option values, when the caller knows
    /// them (`nil`: unknown). Formwork requires a text compared with a choice to be
    /// one of its options, so a literal known to be one is compared directly
    /// (`$sel == 'yes'`, `'fr' in $langs`), anything else in a form that holds for
    /// any text (`string($sel) == 'yes'`).
    var options: @Sendable (XPathSymbol) -> [String]?
    /// How many groups lie between the current question and the entry of its
    /// innermost repeat (0: it is directly in the entry), so `position(..)` and
    /// `position(../..)` find the entry as JavaRosa does (a group's position is 1);
    /// `nil` when unknown: then `position(..)` is taken to be the entry's.
    var groupsInEntry: Int?
    /// The form's secondary instances (its choice lists, the files sent with it, its
    /// translations as `_itext`) by id, each with its columns, as data tables of the
    /// same names (no columns: a file not sent with the form, read as no rows).
    var tables: [String: [String]] = [:]
    /// A question's or group's absolute instance path by its Formwork id (so
    /// `${group}/q` reads `/data/group/q`); `nil` when unknown.
    var absolutePath: @Sendable (String) -> String? = { _ in nil }
    /// The form's version (settings' `version`, an XForm instance's `version`
    /// attribute), which `version()` reads.
    var formVersion = ""
    /// The loader's limits: an expression longer than `maximumExpressionLength` is
    /// not translated.
    var limits: Limits

    init(
        current: XPathSymbol? = nil, repeats: [String] = [],
        name: @escaping @Sendable (String) -> XPathSymbol? = { _ in nil },
        path: @escaping @Sendable (String) -> XPathSymbol? = { _ in nil }, node: String? = nil,
        choiceColumns: [String: String]? = nil,
        options: @escaping @Sendable (XPathSymbol) -> [String]? = { _ in nil }, groupsInEntry: Int? = nil,
        tables: [String: [String]] = [:], formVersion: String = "",
        absolutePath: @escaping @Sendable (String) -> String? = { _ in nil }, limits: Limits = .default
    ) {
        self.absolutePath = absolutePath
        self.tables = tables
        self.formVersion = formVersion
        self.current = current
        self.repeats = repeats
        self.name = name
        self.path = path
        self.node = node
        self.choiceColumns = choiceColumns
        self.options = options
        self.groupsInEntry = groupsInEntry
        self.limits = limits
    }
}
