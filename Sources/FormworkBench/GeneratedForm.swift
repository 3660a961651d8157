import Formwork
import Foundation

/// A large form for measurements: sections of 100 fields (text, number, switch,
/// choice); 20% of the fields have `visible` conditions, part of them in chains of
/// depth 5 (each link reads the previous one).
enum GeneratedForm {
    static func yaml(fields: Int) -> String {
        var lines = ["id: generated", "title: Generated form", "sections:"]
        lines.reserveCapacity(fields * 3)
        for index in 0..<fields {
            if index % 100 == 0 { lines += ["  - id: s\(index / 100)", "    fields:"] }
            lines.append("      - " + field(index).yaml)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func json(fields: Int) -> String {
        var sections: [String] = []
        for start in stride(from: 0, to: fields, by: 100) {
            let body = (start..<min(start + 100, fields)).map { field($0).json }.joined(separator: ",")
            sections.append("{\"id\":\"s\(start / 100)\",\"fields\":[\(body)]}")
        }
        return "{\"id\":\"generated\",\"title\":\"Generated form\",\"sections\":[" + sections.joined(separator: ",")
            + "]}\n"
    }

    /// Field `index`: every 20th starts a chain of five (a switch, then four fields each
    /// shown when the previous one is answered); every 10th (outside chains) has a
    /// condition on a field far before it.
    static func field(_ index: Int) -> (yaml: String, json: String) {
        let position = index % 20
        var kind = ["text", "number", "switch", "choice"][index % 4]
        var condition: String?
        if position == 0 {
            kind = "switch"
        } else if position < 5 {
            kind = "switch"
            condition = "$f\(index - 1)"
        } else if position == 10, index >= 50 {
            condition = "$f\(index - 50) != null"
            if index % 4 == 2 { condition = "$f\(index - 48)" }  // a switch
        }
        var yaml = "{ id: f\(index), kind: \(kind), label: Field \(index)"
        var json = "{\"id\":\"f\(index)\",\"kind\":\"\(kind)\",\"label\":\"Field \(index)\""
        if kind == "choice" {
            yaml += ", options: [a, b, c]"
            json += ",\"options\":[\"a\",\"b\",\"c\"]"
        }
        if let condition {
            yaml += ", visible: \"\(condition)\""
            json += ",\"visible\":\"\(condition.replacingOccurrences(of: "\"", with: "\\\""))\""
        }
        return (yaml + " }", json + "}")
    }

    static func definition(fields: Int) -> FormDefinition {
        var limits = Limits()
        limits.maximumFields = max(limits.maximumFields, fields)
        return onOwnInput("load the generated form") { try FormDefinition(yaml: yaml(fields: fields), limits: limits) }
    }
}
