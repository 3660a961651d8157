import Formwork

/// A sheet of an XLSForm (`survey`, `choices`, `settings`) as rows of values under
/// canonical column names: the header row's names lowercased, with XLSForm's
/// historical aliases resolved (`bind::relevant` and `relevance` are `relevant`,
/// `constraint message` is `constraint_message`, `control::jr:count` is
/// `repeat_count`, …) and a language split off (`label::English (en)` and the older
/// `label:English` are `label` in `English (en)`).
///
/// ```swift
/// let survey = XLSFormTable(workbook["survey"]!)
/// survey.rows[0]["label", language: "English (en)"]   // "What is your name?"
/// survey.reference(of: "relevant", in: survey.rows[3])   // "survey!D5"
/// ```
struct XLSFormTable: Sendable {
    /// A column: its canonical name and, for a translated column, its language as
    /// written (`English (en)`).
    struct Column: Sendable, Hashable {
        let name: String
        let language: String?
        /// The column's index in the sheet (from 0).
        let index: Int
        /// The header as written, trimmed (`Gov`): what a `choice_filter` names a
        /// column of the choices by, case and all, as XPath does.
        var written: String = ""
    }

    /// A row under the header: its number in the sheet and its values by column.
    struct Row: Sendable {
        let number: Int
        /// Each header column's cell, by the column's position in the header: `nil`
        /// without one, else its value trimmed (`nil` inside when that leaves nothing).
        let cells: [String??]
        let header: Header

        /// A row of `values` by sheet column (`Column.index`), under `columns`.
        init(number: Int, values: [Int: String], columns: [Column]) {
            self.init(number: number, values: values, header: Header(columns))
        }

        init(number: Int, values: [Int: String], header: Header) {
            self.init(
                number: number, header: header,
                cells: header.columns.map { column in values[column.index].map(Self.cell) })
        }

        init(number: Int, header: Header, cells: [String??]) {
            self.number = number
            self.header = header
            self.cells = cells
        }

        /// A value as a cell holds it: trimmed, `nil` when that leaves nothing.
        static func cell(_ value: String) -> String? {
            let trimmed = value.trimmed(.whitespacesAndNewlines)
            return trimmed.isEmpty ? nil : trimmed
        }

        /// The value in a column (a language's, for a translated one), trimmed;
        /// `nil` when empty (the first such column with a cell decides).
        subscript(name: String, language language: String? = nil) -> String? {
            for position in header.positions[Header.Key(name: name, language: language)] ?? [] {
                if let cell = cells[position] { return cell }
            }
            return nil
        }

        /// Every language's value of a translated column (and the untranslated one,
        /// under `nil`), in column order, trimmed (as JavaRosa reads a label).
        func translations(of name: String) -> [(language: String?, text: String)] {
            (header.positionsByName[name] ?? []).compactMap { position in
                guard case .some(.some(let text)) = cells[position] else { return nil }
                return (header.columns[position].language, text)
            }
        }
    }

    /// The header's columns, with the positions of each name (and language) among
    /// them: shared by the rows, so a value is found without a search.
    final class Header: Sendable {
        struct Key: Hashable {
            let name: String
            let language: String?
        }

        let columns: [Column]
        let positions: [Key: [Int]]
        let positionsByName: [String: [Int]]

        init(_ columns: [Column]) {
            self.columns = columns
            var positions: [Key: [Int]] = [:]
            var positionsByName: [String: [Int]] = [:]
            for (position, column) in columns.enumerated() {
                positions[Key(name: column.name, language: column.language), default: []].append(position)
                positionsByName[column.name, default: []].append(position)
            }
            self.positions = positions
            self.positionsByName = positionsByName
        }
    }

    /// The sheet's name as written.
    let sheet: String
    /// The header's columns, in order.
    let columns: [Column]
    /// The rows under the header that hold a value.
    let rows: [Row]
    /// The header row's number.
    let headerRow: Int
    /// Where each row came from when the table was not a sheet (an XForm's element,
    /// `form.xml:12:5`), by row number: references name it instead of a cell.
    var places: [Int: String] = [:]

    /// How cell values are cleaned as they are read, as pyxform cleans a workbook's
    /// (an XForm's tables are read as written, as JavaRosa reads them).
    enum Cleaning: Sendable {
        /// As written.
        case none
        /// Typographic quotes straightened (`‘yes’` is `'yes'`), as pyxform does in
        /// every sheet.
        case straightQuotes
        /// Quotes straightened, runs of spaces made one and the ends trimmed, as
        /// pyxform does in the `survey` sheet unless `clean_text_values` is `no`.
        case straightQuotesAndSpaces

        /// `value` cleaned.
        func apply(_ value: String) -> String {
            guard case .none = self else {
                var cleaned = value
                if value.unicodeScalars.contains(where: { Self.smartQuotes[$0] != nil }) {
                    cleaned = String(
                        String.UnicodeScalarView(value.unicodeScalars.map { Self.smartQuotes[$0] ?? $0 }))
                }
                if case .straightQuotesAndSpaces = self,
                    cleaned.contains("  ") || cleaned.first?.isWhitespace == true
                        || cleaned.last?.isWhitespace == true
                {
                    var collapsed = ""
                    var previousWasSpace = false
                    for character in cleaned {
                        if character == " ", previousWasSpace { continue }
                        previousWasSpace = character == " "
                        collapsed.append(character)
                    }
                    cleaned = collapsed.trimmed(.whitespacesAndNewlines)
                }
                return cleaned
            }
            return value
        }

        /// pyxform's `SMART_QUOTES`.
        static let smartQuotes: [Unicode.Scalar: Unicode.Scalar] = [
            "\u{2018}": "'", "\u{2019}": "'", "\u{201C}": "\"", "\u{201D}": "\"",
        ]
    }

    init(_ sheet: Sheet, cleaning: Cleaning = .none) {
        self.sheet = sheet.name
        guard let header = sheet.rows.first else {
            columns = []
            rows = []
            headerRow = 1
            return
        }
        headerRow = header.number
        let columns = header.cells.map { cell in
            let (name, language) = Self.canonical(cell.value.text)
            return Column(
                name: name, language: language, index: cell.column,
                written: cell.value.text.trimmed(.whitespacesAndNewlines))
        }
        self.columns = columns
        let shared = Header(columns)
        // Each sheet column's position in the header (-1: none), so that a row's cells
        // are placed without hashing.
        var positions = [Int](repeating: -1, count: (columns.map(\.index).max() ?? -1) + 1)
        for (position, column) in columns.enumerated() where positions[column.index] < 0 {
            positions[column.index] = position
        }
        rows = sheet.rows.dropFirst().map { row in
            var cells = [String??](repeating: nil, count: columns.count)
            for cell in row.cells where cell.column < positions.count {
                let position = positions[cell.column]
                // The first cell of a column counts (a sheet holds one per column).
                guard position >= 0, case .none = cells[position] else { continue }
                cells[position] = .some(Row.cell(cleaning.apply(cell.value.text)))
            }
            return Row(number: row.number, header: shared, cells: cells)
        }
    }

    /// A table that was never a sheet (an XForm's rows): `columns` as a header row
    /// would name them, each row's values by column position (a short row has no value
    /// in the columns past its end), numbered from 2 under the header as a sheet's
    /// would be; values as written (trimmed, as a sheet's cells are), and `places`
    /// where each row came from.
    init(sheet: String, columns names: [String], cells values: [[String?]], places: [Int: String]) {
        self.sheet = sheet
        headerRow = 1
        let columns = names.enumerated().map { index, written in
            let (name, language) = Self.canonical(written)
            return Column(name: name, language: language, index: index, written: written)
        }
        self.columns = columns
        let shared = Header(columns)
        rows = values.enumerated().map { number, row in
            var cells = [String??](repeating: nil, count: columns.count)
            // An empty value is no cell, as a sheet writes none; one of spaces is a
            // cell that holds nothing.
            for (position, value) in row.enumerated() where position < cells.count {
                if let value, !value.isEmpty { cells[position] = .some(Row.cell(value)) }
            }
            return Row(number: number + 2, header: shared, cells: cells)
        }
        self.places = places
    }

    /// The languages of the translated columns that hold a text, in order of
    /// appearance (pyxform writes no translation for a language whose columns are
    /// empty, so JavaRosa offers none).
    var languages: [String] {
        var seen = Set<String>()
        return columns.filter { hasText(in: $0) }.compactMap(\.language).filter { seen.insert($0).inserted }
    }

    /// Whether a row has a value in the column.
    func hasText(in column: Column) -> Bool {
        rows.contains { $0[column.name, language: column.language] != nil }
    }

    /// Whether the sheet has a column.
    func has(_ name: String) -> Bool { columns.contains { $0.name == name } }

    /// Where a row's value of a column is (`survey!D5`), for diagnostics; the row's
    /// first cell when the column is absent.
    func reference(of name: String, language: String? = nil, in row: Row) -> String {
        if Self.bindColumns.contains(name), let place = row["x_bind"] { return place }
        if let place = places[row.number] { return place }
        let column = columns.first { $0.name == name && $0.language == language }?.index ?? 0
        return "\(sheet)!\(Cell.columnName(column))\(row.number)"
    }

    /// The columns an XForm's bind gives (their place is the bind's: `x_bind`).
    static let bindColumns: Set<String> = [
        "relevant", "required", "constraint", "calculation", "read_only", "constraint_message", "required_message",
    ]

    // MARK: Names

    /// XLSForm's column aliases (pyxform's), by lowercased spelling.
    static let aliases: [String: String] = [
        "bind::relevant": "relevant", "relevance": "relevant", "bind::required": "required",
        "bind::constraint": "constraint", "bind::jr:constraintmsg": "constraint_message",
        "jr:constraintmsg": "constraint_message", "constraint message": "constraint_message",
        "bind::jr:requiredmsg": "required_message", "jr:requiredmsg": "required_message",
        "required message": "required_message", "bind::calculate": "calculation", "calculate": "calculation",
        "bind::readonly": "read_only", "readonly": "read_only", "read only": "read_only",
        "control::appearance": "appearance", "control::jr:count": "repeat_count", "jr:count": "repeat_count",
        "repeat count": "repeat_count", "choice filter": "choice_filter",
        "list name": "list_name", "image": "media::image", "audio": "media::audio", "video": "media::video",
        "big-image": "media::big-image", "guidance hint": "guidance_hint", "default language": "default_language",
        "form id": "form_id", "form title": "form_title", "caption": "label",
    ]

    /// Columns that are translated (`label::French`, `media::image::French`).
    static let translatable: Set<String> = [
        "label", "hint", "guidance_hint", "constraint_message", "required_message", "media::image", "media::audio",
        "media::video", "media::big-image",
    ]

    /// A header cell's canonical name and language.
    static func canonical(_ header: String) -> (name: String, language: String?) {
        let trimmed = header.trimmed(.whitespacesAndNewlines)
        let lowered = trimmed.lowercased()
        if let alias = aliases[lowered] { return (alias, nil) }
        // `name::language`, trying the longest translatable prefix first (`media::image::fr`).
        for base in translatable.sorted(by: { $0.count > $1.count }) {
            for separator in ["::", ":"] {
                let prefix = base + separator
                if lowered.hasPrefix(prefix), lowered.count > prefix.count {
                    return (base, String(trimmed.dropFirst(prefix.count)).trimmed(.whitespaces))
                }
            }
            for alias in aliases where alias.value == base {
                let prefix = alias.key + "::"
                if lowered.hasPrefix(prefix), lowered.count > prefix.count {
                    return (base, String(trimmed.dropFirst(prefix.count)).trimmed(.whitespaces))
                }
            }
        }
        return (lowered.replacingOccurrences(of: " ", with: "_"), nil)
    }

    /// A language as XLSForm writes it (`English (en)`, `French`, `fr`): a code for
    /// Formwork (`en`, `French`, `fr`) and a name (`English`, `French`, `fr`).
    ///
    /// A code is ASCII letters, digits, `-` and `_`, as Formwork's definitions take
    /// them: a name without a code gives one without its accents (`Français` gives
    /// `Francais`), with `_` for anything else (`Local language` gives `Local_language`).
    static func language(_ written: String) -> FormLanguage {
        let trimmed = written.trimmed(.whitespaces)
        if trimmed.hasSuffix(")"), let open = trimmed.lastIndex(of: "(") {
            let code = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
                .trimmed(.whitespaces)
            let name = trimmed[..<open].trimmed(.whitespaces)
            if !code.isEmpty, code.unicodeScalars.allSatisfy({ isCodeScalar($0) || $0 == "_" }) {
                return FormLanguage(code: code, name: name.isEmpty ? code : name)
            }
        }
        let folded = trimmed.folding(options: .diacriticInsensitive, locale: nil)
        let scalars = folded.unicodeScalars.map { isCodeScalar($0) ? $0 : "_" }
        let code = String(String.UnicodeScalarView(scalars.prefix(35)))
        return FormLanguage(code: code.isEmpty ? "default" : code, name: trimmed.isEmpty ? "default" : trimmed)
    }

    /// An ASCII letter or digit, or `-`.
    private static func isCodeScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-")
    }
}
