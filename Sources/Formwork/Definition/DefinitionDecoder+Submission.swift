/// `submission:`: how filled forms are written as another engine's submission
/// (`SubmissionLayout`), checked against the fields and repeats once they are known.
extension DefinitionDecoder {
    static let submissionKeys = ["format", "root", "id", "version", "paths", "instanceID"]

    mutating func decodeSubmission(_ node: SyntaxNode, formID: String?) -> SubmissionLayout? {
        guard
            let reader = MappingReader(
                node, context: "submission", key: "submission", allowed: Self.submissionKeys, collector: &collector)
        else { return nil }
        let format = reader.requiredText("format", collector: &collector, limits: limits)
        if let format, !["odk", "surveyjs"].contains(format), let formatNode = reader["format"] {
            collector.report(
                .wrongType(key: "format", expected: "'odk' or 'surveyjs'", found: "'\(format)'"), at: formatNode)
        }
        // SurveyJS's data is one JSON object: no root element, no id, no instance id;
        // its paths are data keys (`matrix/row/column`), `''` for a value left out.
        let isData = format == "surveyjs"
        let root = isData ? "" : reader.requiredText("root", collector: &collector, limits: limits)
        if let root, let rootNode = reader["root"], !SubmissionLayout.isElementName(Substring(root)) {
            collector.report(.wrongType(key: "root", expected: "an XML element name", found: "'\(root)'"), at: rootNode)
        }
        let id = reader.text("id", collector: &collector, limits: limits) ?? formID
        let version = reader.text("version", collector: &collector, limits: limits)
        var paths: [String: String] = [:]
        if let pathsNode = reader["paths"] {
            if let pairs = pathsNode.pairs {
                let owners = Set(definitions.map(\.id)).union(repeats.map(\.id))
                for (key, value) in pairs {
                    guard let owner = key.scalarText, let path = value.scalarText else {
                        collector.report(
                            .wrongType(key: "paths", expected: "element paths by id", found: value.typeDescription),
                            at: value)
                        continue
                    }
                    if !owners.contains(owner) {
                        let known = definitions.map(\.id) + repeats.map(\.id)
                        collector.report(
                            .unknownReference(owner, suggestion: Suggestions.closest(to: owner, in: known).first),
                            at: key)
                    }
                    let steps = path.split(separator: "/", omittingEmptySubsequences: false)
                    if isData
                        ? steps.contains(where: \.isEmpty) && !path.isEmpty
                        : steps.isEmpty || !steps.allSatisfy(SubmissionLayout.isElementName)
                    {
                        collector.report(
                            .wrongType(
                                key: owner,
                                expected: isData
                                    ? "a data path (matrix/row/column)" : "an element path (group/question)",
                                found: "'\(path)'"),
                            at: value)
                    }
                    paths[owner] = path
                }
            } else {
                collector.report(
                    .wrongType(key: "paths", expected: "a mapping", found: pathsNode.typeDescription), at: pathsNode)
            }
        }
        var instanceID: String? = isData ? nil : "meta/instanceID"
        if let written = reader.text("instanceID", collector: &collector, limits: limits) {
            instanceID = written.isEmpty ? nil : written
            let steps = written.split(separator: "/", omittingEmptySubsequences: false)
            if !written.isEmpty, !steps.allSatisfy(SubmissionLayout.isElementName), let node = reader["instanceID"] {
                collector.report(
                    .wrongType(
                        key: "instanceID", expected: "an element path (meta/instanceID), or ''", found: "'\(written)'"),
                    at: node)
            }
        }
        guard let format, let root, let id else { return nil }
        return SubmissionLayout(
            format: format, root: root, formID: id, version: version, paths: paths, instanceID: instanceID)
    }
}
