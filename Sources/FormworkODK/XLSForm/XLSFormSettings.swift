/// The `settings` sheet of an XLSForm: its first row under the header, by canonical
/// column name (`form_id`, `form_title`, `version`, `default_language`, …), with the
/// older spellings resolved (`id_string` and `set form id` are `form_id`).
///
/// ```swift
/// let settings = XLSFormSettings(workbook["settings"].map { XLSFormTable($0) })
/// settings.formID                // "household_survey"
/// settings.version               // "2024091201" (a number cell keeps its digits)
/// ```
struct XLSFormSettings: Sendable {
    /// Every setting given, by canonical name.
    let values: [String: String]

    /// Reads the settings sheet; no sheet gives no settings.
    init(_ table: XLSFormTable?) {
        guard let table, let row = table.rows.first else {
            values = [:]
            return
        }
        var values: [String: String] = [:]
        for column in table.columns where column.language == nil {
            let name = Self.aliases[column.name] ?? column.name
            if values[name] == nil, let value = row[column.name] { values[name] = value }
        }
        self.values = values
    }

    static let aliases = [
        "id_string": "form_id", "set_form_id": "form_id", "title": "form_title", "set_form_title": "form_title",
        "default_language": "default_language",
    ]

    /// The form's id (`form_id`); `nil` when the sheet does not give one (the file's
    /// name is then used, as pyxform does).
    var formID: String? { values["form_id"] }
    var title: String? { values["form_title"] }
    var version: String? { values["version"] }
    /// The language shown first (`default_language`), as written (`English (en)`).
    var defaultLanguage: String? { values["default_language"] }
    /// Whether the survey sheet's texts have their runs of spaces collapsed and ends
    /// trimmed (`clean_text_values`, yes unless it says no, as pyxform reads it).
    var cleansTextValues: Bool {
        !["no", "false", "false()"].contains(values["clean_text_values"]?.lowercased() ?? "")
    }
    /// Whether a choice list may hold the same name twice.
    var allowsChoiceDuplicates: Bool {
        ["yes", "true", "true()", "1"].contains(values["allow_choice_duplicates"]?.lowercased() ?? "")
    }
}
