import Formwork
import FormworkTesting
import Foundation
import Testing

@testable import FormworkODK

/// The XLSForm reader against pyxform: each corpus workbook is imported directly,
/// and converted by pyxform (`make deps` installs it under `.build/pyxform`) into an
/// XForm that the XForm reader imports. Both imports must have the same questions
/// at the same instance paths, of the same kinds, with the same options; then random
/// answers, given to both in the same order, must leave the same questions relevant
/// and the same ones in error. Skipped, saying why, where pyxform or the corpus is
/// absent.
@Suite("XLSForm import against pyxform's XForm", .serialized)
struct PyxformCrossCheckTests {
    static let pyxform = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build/pyxform/bin/xls2xform")

    static var workbooks: [String] { XLSFormCorpusTests.readableNames.filter { $0.hasSuffix(".xlsx") } }

    /// pyxform's XForm of a workbook, imported; `nil` (said) where pyxform is absent.
    static func viaPyxform(_ name: String) throws -> FormDefinition? {
        guard FileManager.default.isExecutableFile(atPath: pyxform.path) else {
            print("skipped: pyxform is not installed (make deps installs it under .build/pyxform)")
            return nil
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pyxform-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("form.xml")
        let process = Process()
        process.executableURL = pyxform
        process.arguments = ["--skip_validate", Corpus.root.appendingPathComponent(name).path, output.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "pyxform could not convert \(name)")
        return try FormDefinition.load(
            contentsOf: output, displayPath: name + ".xml", formats: .odk)
    }

    /// Each field's instance path (without entry indexes) → its kind and options.
    static func shape(_ form: FormDefinition) -> [String: String] {
        let paths = OracleWalkTests.elementPaths(of: form)
        var shape: [String: String] = [:]
        for (path, owner) in paths where !owner.isRepeat && !path.contains("reserved_name_for_field_list_labels") {
            guard let field = form.fields.first(where: { $0.id == owner.id }) else { continue }
            shape[path] = "\(field.kind) \(field.options.map(\.value))"
        }
        return shape
    }

    @Test(arguments: workbooks)
    func bothImportsAreTheSameForm(_ name: String) throws {
        guard let converted = try Self.viaPyxform(name) else { return }
        let direct = try XLSFormCorpusTests.load(name)
        let (ours, theirs) = (Self.shape(direct), Self.shape(converted))
        for path in Set(ours.keys).union(theirs.keys).sorted() where ours[path] != theirs[path] {
            Issue.record("\(name): \(path) is \(ours[path] ?? "absent") here, \(theirs[path] ?? "absent") via pyxform")
        }
        // The same random answers, in the same order, to both.
        let sessions = [FormSession(definition: direct), FormSession(definition: converted)]
        let roots = [direct, converted].map { $0.submission?.root ?? "data" }
        let paths = [direct, converted].map { OracleWalkTests.elementPaths(of: $0) }
        var generator = SeededGenerator(seed: UInt64(name.utf8.reduce(0) { $0 &* 31 &+ UInt64($1) }))
        for step in 0..<40 {
            let open = ScriptedFill.unansweredPaths(sessions[0].relevantFields(), session: sessions[0])
            guard let path = open.randomElement(using: &generator),
                let field = ScriptedFill.field(named: path, in: sessions[0])
            else { break }
            let candidates = ScriptedFill.candidates(
                for: field, options: sessions[0].visibleOptions(of: path), file: Corpus.root.path)
            guard let value = candidates.randomElement(using: &generator) else { continue }
            let ref = Self.instanceRef(path, in: sessions[0], root: roots[0])
            guard let other = OracleWalkTests.formworkPath(ref, root: roots[1], paths: paths[1]) else {
                Issue.record("\(name): \(ref) has no field via pyxform")
                continue
            }
            let results = [try? sessions[0].set(path, text: value), try? sessions[1].set(other.path, text: value)]
            #expect((results[0] == nil) == (results[1] == nil), "\(name) step \(step): \(ref) = \(value)")
            let shown = sessions.enumerated().map { Self.relevantRefs($1, root: roots[$0]) }
            #expect(shown[0] == shown[1], "\(name) step \(step) after \(ref) = \(value)")
        }
    }

    /// A Formwork path as an instance path (`woman[1].child[2].name_3` →
    /// `/data/woman[1]/child[2]/name`).
    static func instanceRef(_ path: String, in session: FormSession, root: String) -> String {
        let layout = session.definition.submission?.paths ?? [:]
        return "/" + root + "/"
            + path.split(separator: ".").map { step -> String in
                let id = String(step.prefix { $0 != "[" })
                return (layout[id] ?? id) + step.dropFirst(id.count)
            }.joined(separator: "/")
    }

    /// The relevant questions' instance paths, sorted.
    static func relevantRefs(_ session: FormSession, root: String) -> [String] {
        OracleWalkTests.questions(of: session, root: root).filter {
            !$0.contains("reserved_name_for_field_list_labels")
        }.sorted()
    }
}
