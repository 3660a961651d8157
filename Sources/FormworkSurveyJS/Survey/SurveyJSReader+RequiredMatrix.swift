import Formwork

/// A required matrix: what survey-core asks of it, on its header note.
extension SurveyJSReader {
    /// A required matrix (`isRequired`, `requiredIf`) wants one row answered, as
    /// survey-core's "Response required." says while none is: its header note is
    /// required while every row is empty — always, for a matrix without rows, which
    /// no answer can then complete. Every row required (`isAllRowRequired`) is said
    /// on the rows themselves.
    mutating func requireSomeRow(of element: SurveyJSElement, scope: Scope, header: inout [DefinitionDocument]) {
        guard element.bool("isAllRowRequired") != true, element.bool("eachRowRequired") != true,
            let required = Self.requiredUnlessReadOnly(
                requiredness(element, repeats: scope.repeats),
                readOnly(element, scope: Scope(repeats: scope.repeats)))
        else { return }
        if header.isEmpty {
            // survey-core titles a matrix by its name where it has no title.
            var pairs: [(String, DefinitionDocument)] = [
                ("id", .string(ids.makeID(from: (element.name ?? "matrix") + "_title"))), ("kind", "note"),
                ("text", .string(Self.escapedBraces(element.name ?? ""))),
            ]
            if let visible = visibility(element, scope: scope) { pairs.append(("visible", .string(visible))) }
            header = [.object(pairs, at: SourcePlace(element.place))]
        }
        guard case .object(let written) = header[0].content else { return }
        var pairs = written.map { ($0.key, $0.value) }
        let empty = rows(of: element).compactMap { idsByPlace[element.place + "/" + $0.value] }.map { "$\($0) == null" }
        var condition = empty.joined(separator: " and ")
        switch required.content {
        case .bool(true): break
        case .string(let text) where !condition.isEmpty: condition = "(\(text)) and " + condition
        case .string(let text): condition = text
        default: return
        }
        pairs.append(("required", condition.isEmpty ? .bool(true) : .string(condition)))
        if let message = text("requiredErrorText", of: element, repeats: scope.repeats) {
            pairs.append(("requiredMessage", message))
        }
        header[0] = .object(pairs, at: header[0].place)
    }
}
