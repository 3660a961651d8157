import Foundation

/// JavaRosa filling a small XForm given as text (`../shared/oracles/javarosa/run.sh
/// fill`), for the XForm reader's tests: what it shows and what it submits after the
/// answers. `nil` (and a line saying why) where the oracle is not set up, so the tests
/// that use it are skipped there rather than failing.
enum XFormOracle {
    /// What JavaRosa shows and submits.
    struct Fill {
        /// The relevant questions' paths, in the order Collect steps through them.
        var questions: [String]
        /// Each shown question's and group's label by path (`nil`: it has none).
        var labels: [String: String?]
        /// Each shown question's hint by path, where it has one.
        var hints: [String: String]
        /// The status JavaRosa gave each answer (`ok`, `constraint`, `rejected`, …).
        var applied: [String]
        /// The submission XML (after `finalizeFormEntry()`).
        var submission: String
    }

    /// JavaRosa's fill of `xform` after `answers` (`[path, value]`, in form order), in
    /// `language` (the default one when `nil`); `nil` when the oracle cannot run here.
    static func fill(_ xform: String, answers: [[String]], language: String? = nil) throws -> Fill? {
        if let reason = XPathOracle.unavailable {
            print("skipped: \(reason)")
            return nil
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("xform-oracle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let form = folder.appendingPathComponent("form.xml")
        let answersFile = folder.appendingPathComponent("answers.json")
        try Data(xform.utf8).write(to: form)
        try JSONSerialization.data(withJSONObject: answers).write(to: answersFile)
        var arguments = ["fill", form.path, answersFile.path]
        if let language { arguments += ["--lang", language] }
        let (status, data) = try XPathOracle.output(arguments)
        guard status == 0, let json = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            print("skipped: the JavaRosa oracle exited \(status)")
            return nil
        }
        let shown = (json["questions"] as? [[String: Any]] ?? []) + (json["groups"] as? [[String: Any]] ?? [])
        var labels: [String: String?] = [:]
        var hints: [String: String] = [:]
        for element in shown {
            guard let ref = element["ref"] as? String else { continue }
            labels[ref] = .some(element["label"] as? String)
            if let hint = element["hint"] as? String { hints[ref] = hint }
        }
        return Fill(
            questions: (json["questions"] as? [[String: Any]] ?? []).compactMap { $0["ref"] as? String },
            labels: labels, hints: hints,
            applied: (json["applied"] as? [[String: Any]] ?? []).compactMap { $0["status"] as? String },
            submission: json["submission_xml"] as? String ?? "")
    }
}
