import Foundation
import Testing

@testable import Formwork

/// The files of file answers put beside the answers, by name, as a submission's
/// attachments travel (an answer format that `sendsFilesBeside`).
@Suite("Attachments copied beside the answers")
struct AttachmentCopyTests {
    /// A fresh directory with `source/` holding the named files (contents: their names).
    static func directory(files: [String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-attach-\(UUID())")
        for file in files {
            let url = root.appendingPathComponent(file)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.utf8).write(to: url)
        }
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("out"), withIntermediateDirectories: true)
        return root
    }

    @Test func eachFileIsCopiedByItsName() throws {
        let root = try Self.directory(files: ["a/photo.jpg", "b/scan.pdf"])
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("out").path
        let written = try Attachment.copy(
            [
                Attachment(field: "photo", file: root.appendingPathComponent("a/photo.jpg").path),
                Attachment(field: "members[1].scan", file: root.appendingPathComponent("b/scan.pdf").path),
                Attachment(field: "members[2].scan", file: root.appendingPathComponent("b/scan.pdf").path),
            ], into: out)
        #expect(written == [out + "/photo.jpg", out + "/scan.pdf"])
        #expect(try String(contentsOfFile: out + "/scan.pdf", encoding: .utf8) == "b/scan.pdf")
    }

    @Test func twoFilesWithOneNameAreRefusedBeforeAnythingIsCopied() throws {
        let root = try Self.directory(files: ["a/photo.jpg", "b/photo.jpg"])
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("out").path
        let error = #expect(throws: AttachmentCopyError.self) {
            try Attachment.copy(
                [
                    Attachment(field: "front", file: root.appendingPathComponent("a/photo.jpg").path),
                    Attachment(field: "back", file: root.appendingPathComponent("b/photo.jpg").path),
                ], into: out)
        }
        #expect(error == .sameName("photo.jpg", fields: ["front", "back"]))
        #expect(error?.description.contains("rename one") == true)
        #expect(!FileManager.default.fileExists(atPath: out + "/photo.jpg"))
    }

    @Test func aFileAlreadyInPlaceIsLeftAndAMissingOneIsSaid() throws {
        let root = try Self.directory(files: ["out/photo.jpg"])
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("out").path
        #expect(try Attachment.copy([Attachment(field: "photo", file: out + "/photo.jpg")], into: out).count == 1)
        #expect(try String(contentsOfFile: out + "/photo.jpg", encoding: .utf8) == "out/photo.jpg")
        let error = #expect(throws: AttachmentCopyError.self) {
            try Attachment.copy(
                [Attachment(field: "gone", file: root.appendingPathComponent("gone.jpg").path)], into: out)
        }
        #expect(error?.description.hasPrefix("cannot copy") == true)
    }
}
