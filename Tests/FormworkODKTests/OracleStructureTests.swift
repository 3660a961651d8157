import Foundation
import Testing

@testable import FormworkODK

/// The readers against the engine the forms were written for: for each corpus
/// workbook, JavaRosa (through pyxform, `../shared/oracles/javarosa/run.sh describe`)
/// lists the form's groups, repeats and questions by path, their choices and the
/// form's languages; what `XLSFormTable`, `XLSFormType` and `XLSFormChoices` read
/// from the same workbook must be the same. Skipped, saying why, where the oracle is
/// not set up (`../shared/oracles/setup.sh`).
@Suite("XLSForm readers against JavaRosa", .serialized)
struct OracleStructureTests {
    static let runner = Corpus.xlsform.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("oracles/javarosa/run.sh")

    /// The JavaRosa oracle's JSON for `arguments` (in UTC); `nil` after saying why
    /// when it does not run (3: not set up; anything but 0 is the harness's
    /// environment: every corpus form loads in JavaRosa where the oracle is set up).
    static func oracle(_ arguments: [String]) throws -> Data? {
        let (status, data) = try XPathOracle.output(arguments)
        guard status == 0 else {
            print("skipped: the JavaRosa oracle exited \(status) (run ../shared/oracles/setup.sh)")
            return nil
        }
        return data
    }

    /// One element as JavaRosa lists it: `group`, `repeat` or `question`, its path
    /// under the root (`household/member/age`), and a select's choice values.
    struct Element: Equatable, CustomStringConvertible {
        let kind: String
        let path: String
        var choices: [String]? = nil
        var description: String { "\(kind) \(path)" + (choices.map { " \($0)" } ?? "") }
    }

    /// JavaRosa's description of a workbook; `nil` when the oracle is not set up.
    static func describe(_ workbook: URL) throws -> (elements: [Element], languages: [String])? {
        guard let data = try oracle(["describe", workbook.path]) else { return nil }
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let root = (json["root"] as? String ?? "/data") + "/"
        let elements = (json["elements"] as? [[String: Any]] ?? []).map { element in
            let ref = element["ref"] as? String ?? ""
            let choices = (element["choices"] as? [[String: Any]])?.compactMap { $0["value"] as? String }
            return Element(
                kind: element["kind"] as? String ?? "",
                path: ref.hasPrefix(root) ? String(ref.dropFirst(root.count)) : ref,
                choices: choices)
        }
        return (elements, json["languages"] as? [String] ?? [])
    }

    /// The same walk over what the readers give, with what pyxform adds: groups and
    /// repeats by their rows, loops once per choice of their list, every question that
    /// has a body in an XForm (not calculations or metadata), a select's list (a list
    /// any select uses with `or_other` ends with `other`, and that select's text
    /// question follows it), and in a `table-list` group the generated
    /// `reserved_name_for_field_list_labels_ROW` before its first question. A select
    /// whose choices depend on answers (`choice_filter`) or on a file is compared
    /// without them: JavaRosa lists none.
    static func elements(_ survey: XLSFormTable, choices: XLSFormChoices?) -> [Element] {
        var result: [Element] = []
        var withOther = Set<String>()
        for row in survey.rows {
            switch row["type"].map(XLSFormType.init) {
            case .selectOne(let list, true)?, .selectMultiple(let list, true)?: withOther.insert(list)
            default: break
            }
        }
        func values(_ list: String) -> [String] {
            (choices?.lists[list] ?? []).map(\.name) + (withOther.contains(list) ? ["other"] : [])
        }
        func walk(_ rows: ArraySlice<XLSFormTable.Row>, under prefix: String) {
            var stack: [String] = []
            var tableList = false
            var index = rows.startIndex
            func path(_ name: String) -> String {
                ((prefix.isEmpty ? [] : [prefix]) + stack + [name]).joined(separator: "/")
            }
            while index < rows.endIndex {
                let row = rows[index]
                index += 1
                guard let typeCell = row["type"] else { continue }
                let name = row["name"] ?? ""
                switch XLSFormType(typeCell) {
                case .beginGroup, .beginRepeat:
                    let isRepeat = XLSFormType(typeCell) == .beginRepeat
                    result.append(Element(kind: isRepeat ? "repeat" : "group", path: path(name)))
                    stack.append(name)
                    tableList = row["appearance"]?.contains("table-list") == true
                    continue
                case .endGroup, .endRepeat:
                    _ = stack.popLast()
                    continue
                case .beginLoop(let list):
                    // The body, replayed once per choice, each in a group of its own.
                    var depth = 1
                    let start = index
                    while index < rows.endIndex, depth > 0 {
                        switch rows[index]["type"].map(XLSFormType.init) {
                        case .beginLoop?: depth += 1
                        case .endLoop?: depth -= 1
                        default: break
                        }
                        index += 1
                    }
                    let body = rows[start..<(index - 1)]
                    result.append(Element(kind: "group", path: path(name)))
                    for choice in values(list) {
                        result.append(Element(kind: "group", path: path(name) + "/" + choice))
                        walk(body, under: path(name) + "/" + choice)
                    }
                    continue
                case .calculate, .hidden, .metadata, .endLoop, .unknown:
                    continue
                default: break
                }
                if tableList {
                    result.append(
                        Element(kind: "question", path: path("reserved_name_for_field_list_labels_\(row.number)")))
                    tableList = false
                }
                let filtered = row["choice_filter"] != nil
                switch XLSFormType(typeCell) {
                case .selectOne(let list, let orOther), .selectMultiple(let list, let orOther):
                    result.append(Element(kind: "question", path: path(name), choices: filtered ? nil : values(list)))
                    if orOther { result.append(Element(kind: "question", path: path(name + "_other"))) }
                case .rank(let list):
                    result.append(Element(kind: "question", path: path(name), choices: filtered ? nil : values(list)))
                default:
                    result.append(Element(kind: "question", path: path(name)))
                }
            }
        }
        walk(survey.rows[...], under: "")
        return result
    }

    @Test func theReadersSeeWhatJavaRosaSees() throws {
        guard let surveys = Corpus.surveys() else { return }
        var compared = 0
        for (name, workbook, survey) in surveys {
            guard let oracle = try Self.describe(Corpus.xlsform.appendingPathComponent(name)) else { return }
            let choices = workbook["choices"].map {
                XLSFormChoices(
                    XLSFormTable($0),
                    allowDuplicates: XLSFormSettings(workbook["settings"].map { XLSFormTable($0) })
                        .allowsChoiceDuplicates
                )
            }
            let ours = Self.elements(survey, choices: choices)
            let theirs = oracle.elements
            // Choices are compared where the readers give them: a select from a file, or
            // one a choice_filter narrows, has its choices from a file or the answers
            // (JavaRosa lists none).
            let oursWithoutUnresolved =
                zip(ours, theirs).map { our, their in
                    our.choices == nil ? Element(kind: our.kind, path: our.path, choices: their.choices) : our
                } + ours.dropFirst(theirs.count)
            if oursWithoutUnresolved != theirs {
                let first =
                    zip(oursWithoutUnresolved, theirs).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                    ?? min(ours.count, theirs.count)
                let mine = first < ours.count ? oursWithoutUnresolved[first].description : "-"
                let javaRosa = first < theirs.count ? theirs[first].description : "-"
                let message: String =
                    "\(name): \(ours.count) elements read, JavaRosa \(theirs.count); first difference at \(first): "
                    + "ours \(mine), JavaRosa's \(javaRosa)"
                Issue.record(Comment(rawValue: message))
            }
            // The languages texts are written in (pyxform's `default` for untranslated
            // columns beside translated ones).
            var languages = survey.languages
            for language in workbook["choices"].map({ XLSFormTable($0).languages }) ?? []
            where !languages.contains(language) {
                languages.append(language)
            }
            #expect(Set(languages) == Set(oracle.languages.filter { $0 != "default" }), "\(name): \(languages)")
            compared += 1
        }
        #expect(compared >= 10)
    }
}
