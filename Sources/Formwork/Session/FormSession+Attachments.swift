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
    /// included, in form order. The files were checked (regular, readable, within
    /// `maxSize`) when given; they are not opened here.
    public var attachments: [Attachment] {
        var found: [Attachment] = []
        func walk(_ fields: [AnsweredField], prefix: String) {
            for answered in fields {
                switch answered.answer {
                case .value(.string(let file)) where definition.field(answered.id)?.kind == .file:
                    found.append(Attachment(field: prefix + answered.id, file: file))
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
