import Foundation

/// A file held in an answer itself: a data URL (RFC 2397),
/// `data:[<media type>][;name=<file name>][;base64],<data>`.
///
/// A `file` field's answer is a path, or — for a field with `inline: true`, or an
/// answer read from a survey's data — a data URL. The `name` parameter keeps the file's
/// name (a browser's upload keeps it beside the content; here it travels inside it).
///
/// ```swift
/// let url = DataURL("data:image/png;name=sign.png;base64,iVBORw0K")!
/// url.mediaType   // "image/png"
/// url.name        // "sign.png"
/// url.byteCount   // 6
/// ```
public struct DataURL: Sendable, Hashable {
    /// The media type (`image/png`); empty when the URL names none (`text/plain`).
    public var mediaType: String
    /// The file's name, from the `name` parameter (percent-decoded).
    public var name: String?
    /// Whether the data is base64.
    public var isBase64: Bool
    /// The data after the comma, as written.
    public var payload: Substring
    /// The parameters other than `name` and `base64`, as written (`charset=utf-8`).
    public var parameters: [String]

    /// The data URL `text`, or `nil` when it is not one.
    public init?(_ text: String) {
        guard text.hasPrefix("data:"), let comma = text.firstIndex(of: ",") else { return nil }
        let header = text[text.index(text.startIndex, offsetBy: 5)..<comma]
        var parts = header.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        mediaType = parts.isEmpty ? "" : parts.removeFirst()
        guard mediaType.isEmpty || mediaType.contains("/") else { return nil }
        isBase64 = parts.last == "base64"
        if isBase64 { parts.removeLast() }
        name = nil
        parameters = []
        for part in parts {
            if part.hasPrefix("name=") {
                name = String(part.dropFirst(5)).removingPercentEncoding ?? String(part.dropFirst(5))
            } else {
                parameters.append(part)
            }
        }
        payload = text[text.index(after: comma)...]
    }

    /// A data URL holding `bytes`, of `mediaType`, named `name`, in base64.
    public init(bytes: [UInt8], mediaType: String, name: String?) {
        self.mediaType = mediaType
        self.name = name
        self.isBase64 = true
        self.parameters = []
        self.payload = Substring(Data(bytes).base64EncodedString())
    }

    /// The URL as text, with its name when `withName` (a survey's data keeps the name
    /// beside the content, without it).
    public func text(withName: Bool = true) -> String {
        var header = mediaType
        for parameter in parameters { header += ";" + parameter }
        if withName, let name {
            let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
            header += ";name=" + (name.addingPercentEncoding(withAllowedCharacters: allowed) ?? name)
        }
        if isBase64 { header += ";base64" }
        return "data:" + header + "," + payload
    }

    /// The number of bytes the URL holds; `nil` when its base64 is not well formed.
    public var byteCount: Int? {
        guard isBase64 else {
            return (String(payload).removingPercentEncoding ?? String(payload)).utf8.count
        }
        let characters = payload.utf8.filter { !" \t\r\n".utf8.contains($0) }
        guard characters.count % 4 == 0 else { return nil }
        let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var padding = 0
        for (offset, character) in characters.enumerated() {
            if character == UInt8(ascii: "=") {
                guard offset >= characters.count - 2 else { return nil }
                padding += 1
            } else if padding > 0 || !alphabet.contains(character) {
                return nil
            }
        }
        return characters.count / 4 * 3 - padding
    }

    /// The file name endings the URL answers to: its name's, else its media type's
    /// (`image/jpeg` is `jpeg` and `jpg`, `image/svg+xml` is `svg`).
    var extensions: [String] {
        if let name, let dot = name.lastIndex(of: ".") { return [String(name[name.index(after: dot)...]).lowercased()] }
        let subtype = mediaType.split(separator: "/").last.map { String($0).lowercased() } ?? ""
        let bare = subtype.split(separator: "+").first.map(String.init) ?? subtype
        switch bare {
        case "jpeg": return ["jpeg", "jpg"]
        case "plain": return ["txt"]
        default: return bare.isEmpty ? [] : [bare]
        }
    }

    /// The media type of a file named `name`, by its ending (`application/octet-stream`
    /// when unknown).
    static func mediaType(ofFileNamed name: String) -> String {
        mediaTypes[(name as NSString).pathExtension.lowercased()] ?? "application/octet-stream"
    }

    /// Media types by file name ending.
    private static let mediaTypes: [String: String] = [
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif",
        "svg": "image/svg+xml", "webp": "image/webp", "bmp": "image/bmp", "pdf": "application/pdf",
        "txt": "text/plain", "csv": "text/csv", "json": "application/json", "xml": "application/xml",
        "mp3": "audio/mpeg", "wav": "audio/wav", "mp4": "video/mp4", "zip": "application/zip",
    ]
}
