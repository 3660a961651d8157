import Foundation

/// The lint of several forms, written as text, JSON or SARIF 2.1.0.
///
/// ```swift
/// let report = LintReport(files: [("survey.xlsx", FormLint(form))])
/// print(report.sarif())   // for GitHub code scanning
/// ```
public struct LintReport: Sendable {
    /// Each form's path (as given) with its lint.
    public var files: [(path: String, lint: FormLint)]

    /// A report of `files`.
    public init(files: [(path: String, lint: FormLint)]) { self.files = files }

    /// Whether a finding of any file is an error.
    public var hasErrors: Bool { files.contains { $0.lint.hasErrors } }

    /// `survey.xlsx: survey!H12: warning: … [never-shown]`, then the hint and the
    /// proof, indented; a summary line per file.
    public func text() -> String {
        var lines: [String] = []
        for (path, lint) in files {
            for finding in lint.findings {
                lines.append(
                    SourcePlace.located(finding.place, in: path) + ":"
                        + " \(finding.severity.rawValue): \(finding.message) [\(finding.rule.rawValue)]")
                for line in finding.evidence { lines.append("    " + line) }
                lines.append("    hint: " + finding.hint)
            }
            let counts = [(LintSeverity.error, "error"), (.warning, "warning"), (.note, "note")].map { severity, word in
                let count = lint.count(severity)
                return "\(count) \(word)\(count == 1 ? "" : "s")"
            }
            lines.append("\(path): " + (lint.findings.isEmpty ? "no findings" : counts.joined(separator: ", ")))
            if lint.isPartial {
                lines.append(
                    "\(path): lint stopped trying combinations after its budget: "
                        + "what it found holds, more may be missing")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `{"files": [{"file", "findings": [{rule, severity, subject, message, place, hint,
    /// evidence}], "errors", "warnings", "notes", "partial"}]}` (`partial`: lint stopped
    /// trying combinations after its budget).
    public func json() -> String {
        struct File: Encodable {
            let file: String
            let findings: [LintFinding]
            let errors: Int
            let warnings: Int
            let notes: Int
            let partial: Bool
        }
        struct Report: Encodable { let files: [File] }
        let report = Report(
            files: files.map {
                File(
                    file: $0.path, findings: $0.lint.findings, errors: $0.lint.count(.error),
                    warnings: $0.lint.count(.warning), notes: $0.lint.count(.note), partial: $0.lint.isPartial)
            })
        return Self.encode(report)
    }

    /// SARIF 2.1.0, as GitHub code scanning reads it: one run of the tool `formwork`
    /// with every rule described, and a result per finding at its file and, where the
    /// place is a line and a column, its region; a cell of a workbook (`survey!H12`) is
    /// named as the result's logical location.
    public func sarif() -> String {
        let rules = LintRule.allCases
        let log = SARIF.Log(
            runs: [
                SARIF.Run(
                    tool: SARIF.Tool(
                        driver: SARIF.Driver(
                            rules: rules.map { rule in
                                SARIF.Rule(
                                    id: rule.rawValue, shortDescription: SARIF.Text(text: rule.summary),
                                    help: SARIF.Text(text: rule.hint),
                                    defaultConfiguration: SARIF.Configuration(level: rule.severity.rawValue))
                            })),
                    results: files.flatMap { path, lint in
                        lint.findings.map { finding in
                            let lineAndColumn = SourcePlace.lineAndColumn(of: finding.place)
                            return SARIF.Result(
                                ruleId: finding.rule.rawValue, ruleIndex: rules.firstIndex(of: finding.rule)!,
                                level: finding.severity.rawValue,
                                message: SARIF.Text(text: finding.message + ". Hint: " + finding.hint + "."),
                                locations: [
                                    SARIF.Location(
                                        physicalLocation: SARIF.PhysicalLocation(
                                            artifactLocation: SARIF.Artifact(uri: Self.uri(path)),
                                            region: lineAndColumn.map {
                                                SARIF.Region(startLine: $0.line, startColumn: $0.column)
                                            }),
                                        logicalLocations: [
                                            SARIF.LogicalLocation(
                                                name: finding.subject,
                                                fullyQualifiedName: lineAndColumn == nil
                                                    ? finding.place : finding.subject)
                                        ])
                                ],
                                properties: SARIF.Properties(evidence: finding.evidence))
                        }
                    })
            ])
        return Self.encode(log)
    }

    /// A relative path as a URI reference (spaces and the like percent-encoded).
    static func uri(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ":")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }

    private static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Every value here is a string, a number or a list of them: encoding cannot fail.
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

/// The parts of SARIF 2.1.0 that a lint report writes.
private enum SARIF {
    struct Log: Encodable {
        let schema = "https://json.schemastore.org/sarif-2.1.0.json"
        let version = "2.1.0"
        let runs: [Run]
        enum CodingKeys: String, CodingKey {
            case schema = "$schema"
            case version, runs
        }
    }
    struct Run: Encodable {
        let tool: Tool
        let results: [Result]
    }
    struct Tool: Encodable { let driver: Driver }
    struct Driver: Encodable {
        let name = "formwork"
        let informationUri = "https://github.com/formwork/formwork"
        let rules: [Rule]
    }
    struct Rule: Encodable {
        let id: String
        let shortDescription: Text
        let help: Text
        let defaultConfiguration: Configuration
    }
    struct Configuration: Encodable { let level: String }
    struct Text: Encodable { let text: String }
    struct Result: Encodable {
        let ruleId: String
        let ruleIndex: Int
        let level: String
        let message: Text
        let locations: [Location]
        let properties: Properties
    }
    struct Location: Encodable {
        let physicalLocation: PhysicalLocation
        let logicalLocations: [LogicalLocation]
    }
    struct PhysicalLocation: Encodable {
        let artifactLocation: Artifact
        let region: Region?
    }
    struct Artifact: Encodable { let uri: String }
    struct Region: Encodable {
        let startLine: Int
        let startColumn: Int
    }
    struct LogicalLocation: Encodable {
        let name: String
        let fullyQualifiedName: String
    }
    struct Properties: Encodable { let evidence: [String] }
}
