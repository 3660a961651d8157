/// A file a form's answers refer to: a `file` field's path, and the field's path.
///
/// ```swift
/// for attachment in session.attachments {
///     upload(attachment.file, as: attachment.field)   // "members[2].passport", "scans/ada.pdf"
/// }
/// ```
public struct Attachment: Sendable, Hashable {
    /// The field, by path (`scan`, `members[2].passport`).
    public var field: String
    /// The file's path, as given.
    public var file: String

    /// The file at `file` (as given), the answer of the field at path `field`.
    public init(field: String, file: String) {
        self.field = field
        self.file = file
    }
}

extension FormSession {
    /// The files the answers refer to: every visible, answered `file` field, entries
    /// included, in form order (each file of a `multiple` one). The files were checked
    /// (regular, readable, within `maxSize`) when given; they are not opened here. A
    /// file held in the answer itself (a data URL) is not an attachment.
    public var attachments: [Attachment] {
        var found: [Attachment] = []
        func walk(_ fields: [AnsweredField], prefix: String) {
            for answered in fields {
                switch answered.answer {
                case .value(let value) where definition.field(answered.id)?.kind == .file:
                    let files: [Value] = if case .list(let files) = value { files } else { [value] }
                    for case .string(let file) in files where !file.hasPrefix("data:") {
                        found.append(Attachment(field: prefix + answered.id, file: file))
                    }
                case .entries(let entries):
                    for (position, entry) in entries.enumerated() {
                        walk(entry, prefix: prefix + "\(answered.id)[\(position + 1)].")
                    }
                default: break
                }
            }
        }
        walk(answers(), prefix: "")
        return found
    }
}
