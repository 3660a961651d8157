import Formwork
import Foundation

/// A secondary instance of a form, as its expressions read it
/// (`instance('id')/root/item[…]/column`, `pulldata('id', …)`).
enum SecondaryInstance: Sendable {
    /// Rows of columns; a column with a text per language is written as a
    /// translated XLSForm column is (`label::English (en)`).
    case rows([[String: String]])
    /// A file sent with the form (`villages.csv`, `households.xml`), read from its
    /// media folder.
    case file(String)
    /// An XForm's translations by id and language (`_itext`): each id's plain text,
    /// else its long one, as `jr:itext()` reads it; rows only when read.
    case translations(XFormTexts)

    /// The rows, for `.rows` and `.translations`.
    var rows: [[String: String]]? {
        switch self {
        case .rows(let rows): return rows
        case .file: return nil
        case .translations(let texts):
            return texts.ids.map { id in
                var row = ["id": id]
                let plain = texts.plain(id)
                for (language, text) in plain.isEmpty ? texts.label(id) : plain {
                    row[XFormReader.column("label", language)] = text
                }
                return row
            }
        }
    }
}

/// The secondary instances expressions read, as the form's data tables (`data:`).
///
/// The instances are found as pyxform and JavaRosa find them: a choice list by its
/// name (pyxform writes each list as an instance of `item`s with `name`, `label` or
/// `itextId`, and the other columns); `pulldata('prices', …)`, a `csv-external` or
/// `xml-external` row and a `select_one_from_file` by the file sent with the form
/// (`prices.csv`, else `.xml`, else `.geojson`); an XForm's own instances, inline or
/// from a file; and `_itext`, the translations by id (`jr:itext()`). Only the
/// instances some expression reads become tables, so a form pays for no list it
/// does not look into. A file that is not sent with the form is a warning and an
/// instance with no rows, as JavaRosa loads it.
extension XLSFormReader {
    /// The instance ids the survey's and settings' cells read (`instance('x')`,
    /// `pulldata('x', …)`), each with the first cell reading it, and whether any cell
    /// calls `jr:itext()`.
    static func instancesRead(
        in table: XLSFormTable, settings: [(cell: String, place: String)]
    ) -> (ids: [(String, String)], itext: String?) {
        var cells: [(cell: String, place: () -> String)] = []
        for row in table.rows {
            for (position, column) in table.columns.enumerated() where position < row.cells.count {
                // Most cells (labels) call none of them: their bytes say so before any
                // search through their characters or Foundation.
                guard case .some(.some(let cell)) = row.cells[position],
                    cell.containsCall(toAnyOf: ["instance", "pulldata", "jr:itext"])
                else { continue }
                cells.append((cell, { table.reference(of: column.name, language: column.language, in: row) }))
            }
        }
        cells += settings.map { setting in (setting.cell, { setting.place }) }
        var ids: [(String, String)] = []
        var seen = Set<String>()
        var itext: String?
        for (cell, place) in cells {
            if itext == nil, cell.contains("jr:itext(") { itext = place() }
            for id in quotedArguments(of: ["instance", "pulldata"], in: cell) where seen.insert(id).inserted {
                ids.append((id, place()))
            }
        }
        return (ids, itext)
    }

    /// The first argument, when quoted, of each call of `functions` in `text`.
    static func quotedArguments(of functions: [String], in text: String) -> [String] {
        var found: [String] = []
        for function in functions {
            var rest = text[...]
            while let range = rest.range(of: function + "(") {
                rest = rest[range.upperBound...]
                let argument = rest.drop { $0 == " " }
                guard let quote = argument.first, quote == "'" || quote == "\"" else { continue }
                let body = argument.dropFirst()
                guard let end = body.firstIndex(of: quote) else { continue }
                found.append(String(body[..<end]))
            }
        }
        return found
    }

    /// The data tables for the instances the form reads: their columns (for the
    /// translation) and the `data:` entry of the definition; a file not sent with the
    /// form is reported.
    mutating func readInstances(given: [String: SecondaryInstance]) {
        let (ids, itextPlace) = Self.instancesRead(
            in: survey.table, settings: settings.values["instance_name"].map { [($0, "settings")] } ?? [])
        var document: [(String, DefinitionDocument)] = []
        var reads = ids
        if let entity, entity.entityID != nil, !reads.contains(where: { $0.0 == entity.dataset }) {
            // An update reads the entity's version in its list.
            reads.append((entity.dataset, "entities"))
        }
        if let itextPlace { reads.append((XPathTranslation.itextTable, itextPlace)) }
        for (id, place) in reads {
            let rows: [[String: String]]
            var columns: [String] = []
            if let instance = given[id] ?? survey.externalInstances[id].map(SecondaryInstance.file)
                ?? instance(named: id)
            {
                switch instance {
                case .rows, .translations: rows = instance.rows ?? []
                case .file(let file): (columns, rows) = read(file, for: id, at: place)
                }
            } else if let file = mediaFile(for: id) {
                (columns, rows) = read(file, for: id, at: place)
            } else {
                report(
                    .importNotice(
                        "instance('\(id)') is no list of the form and no file sent with it (looked for "
                            + "\(id).csv, \(id).xml and \(id).geojson): it has no rows, as JavaRosa loads it"),
                    at: place)
                rows = []
            }
            let table = dataTable(rows, columns: columns)
            dataTableColumns[id] = table.rows.isEmpty ? [] : table.columns
            if !table.rows.isEmpty { document.append((id, .list(table.rows))) }
        }
        dataDocument = document.isEmpty ? nil : .object(document)
    }

    /// An instance the form itself has: a choice list, or `_itext`.
    private func instance(named id: String) -> SecondaryInstance? {
        if id == XPathTranslation.itextTable {
            var rows: [[String: String]] = []
            for list in choices.order {
                for (index, choice) in (choices.lists[list] ?? []).enumerated() {
                    var row = ["id": "\(list)-\(index)"]
                    for (language, text) in choice.labels { row[Self.labelColumn(language)] = text }
                    rows.append(row)
                }
            }
            return .rows(rows)
        }
        guard let list = choices.lists[id] else { return nil }
        // pyxform writes a translated list's labels as `itextId`s (`jr:itext()` reads
        // them), an untranslated one's as `label`.
        let translated = list.contains { choice in choice.labels.contains { $0.language != nil } }
        return .rows(
            list.enumerated().map { index, choice in
                var row = choice.properties
                row["name"] = choice.name
                if translated {
                    row["itextId"] = "\(id)-\(index)"
                } else if let label = choice.labels.first(where: { $0.language == nil }) {
                    row["label"] = label.text
                }
                return row
            })
    }

    private static func labelColumn(_ language: String?) -> String {
        language.map { "label::" + $0 } ?? "label"
    }

    /// The file an instance id is read from, if one is sent with the form.
    private func mediaFile(for id: String) -> String? {
        let folder = media
        return ["csv", "xml", "geojson"].map { "\(id).\($0)" }.first { file in
            XLSFormMediaChoices.candidates(for: file, form: folder.formFile, media: folder.directory).contains {
                XLSFormMediaChoices.isRegularFile($0)
            }
        }
    }

    /// A file's rows, with the problem reported when it is missing or unreadable.
    private mutating func read(
        _ file: String, for id: String, at place: String
    ) -> (columns: [String], rows: [[String: String]]) {
        switch XLSFormMediaChoices.rows(file, form: media.formFile, media: media.directory) {
        case .rows(let table):
            return (table.columns, table.rows.map(\.columns))
        case .missing(let paths):
            report(
                .importNotice(
                    "'\(file)' (instance('\(id)')) is not sent with the form (looked for "
                        + paths.map { "'\($0)'" }.joined(separator: " and ") + "): it has no rows, as JavaRosa loads it"
                ), at: place)
        case .unreadable(let reason):
            report(.importError(reason, hint: nil), at: place)
        }
        return ([], [])
    }

    /// Rows as a data table's columns and `data:` rows: `label::English (en)` becomes
    /// the `label` column's text per language.
    private func dataTable(
        _ rows: [[String: String]], columns given: [String]
    ) -> (columns: [String], rows: [DefinitionDocument]) {
        var columns = given
        var seen = Set(given)
        for row in rows {
            for key in row.keys.sorted() {
                let column = key.components(separatedBy: "::").first ?? key
                if seen.insert(column).inserted { columns.append(column) }
            }
        }
        let translated = !writtenLanguages.isEmpty
        // An untranslated label beside translated ones is pyxform's `default` language.
        let defaultCode = writtenLanguages.contains(nil) ? Self.language(nil).code : defaultLanguage.code
        let documents = rows.map { row -> DefinitionDocument in
            var cells: [(String, DefinitionDocument)] = []
            var texts: [String: [(String, DefinitionDocument)]] = [:]
            for (key, value) in row.sorted(by: { $0.key < $1.key }) {
                let parts = key.components(separatedBy: "::")
                if parts.count == 2 || (translated && key == "label") {
                    let code = parts.count == 2 ? Self.language(parts[1]).code : defaultCode
                    if translated {
                        texts[parts[0], default: []].append((code, .string(value)))
                    } else {
                        cells.append((parts[0], .string(value)))
                    }
                } else {
                    cells.append((key, .string(value)))
                }
            }
            for (column, variants) in texts.sorted(by: { $0.key < $1.key }) {
                cells.append((column, .object(variants)))
            }
            return .object(cells)
        }
        return (columns, documents)
    }
}
