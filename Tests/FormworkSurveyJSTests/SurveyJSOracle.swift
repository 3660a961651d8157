import Foundation

/// survey-core 3.0.1, through `../shared/oracles/surveyjs` (run with `TZ=UTC` and the
/// clock at 2025-01-15T12:00:00Z).
///
/// Expressions are evaluated as `run.js expr` evaluates them — an `ExpressionRunner`
/// (a `ConditionRunner` for a condition) over the answers — but many in one node
/// process: `driver` is `run.js expr` for a list, loading the same bundle the same
/// way. Surveys are filled by `run.js fill` itself.
enum SurveyJSOracle {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/oracles/surveyjs")
    static let clock = "2025-01-15T12:00:00Z"

    /// Why the oracle cannot run here; `nil` when it can.
    static var unavailable: String? {
        let bundle = ["build", "dist"].contains {
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("\($0)/survey-core.cjs").path)
        }
        guard bundle else { return "the SurveyJS oracle is not set up (../shared/oracles/setup.sh)" }
        guard node != nil else { return "node is not installed (../shared/oracles/setup.sh)" }
        return nil
    }

    static var node: String? {
        ["/usr/bin/node", "/usr/local/bin/node", "/opt/homebrew/bin/node"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// `run.js expr` for a list of `[expression, values]`: each value as an
    /// `ExpressionRunner` gives it, as JSON — a date as `"date:YYYY-MM-DD"` (or
    /// `"datetime:YYYY-MM-DDTHH:MM:SS"` when it has a time of day), `Infinity` and `NaN`
    /// as `"number:…"`, `undefined` as `null`, and `"cannot parse"` where survey-core
    /// cannot parse the expression.
    static let driver = """
        "use strict";
        const fs = require("fs"), path = require("path");
        const t = Date.parse(process.argv[4]), D = Date;
        global.Date = class extends D {
          constructor(...a) { super(...(a.length ? a : [t])); }
          static now() { return t; }
        };
        console.log = console.info = console.debug = console.warn = console.error = () => {};
        const dir = process.argv[2];
        const LIB = fs.existsSync(path.join(dir, "build", "survey-core.cjs")) ? "build" : "dist";
        const S = require(path.join(dir, LIB, "survey-core.cjs"));
        const items = JSON.parse(fs.readFileSync(process.argv[3], "utf8"));
        const plain = (value) => {
          if (value instanceof D) {
            const iso = value.toISOString();
            return iso.endsWith("T00:00:00.000Z") ? "date:" + iso.slice(0, 10) : "datetime:" + iso.slice(0, 19);
          }
          if (Array.isArray(value)) return value.map(plain);
          if (typeof value === "number" && !isFinite(value)) return "number:" + String(value);
          return value === undefined ? null : value;
        };
        const results = items.map(([expression, values]) => {
          const runner = new S.ExpressionRunner(expression);
          if (!runner.canRun()) return "cannot parse";
          return plain(runner.runValues(values));
        });
        process.stdout.write(JSON.stringify(results));
        """

    /// survey-core's values, as JSON values, for `[expression, values]`.
    static func evaluate(_ items: [(String, [String: Any])]) throws -> [Any] {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("surveyjs-oracle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let script = work.appendingPathComponent("driver.js")
        try driver.write(to: script, atomically: true, encoding: .utf8)
        let input = work.appendingPathComponent("items.json")
        try JSONSerialization.data(withJSONObject: items.map { [$0.0, $0.1] }).write(to: input)
        let output = try run([script.path, folder.path, input.path, clock])
        return try JSONSerialization.jsonObject(with: output, options: [.fragmentsAllowed]) as! [Any]
    }

    /// `run.js fill SURVEY ANSWERS`, parsed.
    static func fill(survey: Any, answers: [[Any]]) throws -> [String: Any] {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("surveyjs-oracle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let surveyFile = work.appendingPathComponent("survey.json")
        try JSONSerialization.data(withJSONObject: survey).write(to: surveyFile)
        let answersFile = work.appendingPathComponent("answers.json")
        try JSONSerialization.data(withJSONObject: answers).write(to: answersFile)
        let output = try run([
            folder.appendingPathComponent("run.js").path, "fill", surveyFile.path, answersFile.path, "--now", clock,
        ])
        return try JSONSerialization.jsonObject(with: output) as! [String: Any]
    }

    /// `run.js describe` of a survey written as JSON: its questions, as survey-core
    /// builds them before any answer.
    static func describe(_ json: String) throws -> [[String: Any]] {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("surveyjs-oracle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let surveyFile = work.appendingPathComponent("survey.json")
        try Data(json.utf8).write(to: surveyFile)
        let output = try run([
            folder.appendingPathComponent("run.js").path, "describe", surveyFile.path, "--now", clock,
        ])
        return (try JSONSerialization.jsonObject(with: output) as? [String: Any])?["questions"] as? [[String: Any]]
            ?? []
    }

    /// `run.js expr EXPRESSION VALUES [--condition]`'s result, as JSON.
    static func expr(_ expression: String, _ values: [String: Any], condition: Bool) throws -> Any {
        let data = try JSONSerialization.data(withJSONObject: values)
        let output = try run(
            [folder.appendingPathComponent("run.js").path, "expr", expression, String(decoding: data, as: UTF8.self)]
                + (condition ? ["--condition"] : []) + ["--now", clock])
        let object = try JSONSerialization.jsonObject(with: output) as! [String: Any]
        return object["result"] ?? object["error"] ?? NSNull()
    }

    static func run(_ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: node!)
        process.arguments = arguments
        process.environment = ["TZ": "UTC", "PATH": "/usr/bin:/bin"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data
    }
}

extension SurveyJSOracle {
    /// `run.js random SURVEY --seed N`, parsed: the answers given in order, the
    /// questions shown at the end, the data, `completedData` and the verdict.
    static func random(_ survey: URL, seed: Int, locale: String? = nil) throws -> [String: Any] {
        let output = try run(
            [
                folder.appendingPathComponent("run.js").path, "random", survey.path, "--seed", String(seed), "--now",
                clock,
            ] + (locale.map { ["--locale", $0] } ?? []))
        return try JSONSerialization.jsonObject(with: output) as! [String: Any]
    }
}

extension SurveyJSOracle {
    /// `run.js fill SURVEY ANSWERS` of a corpus survey, parsed.
    static func fill(_ survey: URL, answers: [[Any]]) throws -> [String: Any] {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("surveyjs-oracle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let answersFile = work.appendingPathComponent("answers.json")
        try JSONSerialization.data(withJSONObject: answers).write(to: answersFile)
        let output = try run([
            folder.appendingPathComponent("run.js").path, "fill", survey.path, answersFile.path, "--now", clock,
        ])
        return try JSONSerialization.jsonObject(with: output) as! [String: Any]
    }
}

extension SurveyJSOracle {
    /// `run.js` for many commands in one node process: each is run as `node run.js
    /// ARGS…` runs it (the module loaded afresh with those arguments, its output
    /// captured), while survey-core's bundle is loaded once. The clock `--now` sets is
    /// undone between commands, so each wraps the real `Date` once.
    static let batchDriver = """
        "use strict";
        const fs = require("fs");
        const [runJs, jobsFile] = process.argv.slice(2);
        const jobs = JSON.parse(fs.readFileSync(jobsFile, "utf8"));
        const RealDate = Date;
        const write = process.stdout.write.bind(process.stdout);
        const results = [];
        for (const args of jobs) {
          global.Date = RealDate;
          let out = "";
          process.stdout.write = (chunk) => { out += chunk; return true; };
          process.argv = [process.argv[0], runJs, ...args];
          delete require.cache[require.resolve(runJs)];
          try { require(runJs); results.push(JSON.parse(out)); }
          catch (e) { results.push({ error: String((e && e.stack) || e) }); }
          finally { process.stdout.write = write; process.exitCode = 0; }
        }
        global.Date = RealDate;
        write(JSON.stringify(results));
        """

    /// `run.js random|fill …` for each of `commands` (their arguments after `run.js`;
    /// `--now` is added), parsed, in order; `{"error": …}` where one threw.
    static func batch(_ commands: [[String]]) throws -> [[String: Any]] {
        guard !commands.isEmpty else { return [] }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("surveyjs-batch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let script = work.appendingPathComponent("batch.js")
        try batchDriver.write(to: script, atomically: true, encoding: .utf8)
        let jobs = work.appendingPathComponent("jobs.json")
        try JSONSerialization.data(withJSONObject: commands.map { $0 + ["--now", clock] }).write(to: jobs)
        let output = try run([script.path, folder.appendingPathComponent("run.js").path, jobs.path])
        return try JSONSerialization.jsonObject(with: output) as? [[String: Any]] ?? []
    }
}

extension SurveyJSOracle {
    /// The bundle of survey-core the oracle loads (`build/`, else `dist/`).
    static var library: URL {
        ["build", "dist"].map { folder.appendingPathComponent("\($0)/survey-core.cjs") }
            .first { FileManager.default.fileExists(atPath: $0.path) } ?? folder.appendingPathComponent("dist")
    }

    /// survey-core's verdict on a finished response (`Fixtures/Oracle/validate-data.js`):
    /// the paths of the questions in error once the survey's data is `data`.
    static func validate(survey: Any, data: Any, locale: String?) throws -> Set<String> {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Oracle/validate-data.js")
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("surveyjs-data-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let surveyFile = work.appendingPathComponent("survey.json")
        let dataFile = work.appendingPathComponent("data.json")
        try JSONSerialization.data(withJSONObject: survey).write(to: surveyFile)
        try JSONSerialization.data(withJSONObject: data).write(to: dataFile)
        let output = try run(
            [script.path, library.path, surveyFile.path, dataFile.path, "--now", clock]
                + (locale.map { ["--locale", $0] } ?? []))
        let object = try JSONSerialization.jsonObject(with: output) as? [String: Any]
        return Set(object?["errors"] as? [String] ?? [])
    }
}
