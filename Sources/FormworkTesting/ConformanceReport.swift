import Foundation

/// What the differential tests against the source engines (JavaRosa, survey-core)
/// found, for `make conformance`'s table.
///
/// A test that compares one walk of a form with its engine records each aspect it
/// compared (questions shown, labels, calculations, verdict, data, an expression's
/// value) as agreed or not. Records go, one tab-separated line each, to the file
/// named by `FORMWORK_CONFORMANCE_REPORT`; without it nothing is written. The
/// Makefile adds the lines up into a table per format and set.
///
/// ```swift
/// ConformanceReport.record(
///     format: "SurveyJS", set: "random surveys", form: "random-17", walk: "seed 3",
///     aspects: ["questions": true, "data": shown == expected])
/// ```
public enum ConformanceReport {
    /// Whether the full set runs (`FORMWORK_CONFORMANCE=full`, as `make conformance`
    /// sets it) rather than the quick subset `make test` runs.
    public static var isFull: Bool {
        ProcessInfo.processInfo.environment["FORMWORK_CONFORMANCE"] == "full"
    }

    /// A count for the quick subset, or for the full set: an environment variable
    /// (e.g. `FORMWORK_RANDOM_FORMS=200`) overrides both.
    public static func count(quick: Int, full: Int, override variable: String) -> Int {
        if let text = ProcessInfo.processInfo.environment[variable], let number = Int(text), number >= 0 {
            return number
        }
        return isFull ? full : quick
    }

    /// Records one walk's comparison: each aspect compared, agreed or not, and the
    /// documented deviation it falls under, if any. Tabs and line breaks in the names
    /// become spaces.
    public static func record(
        format: String, set: String, form: String, walk: String, aspects: [String: Bool], deviation: String? = nil
    ) {
        guard let path = ProcessInfo.processInfo.environment["FORMWORK_CONFORMANCE_REPORT"], !path.isEmpty else {
            return
        }
        func clean(_ text: String) -> String {
            String(text.map { $0 == "\t" || $0.isNewline ? " " : $0 })
        }
        var lines = ""
        for (aspect, agreed) in aspects.sorted(by: { $0.key < $1.key }) {
            let fields = [format, set, form, walk, aspect, agreed ? "1" : "0", deviation ?? ""]
            lines += fields.map(clean).joined(separator: "\t") + "\n"
        }
        append(lines, to: path)
    }

    /// One `write` with `O_APPEND`, so lines from tests running at once do not mix.
    static func append(_ text: String, to path: String) {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
}
