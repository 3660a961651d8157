import Foundation

/// An unfinished fill of one form, saved so that nothing typed is lost: the form's
/// path, a fingerprint of its definition file, when it was saved, and every answer
/// given except secure ones (hidden fields included, so showing a section again
/// brings its answers back), with the entries of the form's repeats.
///
/// The file is JSON Lines, so that a change costs one appended line, not a copy of
/// every answer: a header, then one line per change, replayed in order — an answer
/// (`"value": null` takes it back), or an entry added, removed or moved. Fields in
/// entries are named by path, as at the time of the line.
///
/// ```
/// {"formwork":"draft","version":3,"form":"/forms/household.yaml","definition":"fnv1a64:…","saved":"…"}
/// {"id":"household","value":"Lovelace"}
/// {"entry":"add","group":"members","position":1}
/// {"id":"members[1].name","value":"Ada"}
/// {"entry":"move","at":"members[2]","position":1}
/// {"entry":"remove","at":"members[3]"}
/// ```
///
/// A last line cut short (a crash in the middle of an append) is ignored; version 1
/// drafts (one JSON object) and version 2 drafts (answers only) are still read.
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
    public static let formatVersion = 3

    /// One line of a draft, replayed in order.
    enum Line: Sendable {
        /// An answer (`null`: none any more) of the field at a path.
        case value(path: String, node: SyntaxNode)
        /// An entry added to a repeat (`members`) at a position (from 1).
        case add(group: String, position: Int)
        /// An entry (`members[2]`) removed.
        case remove(entry: String)
        /// An entry moved to a position (from 1) in its list.
        case move(entry: String, position: Int)
        /// An entry's identity for `uuid()`.
        case identity(entry: String, key: Int)
    }

    /// The definition file's absolute path.
    public var formPath: String
    /// `FormDraft.fingerprint(of:)` of the definition file when the draft was saved.
    public var fingerprint: String
    /// When the draft was saved (whole; lines appended since are not dated).
    public var saved: Date
    /// The session's `uuidSeed`, so a resumed session's `uuid()` values are the same
    /// (`nil` in drafts written before it was kept).
    public var uuidSeed: UInt64?
    /// A new draft's lines, as text.
    private let text: [String]
    /// A read draft's lines, kept as nodes until a form reads them by its types.
    let lines: [Line]
    /// Whether the draft was read from an earlier format (version 1 or 2).
    public let isFormerFormat: Bool

    /// The paths of a read draft's answer lines, in order, each once.
    public var fieldIDs: [String] {
        var seen = Set<String>()
        return lines.compactMap { line in
            guard case .value(let path, _) = line, seen.insert(path).inserted else { return nil }
            return path
        }
    }

    /// How many lines the draft holds (after its header).
    public var lineCount: Int { lines.isEmpty ? text.count : lines.count }

    /// A draft of `session`'s current answers and entries (secure fields left out).
    public init(session: FormSession, formPath: String, fingerprint: String, saved: Date = Date()) {
        self.formPath = formPath
        self.fingerprint = fingerprint
        self.saved = saved
        self.uuidSeed = session.uuidSeed
        text = session.draftLines()
        lines = []
        isFormerFormat = false
    }

    /// The line that records a field's answer (`nil`: no answer any more); `path`
    /// names the field as `FormSession.path(ofInstance:)` does.
    public static func entryLine(id path: String, value: Value?) -> String {
        "{\"id\":\(JSONText.encode(.string(path))),\"value\":\(value.map(JSONText.encode) ?? "null")}\n"
    }

    /// The line that records an entry operation.
    public static func entryLine(_ operation: EntryOperation) -> String {
        switch operation {
        case let .add(group, position):
            return "{\"entry\":\"add\",\"group\":\(JSONText.encode(.string(group))),\"position\":\(position)}\n"
        case .remove(let entry):
            return "{\"entry\":\"remove\",\"at\":\(JSONText.encode(.string(entry)))}\n"
        case let .move(entry, position):
            return "{\"entry\":\"move\",\"at\":\(JSONText.encode(.string(entry))),\"position\":\(position)}\n"
        case let .identity(entry, key):
            return "{\"entry\":\"identity\",\"at\":\(JSONText.encode(.string(entry))),\"key\":\(key)}\n"
        }
    }

    /// Reads a draft file.
    ///
    /// - Throws: `DiagnosticList` when the file is not a draft this version reads.
    public init(bytes: [UInt8], path: String) throws(DiagnosticList) {
        let source = String(decoding: bytes, as: UTF8.self)
        func fail(_ what: String, at location: SourceLocation? = nil) -> DiagnosticList {
            DiagnosticList(path: path, source: source, diagnostics: [Diagnostic(.invalidDraft(what), at: location)])
        }
        let rawLines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let header: SyntaxNode
        do {
            (header, _) = try SyntaxLoader.parse(Array(rawLines.first ?? []), format: .json, limits: .default)
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
        guard let versionText = member("version")?.scalarText, let version = Int(versionText), [2, 3].contains(version)
        else {
            throw fail(
                "its version is \(member("version")?.scalarText ?? "missing"); this Formwork reads versions 1 to 3",
                at: member("version")?.location)
        }
        guard let form = member("form")?.scalarText, let fingerprint = member("definition")?.scalarText,
            let savedText = member("saved")?.scalarText, let saved = ISO8601DateFormatter().date(from: savedText)
        else { throw fail("its header needs \"form\", \"definition\" and \"saved\" (an ISO 8601 time)") }
        var lines: [Line] = []
        for (number, raw) in rawLines.enumerated().dropFirst() where !raw.isEmpty {
            let entry: SyntaxNode
            do {
                (entry, _) = try SyntaxLoader.parse(Array(raw), format: .json, limits: .default)
            } catch {
                if number == rawLines.count - 1 { break }  // cut short by a crash while appending: never acknowledged
                throw fail("line \(number + 1) is not a draft entry", at: SourceLocation(line: number + 1, column: 1))
            }
            guard let line = Self.line(entry) else {
                throw fail(
                    "line \(number + 1) needs \"id\" and \"value\", or \"entry\" (add, remove or move)",
                    at: SourceLocation(line: number + 1, column: 1))
            }
            lines.append(line)
        }
        self.init(formPath: form, fingerprint: fingerprint, saved: saved, isFormerFormat: version < 3, lines: lines)
        uuidSeed = member("seed")?.scalarText.flatMap { UInt64($0, radix: 16) }
    }

    /// A line's meaning, or `nil` when it is not one a draft holds.
    private static func line(_ entry: SyntaxNode) -> Line? {
        guard let pairs = entry.pairs else { return nil }
        func member(_ key: String) -> SyntaxNode? { pairs.last { $0.key.scalarText == key }?.value }
        func position() -> Int? {
            guard let node = member("position"), !node.isQuoted, let text = node.scalarText, let number = Int(text),
                number >= 1
            else { return nil }
            return number
        }
        if let id = member("id")?.scalarText, let value = member("value") { return .value(path: id, node: value) }
        switch member("entry")?.scalarText {
        case "add":
            return member("group")?.scalarText.flatMap { group in position().map { .add(group: group, position: $0) } }
        case "remove": return member("at")?.scalarText.map { .remove(entry: $0) }
        case "move": return member("at")?.scalarText.flatMap { at in position().map { .move(entry: at, position: $0) } }
        case "identity":
            guard let at = member("at")?.scalarText, let node = member("key"), !node.isQuoted,
                let key = node.scalarText.flatMap({ Int($0) }), key >= 1
            else { return nil }
            return .identity(entry: at, key: key)
        default: return nil
        }
    }

    private init(formPath: String, fingerprint: String, saved: Date, isFormerFormat: Bool, lines: [Line]) {
        self.formPath = formPath
        self.fingerprint = fingerprint
        self.saved = saved
        self.isFormerFormat = isFormerFormat
        self.lines = lines
        text = []
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
                "its version is \(member("version")?.scalarText ?? "missing"); this Formwork reads versions 1 to 3",
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
            lines: valuePairs.compactMap { pair in pair.key.scalarText.map { .value(path: $0, node: pair.value) } })
    }

    /// Whether the draft holds nothing to replay.
    public var isEmpty: Bool { lineCount == 0 }

    /// The draft as a whole file: the header, the entries and one line per answer (a
    /// read draft writes back no lines: resume it into a session and draft that).
    public func json() -> String {
        let header =
            "{\"formwork\":\"draft\",\"version\":\(Self.formatVersion),\"form\":\(JSONText.encode(.string(formPath))),"
            + "\"definition\":\(JSONText.encode(.string(fingerprint))),"
            + "\"saved\":\"\(ISO8601DateFormatter().string(from: saved))\""
            + (uuidSeed.map { ",\"seed\":\"\(String($0, radix: 16))\"" } ?? "") + "}\n"
        return header + text.joined()
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
