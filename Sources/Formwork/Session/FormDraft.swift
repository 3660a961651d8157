import Foundation

/// An unfinished fill of one form, saved so that nothing typed is lost: the form's
/// path, a fingerprint of its definition file, when it was saved, and every answer
/// given except secure ones (hidden fields included, so showing a section again
/// brings its answers back).
///
/// The file is JSON Lines, so that a change costs one appended line, not a copy of
/// every answer: a header, then one entry per answer, later entries replacing
/// earlier ones for the same field (`"value": null` takes an answer back).
///
/// ```
/// {"formwork":"draft","version":2,"form":"/forms/signup.yaml","definition":"fnv1a64:…","saved":"2026-11-23T14:05:00Z"}
/// {"id":"username","value":"ada"}
/// {"id":"country","value":"NL"}
/// ```
///
/// A last line cut short (a crash in the middle of an append) is ignored; version 1
/// drafts (one JSON object) are still read.
///
/// ```swift
/// let fingerprint = FormDraft.fingerprint(of: bytes)
/// let draft = FormDraft(session: session, formPath: "/forms/signup.yaml", fingerprint: fingerprint)
/// try AtomicFile.write(Data(draft.json().utf8), to: draftPath, permissions: 0o600)
/// // later, in a new process:
/// let saved = try FormDraft(bytes: [UInt8](Data(contentsOf: url)), path: draftPath)
/// let report = session.resume(from: saved)   // report.restored, report.dropped
/// ```
public struct FormDraft: Sendable {
    /// The draft format's version, written in the header as `"version"`.
    public static let formatVersion = 2

    /// The definition file's absolute path.
    public var formPath: String
    /// `FormDraft.fingerprint(of:)` of the definition file when the draft was saved.
    public var fingerprint: String
    /// When the draft was saved (whole; entries appended since are not dated).
    public var saved: Date
    /// A new draft's answers by field id, as JSON text.
    private let entries: [(id: String, json: String)]
    /// A read draft's answers, kept as nodes until a form reads them by its types.
    let nodes: [(id: String, node: SyntaxNode)]
    /// Whether the draft was read from the version 1 format (one JSON object).
    public let isFormerFormat: Bool

    /// The ids of the saved answers, in form order.
    public var fieldIDs: [String] { nodes.isEmpty ? entries.map(\.id) : nodes.map(\.id) }

    /// A draft of `session`'s current answers (secure fields left out).
    public init(session: FormSession, formPath: String, fingerprint: String, saved: Date = Date()) {
        self.formPath = formPath
        self.fingerprint = fingerprint
        self.saved = saved
        entries = session.definition.fields.compactMap { field in
            Self.savedValue(of: field.index, in: session).map { (field.id, JSONText.encode($0)) }
        }
        nodes = []
        isFormerFormat = false
    }

    /// What a draft keeps of a field: what the person answered (or a values file set),
    /// never a secure value; `nil` for nothing (defaults never touched come back by
    /// themselves).
    public static func savedValue(of index: Int, in session: FormSession) -> Value? {
        let field = session.definition.fields[index]
        let value = session.values[index]
        guard field.kind.isEditable, field.kind != .secure, !value.isNull, session.touched.contains(index) else {
            return nil
        }
        return value
    }

    /// The line that records a field's answer (`nil`: no answer any more).
    public static func entryLine(id: String, value: Value?) -> String {
        "{\"id\":\(JSONText.encode(.string(id))),\"value\":\(value.map(JSONText.encode) ?? "null")}\n"
    }

    /// Reads a draft file.
    ///
    /// - Throws: `DiagnosticList` when the file is not a draft this version reads.
    public init(bytes: [UInt8], path: String) throws(DiagnosticList) {
        let source = String(decoding: bytes, as: UTF8.self)
        func fail(_ what: String, at location: SourceLocation? = nil) -> DiagnosticList {
            DiagnosticList(path: path, source: source, diagnostics: [Diagnostic(.invalidDraft(what), at: location)])
        }
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let header: SyntaxNode
        do {
            (header, _) = try SyntaxLoader.parse(Array(lines.first ?? []), format: .json, limits: .default)
        } catch {
            // Not a one-line header: a version 1 draft (one object over several lines).
            self = try Self.formerFormat(bytes, path: path, source: source)
            return
        }
        guard let pairs = header.pairs else { throw fail("it is not a JSON object", at: header.location) }
        func member(_ key: String) -> SyntaxNode? { pairs.last { $0.key.scalarText == key }?.value }
        guard member("formwork")?.scalarText == "draft" else { throw fail("it has no \"formwork\": \"draft\" member") }
        if member("version")?.scalarText == "1" {
            self = try Self.formerFormat(bytes, path: path, source: source)
            return
        }
        guard let version = member("version")?.scalarText, Int(version) == Self.formatVersion else {
            throw fail(
                "its version is \(member("version")?.scalarText ?? "missing"); this Formwork reads versions 1 and 2",
                at: member("version")?.location)
        }
        guard let form = member("form")?.scalarText, let fingerprint = member("definition")?.scalarText,
            let savedText = member("saved")?.scalarText, let saved = ISO8601DateFormatter().date(from: savedText)
        else { throw fail("its header needs \"form\", \"definition\" and \"saved\" (an ISO 8601 time)") }
        var answers: [String: SyntaxNode] = [:]
        var order: [String] = []
        for (number, line) in lines.enumerated().dropFirst() where !line.isEmpty {
            let entry: SyntaxNode
            do {
                (entry, _) = try SyntaxLoader.parse(Array(line), format: .json, limits: .default)
            } catch {
                if number == lines.count - 1 { break }  // cut short by a crash while appending: never acknowledged
                throw fail("line \(number + 1) is not a draft entry", at: SourceLocation(line: number + 1, column: 1))
            }
            guard let id = entry.pairs?.first(where: { $0.key.scalarText == "id" })?.value.scalarText,
                let value = entry.pairs?.last(where: { $0.key.scalarText == "value" })?.value
            else {
                throw fail(
                    "line \(number + 1) needs \"id\" and \"value\"", at: SourceLocation(line: number + 1, column: 1))
            }
            if answers[id] == nil { order.append(id) }
            answers[id] = value
        }
        self.init(
            formPath: form, fingerprint: fingerprint, saved: saved, isFormerFormat: false,
            nodes: order.compactMap { id in
                guard let node = answers[id], !(node.scalar == .null && !node.isQuoted) else { return nil }
                return (id, node)
            })
    }

    private init(
        formPath: String, fingerprint: String, saved: Date, isFormerFormat: Bool,
        nodes: [(id: String, node: SyntaxNode)]
    ) {
        self.formPath = formPath
        self.fingerprint = fingerprint
        self.saved = saved
        self.isFormerFormat = isFormerFormat
        self.nodes = nodes
        entries = []
    }

    /// Reads a version 1 draft: one JSON object with the answers under `"values"`.
    private static func formerFormat(_ bytes: [UInt8], path: String, source: String) throws(DiagnosticList) -> FormDraft
    {
        let root: SyntaxNode
        do {
            (root, _) = try SyntaxLoader.parse(bytes, format: .json, limits: .default)
        } catch {
            throw DiagnosticList(path: path, source: source, diagnostics: [error])
        }
        func fail(_ what: String, at node: SyntaxNode? = nil) -> DiagnosticList {
            DiagnosticList(
                path: path, source: source, diagnostics: [Diagnostic(.invalidDraft(what), at: node?.location)])
        }
        guard let pairs = root.pairs else { throw fail("it is not a JSON object", at: root) }
        func member(_ key: String) -> SyntaxNode? { pairs.last { $0.key.scalarText == key }?.value }
        guard member("formwork")?.scalarText == "draft" else { throw fail("it has no \"formwork\": \"draft\" member") }
        guard let version = member("version")?.scalarText, Int(version) == 1 else {
            throw fail(
                "its version is \(member("version")?.scalarText ?? "missing"); this Formwork reads versions 1 and 2",
                at: member("version"))
        }
        guard let form = member("form")?.scalarText, let fingerprint = member("definition")?.scalarText,
            let savedText = member("saved")?.scalarText, let saved = ISO8601DateFormatter().date(from: savedText)
        else { throw fail("it needs \"form\", \"definition\" and \"saved\" (an ISO 8601 time)") }
        guard let values = member("values"), let valuePairs = values.pairs else {
            throw fail("it needs \"values\", an object", at: member("values"))
        }
        return FormDraft(
            formPath: form, fingerprint: fingerprint, saved: saved, isFormerFormat: true,
            nodes: valuePairs.compactMap { pair in pair.key.scalarText.map { ($0, pair.value) } })
    }

    /// Whether the draft holds no answers.
    public var isEmpty: Bool { fieldIDs.isEmpty }

    /// The draft as a whole file: the header and one line per answer (a read draft
    /// writes back no answers: resume it into a session and draft that).
    public func json() -> String {
        let header =
            "{\"formwork\":\"draft\",\"version\":\(Self.formatVersion),\"form\":\(JSONText.encode(.string(formPath))),"
            + "\"definition\":\(JSONText.encode(.string(fingerprint))),"
            + "\"saved\":\"\(ISO8601DateFormatter().string(from: saved))\"}\n"
        return header + entries.map { "{\"id\":\(JSONText.encode(.string($0.id))),\"value\":\($0.json)}\n" }.joined()
    }

    /// A fingerprint of a definition file's bytes (64-bit FNV-1a, in hex): enough
    /// to notice that a definition changed, not a security measure.
    public static func fingerprint(of bytes: some Sequence<UInt8>) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return "fnv1a64:" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}

/// What resuming a draft restored and what no longer fits the form.
public struct DraftResume: Sendable, Equatable {
    /// The ids of the answers put back, in the draft's order.
    public var restored: [String]
    /// Answers left out, each with the reason (`no such field`, a rule's message).
    public var dropped: [(id: String, reason: String)]

    public static func == (lhs: DraftResume, rhs: DraftResume) -> Bool {
        lhs.restored == rhs.restored && lhs.dropped.map(\.id) == rhs.dropped.map(\.id)
            && lhs.dropped.map(\.reason) == rhs.dropped.map(\.reason)
    }
}

extension FormSession {
    /// Puts back what fits of a draft read from a file, answer by answer: an answer
    /// is restored when its field still exists, can be edited, is not secure, and
    /// accepts the value; the others are reported, not lost silently. The resumed
    /// state is the session's starting point (not an undo step).
    public func resume(from draft: FormDraft) -> DraftResume {
        var report = DraftResume(restored: [], dropped: [])
        var updates: [(Int, Value)] = []
        for (id, node) in draft.nodes {
            guard let field = definition.field(id) else {
                report.dropped.append((id, "no such field in the form now"))
                continue
            }
            guard field.kind.isEditable, field.kind != .secure else {
                report.dropped.append((id, "a \(field.kind.rawValue) field is not restored"))
                continue
            }
            switch ValueReader.value(from: node, for: field) {
            case .failure(let error):
                report.dropped.append((id, error.message))
            case .success(let value):
                if let error = evaluation.checkOwnRules(value, of: field) {
                    report.dropped.append((id, error.message))
                } else {
                    updates.append((field.index, value))
                    report.restored.append(id)
                }
            }
        }
        withoutUndo { for (index, value) in updates { write(value, touched: true, at: index) } }
        return report
    }
}
