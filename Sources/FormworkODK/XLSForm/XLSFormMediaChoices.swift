import CSV
import Formwork
import Foundation

/// The choices of `select_one_from_file FILE` (and `select_multiple_from_file`): a
/// file sent with the form, found where Collect and Briefcase lay it out —
/// `FORM-media/` beside the form, then beside the form itself — and read as
/// JavaRosa reads it:
/// - a `.csv`: a header row, then a choice per row (its `name` and `label` columns by
///   default, the others for a `choice_filter`), read with CSV.swift;
/// - an `.xml`: the root's children, each a choice whose child elements are its
///   columns (`<item><name>…</name><label>…</label></item>`);
/// - a `.geojson`: a `FeatureCollection`, each feature a choice (`id`, or a property
///   `id`, its value; the `title` property its label; every property a column).
///
/// A file that is not there does not stop the form: JavaRosa loads it as an empty
/// list, so the question offers no choices, and `check` warns, saying where the file
/// was looked for. A file that cannot be read is an error at the question.
///
/// ```swift
/// XLSFormMediaChoices.load("villages.csv", form: "survey.xlsx", value: "name", label: "label")
/// // .choices([villages.csv!2: name "v1", label "Village 1", ...]) or .missing(["survey-media/villages.csv", …])
/// ```
enum XLSFormMediaChoices {
    /// What reading a file of choices found.
    enum Outcome: Sendable {
        case choices([XLSFormChoices.Choice])
        /// Not found: the paths looked at.
        case missing([String])
        /// Found and not readable: why.
        case unreadable(String)
    }

    /// The largest file read (as a workbook).
    static let maximumSize = WorkbookLimits.default.maximumFileSize
    /// The most choices a file gives.
    static let maximumChoices = WorkbookLimits.default.maximumRows

    /// Where a form's file is looked for, in order: `FORM-media/FILE`, then `FILE`
    /// beside the form (`media`, when given, alone).
    static func candidates(for file: String, form: String, media: String?) -> [String] {
        if let media { return [(media as NSString).appendingPathComponent(file)] }
        let directory = (form as NSString).deletingLastPathComponent
        let base = ((form as NSString).lastPathComponent as NSString).deletingPathExtension
        let mediaFolder = (directory as NSString).appendingPathComponent(base + "-media")
        return [
            (mediaFolder as NSString).appendingPathComponent(file),
            (directory as NSString).appendingPathComponent(file),
        ]
    }

    /// The choices of `file`, for a form at `form`, with the value and label read from
    /// the columns `value` and `label`.
    static func load(_ file: String, form: String, media: String?, value: String, label: String) -> Outcome {
        // A file name, not a path: nothing outside the form's folders is read.
        guard !file.contains("/"), !file.contains("\\"), file != "..", !file.isEmpty else {
            return .unreadable("'\(file)' is not a file name (a file sent with the form is named, not a path)")
        }
        let paths = candidates(for: file, form: form, media: media)
        guard let path = paths.first(where: { isRegularFile($0) }) else { return .missing(paths) }
        // Read through a handle, at most the limit and a byte (FileManager.contents
        // leaked its buffer under LeakSanitizer: `make fuzz FUZZ_TARGETS=media`).
        guard let handle = FileHandle(forReadingAtPath: path) else { return .unreadable("'\(path)' cannot be read") }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: maximumSize + 1) ?? Data(), data.count <= maximumSize else {
            return .unreadable(
                "'\(path)' cannot be read, or is more than the \(maximumSize) bytes a file of choices may have")
        }
        switch (file as NSString).pathExtension.lowercased() {
        case "csv": return csv(data, file: file, value: value, label: label)
        case "xml": return xml(data, file: file, value: value, label: label)
        case "geojson": return geoJSON(data, file: file, value: value, label: label)
        default: return .unreadable("'\(file)' is not a .csv, .xml or .geojson file")
        }
    }

    static func isRegularFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    /// A choice from its columns, or `nil` without a value.
    static func choice(
        _ columns: [String: String], value: String, label: String, place: String
    ) -> XLSFormChoices.Choice? {
        guard let name = columns[value], !name.isEmpty else { return nil }
        var properties = columns
        properties[value] = nil
        return XLSFormChoices.Choice(
            name: name, labels: columns[label].map { [(language: nil, text: $0)] } ?? [], properties: properties,
            place: place)
    }

    static func csv(_ data: Data, file: String, value: String, label: String) -> Outcome {
        let text = String(decoding: data, as: UTF8.self)
        let reader: CSVReader
        do {
            reader = try CSVReader(string: text, hasHeaderRow: true)
        } catch {
            return .unreadable("'\(file)' is not a CSV file with a header row: \(error)")
        }
        guard let header = reader.headerRow?.map({ $0.trimmed(.whitespaces) }) else {
            return .unreadable("'\(file)' has no header row")
        }
        guard header.contains(value) else {
            return .unreadable("'\(file)' has no '\(value)' column (its columns: \(header.joined(separator: ", ")))")
        }
        var choices: [XLSFormChoices.Choice] = []
        var row = 1
        while let fields = reader.next() {
            row += 1
            guard choices.count < maximumChoices else {
                return .unreadable("'\(file)' has more than \(maximumChoices) rows")
            }
            var columns: [String: String] = [:]
            for (name, field) in zip(header, fields) where columns[name] == nil { columns[name] = field }
            if let choice = choice(columns, value: value, label: label, place: "\(file)!\(row)") {
                choices.append(choice)
            }
        }
        if let error = reader.error { return .unreadable("'\(file)' cannot be read as CSV: \(error)") }
        return .choices(choices)
    }

    static func xml(_ data: Data, file: String, value: String, label: String) -> Outcome {
        let tree: XMLTree
        do {
            tree = try XMLTree(data)
        } catch {
            return .unreadable("'\(file)' \(error.line):\(error.column): \(error.message)")
        }
        var choices: [XLSFormChoices.Choice] = []
        for item in tree.root.children.prefix(maximumChoices) {
            var columns: [String: String] = [:]
            for child in item.children where columns[child.localName] == nil {
                columns[child.localName] = child.text.trimmed(.whitespacesAndNewlines)
            }
            if let choice = choice(columns, value: value, label: label, place: "\(file):\(item.line):\(item.column)") {
                choices.append(choice)
            }
        }
        return .choices(choices)
    }

    /// GeoJSON as JavaRosa reads it: a feature's `id` (or property `id`) is its value,
    /// its `title` property its label, a point's `geometry` the `lat lon 0 0` ODK writes.
    static func geoJSON(_ data: Data, file: String, value: String, label: String) -> Outcome {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            object["type"] as? String == "FeatureCollection", let features = object["features"] as? [[String: Any]]
        else { return .unreadable("'\(file)' is not a GeoJSON FeatureCollection") }
        var choices: [XLSFormChoices.Choice] = []
        for (index, feature) in features.prefix(maximumChoices).enumerated() {
            var columns: [String: String] = [:]
            for (key, property) in feature["properties"] as? [String: Any] ?? [:] {
                columns[key] = text(property)
            }
            if let id = feature["id"].map(text) { columns["id"] = id }
            if let geometry = feature["geometry"] as? [String: Any], geometry["type"] as? String == "Point",
                let coordinates = geometry["coordinates"] as? [Double], coordinates.count >= 2
            {
                columns["geometry"] =
                    "\(NumbersInText.java.text(coordinates[1])) \(NumbersInText.java.text(coordinates[0])) 0 0"
            }
            let valueColumn = value == "name" && columns["name"] == nil ? "id" : value
            let labelColumn = label == "label" && columns["label"] == nil ? "title" : label
            if let choice = choice(columns, value: valueColumn, label: labelColumn, place: "\(file)#\(index + 1)") {
                choices.append(choice)
            }
        }
        return .choices(choices)
    }

    static func text(_ value: Any) -> String {
        switch value {
        case let text as String: return text
        case let number as NSNumber: return NumbersInText.java.text(number.doubleValue)
        default: return "\(value)"
        }
    }
}
