import Foundation

/// A small XLSForm as data: survey rows, choices rows and settings, each row a map
/// from column header (`label::English (en)`) to cell. `RandomODKFormGenerator`
/// makes them; `workbook()` writes them as an `.xlsx` (through `XLSFormBuilder`);
/// `shrinkCandidates()` lists smaller forms for a shrinker to try; and they are saved,
/// as JSON, with the regressions they found (`Regressions/*.json`).
struct RandomODKForm: Codable, Equatable, CustomStringConvertible {
    static let english = "English (en)"
    static let french = "Français (fr)"

    var survey: [[String: String]] = []
    var choices: [[String: String]] = []
    var settings: [String: String] = [:]
    /// The files the form is sent with (name → text: CSV attachments), written in its
    /// media folder (`FORM-media/` beside it, where Collect, the oracle and Formwork
    /// look); `nil` for none (and in regressions saved before forms had them).
    var media: [String: String]?

    /// Writes the media files in the media folder of the form at `form` (a workbook or
    /// its XForm: `NAME-media/` beside it); returns the folder, or `nil` when there are none.
    @discardableResult
    func writeMedia(besideForm form: URL) throws -> URL? {
        guard let media, !media.isEmpty else { return nil }
        let directory = URL(fileURLWithPath: form.deletingPathExtension().path + "-media")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, text) in media { try Data(text.utf8).write(to: directory.appendingPathComponent(name)) }
        return directory
    }

    /// Columns in the order they are written (others follow, sorted).
    static let surveyColumns = [
        "type", "name", "label::\(english)", "label::\(french)", "label", "hint::\(english)", "hint::\(french)", "hint",
        "relevant", "required", "required_message::\(english)", "required_message::\(french)", "required_message",
        "constraint", "constraint_message::\(english)", "constraint_message::\(french)", "constraint_message",
        "calculation", "choice_filter", "repeat_count", "appearance", "parameters",
    ]
    static let choiceColumns = ["list_name", "name", "label::\(english)", "label::\(french)", "label", "parent"]
    static let settingColumns = ["form_title", "form_id", "default_language"]

    /// The rows of a sheet with a header of the columns used.
    static func sheet(_ rows: [[String: String]], columns order: [String]) -> [[String]] {
        let used = Set(rows.flatMap(\.keys))
        let columns = order.filter(used.contains) + used.subtracting(order).sorted()
        return [columns] + rows.map { row in columns.map { row[$0] ?? "" } }
    }

    /// The sheets, as `XLSFormBuilder.workbook` takes them.
    var sheets: [(String, [[String]])] {
        var sheets = [("survey", Self.sheet(survey, columns: Self.surveyColumns))]
        if !choices.isEmpty { sheets.append(("choices", Self.sheet(choices, columns: Self.choiceColumns))) }
        if !settings.isEmpty { sheets.append(("settings", Self.sheet([settings], columns: Self.settingColumns))) }
        return sheets
    }

    func workbook() throws -> [UInt8] { try XLSFormBuilder.workbook(sheets) }

    /// The languages written in column headers.
    var languages: [String] {
        let headers = Set(survey.flatMap(\.keys) + choices.flatMap(\.keys))
        return [Self.english, Self.french].filter { language in headers.contains { $0.hasSuffix("::" + language) } }
    }

    /// The sheets as text, one row a line (for failure messages).
    var description: String {
        sheets.map { name, rows in
            "[\(name)]\n" + rows.map { $0.joined(separator: " | ") }.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    // MARK: Shrinking

    /// Smaller forms, biggest cuts first: a group's or repeat's whole block, one row, a
    /// group unwrapped, one choice, the second language, one cell (an expression, a
    /// hint, a message). Some may not be valid forms: the shrinker keeps only those
    /// where the same difference remains.
    func shrinkCandidates() -> [RandomODKForm] {
        var candidates: [RandomODKForm] = []
        // Blocks (begin … end) and single rows.
        for (index, row) in survey.enumerated() {
            let type = row["type"] ?? ""
            if type.hasPrefix("begin_"), let end = matchingEnd(of: index) {
                var smaller = self
                smaller.survey.removeSubrange(index...end)
                candidates.append(smaller)
                var unwrapped = self
                unwrapped.survey.remove(at: end)
                unwrapped.survey.remove(at: index)
                candidates.append(unwrapped)
            } else if !type.hasPrefix("end_") {
                var smaller = self
                smaller.survey.remove(at: index)
                candidates.append(smaller)
            }
        }
        for index in choices.indices {
            var smaller = self
            smaller.choices.remove(at: index)
            candidates.append(smaller)
        }
        if languages.count == 2 { candidates.append(droppingLanguage(Self.french, keeping: Self.english)) }
        if languages.count == 1, let only = languages.first { candidates.append(droppingLanguage(nil, keeping: only)) }
        // Cells, one at a time.
        let removable = [
            "relevant", "required", "constraint", "choice_filter", "repeat_count", "appearance",
        ]
        for (index, row) in survey.enumerated() {
            for column in row.keys.sorted()
            where removable.contains(column) || column.hasPrefix("hint") || column.hasPrefix("required_message")
                || column.hasPrefix("constraint_message")
            {
                var smaller = self
                smaller.survey[index][column] = nil
                if column == "constraint" || column == "required" {
                    smaller.survey[index] = smaller.survey[index].filter { !$0.key.hasPrefix(column + "_message") }
                }
                candidates.append(smaller)
            }
            // A label without `${…}`.
            for column in row.keys.sorted() where column.hasPrefix("label") && row[column]!.contains("${") {
                var smaller = self
                smaller.survey[index][column] = "Q"
                candidates.append(smaller)
            }
        }
        if settings["default_language"] != nil {
            var smaller = self
            smaller.settings["default_language"] = nil
            candidates.append(smaller)
        }
        return candidates
    }

    /// The row that closes the group or repeat opened at `index`.
    func matchingEnd(of index: Int) -> Int? {
        var depth = 0
        for position in index..<survey.count {
            let type = survey[position]["type"] ?? ""
            if type.hasPrefix("begin_") { depth += 1 }
            if type.hasPrefix("end_") { depth -= 1 }
            if depth == 0 { return position }
        }
        return nil
    }

    /// The form with one language's columns removed (`nil`: the other is made the
    /// untranslated column, `label`).
    func droppingLanguage(_ dropped: String?, keeping kept: String) -> RandomODKForm {
        func rewrite(_ row: [String: String]) -> [String: String] {
            var result: [String: String] = [:]
            for (column, value) in row {
                if let dropped, column.hasSuffix("::" + dropped) { continue }
                if dropped == nil, column.hasSuffix("::" + kept) {
                    result[String(column.dropLast(kept.count + 2))] = value
                } else {
                    result[column] = value
                }
            }
            return result
        }
        var smaller = self
        smaller.survey = survey.map(rewrite)
        smaller.choices = choices.map(rewrite)
        if dropped == nil || settings["default_language"] == dropped { smaller.settings["default_language"] = nil }
        return smaller
    }
}
