extension DefinitionDocument {
    /// The document as JSON, two spaces per level, one scalar a line.
    public func json() -> String { placedJSON().text }

    /// The document as YAML (block style; strings quoted only where YAML needs it),
    /// the way Formwork's own forms are written.
    public func yaml() -> String {
        var lines: [String] = []
        writeYAML(into: &lines, indent: "", prefix: nil)
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: JSON

    /// The JSON text, and for each of its lines the place of the node it writes.
    func placedJSON() -> (text: String, places: [SourcePlace?]) {
        var lines: [String] = []
        var places: [SourcePlace?] = []
        writeJSON(into: &lines, places: &places, indent: "", prefix: "", suffix: "", inherited: place)
        return (lines.joined(separator: "\n") + "\n", places)
    }

    private func writeJSON(
        into lines: inout [String], places: inout [SourcePlace?], indent: String, prefix: String, suffix: String,
        inherited: SourcePlace?
    ) {
        let here = place ?? inherited
        switch content {
        case .list(let elements) where !elements.isEmpty:
            lines.append(indent + prefix + "[")
            places.append(here)
            for (index, element) in elements.enumerated() {
                element.writeJSON(
                    into: &lines, places: &places, indent: indent + "  ", prefix: "",
                    suffix: index == elements.count - 1 ? "" : ",", inherited: here)
            }
            lines.append(indent + "]" + suffix)
            places.append(here)
        case .object(let pairs) where !pairs.isEmpty:
            lines.append(indent + prefix + "{")
            places.append(here)
            for (index, pair) in pairs.enumerated() {
                pair.value.writeJSON(
                    into: &lines, places: &places, indent: indent + "  ", prefix: Self.jsonString(pair.key) + ": ",
                    suffix: index == pairs.count - 1 ? "" : ",", inherited: here)
            }
            lines.append(indent + "}" + suffix)
            places.append(here)
        default:
            lines.append(indent + prefix + scalarJSON + suffix)
            places.append(here)
        }
    }

    private var scalarJSON: String {
        switch content {
        case .string(let text): return Self.jsonString(text)
        case .number(let number): return number
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .list: return "[]"
        case .object: return "{}"
        }
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    static func jsonString(_ text: String) -> String {
        // Most texts need no escape: printable ASCII without quotes or backslashes.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            return "\"" + text + "\""
        }
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\t": output += "\\t"
            case "\r": output += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value):
                output +=
                    "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }

    // MARK: YAML

    private func writeYAML(into lines: inout [String], indent: String, prefix: String?) {
        switch content {
        case .list(let elements) where !elements.isEmpty:
            if let prefix { lines.append(indent + prefix) }
            let inner = prefix == nil ? indent : indent + "  "
            for element in elements {
                element.writeYAMLElement(into: &lines, indent: inner)
            }
        case .object(let pairs) where !pairs.isEmpty:
            if let prefix { lines.append(indent + prefix) }
            let inner = prefix == nil ? indent : indent + "  "
            for pair in pairs {
                pair.value.writeYAMLValue(into: &lines, indent: inner, key: Self.yamlKey(pair.key))
            }
        default:
            lines.append(indent + (prefix.map { $0 + " " } ?? "") + scalarYAML)
        }
    }

    /// `key: value`, or `key:` and the block under it.
    private func writeYAMLValue(into lines: inout [String], indent: String, key: String) {
        switch content {
        case .list(let elements) where !elements.isEmpty:
            lines.append(indent + key + ":")
            for element in elements { element.writeYAMLElement(into: &lines, indent: indent + "  ") }
        case .object(let pairs) where !pairs.isEmpty:
            lines.append(indent + key + ":")
            for pair in pairs {
                pair.value.writeYAMLValue(into: &lines, indent: indent + "  ", key: Self.yamlKey(pair.key))
            }
        default:
            lines.append(indent + key + ": " + scalarYAML)
        }
    }

    /// `- value`; an object's first key on the dash's line.
    private func writeYAMLElement(into lines: inout [String], indent: String) {
        switch content {
        case .object(let pairs) where !pairs.isEmpty:
            var nested: [String] = []
            for pair in pairs {
                pair.value.writeYAMLValue(into: &nested, indent: indent + "  ", key: Self.yamlKey(pair.key))
            }
            nested[0] = indent + "- " + nested[0].dropFirst(indent.count + 2)
            lines += nested
        case .list(let elements) where !elements.isEmpty:
            lines.append(indent + "-")
            for element in elements { element.writeYAMLElement(into: &lines, indent: indent + "  ") }
        default:
            lines.append(indent + "- " + scalarYAML)
        }
    }

    private var scalarYAML: String {
        switch content {
        case .string(let text): return Self.yamlString(text)
        default: return scalarJSON
        }
    }

    private static func yamlKey(_ key: String) -> String { yamlString(key) }

    /// Words YAML would read as something other than text.
    private static let reservedWords: Set<String> = [
        "true", "false", "null", "~", "yes", "no", "on", "off", "y", "n",
    ]

    /// Plain when it is a simple word or phrase YAML reads as the same text; else in
    /// double quotes, escaped as JSON (a subset of YAML's double-quoted style).
    static func yamlString(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
            first.properties.isAlphabetic || first == "_", last != " ", last != ":",
            !reservedWords.contains(text.lowercased()),
            text.unicodeScalars.allSatisfy({ scalar in
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                    || " _-.,'()/?!".unicodeScalars.contains(
                        scalar)
            }),
            !text.contains(" #"), !text.contains(": ")
        else { return jsonString(text) }
        return text
    }
}
