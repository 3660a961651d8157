import Foundation

/// Why the files of file answers could not be put beside the answers.
public enum AttachmentCopyError: Error, Equatable, CustomStringConvertible {
    /// Two answers name different files with the same name: sent by name, one would
    /// replace the other.
    case sameName(String, fields: [String])
    /// A file could not be copied (gone since it was given, unreadable, a full disk).
    case copyFailed(file: String, reason: String)

    /// One line, with what to do.
    public var description: String {
        switch self {
        case let .sameName(name, fields):
            return "the answers to \(fields.joined(separator: " and ")) are both files named '\(name)': "
                + "attachments are sent by name, so rename one"
        case let .copyFailed(file, reason):
            return "cannot copy '\(file)' beside the answers: \(reason)"
        }
    }
}

extension Attachment {
    /// Copies the files of `attachments` into `directory` under their own names, where
    /// a submission's attachments travel with it (an answer format that
    /// `sendsFilesBeside` writes only the name: ODK Briefcase lays out an instance
    /// folder so, `submission.xml` and its files). A file already there is replaced;
    /// one that is already the file itself is left.
    ///
    /// ```swift
    /// try Attachment.copy(session.attachments, into: "out")   // ["out/a.jpg", "out/scan.pdf"]
    /// ```
    ///
    /// - Returns: The paths written.
    /// - Throws: `AttachmentCopyError` before copying anything when two answers name
    ///   different files with one name; while copying, when one cannot be copied.
    @discardableResult
    public static func copy(
        _ attachments: [Attachment], into directory: String
    ) throws(AttachmentCopyError)
        -> [String]
    {
        var byName: [String: (file: String, fields: [String])] = [:]
        var order: [String] = []
        for attachment in attachments {
            let source = URL(fileURLWithPath: attachment.file).standardizedFileURL.path
            let name = (source as NSString).lastPathComponent
            if let existing = byName[name] {
                guard existing.file == source else {
                    throw .sameName(name, fields: existing.fields + [attachment.field])
                }
                byName[name]!.fields.append(attachment.field)
            } else {
                byName[name] = (source, [attachment.field])
                order.append(name)
            }
        }
        let manager = FileManager.default
        var written: [String] = []
        for name in order {
            let source = byName[name]!.file
            let destination = URL(fileURLWithPath: directory).appendingPathComponent(name).standardizedFileURL.path
            written.append(destination)
            guard destination != source else { continue }
            do {
                if manager.fileExists(atPath: destination) { try manager.removeItem(atPath: destination) }
                try manager.copyItem(atPath: source, toPath: destination)
            } catch {
                throw .copyFailed(file: source, reason: (error as NSError).localizedDescription)
            }
        }
        return written
    }
}
