import Formwork
import Foundation

/// Turns a fill in progress into a test case: what a person at the prompt did (the
/// entries added, the answers given, the language chosen) as steps, and what the form
/// shows then (the questions shown, the computed values, the problems submit would
/// name) as its expectations. `save --test FILE` at the prompt appends it to FILE.
///
/// ```swift
/// let message = try FormTestCaseRecorder.append(session, form: "household.xlsx", to: "household.test.yaml")
/// print(message)   // Added case "saved fill: answers age, works" (2 steps) to household.test.yaml.
/// ```
public enum FormTestCaseRecorder {
    /// Why a case could not be saved.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong, in a sentence.
        public var description: String
    }

    /// The case for `session`'s answers so far, made and checked on a fresh session
    /// as `FormTestRunner` starts one (at `session`'s moment), with the names `names`.
    public static func testCase(from session: FormSession, named name: String? = nil) -> GeneratedCase {
        let definition = session.definition
        let names = FormTestNames(definition)
        let replay =
            (try? FormSession(definition: definition, today: session.now.date, now: session.now, uuidSeed: 1))
            ?? FormSession(definition: definition)
        var steps: [GeneratedStep] = []
        var actions: [String] = []
        if let language = session.language, language != definition.defaultLanguage,
            (try? replay.setLanguage(language)) != nil
        {
            steps.append(.language(name: language))
        }
        // Passes until nothing more can be done: entries before the answers in them,
        // answers that show other questions before those.
        for _ in 0..<8 {
            var progressed = false
            for group in session.groupPaths() {
                let wanted = (try? session.entries(of: group))?.count ?? 0
                while let have = try? replay.entries(of: group), have.count < wanted {
                    guard (try? replay.addEntry(group)) != nil else { break }
                    steps.append(.add(name: names.name(for: group)))
                    progressed = true
                }
            }
            for path in answeredPaths(of: session) {
                guard replay.isVisible(path), !replay.isReadOnly(path),
                    let instance = try? session.instance(path),
                    replay.storedValue(of: (try? replay.instance(path)) ?? -1) != session.storedValue(of: instance)
                else { continue }
                let text = typed(session.storedValue(of: instance))
                guard (try? replay.set(path, text: text)) != nil else { continue }
                steps.append(.set(name: names.name(for: path), text: text))
                actions.append(names.name(for: path))
                progressed = true
            }
            if !progressed { break }
        }
        var expectation = GeneratedExpectation()
        for index in definition.fields.indices where definition.fields[index].kind != .calculate {
            let field = definition.fields[index]
            guard !field.isInput else { continue }
            for instance in replay.instances(ofField: index) {
                let path = replay.path(ofInstance: instance)
                guard replay.isVisible(path) else { continue }
                expectation.visible.append(names.name(for: path))
                if field.kind.isComputed {
                    let value = replay.effectiveValue(of: path)
                    expectation.values.append((names.name(for: path), value.isNull ? nil : FormTestValues.plain(value)))
                }
            }
        }
        expectation.errors = replay.validate().map {
            GeneratedError(name: names.name(for: $0.field), rule: $0.rule.name)
        }
        steps.append(.expect(expectation))
        var unique: [String] = []
        for action in actions where !unique.contains(action) { unique.append(action) }
        let described = unique.isEmpty ? "the form as it starts" : "answers " + FormTestGenerator.list(unique)
        return GeneratedCase(name: name ?? "saved fill: " + described, steps: steps, coverage: FormCoverage(definition))
    }

    /// The paths of every answered question a person gives (not secure text: a
    /// password is never written to a file), in form order.
    static func answeredPaths(of session: FormSession) -> [String] {
        var paths: [String] = []
        for index in session.definition.fields.indices {
            let field = session.definition.fields[index]
            guard field.kind.isEditable, !field.isInput, field.kind != .secure else { continue }
            for instance in session.instances(ofField: index) where !session.storedValue(of: instance).isNull {
                paths.append(session.path(ofInstance: instance))
            }
        }
        return paths
    }

    /// A value as a person types it at the prompt.
    static func typed(_ value: Value) -> String {
        if case .bool(let on) = value { return on ? "yes" : "no" }
        return FormTestValues.plain(value)
    }

    /// Appends `session`'s case to the test file at `path` (made, naming `form`, when
    /// it does not exist); returns what to tell the person.
    ///
    /// - Throws: `Failure` when the file is another form's, does not read as a test
    ///   file, or cannot be written.
    public static func append(_ session: FormSession, form: String, to path: String) throws(Failure) -> String {
        let url = URL(fileURLWithPath: path)
        var text: String
        var indent = "  "
        var existing: [String] = []
        if FileManager.default.fileExists(atPath: path) {
            let file: FormTestFile
            do { file = try FormTestFile(contentsOf: url, displayPath: path) } catch {
                throw Failure(description: "\(path) is not a test file that reads: \(error.rendered)")
            }
            let mine = URL(fileURLWithPath: form).standardizedFileURL.path
            guard URL(fileURLWithPath: file.form).standardizedFileURL.path == mine else {
                throw Failure(description: "\(path) tests \(file.form), not \(form)")
            }
            guard let last = file.cases.last else {
                throw Failure(
                    description: "\(path) has no case to add after: add 'cases:' with one, or name a new file")
            }
            indent = String(repeating: " ", count: max(0, last.location.column - 3))
            existing = file.cases.map(\.name)
            text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
            if !text.hasSuffix("\n") { text += "\n" }
        } else {
            let folder = url.deletingLastPathComponent().path
            text =
                "form: " + GeneratedTestFile.scalar(relativePath(of: form, from: folder)) + "\n"
                + "now: \(session.now)\n" + "cases:\n"
        }
        var recorded = testCase(from: session)
        var name = recorded.name
        var number = 2
        while existing.contains(name) {
            name = recorded.name + " (\(number))"
            number += 1
        }
        recorded.name = name
        text += GeneratedTestFile.caseLines(recorded).map { indent + $0 }.joined(separator: "\n") + "\n"
        do { try AtomicFile.write(Data(text.utf8), to: path) } catch {
            throw Failure(description: "cannot write \(path): \(error)")
        }
        let count = recorded.steps.filter(\.isAction).count
        return "Added case \"\(name)\" (\(count) step\(count == 1 ? "" : "s")) to \(path)."
    }

    /// `path` as seen from `folder` (`../forms/household.xlsx`), or as it is when they
    /// share nothing but the root: how a test file names its form.
    public static func relativePath(of path: String, from folder: String) -> String {
        let target = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        let base = URL(fileURLWithPath: folder.isEmpty ? "." : folder).standardizedFileURL.pathComponents
        var common = 0
        while common < min(target.count, base.count), target[common] == base[common] { common += 1 }
        if common <= 1 { return URL(fileURLWithPath: path).standardizedFileURL.path }
        return (Array(repeating: "..", count: base.count - common) + target[common...]).joined(separator: "/")
    }
}
