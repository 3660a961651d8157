import Formwork

/// A `type` cell of an XLSForm survey, read as XLSForm writes it: question types
/// (with their aliases: `select1`, `select all that apply`, `add integer prompt`…),
/// a select's list and `or_other`, the structure rows (`begin group`, `end repeat`),
/// and the metadata types a device fills in (`start`, `deviceid`, …).
///
/// ```swift
/// XLSFormType("select_one yes_no or_other")   // .selectOne(list: "yes_no", orOther: true)
/// XLSFormType("begin repeat")                 // .beginRepeat
/// XLSFormType("geoshape")                     // .geoshape
/// ```
///
/// Mapping the types onto Formwork's kinds is the form reader's job; this says what
/// a row is.
enum XLSFormType: Sendable, Equatable {
    case text
    case integer
    case decimal
    case range
    case date
    case time
    case dateTime
    case note
    case calculate
    case hidden
    case acknowledge
    case barcode
    /// `phone number`: a question (digits), not the device's `phonenumber` metadata.
    case phoneNumber
    case geopoint
    /// A line drawn on a map (`geotrace`), typed at a terminal as ODK writes it.
    case geotrace
    /// A shape drawn on a map (`geoshape`), typed at a terminal as ODK writes it.
    case geoshape
    /// A captured file: `image`, `audio`, `video`, `file`, `background-audio`.
    case media(String)
    case selectOne(list: String, orOther: Bool)
    case selectMultiple(list: String, orOther: Bool)
    case rank(list: String)
    /// `select_one_from_file cities.csv`: choices from a file beside the form.
    case selectFromFile(file: String, multiple: Bool)
    /// `select_one_external`: choices from the `external_choices` sheet.
    case selectExternal(list: String)
    case beginGroup
    case endGroup
    case beginRepeat
    case endRepeat
    /// `begin loop over LIST`: a group asked once per choice of a list.
    case beginLoop(list: String)
    case endLoop
    /// Filled in by the device, never asked: `start`, `end`, `today`, `deviceid`,
    /// `username`, `phonenumber`, `simserial`, `subscriberid`, `email`, `audit`,
    /// `start-geopoint`.
    case metadata(String)
    /// `csv-external`, `xml-external`: declares the instance of its name, read from the
    /// file of that name sent with the form (`prices.csv`), for expressions; not a
    /// question.
    case externalInstance(fileExtension: String)
    /// A type Formwork cannot represent, and why.
    case unsupported(String, reason: String)
    /// Not an XLSForm type; `suggestion` is the closest known one.
    case unknown(String, suggestion: String?)

    /// Reads a `type` cell (case and spacing as people write them).
    init(_ cell: String) {
        var words = Self.words(cell)
        // The older spellings: `… or specify other` for `or_other`, `select one from LIST`.
        if words.count > 3, words.suffix(3).map({ $0.lowercased() }) == ["or", "specify", "other"] {
            words = words.dropLast(3) + ["or_other"]
        }
        if words.first?.lowercased() == "select", let from = words.firstIndex(where: { $0.lowercased() == "from" }) {
            words.remove(at: from)
        }
        // pyxform's older spellings of the selects (`add select one prompt using LIST`,
        // `q select1 LIST`, `select multiple using LIST`).
        for (spelling, canonical) in Self.selectSpellings where words.count > spelling.count {
            if words.prefix(spelling.count).map({ $0.lowercased() }) == spelling {
                words = [canonical] + words.dropFirst(spelling.count)
                break
            }
        }
        let lowerWords = words.map { $0.lowercased() }
        if lowerWords.count == 4, lowerWords.prefix(3) == ["begin", "loop", "over"] {
            self = .beginLoop(list: words[3])
            return
        }
        guard let first = words.first?.lowercased() else {
            self = .unknown("", suggestion: nil)
            return
        }
        let rest = Array(words.dropFirst())
        let joined = words.map { $0.lowercased() }.joined(separator: " ")
        if let structure = Self.structure[joined] ?? Self.structure[first] {
            self = structure
            return
        }
        if let select = Self.select(first: first, rest: rest, joined: joined) {
            self = select
            return
        }
        if Self.selectWords.contains(first) {
            self = .unknown(cell.trimmed(.whitespaces), suggestion: "\(first) LIST_NAME")
            return
        }
        let name = Self.aliases[joined] ?? Self.aliases[first] ?? (Self.simple[joined] != nil ? joined : first)
        if let simple = Self.simple[name] {
            self = simple
            return
        }
        if let reason = Self.unsupported[name] {
            self = .unsupported(name, reason: reason)
            return
        }
        let known = Array(Self.simple.keys) + Array(Self.unsupported.keys) + ["select_one", "select_multiple", "rank"]
        self = .unknown(
            cell.trimmed(.whitespaces), suggestion: Suggestions.closest(to: first, in: known).first)
    }

    /// A cell's words, split at whitespace (at once for ASCII, whose whitespace bytes are
    /// its whitespace characters; `\r\n`, one character, is two separators of nothing).
    static func words(_ cell: String) -> [String] {
        guard cell.utf8.allSatisfy({ $0 < 0x80 }) else {
            return cell.split(whereSeparator: \.isWhitespace).map(String.init)
        }
        return cell.utf8.split(whereSeparator: { $0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D) }).map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    /// pyxform's multi-word spellings of `select_one` and `select_multiple`.
    static let selectSpellings: [([String], String)] = [
        (["add", "select", "one", "prompt", "using"], "select_one"),
        (["add", "select", "multiple", "prompt", "using"], "select_multiple"),
        (["select", "one", "using"], "select_one"), (["select", "multiple", "using"], "select_multiple"),
        (["q", "select1"], "select_one"), (["q", "select"], "select_multiple"),
        (["select", "one", "external"], "select_one_external"),
    ]

    static let selectWords: Set<String> = [
        "select_one", "select1", "select_multiple", "rank", "select_one_from_file", "select_multiple_from_file",
        "select_one_external",
    ]

    static let structure: [String: XLSFormType] = [
        "begin group": .beginGroup, "begin_group": .beginGroup, "end group": .endGroup, "end_group": .endGroup,
        "begin repeat": .beginRepeat, "begin_repeat": .beginRepeat, "end repeat": .endRepeat,
        "end_repeat": .endRepeat, "begin lgroup": .beginRepeat, "end lgroup": .endRepeat,
        "begin looped group": .beginRepeat, "end looped group": .endRepeat, "end loop": .endLoop,
        "end_loop": .endLoop,
    ]

    /// pyxform's spellings of the simple types.
    static let aliases: [String: String] = [
        "add integer prompt": "integer", "int": "integer", "add decimal prompt": "decimal",
        "add text prompt": "text", "string": "text", "add date prompt": "date", "add time prompt": "time",
        "add datetime prompt": "datetime", "add dateTime prompt": "datetime", "datetime": "datetime",
        "add note prompt": "note", "add image prompt": "image", "photo": "image", "add audio prompt": "audio",
        "add video prompt": "video", "add barcode prompt": "barcode", "add location prompt": "geopoint",
        "location": "geopoint", "gps": "geopoint", "trigger": "acknowledge", "q picture": "image",
        "imei": "deviceid", "uri:deviceid": "deviceid", "add acknowledge prompt": "acknowledge",
        "add calculate prompt": "calculate", "add date time prompt": "datetime", "add file prompt": "file",
        "device id": "deviceid", "get device id": "deviceid", "get end time": "end", "end time": "end",
        "get start time": "start", "start time": "start", "get today": "today", "get phone number": "phonenumber",
        "get sim id": "simserial", "sim id": "simserial", "get subscriber id": "subscriberid",
        "subscriber id": "subscriberid", "number of days in last month": "integer",
        "number of days in last six months": "integer", "number of days in last year": "integer",
        "percentage": "integer", "osm": "file", "q acknowledge": "acknowledge", "q audio": "audio",
        "q barcode": "barcode", "q calculate": "calculate", "q date": "date", "q date time": "datetime",
        "q datetime": "datetime", "q decimal": "decimal", "q geopoint": "geopoint", "q location": "geopoint",
        "q geoshape": "geoshape", "q geotrace": "geotrace", "q image": "image", "q int": "integer",
        "q note": "note", "q string": "text", "q video": "video",
        "uri:phonenumber": "phonenumber", "uri:username": "username", "uri:email": "email",
        "uri:simserial": "simserial", "uri:subscriberid": "subscriberid",
    ]

    static let simple: [String: XLSFormType] = [
        "text": .text, "integer": .integer, "decimal": .decimal, "range": .range, "date": .date, "time": .time,
        "datetime": .dateTime, "note": .note, "calculate": .calculate, "hidden": .hidden,
        "acknowledge": .acknowledge, "barcode": .barcode, "phone number": .phoneNumber, "geopoint": .geopoint,
        "geotrace": .geotrace, "geoshape": .geoshape,
        "image": .media("image"),
        "audio": .media("audio"), "video": .media("video"), "file": .media("file"),
        "background-audio": .media("background-audio"), "start": .metadata("start"), "end": .metadata("end"),
        "today": .metadata("today"), "deviceid": .metadata("deviceid"), "username": .metadata("username"),
        "phonenumber": .metadata("phonenumber"), "simserial": .metadata("simserial"),
        "subscriberid": .metadata("subscriberid"), "email": .metadata("email"), "audit": .metadata("audit"),
        "start-geopoint": .metadata("start-geopoint"),
        "background-geopoint": .metadata("background-geopoint"),
        "csv-external": .externalInstance(fileExtension: "csv"),
        "xml-external": .externalInstance(fileExtension: "xml"),
    ]

    static let unsupported: [String: String] = [
        "entity": "an entity of ODK Central's lists is declared in the entities sheet, not as a question"
    ]

    /// `select_one list`, `select all that apply list or_other`, `rank list`, and the
    /// file and external selects.
    static func select(first: String, rest: [String], joined: String) -> XLSFormType? {
        let lowered = rest.map { $0.lowercased() }
        let orOther = lowered.last == "or_other"
        let arguments = orOther ? Array(rest.dropLast()) : rest
        func list(after count: Int) -> String? { arguments.count == count + 1 ? arguments[count] : nil }
        switch first {
        case "select_one", "select1":
            guard let list = list(after: 0) else { return nil }
            return .selectOne(list: list, orOther: orOther)
        case "select_multiple":
            guard let list = list(after: 0) else { return nil }
            return .selectMultiple(list: list, orOther: orOther)
        case "rank":
            guard let list = list(after: 0) else { return nil }
            return .rank(list: list)
        case "select_one_from_file", "select_multiple_from_file":
            guard let file = list(after: 0) else { return nil }
            return .selectFromFile(file: file, multiple: first == "select_multiple_from_file")
        case "select_one_external":
            guard let list = list(after: 0) else { return nil }
            return .selectExternal(list: list)
        default: break
        }
        // Spelled in words: `select one list`, `select all that apply list`.
        for (prefix, multiple) in [
            ("select one ", false), ("select all that apply ", true), ("select multiple ", true),
        ]
        where joined.hasPrefix(prefix) {
            let tail = rest.dropFirst(prefix.split(separator: " ").count - 1)
            guard tail.count == 1 || (tail.count == 2 && orOther) else { return nil }
            let list = tail.first!
            return multiple ? .selectMultiple(list: list, orOther: orOther) : .selectOne(list: list, orOther: orOther)
        }
        return nil
    }
}
