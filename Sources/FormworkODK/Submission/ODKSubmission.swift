import Formwork
import Foundation

/// A filled form as an ODK submission: the XForm instance, as ODK Collect sends it to
/// ODK Central or KoboToolbox.
///
/// The root element is the form's (`<data id="…" version="…">`), in the form's
/// namespace with the prefixes JavaRosa declares there (`xmlns:jr="…"`,
/// `xmlns="http://example.org/e-imci"`: the layout's `namespaces` and `namespace`,
/// written after the attributes as JavaRosa writes them); groups are elements
/// and each question an element inside them, as the form's `submission` layout says
/// (an imported ODK form has one; another form writes each field under its key);
/// a repeat's entries are repeated elements. What is not relevant is left out; a
/// relevant question left unanswered is an empty element. Values are written as ODK
/// writes them: a multiple choice's values separated by spaces, dates `YYYY-MM-DD`,
/// times and dates with times with milliseconds and the zone's offset
/// (`14:30:00.000+01:00`, `Z` in UTC), geopoints `lat lon alt acc`. `meta/instanceID` (`uuid:…`)
/// closes the instance.
///
/// ```swift
/// let xml = ODKSubmission.xml(of: session)
/// try xml.write(toFile: "answers.xml", atomically: true, encoding: .utf8)
/// ```
public enum ODKSubmission {
    /// Whether a number is written as a decimal (`2.0`): a `decimal` has no step; an
    /// `integer` steps by 1; a `range` is an integer unless its start, end or step has
    /// a fraction, as pyxform decides its type.
    static func isDecimal(_ field: FieldDefinition) -> Bool {
        guard let step = field.step, step == step.rounded() else { return true }
        for bound in [field.minimum, field.maximum] {
            if case .value(.number(let number))? = bound, number != number.rounded() { return true }
        }
        return false
    }

    /// A new submission id: `uuid:` and a random UUID, as ODK Collect makes them.
    public static func newInstanceID() -> String { "uuid:" + UUID().uuidString.lowercased() }

    /// The submission XML of a session's answers.
    ///
    /// - Parameters:
    ///   - session: The session whose relevant answers are written.
    ///   - instanceID: The submission's id (`uuid:` and a UUID; a new one by default).
    ///   - timeZone: The zone times are written in (the offset ODK appends).
    /// - Returns: The XForm instance as an XML document, in the form's ODK layout or the
    ///   default one.
    public static func xml(
        of session: FormSession, instanceID: String = newInstanceID(),
        timeZone: TimeZone = .current
    ) -> String {
        let definition = session.definition
        let layout = ODKAnswerFormat.layout(of: definition)
        let keys = Dictionary(
            definition.fields.map { ($0.id, $0.key ?? $0.id) }, uniquingKeysWith: { first, _ in first })
        let decimals = Set(definition.fields.filter { $0.kind == .number && Self.isDecimal($0) }.map(\.id))
        let lines = Set(definition.fields.filter { $0.format == .geotrace || $0.format == .geoshape }.map(\.id))
        let files = Set(definition.fields.filter { $0.kind == .file }.map(\.id))
        let root = Element(name: layout.root)
        var attributes = [("id", layout.formID)]
        if let version = layout.version { attributes.append(("version", version)) }
        attributes += layout.namespaces.sorted { $0.key < $1.key }.map { ("xmlns:" + $0.key, $0.value) }
        if let namespace = layout.namespace { attributes.append(("xmlns", namespace)) }
        add(
            session.relevantFields(), to: root,
            context: Context(
                layout: layout, keys: keys, decimals: decimals, lines: lines, files: files, timeZone: timeZone,
                session: session))
        addShownGroups(of: session, to: root, layout: layout, keys: keys)
        if let idPath = layout.instanceID {
            // `meta/instanceID`: inside the element its path names (the last of the
            // root's children, as ODK writes meta), added where the instance lacks it.
            var steps = idPath.split(separator: "/").map(String.init)
            let leaf = steps.removeLast()
            var container = root
            for step in steps {
                if let existing = container.child(named: step) {
                    if container === root, let index = root.children.firstIndex(where: { $0 === existing }) {
                        root.children.remove(at: index)
                        root.children.append(existing)
                    }
                    container = existing
                } else {
                    container = container.appending(Element(name: step))
                }
            }
            if container.child(named: leaf) == nil {
                // In meta after an audit's element and the entity's (as pyxform orders them).
                let position = container.children.prefix { $0.name == "audit" || $0.name == "entity" }.count
                container.children.insert(Element(name: leaf, text: instanceID), at: position)
            }
        }
        var output = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        root.write(into: &output, attributes: attributes, indent: "")
        return output
    }

    /// The element of each relevant group of the form (not of entries) not written yet
    /// (its questions are all hidden): JavaRosa writes a relevant group as an empty
    /// element. It stands where the form has it among its siblings.
    static func addShownGroups(
        of session: FormSession, to root: Element, layout: SubmissionLayout, keys: [String: String]
    ) {
        let shown = layout.groups.filter { group in
            group.repeatID == nil && (group.visible.map { session.evaluate($0).isTrue } ?? true)
        }
        guard !shown.isEmpty else { return }
        let definition = session.definition
        let order = elementOrder(of: definition.sections.flatMap(\.items), in: definition, layout: layout, keys: keys)
        insert(Set(shown.map(\.path)), into: root, order: order)
    }

    /// Each item's element path in form order: a field's, a repeat's for the repeat
    /// (its nested fields stand for it).
    static func elementOrder(
        of items: [FormItem], in definition: FormDefinition, layout: SubmissionLayout, keys: [String: String]
    ) -> [String] {
        items.map { item -> String in
            switch item {
            case .field(let index):
                let field = definition.fields[index]
                return layout.paths[field.id] ?? keys[field.id] ?? field.id
            case .repeatGroup(let index):
                let repeatID = definition.repeats[index].id
                return layout.paths[repeatID] ?? repeatID
            }
        }
    }

    /// Adds an empty element at each path not written yet, where `order` (the items'
    /// element paths in form order) puts it among its siblings.
    static func insert(_ paths: Set<String>, into root: Element, order: [String]) {
        guard !paths.isEmpty else { return }
        /// Where an element path first appears in the form.
        func rank(_ path: String) -> Int {
            order.firstIndex { $0 == path || $0.hasPrefix(path + "/") } ?? Int.max
        }
        for path in paths.sorted(by: { ($0.split(separator: "/").count, $0) < ($1.split(separator: "/").count, $1) }) {
            var container = root
            var prefix = ""
            for step in path.split(separator: "/").map(String.init) {
                let here = prefix.isEmpty ? step : prefix + "/" + step
                if let existing = container.children.first(where: { $0.name == step && !$0.isEntry }) {
                    container = existing
                } else {
                    let mine = rank(here)
                    let position =
                        container.children.firstIndex { rank(prefix.isEmpty ? $0.name : prefix + "/" + $0.name) > mine }
                        ?? container.children.count
                    let element = Element(name: step)
                    container.children.insert(element, at: position)
                    container = element
                }
                prefix = here
            }
        }
    }

    /// The elements of the groups in an entry (`members[2]`) that are relevant there.
    static func addEntryGroups(of repeatID: String, entry path: String, to element: Element, context: Context) {
        let groups = context.layout.groups.filter { $0.repeatID == repeatID }
        guard !groups.isEmpty, let session = context.session,
            let repeatDefinition = session.definition.repeatGroup(repeatID)
        else { return }
        let shown = groups.filter { group in
            group.visible.map { session.evaluate($0, inEntry: path)?.isTrue ?? false } ?? true
        }
        guard !shown.isEmpty else { return }
        let definition = session.definition
        let order = elementOrder(
            of: repeatDefinition.items, in: definition, layout: context.layout, keys: context.keys)
        insert(Set(shown.map(\.path)), into: element, order: order)
    }

    /// An element of the instance being built.
    final class Element {
        let name: String
        var text: String?
        var children: [Element] = []
        /// A repeat's entry: never reused as a group for a later field.
        var isEntry = false
        /// Its attributes, in the order written (`meta/entity`'s `dataset`, `id`…).
        var attributes: [(String, String)] = []

        init(name: String, text: String? = nil) {
            self.name = name
            self.text = text
        }

        func child(named name: String) -> Element? { children.last { $0.name == name && !$0.isEntry } }

        @discardableResult
        func appending(_ element: Element) -> Element {
            children.append(element)
            return element
        }

        func write(into output: inout String, attributes: [(String, String)] = [], indent: String) {
            output += indent + "<" + name
            for (key, value) in attributes + self.attributes {
                output += " \(key)=\"\(XMLText.escaped(value))\""
            }
            if children.isEmpty {
                if let text, !text.isEmpty {
                    output += ">" + XMLText.escaped(text) + "</" + name + ">\n"
                } else {
                    output += "/>\n"
                }
                return
            }
            output += ">\n"
            for child in children { child.write(into: &output, indent: indent + "  ") }
            output += indent + "</" + name + ">\n"
        }
    }

    /// Adds fields (and entries) to `parent` at their paths: a group element is reused
    /// while the fields inside it follow one another, as the form orders them.
    struct Context {
        let layout: SubmissionLayout
        let keys: [String: String]
        /// Fields whose numbers are decimals (JavaRosa writes `5.0`), not integers.
        let decimals: Set<String>
        /// Geotraces and geoshapes typed as text, written as JavaRosa writes their
        /// points (`52.1 4.3 0.0 0.0; 52.2 4.4 0.0 0.0`).
        var lines: Set<String> = []
        /// File answers, written as the file's name (the file is sent beside).
        var files: Set<String> = []
        let timeZone: TimeZone
        /// The session written, for the groups in entries (their conditions).
        var session: FormSession?
    }

    static func add(_ fields: [AnsweredField], to parent: Element, context: Context, entryPrefix: String = "") {
        for field in fields {
            let path = context.layout.paths[field.id] ?? context.keys[field.id] ?? field.id
            var steps = path.split(separator: "/").map(String.init)
            guard let last = steps.popLast() else { continue }
            var container = parent
            for step in steps {
                if let existing = container.children.last, existing.name == step, !existing.isEntry,
                    existing.text == nil
                {
                    container = existing
                } else {
                    container = container.appending(Element(name: step))
                }
            }
            if last.hasPrefix("@") {
                // An attribute of the element its path names (`meta/entity/@id`).
                let name = String(last.dropFirst())
                let value: String
                if case .value(let answer) = field.answer {
                    value = text(of: answer, timeZone: context.timeZone)
                } else {
                    value = ""
                }
                container.attributes.removeAll { $0.0 == name }
                container.attributes.append((name, value))
                continue
            }
            switch field.answer {
            case .value(.number(let number)) where context.decimals.contains(field.id):
                container.appending(Element(name: last, text: NumbersInText.javaDouble(number)))
            case .value(.string(let points)) where context.lines.contains(field.id):
                container.appending(Element(name: last, text: javaPoints(points)))
            case .value(.string(let file)) where context.files.contains(field.id):
                container.appending(Element(name: last, text: (file as NSString).lastPathComponent))
            case .value(let value):
                container.appending(Element(name: last, text: text(of: value, timeZone: context.timeZone)))
            case .entries(let entries):
                for (position, entry) in entries.enumerated() {
                    let element = container.appending(Element(name: last))
                    element.isEntry = true
                    let entryPath = entryPrefix + field.id + "[\(position + 1)]"
                    add(entry, to: element, context: context, entryPrefix: entryPath + ".")
                    addEntryGroups(of: field.id, entry: entryPath, to: element, context: context)
                }
            }
        }
    }

    /// A value as ODK writes it in a submission.
    public static func text(of value: Value, timeZone: TimeZone = .current) -> String {
        switch value {
        case .null: return ""
        // JavaRosa writes a boolean (a calculation's `1 > 0`) as 1 or 0.
        case .bool(let flag): return flag ? "1" : "0"
        case .number(let number):
            // A decimal as JavaRosa writes it: a whole number as an integer, another
            // in full (Java's shortest text that reads back as the same double:
            // 2.5999999999999996, 1.0E-5), and no value for NaN.
            if number.rounded() == number, abs(number) < 1e15 { return String(Int64(number)) }
            if number.isNaN { return "" }
            return NumbersInText.javaDouble(number)
        case .string(let text): return text
        case .date(let date): return date.description
        case .time(let time): return time.fullDescription + ".000" + offset(timeZone)
        case .dateTime(let moment): return moment.description + ".000" + offset(timeZone)
        case .geopoint(let point):
            return [point.latitude, point.longitude, point.altitude ?? 0, point.accuracy ?? 0].map(
                NumbersInText.javaDouble
            )
            .joined(separator: " ")
        case .list(let elements): return elements.map { text(of: $0, timeZone: timeZone) }.joined(separator: " ")
        }
    }

    /// A geotrace's or geoshape's points as JavaRosa writes them: each point's four
    /// numbers as Java doubles (a missing altitude or accuracy is 0.0), joined by `; `.
    static func javaPoints(_ text: String) -> String {
        text.split(separator: ";").map { $0.trimmed(.whitespaces) }.filter { !$0.isEmpty }.map {
            part in
            guard let point = GeoPoint(part) else { return part }
            return [point.latitude, point.longitude, point.altitude ?? 0, point.accuracy ?? 0]
                .map(NumbersInText.javaDouble).joined(separator: " ")
        }.joined(separator: "; ")
    }

    /// `+01:00`, the zone's offset now; `Z` for UTC, as JavaRosa writes it.
    static func offset(_ zone: TimeZone) -> String {
        let seconds = zone.secondsFromGMT()
        if seconds == 0 { return "Z" }
        let sign = seconds < 0 ? "-" : "+"
        let minutes = abs(seconds) / 60
        return sign + String(format: "%02d:%02d", minutes / 60, minutes % 60)
    }
}
