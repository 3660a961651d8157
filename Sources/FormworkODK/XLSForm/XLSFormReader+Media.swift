import Formwork

/// Where the files sent with a form are: beside its file (`FORM-media/`, then the
/// form's own folder), or in the folder `--media` names.
struct MediaFolder: Sendable {
    /// The form's file, whose folder holds them.
    let formFile: String
    /// The folder `--media` names, looked in alone.
    let directory: String?
}

extension XLSFormReader {
    /// The choices of every `select_one_from_file` (and `select_multiple_from_file`)
    /// of the survey, each file read once, as lists named by the file: the question
    /// then reads them as it reads a choices sheet's list (labels, `choice_filter`).
    /// A missing file is a warning and an empty list, as JavaRosa loads it; one that
    /// cannot be read is an error at the question's type (the problems returned).
    static func mediaChoices(
        in survey: XLSFormTable, media: MediaFolder
    ) -> (XLSFormChoices, [XLSFormProblem]) {
        var mediaProblems: [XLSFormProblem] = []
        var lists: [String: [XLSFormChoices.Choice]] = [:]
        var order: [String] = []
        for row in survey.rows {
            // `select_one_from_file` holds `file`: other cells are not parsed.
            guard let cell = row["type"], cell.containsASCIIIgnoringCase("file"),
                case .selectFromFile(let file, _) = XLSFormType(cell), lists[file] == nil
            else { continue }
            let parameters = Self.parameters(row["parameters"])
            let place = survey.reference(of: "type", in: row)
            order.append(file)
            switch XLSFormMediaChoices.load(
                file, form: media.formFile, media: media.directory, value: parameters["value"] ?? "name",
                label: parameters["label"] ?? "label")
            {
            case .choices(let choices):
                lists[file] = choices
            case .missing(let paths):
                lists[file] = []
                mediaProblems.append(
                    XLSFormProblem(
                        place: place,
                        message: "'\(file)' is not sent with the form (looked for "
                            + paths.map { "'\($0)'" }.joined(separator: " and ")
                            + "): the question offers no choices, as JavaRosa loads it",
                        isNotice: true))
            case .unreadable(let reason):
                lists[file] = []
                mediaProblems.append(XLSFormProblem(place: place, message: reason))
            }
        }
        return (XLSFormChoices(lists: lists, order: order, problems: []), mediaProblems)
    }

    /// `parameters` as XLSForm writes them: `key=value` pairs, separated by spaces,
    /// commas or semicolons (`value=code label=title`), keys lowercased.
    static func parameters(_ cell: String?) -> [String: String] {
        var parameters: [String: String] = [:]
        for pair in (cell ?? "").split(whereSeparator: { $0 == " " || $0 == ";" || $0 == "," }) {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmed(.whitespaces) }
            if parts.count == 2 { parameters[parts[0].lowercased()] = parts[1] }
        }
        return parameters
    }
}
