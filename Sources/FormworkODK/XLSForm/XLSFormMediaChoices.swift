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

    /// A file's rows: each a mapping of column to text, with its place
    /// (`villages.csv!2`), and the columns in the order the file gives them.
    struct Rows: Sendable {
        var columns: [String] = []
        var rows: [(columns: [String: String], place: String)] = []
    }

    /// What reading a file of rows found.
    enum RowsOutcome: Sendable {
        case rows(Rows)
        /// Not found: the paths looked at.
        case missing([String])
        /// Found and not readable: why.
        case unreadable(String)
    }

    /// The choices of `file`, for a form at `form`, with the value and label read from
    /// the columns `value` and `label`.
    static func load(_ file: String, form: String, media: String?, value: String, label: String) -> Outcome {
        switch rows(file, form: form, media: media) {
        case .missing(let paths): return .missing(paths)
        case .unreadable(let reason): return .unreadable(reason)
        case .rows(let table):
            let isGeoJSON = (file as NSString).pathExtension.lowercased() == "geojson"
            if !isGeoJSON, (file as NSString).pathExtension.lowercased() == "csv", !table.columns.contains(value) {
                return .unreadable(
                    "'\(file)' has no '\(value)' column (its columns: \(table.columns.joined(separator: ", ")))")
            }
            return .choices(
                table.rows.compactMap { row in
                    // GeoJSON: a feature's id is its value, its title its label, unless the
                    // file has `name` and `label` properties.
                    let valueColumn = isGeoJSON && value == "name" && row.columns["name"] == nil ? "id" : value
                    let labelColumn = isGeoJSON && label == "label" && row.columns["label"] == nil ? "title" : label
                    return choice(row.columns, value: valueColumn, label: labelColumn, place: row.place)
                })
        }
    }

    /// The rows of `file` (a `.csv`, `.xml` or `.geojson` sent with a form at `form`).
    static func rows(_ file: String, form: String, media: String?) -> RowsOutcome {
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
                "'\(path)' cannot be read, or is more than the \(maximumSize) bytes a file sent with a form may have")
        }
        switch (file as NSString).pathExtension.lowercased() {
        case "csv": return csv(data, file: file)
        case "xml": return xml(data, file: file)
        case "geojson": return geoJSON(data, file: file)
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

    static func csv(_ data: Data, file: String) -> RowsOutcome {
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
        var table = Rows()
        for name in header where !table.columns.contains(name) { table.columns.append(name) }
        var row = 1
        while let fields = reader.next() {
            row += 1
            guard table.rows.count < maximumChoices else {
                return .unreadable("'\(file)' has more than \(maximumChoices) rows")
            }
            var columns: [String: String] = [:]
            for (name, field) in zip(header, fields) where columns[name] == nil { columns[name] = field }
            table.rows.append((columns, "\(file)!\(row)"))
        }
        if let error = reader.error { return .unreadable("'\(file)' cannot be read as CSV: \(error)") }
        return .rows(table)
    }

    static func xml(_ data: Data, file: String) -> RowsOutcome {
        let tree: XMLTree
        do {
            tree = try XMLTree(data)
        } catch {
            return .unreadable("'\(file)' \(error.line):\(error.column): \(error.message)")
        }
        var table = Rows()
        for item in tree.root.children.prefix(maximumChoices) {
            var columns: [String: String] = [:]
            for child in item.children where columns[child.localName] == nil {
                columns[child.localName] = child.text.trimmed(.whitespacesAndNewlines)
                if !table.columns.contains(child.localName) { table.columns.append(child.localName) }
            }
            table.rows.append((columns, "\(file):\(item.line):\(item.column)"))
        }
        return .rows(table)
    }

    /// GeoJSON as JavaRosa reads it: each feature a row of its properties, its `id`
    /// (or property `id`), and a point's `geometry` as the `lat lon 0 0` ODK writes.
    static func geoJSON(_ data: Data, file: String) -> RowsOutcome {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            object["type"] as? String == "FeatureCollection", let features = object["features"] as? [[String: Any]]
        else { return .unreadable("'\(file)' is not a GeoJSON FeatureCollection") }
        var table = Rows()
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
            for key in columns.keys.sorted() where !table.columns.contains(key) { table.columns.append(key) }
            table.rows.append((columns, "\(file)#\(index + 1)"))
        }
        return .rows(table)
    }

    static func text(_ value: Any) -> String {
        switch value {
        case let text as String: return text
        case let number as NSNumber: return NumbersInText.java.text(number.doubleValue)
        default: return "\(value)"
        }
    }
}
