import Foundation

/// An unfinished fill of one form, saved so that nothing typed is lost: the form's
/// path, a fingerprint of its definition file, when it was saved, and every answer
/// given except secure ones (hidden fields included, so showing a section again
/// brings its answers back).
///
/// ```swift
/// let draft = FormDraft(session: session, formPath: "/forms/signup.yaml", fingerprint: FormDraft.fingerprint(of: bytes))
/// try AtomicFile.write(Data(draft.json().utf8), to: draftPath, permissions: 0o600)
/// // later, in a new process:
/// let saved = try FormDraft(bytes: [UInt8](Data(contentsOf: url)), path: draftPath)
/// let report = session.resume(from: saved)   // report.restored, report.dropped
/// ```
public struct FormDraft: Sendable {
    /// The draft format's version, written as `"version"`.
    public static let formatVersion = 1

    /// The definition file's absolute path.
    public var formPath: String
    /// `FormDraft.fingerprint(of:)` of the definition file when the draft was saved.
    public var fingerprint: String
    /// When the draft was saved.
    public var saved: Date
    /// A new draft's answers by field id, as JSON text.
    private let entries: [(id: String, json: String)]
    /// A read draft's answers, kept as nodes until a form reads them by its types.
    let nodes: [(id: String, node: SyntaxNode)]

    /// The ids of the saved answers, in form order.
    public var fieldIDs: [String] { nodes.isEmpty ? entries.map(\.id) : nodes.map(\.id) }

    /// A draft of `session`'s current answers (secure fields left out).
    public init(session: FormSession, formPath: String, fingerprint: String, saved: Date = Date()) {
        self.formPath = formPath
        self.fingerprint = fingerprint
        self.saved = saved
        // What the person answered (or a values file set): defaults they never
        // touched come back by themselves.
        entries = session.definition.fields.compactMap { field in
            let value = session.values[field.index]
            guard field.kind.isEditable, field.kind != .secure, !value.isNull, session.touched.contains(field.index) else { return nil }
            return (field.id, JSONText.encode(value))
        }
        nodes = []
    }

    /// Reads a draft file.
    ///
    /// - Throws: `DiagnosticList` when the file is not a draft this version reads.
    public init(bytes: [UInt8], path: String) throws(DiagnosticList) {
        let root: SyntaxNode
        do {
            (root, _) = try SyntaxLoader.parse(bytes, format: .json, limits: .default)
        } catch {
            throw DiagnosticList(path: path, source: String(decoding: bytes, as: UTF8.self), diagnostics: [error])
        }
        func fail(_ what: String, at node: SyntaxNode? = nil) -> DiagnosticList {
            DiagnosticList(path: path, source: String(decoding: bytes, as: UTF8.self),
                           diagnostics: [Diagnostic(.invalidDraft(what), at: node?.location)])
        }
        guard let pairs = root.pairs else { throw fail("it is not a JSON object", at: root) }
        func member(_ key: String) -> SyntaxNode? { pairs.last { $0.key.scalarText == key }?.value }
        guard member("formwork")?.scalarText == "draft" else { throw fail("it has no \"formwork\": \"draft\" member") }
        guard let version = member("version")?.scalarText, Int(version) == Self.formatVersion else {
            throw fail("its version is not \(Self.formatVersion)", at: member("version"))
        }
        guard let form = member("form")?.scalarText, let fingerprint = member("definition")?.scalarText,
            let savedText = member("saved")?.scalarText, let saved = ISO8601DateFormatter().date(from: savedText)
        else { throw fail("it needs \"form\", \"definition\" and \"saved\" (an ISO 8601 time)") }
        guard let values = member("values"), let valuePairs = values.pairs else {
            throw fail("it needs \"values\", an object", at: member("values"))
        }
        formPath = form
        self.fingerprint = fingerprint
        self.saved = saved
        nodes = valuePairs.compactMap { pair in pair.key.scalarText.map { ($0, pair.value) } }
        entries = []
    }

    /// Whether the draft holds no answers.
    public var isEmpty: Bool { fieldIDs.isEmpty }

    /// The draft as a JSON document (a read draft writes back no answers: resume it
    /// into a session and draft that).
    public func json() -> String {
        let time = ISO8601DateFormatter().string(from: saved)
        let values = entries.map { "    \(JSONText.encode(.string($0.id))): \($0.json)" }.joined(separator: ",\n")
        return """
            {
              "formwork": "draft",
              "version": \(Self.formatVersion),
              "form": \(JSONText.encode(.string(formPath))),
              "definition": \(JSONText.encode(.string(fingerprint))),
              "saved": "\(time)",
              "values": {\(values.isEmpty ? "" : "\n" + values + "\n  ")}
            }

            """
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
        var newValues = values
        var newTouched = touched
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
                    newValues[field.index] = value
                    newTouched.insert(field.index)
                    report.restored.append(id)
                }
            }
        }
        restore(values: newValues, touched: newTouched, undoable: false)
        return report
    }
}
