import Foundation

/// XLSForms whose choices come from CSV files sent with them (`select_one_from_file`),
/// written to a folder as ODK Collect lays them out: `NAME.xlsx` and its files in
/// `NAME-media/`.
enum GeneratedCSVForm {
    /// A `questions`-question form (as `ImportCase.workbook` generates them) in which
    /// `files` questions are `select_one_from_file` over a file of `rows / files` places
    /// each (name, label, region), every other one with a `choice_filter` on the
    /// region answered at the start: `rows` rows in all.
    static func long(questions: Int, files: Int, rows: Int, in folder: BenchFolder) -> URL {
        var survey = ImportCase.surveyRows(questions: questions)
        let header = survey.removeFirst()
        var fileRows: [[String]] = [["select_one regions", "region", "Region"]]
        for file in 0..<files {
            // Under the columns of `ImportCase.surveyRows`, and `choice_filter`.
            let filter = file % 2 == 0 ? "region=${region}" : ""
            fileRows.append(
                ["select_one_from_file places\(file).csv", "place\(file)", "Place \(file)", "", "", "", "", filter])
            folder.write("long-media/places\(file).csv", csv(rows: rows / files, regions: 100, prefix: "f\(file)p"))
        }
        // The file questions go after the first group's opening row, so every group
        // keeps its size.
        let columns = header + ["choice_filter"]
        survey.insert(contentsOf: fileRows, at: 1)
        return folder.write(
            "long.xlsx",
            Data(onOwnInput("write the XLSForm") { try ImportCase.xlsx(workbook(columns, survey)) }))
    }

    /// `NAME.xlsx`: a region to choose (of 100), and a village from a file of `rows`
    /// villages (as many in each region), filtered by the region: the session of a
    /// keystroke that filters.
    static func villages(rows: Int, named name: String, in folder: BenchFolder) -> URL {
        let survey = [
            ["type", "name", "label", "choice_filter"],
            ["select_one regions", "region", "Region"],
            ["select_one_from_file villages.csv", "village", "Village", "region=${region}"],
            ["text", "remark", "Remark"],
        ]
        folder.write("\(name)-media/villages.csv", csv(rows: rows, regions: 100, prefix: "v"))
        return folder.write(
            "\(name).xlsx",
            Data(
                onOwnInput("write the XLSForm") { try ImportCase.xlsx(workbook(survey[0], Array(survey.dropFirst()))) })
        )
    }

    /// The sheets: the survey, `ImportCase`'s lists and 100 regions (`r0`…) in
    /// `choices`, and settings.
    static func workbook(_ columns: [String], _ survey: [[String]]) -> [(String, [[String]])] {
        let regions = (0..<100).map { ["regions", "r\($0)", "Region \($0)"] }
        return [
            ("survey", [columns] + survey), ("choices", ImportCase.choiceRows + regions),
            ("settings", [["form_id"], ["bench_csv"]]),
        ]
    }

    /// `rows` places: `name,label,region`, the region `r0`…`r(regions - 1)` in turn.
    static func csv(rows: Int, regions: Int, prefix: String) -> String {
        var text = "name,label,region\n"
        text.reserveCapacity(rows * 40)
        for row in 0..<rows {
            text += "\(prefix)\(row),Place \(row) of \(prefix),r\(row % regions)\n"
        }
        return text
    }
}
