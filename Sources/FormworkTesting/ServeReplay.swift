import Formwork
import FormworkCore
import Foundation

/// Replays a fill through `formwork serve`, the way a program embedding the engine
/// drives it: JSON-RPC requests, one a line, on the server's standard input, and the
/// responses read back by id. The differential tests replay an oracle's walk through
/// it as well as through the Swift API, so both paths users take are judged.
///
/// ```swift
/// var replay = ServeReplay()
/// replay.request("field.set", ["id": "age", "text": "42"])
/// let answers = replay.request("form.answers", ["format": "odk"])
/// let responses = try replay.run(form: url)
/// let xml = responses.results[answers] as? String
/// ```
public struct ServeReplay {
    /// The requests so far, one JSON text each.
    public private(set) var lines: [String] = []
    private var nextID = 1

    /// A replay with no requests yet; the first request gets the id 1.
    public init() {}

    /// Adds a request; returns its id.
    @discardableResult
    public mutating func request(_ method: String, _ params: [String: Any] = [:]) -> Int {
        let id = nextID
        nextID += 1
        let object: [String: Any] = ["jsonrpc": "2.0", "id": id, "method": method, "params": params]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
        lines.append(String(decoding: data, as: UTF8.self))
        return id
    }

    /// What the server answered.
    public struct Responses {
        /// Each request's result, by id.
        public var results: [Int: Any] = [:]
        /// Each refused request's error message (with its data), by id.
        public var errors: [Int: String] = [:]
        /// The server's exit status.
        public var status: Int32 = 0
        /// What the server wrote on standard error.
        public var standardError = ""
    }

    /// Runs `formwork serve FORM` with the requests so far (in UTC, so times read the
    /// same in every submission); `options` go before the form (`--skip-unsupported`).
    public func run(
        form: URL, options: [String] = [], environment: [String: String] = ["TZ": "UTC"]
    ) throws -> Responses {
        let result = try CommandRunner.run(
            "formwork", ["serve"] + options + [form.path], input: lines.map { $0 + "\n" }.joined(),
            environment: environment,
            timeout: .seconds(120))
        var responses = Responses(status: result.status, standardError: result.standardError)
        for line in result.standardOutput.split(separator: "\n") {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let id = object["id"] as? Int
            else { continue }
            if let error = object["error"] as? [String: Any] {
                var message = error["message"] as? String ?? "error"
                if let data = error["data"],
                    let text = try? JSONSerialization.data(withJSONObject: data, options: [.sortedKeys])
                {
                    message += " " + String(decoding: text, as: UTF8.self)
                }
                responses.errors[id] = message
            } else {
                responses.results[id] = object["result"]
            }
        }
        return responses
    }

    /// The field rows of a `form.snapshot` result, in order, each as `path: label`
    /// (`members[2].age: Age`): what the server shows.
    public static func rows(ofSnapshot snapshot: Any?) -> [String] {
        let sections = (snapshot as? [String: Any])?["sections"] as? [[String: Any]] ?? []
        return sections.flatMap { section in
            (section["rows"] as? [[String: Any]] ?? []).compactMap { row -> String? in
                guard row["kind"] as? String != "add", let id = row["id"] as? String else { return nil }
                return id + ": " + (row["label"] as? String ?? "")
            }
        }
    }

    /// The field rows a session shows, as `rows(ofSnapshot:)` gives the server's (the
    /// session is reloaded first).
    public static func rows(of session: FormSession) -> [String] {
        _ = session.reload()
        let dataSource = session.dataSource
        var rows: [String] = []
        for section in 0..<dataSource.numberOfSections {
            for row in 0..<dataSource.numberOfRows(inSection: section) {
                let indexPath = IndexPath(row: row, section: section)
                guard let item = dataSource.row(at: indexPath)?.item(as: FieldRow.self),
                    let path = session.path(at: indexPath)
                else { continue }
                rows.append(path + ": " + item.label)
            }
        }
        return rows
    }
}
