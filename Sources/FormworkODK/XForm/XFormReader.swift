import Foundation

/// Reads an ODK XForm (`.xml`) as the sheets of the XLSForm it would be written as,
/// so one reader (`XLSFormReader`) turns both formats into a Formwork definition: the
/// primary instance gives the questions and groups in order (as the submission
/// writes them), the model's binds their type, `relevant`, `required`, `constraint`
/// (and its `jr:constraintMsg`), `calculate`, `readonly` and `jr:preload`, the body's
/// controls their kind, label, hint, appearance and choices (inline items, or an
/// itemset over a secondary instance, its predicate the choice filter), `itext` the
/// translations, `<output value=…/>` the answers labels show, and `setvalue` the
/// defaults and triggers. Expressions stay XPath with absolute paths; each row's place
/// is its element's line and column (`form.xml:123:9`).
struct XFormReader {
    /// The settings sheet, and each row's place in the document by sheet and row number.
    private(set) var settings: [[String]] = []
    var places: [String: [Int: String]] = ["survey": [:], "choices": [:]]
    private(set) var problems: [XLSFormProblem] = []

    let fileName: String
    /// The survey's rows and the choices'.
    var rows = XFormRows(columns: ["type", "name"])
    var choiceRows = XFormRows(columns: ["list_name", "name", "label"])
    /// The paths of the repeats written as rows.
    var repeatRows: Set<String> = []
    /// The secondary instances whose items are in `choiceRows` (`instance:ID`).
    var instanceLists: Set<String> = []
    /// Binds by node path.
    var binds: [String: XMLTree.Element] = [:]
    /// Body controls, groups and repeats by the path they refer to.
    var controls: [String: XMLTree.Element] = [:]
    var groups: [String: XMLTree.Element] = [:]
    var repeats: [String: XMLTree.Element] = [:]
    /// The translations.
    var translated = XFormTexts(itext: nil)
    var languages: [String] { translated.languages }
    var secondary: [String: XMLTree.Element] = [:]
    /// `setvalue` on first load (defaults) and on a control's change (triggers), by ref.
    var firstLoad: [String: String] = [:]
    /// Elements of each path in the primary instance, templates left out.
    var initialEntries: [String: Int] = [:]
    var triggers: [String: String] = [:]
    var listCount = 0
    /// `meta/entity` as pyxform's entities sheet (header and one row), if the form has it.
    var entities: [[String]] = []

    /// The sheets of the XForm `tree`.
    init(_ tree: XMLTree, fileName: String) {
        self.fileName = fileName
        let html = tree.root
        guard let head = html.child(named: "head"), let model = head.child(named: "model") else {
            problems.append(
                XLSFormProblem(
                    place: place(html),
                    message: "not an XForm: there is no h:head/model (an XForm is an h:html "
                        + "document with the model in its head and the questions in its body)"))
            return
        }
        let instances = model.children(named: "instance")
        guard let instance = instances.first(where: { $0.attribute("id") == nil }),
            let primary = instance.children.first
        else {
            problems.append(XLSFormProblem(place: place(model), message: "the model has no primary instance"))
            return
        }
        for instance in instances { if let id = instance.attribute("id") { secondary[id] = instance } }
        translated = XFormTexts(itext: model.child(named: "itext"))
        let root = "/" + primary.localName
        for bind in model.children(named: "bind") {
            // JavaRosa resolves a relative nodeset (`b`, `./b`, `g/b`) against the root.
            if let nodeset = bind.attribute("nodeset") { binds[Self.resolve(nodeset, against: root)] = bind }
        }
        for setvalue in model.children(named: "setvalue")
        where setvalue.attribute("event")?.contains("first-load") == true {
            if let ref = setvalue.attribute("ref") {
                firstLoad[ref] = setvalue.attribute("value") ?? "'\(setvalue.text)'"
            }
        }
        if let body = html.child(named: "body") { indexBody(body, base: root) }
        // JavaRosa takes a value listed twice in one list.
        var settingsRow = [
            "allow_choice_duplicates": "yes",
            "form_id": primary.attribute("id") ?? primary.localName, "name": primary.localName,
            "form_title": head.child(named: "title")?.text ?? "",
        ]
        if let version = primary.attribute("version") { settingsRow["version"] = version }
        let (namespace, prefixes) = Self.submissionNamespaces(
            html: html, instance: primary, path: [head, model, instance])
        if let namespace { settingsRow["x_namespace"] = namespace }
        if !prefixes.isEmpty {
            settingsRow["x_namespaces"] = prefixes.map { $0.prefix + "=" + $0.uri }.joined(separator: " ")
        }
        if let language = translated.defaultLanguage { settingsRow["default_language"] = language }
        // Where the instance keeps its id (`meta/instanceID`, `jr:preload="uid"`), if it does.
        let uid = binds.first { $0.value.attribute("preload") == "uid" }?.key
        let rootPath = "/" + primary.localName + "/"
        settingsRow["x_instance_id"] =
            uid.map { $0.hasPrefix(rootPath) ? String($0.dropFirst(rootPath.count)) : $0 } ?? "-"
        let settingsColumns = Array(settingsRow.keys.sorted())
        settings = [settingsColumns, settingsColumns.map { settingsRow[$0] ?? "" }]
        readEntity(primary.child(named: "meta")?.child(named: "entity"), root: "/" + primary.localName)
        countEntries(primary, path: "/" + primary.localName)
        for child in primary.children { walk(child, path: "/" + primary.localName + "/" + child.localName) }
    }

    /// The namespaces JavaRosa writes on a submission's root: the instance root's own
    /// namespace (its `xmlns`, or its prefix's, declared on it or inherited from
    /// `path`, the elements between the document's root and the instance) unless it is
    /// the document's default (the XForms namespace, which JavaRosa leaves out); then
    /// the prefixes declared on the instance root and on the document's root
    /// (`xmlns:jr`…), the latter's winning for a prefix both declare.
    static func submissionNamespaces(
        html: XMLTree.Element, instance: XMLTree.Element, path: [XMLTree.Element]
    ) -> (namespace: String?, prefixes: [(prefix: String, uri: String)]) {
        let documentDefault = html.attributes["xmlns"] ?? ""
        let name = instance.name.split(separator: ":", maxSplits: 1)
        let declaration = name.count == 2 ? "xmlns:" + name[0] : "xmlns"
        let inherited = ([html] + path + [instance]).compactMap { $0.attributes[declaration] }.last ?? ""
        let namespace = inherited.isEmpty || inherited == documentDefault ? nil : inherited
        var prefixes: [(prefix: String, uri: String)] = []
        for element in [instance, html] {
            for (name, uri) in element.attributes.sorted(by: { $0.key < $1.key }) where name.hasPrefix("xmlns:") {
                let prefix = String(name.dropFirst("xmlns:".count))
                prefixes.removeAll { $0.prefix == prefix }
                prefixes.append((prefix, uri))
            }
        }
        return (namespace, prefixes)
    }

    /// `123:9`: the element's line and column (rendered after the file's path).
    func place(_ element: XMLTree.Element) -> String { "\(element.line):\(element.column)" }

    // MARK: Model and body

    /// Indexes the body's groups, repeats and controls by the paths they refer to: a
    /// relative `ref` (`b`, `g/b`) resolved against the enclosing group's or repeat's
    /// (`base`), as JavaRosa resolves it.
    private mutating func indexBody(_ element: XMLTree.Element, base: String) {
        for child in element.children {
            switch child.localName {
            case "group":
                let ref = child.attribute("ref").map { Self.resolve($0, against: base) }
                if let ref { groups[ref] = child }
                indexBody(child, base: ref ?? base)
            case "repeat":
                let nodeset = child.attribute("nodeset").map { Self.resolve($0, against: base) }
                if let nodeset { repeats[nodeset] = child }
                indexBody(child, base: nodeset ?? base)
            case "input", "select1", "select", "rank", "trigger", "upload", "range", "odk:rank":
                let ref = child.attribute("ref").map { Self.resolve($0, against: base) }
                if let key = ref ?? child.attribute("bind") { controls[key] = child }
                for setvalue in child.children(named: "setvalue") {
                    if let target = setvalue.attribute("ref"), let ref {
                        triggers[target] = ref
                        if let value = setvalue.attribute("value") { firstLoad["trigger-value:" + target] = value }
                    }
                }
            case "setvalue":
                if child.attribute("event")?.contains("first-load") == true, let ref = child.attribute("ref") {
                    firstLoad[ref] = child.attribute("value") ?? "'\(child.text)'"
                }
            default: indexBody(child, base: base)
            }
        }
    }

    /// The absolute path JavaRosa resolves a `nodeset` or `ref` to: an absolute one
    /// as written; a relative one (`b`, `./b`, `g/b`, `../b`) against `base` (the
    /// instance's root for a bind, the enclosing group's or repeat's for a control).
    static func resolve(_ reference: String, against base: String) -> String {
        let trimmed = reference.trimmed(.whitespacesAndNewlines)
        guard !trimmed.hasPrefix("/") else { return trimmed }
        var steps = base.split(separator: "/")
        for step in trimmed.split(separator: "/") {
            switch step {
            case ".": continue
            case "..": if steps.count > 1 { steps.removeLast() }
            default: steps.append(step)
            }
        }
        return "/" + steps.joined(separator: "/")
    }

    // MARK: Rows

    private mutating func add(_ row: [String: String], at element: XMLTree.Element) {
        // New columns in a stable order: by name, then languages as itext declares them.
        rows.add(row, order: Self.columnOrder(languages: languages))
        places["survey"]![rows.cells.count + 1] = place(element)
    }

    /// How many elements of each path the primary instance holds besides a repeat's
    /// `jr:template`: the entries a repeat starts with (pyxform writes one).
    private mutating func countEntries(_ node: XMLTree.Element, path: String) {
        for child in node.children {
            let childPath = path + "/" + child.localName
            if child.attribute("template") == nil { initialEntries[childPath, default: 0] += 1 }
            countEntries(child, path: childPath)
        }
    }

    private mutating func walk(_ node: XMLTree.Element, path: String) {
        let name = node.localName
        // `meta/entity` is read as the entities sheet (`readEntity`).
        if name == "entity", path.hasSuffix("/meta/entity"), !entities.isEmpty { return }
        let bind = binds[path]
        // Room for the columns most rows have (a label and a hint per language…).
        var row = [String: String](minimumCapacity: 8 + 2 * languages.count)
        row["name"] = name
        if let bind {
            // The bind's own place, for what it gives (`relevant`, `constraint`…):
            // a problem or an item of coverage there is at the bind, not the question.
            row["x_bind"] = place(bind)
            for (attribute, column) in [
                ("relevant", "relevant"), ("required", "required"), ("constraint", "constraint"),
                ("calculate", "calculation"), ("readonly", "read_only"),
            ] {
                if let value = bind.attribute(attribute) { row[column] = value }
            }
            row.merge(message(bind.attribute("constraintMsg"), column: "constraint_message")) { first, _ in first }
            row.merge(message(bind.attribute("requiredMsg"), column: "required_message")) { first, _ in first }
        }
        if let repeatElement = repeats[path] {
            guard node.attribute("template") != nil || !repeatRows.contains(path) else { return }
            repeatRows.insert(path)
            row["type"] = "begin repeat"
            row["x_path"] = path
            row.merge(texts("label", of: groups[path]?.child(named: "label") ?? repeatElement.child(named: "label"))) {
                a, _ in a
            }
            if let count = repeatElement.attribute("count") { row["repeat_count"] = count }
            row["x_entries"] = String(initialEntries[path] ?? 0)
            add(row, at: repeatElement)
            for child in node.children { walk(child, path: path + "/" + child.localName) }
            add(["type": "end repeat"], at: repeatElement)
            return
        }
        if !node.children.isEmpty {
            let group = groups[path]
            row["type"] = "begin group"
            row.merge(texts("label", of: group?.child(named: "label"))) { a, _ in a }
            if let appearance = group?.attribute("appearance") { row["appearance"] = appearance }
            add(row, at: group ?? node)
            for child in node.children { walk(child, path: path + "/" + child.localName) }
            add(["type": "end group"], at: group ?? node)
            return
        }
        if let preload = bind?.attribute("preload") {
            switch (preload, bind?.attribute("preloadParams") ?? "") {
            case ("uid", _): return  // meta/instanceID: the submission writes it
            case ("timestamp", "start"): row["type"] = "start"
            case ("timestamp", "end"): row["type"] = "end"
            case ("date", "today"): row["type"] = "today"
            case ("property", let property) where Self.metadataName(property) != nil:
                row["type"] = Self.metadataName(property)
            case ("property", _), ("context", _), ("patient", _), ("user", _), ("case", _):
                // What Collect (or CommCare) gives from the device: JavaRosa alone leaves
                // it empty, and so does a terminal.
                row["type"] = "calculate"
                problems.append(
                    XLSFormProblem(
                        place: place(bind!),
                        message: "jr:preload=\"\(preload)\" \(bind?.attribute("preloadParams") ?? ""): the device "
                            + "fills it in; at a terminal it is left empty, as JavaRosa leaves it",
                        isNotice: true))
            case (let kind, let parameters):
                row["type"] = "text"
                row["x_unsupported"] = "jr:preload=\"\(kind)\" \(parameters): JavaRosa has no such preload"
            }
            add(row, at: bind!)
            return
        }
        let control = controls[path]
        let type = bind?.attribute("type").map { String($0.split(separator: ":").last ?? "") } ?? "string"
        row["type"] = questionType(
            control, bindType: type, calculates: bind?.attribute("calculate") != nil,
            readonly: bind?.attribute("readonly"),
            row: &row)
        if let control {
            row.merge(texts("label", of: control.child(named: "label"))) { a, _ in a }
            row.merge(texts("hint", of: control.child(named: "hint"))) { a, _ in a }
            if let appearance = control.attribute("appearance") { row["appearance"] = appearance }
            if ["select1", "select", "rank", "odk:rank"].contains(control.name) { readChoices(control, into: &row) }
        }
        let literal = node.text.trimmed(.whitespacesAndNewlines)
        if !literal.isEmpty { row["default"] = literal }
        if let dynamic = firstLoad[path] { row["default"] = dynamic }
        if let trigger = triggers[path] {
            row["trigger"] = "${" + trigger + "}"
            if let value = firstLoad["trigger-value:" + path] { row["calculation"] = value }
        }
        add(row, at: control ?? bind ?? node)
    }

    /// The metadata type a `jr:preloadParams` property names (`deviceid`, `uri:deviceid`).
    static func metadataName(_ property: String) -> String? {
        if case .metadata(let name) = XLSFormType(property) { return name }
        return nil
    }

    /// The XLSForm type of a leaf: its control's, refined by the bind's type.
    private func questionType(
        _ control: XMLTree.Element?, bindType: String, calculates: Bool, readonly: String?,
        row: inout [String: String]
    )
        -> String
    {
        guard let control else { return calculates ? "calculate" : "hidden" }
        switch control.name {
        case "select1": return "select_one"
        case "select": return "select_multiple"
        case "rank", "odk:rank": return "rank"
        case "trigger": return "acknowledge"
        case "upload":
            let media = control.attribute("mediatype") ?? ""
            return media.hasPrefix("image")
                ? "image"
                : media.hasPrefix("audio")
                    ? "audio"
                    : media.hasPrefix("video") ? "video" : "file"
        case "range":
            row["parameters"] = ["start", "end", "step"].compactMap { key in
                control.attribute(key).map { "\(key)=\($0)" }
            }.joined(separator: " ")
            return "range"
        case "input"
        where control.attribute("readonly") == nil && !calculates
            && ["true()", "true"].contains(readonly ?? "")
            && ["string", ""].contains(bindType):
            // A read-only text input with nothing to compute is how pyxform writes a note.
            return "note"
        default:
            switch bindType.lowercased() {
            case "int", "integer": return "integer"
            case "decimal": return "decimal"
            case "date": return "date"
            case "time": return "time"
            case "datetime": return "dateTime"
            case "geopoint": return "geopoint"
            case "geotrace": return "geotrace"
            case "geoshape": return "geoshape"
            case "barcode": return "barcode"
            case "binary": return "file"
            default: return "text"
            }
        }
    }

    /// The document as the tables of an XLSForm, made from its rows at once (not
    /// written as a workbook's cells and read back).
    var sheets: XLSFormSheets {
        func table(_ name: String, _ rows: [[String]]) -> XLSFormTable? {
            guard let header = rows.first else { return nil }
            return XLSFormTable(
                sheet: name, columns: header, cells: rows.dropFirst().map { $0.map(Optional.some) }, places: [:])
        }
        return XLSFormSheets(
            survey: XLSFormTable(
                sheet: "survey", columns: rows.columns, cells: rows.cells, places: places["survey"] ?? [:]),
            choices: XLSFormTable(
                sheet: "choices", columns: choiceRows.columns, cells: choiceRows.cells,
                places: places["choices"] ?? [:]),
            settings: table("settings", settings), externalChoices: nil, entities: table("entities", entities),
            sheetNames: ["survey", "choices", "settings"] + (entities.isEmpty ? [] : ["entities"]))
    }

    /// `instance('cities')/root/item[country = /data/country]` → (`cities`, the predicate).
    static func itemsetSource(_ nodeset: String) -> (instance: String, filter: String?)? {
        // By bytes, as integers: the delimiters are ASCII, and a search by characters
        // breaks the text into graphemes (an itemset per select, in a form of hundreds).
        let bytes = Array(nodeset.trimmed(.whitespaces).utf8)
        func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        let (start, end) = (0, bytes.count)
        let prefix = Array("instance(".utf8)
        guard end - start >= prefix.count, bytes[start..<(start + prefix.count)].elementsEqual(prefix),
            let close = bytes[start..<end].firstIndex(of: UInt8(ascii: ")"))
        else { return nil }
        var (idStart, idEnd) = (start + prefix.count, close)
        func isTrimmed(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: " ")
        }
        while idStart < idEnd, isTrimmed(bytes[idStart]) { idStart += 1 }
        while idEnd > idStart, isTrimmed(bytes[idEnd - 1]) { idEnd -= 1 }
        let id = text(idStart..<idEnd)
        let path = Array("/root/item".utf8)
        let rest = close + 1
        guard end - rest >= path.count, bytes[rest..<(rest + path.count)].elementsEqual(path) else { return nil }
        let filter = rest + path.count
        if filter == end { return (id, nil) }
        guard bytes[filter] == UInt8(ascii: "["), bytes[end - 1] == UInt8(ascii: "]"), end - filter >= 2 else {
            return nil
        }
        return (id, text((filter + 1)..<(end - 1)))
    }
}
