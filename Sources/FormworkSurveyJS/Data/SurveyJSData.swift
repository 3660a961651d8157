import Formwork
import Foundation

/// A filled form as SurveyJS's `survey.data`: the object SurveyJS's `onComplete`
/// gives and the tools that read SurveyJS results take.
///
/// Each answered question is a member named as in the survey (spaces, dots and
/// dashes kept), nested as SurveyJS nests it: a matrix's rows and a multiple text's
/// items in the question's object (`quality: { service: 4 }`), a matrix dropdown's
/// cells by row and column, a dynamic panel's or matrix's entries as an array of
/// objects, a comment or an "other" text under `NAME-Comment`. Values are what
/// SurveyJS stores: numbers as numbers, choices written as JSON numbers as numbers,
/// a boolean question as `true`/`false`, several choices as an array, dates
/// `YYYY-MM-DD`, a date and time `YYYY-MM-DDTHH:MM`, times `HH:MM`, files as
/// `[{ "name", "content" }]` — the content a path, or a data URL (with its `type`) — and
/// a signature as its data URL. What is unanswered is left
/// out, and so is what is not visible (SurveyJS clears invisible values on
/// completion) unless the layout keeps it (`hidden: kept`, from
/// `clearInvisibleValues: none`), and calculated values SurveyJS keeps out of its data.
///
/// The form's `submission` layout (`format: surveyjs`, which an imported survey has)
/// gives the paths and types; another form writes each field under its key (or id).
///
/// ```swift
/// let form = try FormDefinition.load(contentsOf: url, formats: .surveyJS)
/// let session = FormSession(definition: form)
/// try session.set("age", text: "42")
/// print(SurveyJSData.json(of: session))   // {"age": 42}
/// ```
public enum SurveyJSData {
    /// The answers of `session` as SurveyJS's data, as JSON text.
    public static func json(of session: FormSession, pretty: Bool = true) -> String {
        let output = object(of: session)
        return pretty ? output.pretty : output.encoded
    }

    /// The answers of `session` as SurveyJS's data.
    public static func object(of session: FormSession) -> JSONOutput {
        let definition = session.definition
        let layout = SurveyJSAnswerFormat.layout(of: definition)
        var keys: [String: String] = [:]
        var files: [String: FieldDefinition] = [:]
        for field in definition.fields {
            keys[field.id] = keys[field.id] ?? field.key ?? field.id
            if field.kind == .file { files[field.id] = files[field.id] ?? field }
        }
        let writer = Writer(
            paths: layout?.paths ?? [:], types: layout?.types ?? [:], keys: keys, files: files,
            othersAsValues: layout?.othersAsValues ?? [:])
        var fields = layout?.hiddenAnswers == .kept ? session.allFields() : session.relevantFields()
        if let layout, !layout.droppedWhenHidden.isEmpty, layout.hiddenAnswers == .kept {
            // A question's `clearIfInvisible: onComplete`: left out while hidden.
            let shown = Set(session.relevantFields().map(\.id))
            fields = fields.filter {
                shown.contains($0.id) || !layout.drops($0.id, evaluate: session.evaluate)
            }
        }
        if let layout, !layout.keptWhenHidden.isEmpty, layout.hiddenAnswers != .kept {
            // A question's `clearIfInvisible: none`: written while hidden too, in form order.
            let shown = Dictionary(fields.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            fields = session.allFields().compactMap { field in
                shown[field.id] ?? (layout.keeps(field.id, evaluate: session.evaluate) ? field : nil)
            }
        }
        return JavaScriptNumber.written(writer.object(fields).output)
    }

    /// Builds the nested objects.
    struct Writer {
        let paths: [String: String]
        let types: [String: String]
        let keys: [String: String]
        /// The `file` fields, by id.
        let files: [String: FieldDefinition]
        /// Choice fields whose other text is their value, each with its text field.
        var othersAsValues: [String: String] = [:]

        func object(_ fields: [AnsweredField]) -> Node {
            var root = Node()
            let texts = Set(othersAsValues.values)
            let textAnswers = Dictionary(
                fields.filter { texts.contains($0.id) }.map { ($0.id, $0.answer) }, uniquingKeysWith: { a, _ in a })
            for answered in fields where !texts.contains(answered.id) {
                let path = paths[answered.id] ?? keys[answered.id] ?? answered.id
                guard !path.isEmpty else { continue }
                let steps = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
                switch answered.answer {
                case .value(var value):
                    var otherText: String?
                    if let textID = othersAsValues[answered.id] {
                        value = Self.otherAsValue(value, text: textAnswers[textID])
                        if case .value(.string(let text))? = textAnswers[textID] { otherText = text }
                    }
                    guard let written = json(value, of: answered.id, otherText: otherText) else { continue }
                    root.set(written, at: steps[...])
                case .entries(let entries):
                    guard !entries.isEmpty else { continue }
                    root.set(.array(entries.map { object($0).output }), at: steps[...])
                }
            }
            return root
        }

        /// A choice's value with `other` replaced by its text (survey-core's
        /// `storeOthersAsComment: false`); `other` while the text is empty.
        static func otherAsValue(_ value: Value, text: Answer?) -> Value {
            guard case .value(.string(let written))? = text, !written.isEmpty else { return value }
            switch value {
            case .string("other"): return .string(written)
            case .list(let elements): return .list(elements.map { $0 == .string("other") ? .string(written) : $0 })
            default: return value
            }
        }

        /// A value as SurveyJS stores it; `nil` for none. `otherText`, the "other" text
        /// written as the value, stays text where the options are numbers.
        func json(_ value: Value, of id: String, otherText: String? = nil) -> JSONOutput? {
            if let field = files[id] { return fileJSON(value, of: field) }
            switch value {
            case .null: return nil
            case .list(let elements):
                guard !elements.isEmpty else { return nil }
                return .array(elements.compactMap { json($0, of: id, otherText: otherText) })
            case .string(let text):
                if text == otherText { return .value(.string(text)) }
                switch types[id] {
                case "number"?:
                    if let number = Double(text), number.isFinite { return .value(.number(number)) }
                case "boolean"?:
                    if text == "true" || text == "false" { return .value(.bool(text == "true")) }
                case "numbers"?:
                    let numbers = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
                    if !numbers.isEmpty, numbers.allSatisfy({ $0?.isFinite == true }) {
                        return .array(numbers.map { .value(.number($0!)) })
                    }
                default: break
                }
                return .value(.string(text))
            case .date(let date): return .value(.string(date.description))
            case .time(let time): return .value(.string(time.description))
            case .dateTime(let moment):
                return .value(.string(moment.date.description + "T" + moment.time.description))
            case .bool, .number, .geopoint: return .value(value)
            }
        }
    }

    /// An object being built: members in the order first set.
    struct Node {
        var members: [(key: String, value: Member)] = []
        var positions: [String: Int] = [:]

        enum Member {
            case leaf(JSONOutput)
            case object(Node)
        }

        mutating func set(_ value: JSONOutput, at steps: ArraySlice<String>) {
            guard let first = steps.first else { return }
            let member: Member
            if steps.count == 1 {
                member = .leaf(value)
            } else {
                var child = Node()
                if let index = positions[first], case .object(let existing) = members[index].value { child = existing }
                child.set(value, at: steps.dropFirst())
                member = .object(child)
            }
            if let index = positions[first] {
                members[index].value = member
            } else {
                positions[first] = members.count
                members.append((first, member))
            }
        }

        var output: JSONOutput {
            .object(
                members.map { member in
                    switch member.value {
                    case .leaf(let value): return (member.key, value)
                    case .object(let node): return (member.key, node.output)
                    }
                })
        }
    }
}

extension SurveyJSData.Writer {
    /// A file field's value as SurveyJS stores it: each file `{ name, type, content }`
    /// (a path's name is its last component; a data URL's, its `name`), a signature
    /// (an `inline` field with one file) as its data URL alone.
    func fileJSON(_ value: Value, of field: FieldDefinition) -> JSONOutput? {
        let texts: [String] =
            switch value {
            case .string(let text): [text]
            case .list(let elements): elements.map(\.plainText)
            default: []
            }
        guard !texts.isEmpty else { return nil }
        if field.inlineFiles, !field.multipleFiles, let url = DataURL(texts[0]) {
            return .value(.string(url.text(withName: false)))
        }
        return .array(
            texts.map { text in
                guard let url = DataURL(text) else {
                    let name = text.split(separator: "/").last.map(String.init) ?? text
                    return .object([("name", .value(.string(name))), ("content", .value(.string(text)))])
                }
                return .compact([
                    ("name", .value(.string(url.name ?? "file"))),
                    ("type", url.mediaType.isEmpty ? nil : .value(.string(url.mediaType))),
                    ("content", .value(.string(url.text(withName: false)))),
                ])
            })
    }
}
