import Formwork

/// The names a test file may use for a form's fields, repeats and sections, turned
/// into the session's paths: ids (`age`), paths into entries (`members[2].age`), the
/// names people use in each format (an XLSForm's `name`, a SurveyJS question's
/// `name`: the field's answer key where it differs from its id), and ODK element
/// paths (`/data/household/age`, `members[2]/age`).
///
/// ```swift
/// let names = FormTestNames(definition)
/// names.path(for: "/data/members[2]/age")   // "members[2].age"
/// ```
public struct FormTestNames: Sendable {
    /// What a name stands for.
    enum Target: Equatable {
        case field(String), repeatGroup(String), section(String)
    }

    private let definition: FormDefinition
    /// Sections, repeats and fields by id, for what a resolved path's last name is.
    private let byID: [String: Target]
    /// Every id and answer key, whatever its scope: a name that is not where it is
    /// written (`age` for `members[1].age`) is still passed to the session, whose
    /// error says where the field is.
    private let anywhere: [String: String]
    /// ODK element paths without positions (`household/age`, `members/visits`), from
    /// the submission's layout, relative to the root.
    private let byElementPath: [String: Target]
    private let root: String?
    /// Every name, for suggestions.
    let candidates: [String]

    /// The names of `definition`.
    public init(_ definition: FormDefinition) {
        self.definition = definition
        var byID: [String: Target] = [:]
        for section in definition.sections { byID[section.id] = .section(section.id) }
        for group in definition.repeats { byID[group.id] = .repeatGroup(group.id) }
        for field in definition.fields { byID[field.id] = .field(field.id) }
        var anywhere = Dictionary(uniqueKeysWithValues: byID.keys.map { ($0, $0) })
        for field in definition.fields where anywhere[field.answerKey] == nil {
            anywhere[field.answerKey] = field.id
        }
        var byElementPath: [String: Target] = [:]
        if let layout = definition.submission {
            func full(_ relative: String, in repeatIndex: Int?) -> String {
                guard let repeatIndex else { return relative }
                let group = definition.repeats[repeatIndex]
                return full(layout.paths[group.id] ?? group.id, in: group.parent) + "/" + relative
            }
            for group in definition.repeats {
                byElementPath[full(layout.paths[group.id] ?? group.id, in: group.parent)] = .repeatGroup(group.id)
            }
            for field in definition.fields {
                byElementPath[full(layout.paths[field.id] ?? field.answerKey, in: field.repeatIndex)] = .field(field.id)
            }
            root = layout.root.isEmpty ? nil : layout.root
        } else {
            root = nil
        }
        self.byID = byID
        self.anywhere = anywhere
        self.byElementPath = byElementPath
        candidates = Array(anywhere.keys).sorted()
    }

    /// The session path `written` stands for (`members[2].age`, `members`, a section's
    /// id), or `nil` when the form has no such name. Each name is read in the scope
    /// the names before it open, as a values file reads it
    /// (`FormDefinition.field(named:in:)`: an answer key, else an id).
    public func path(for written: String) -> String? {
        if written.contains("/") { return elementPath(written) }
        var parts: [String] = []
        var scope: Int?
        for component in written.split(separator: ".", omittingEmptySubsequences: false) {
            let (name, position) = Self.split(component)
            let suffix = position.map { "[\($0)]" } ?? ""
            if let group = definition.repeatGroup(name), group.parent == scope {
                parts.append(group.id + suffix)
                scope = group.index
            } else if let field = definition.field(named: name, in: scope) {
                parts.append(definition.fields[field].id + suffix)
            } else if let id = anywhere[name] {
                parts.append(id + suffix)
            } else {
                return nil
            }
        }
        return parts.joined(separator: ".")
    }

    /// The name people use for a session path (`members[2].age`): each field by the
    /// name its format gives it (an XLSForm's or a SurveyJS question's `name`) where
    /// that name reads back to the same path, else by its id.
    ///
    /// ```swift
    /// names.name(for: "members[2].age_1")   // "members[2].age", where that is the question's name
    /// ```
    public func name(for path: String) -> String {
        var parts: [String] = []
        var scope: Int?
        for component in path.split(separator: ".", omittingEmptySubsequences: false) {
            let (id, position) = Self.split(component)
            let suffix = position.map { "[\($0)]" } ?? ""
            if let group = definition.repeatGroup(id) {
                parts.append(id + suffix)
                scope = group.index
            } else if let field = definition.field(id),
                definition.field(named: field.answerKey, in: scope) == field.index
            {
                parts.append(field.answerKey + suffix)
            } else {
                parts.append(id + suffix)
            }
        }
        let name = parts.joined(separator: ".")
        return self.path(for: name) == path ? name : path
    }

    /// What `written` names (a field, a repeat, a section), if the form has it.
    func target(of written: String) -> Target? {
        if written.contains("/") { return byElementPath[Self.bareElementPath(written, root: root)] }
        guard let path = path(for: written), let last = path.split(separator: ".").last else { return nil }
        return byID[Self.split(last).name]
    }

    /// The closest names to a misspelt one.
    func suggestions(for written: String) -> [String] {
        // The last name is the one misspelt where the ones before it are known.
        var parts = written.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let last = parts.popLast() else { return [] }
        let (name, position) = Self.split(Substring(last))
        let prefix = parts.map { $0 + "." }.joined()
        return Suggestions.closest(to: name, in: candidates, limit: 3).map {
            prefix + $0 + (position.map { "[\($0)]" } ?? "")
        }
    }

    /// `/data/members[2]/age` → `members[2].age`.
    private func elementPath(_ written: String) -> String? {
        var components = written.split(separator: "/").map(Self.split)
        if written.hasPrefix("/") {
            // An absolute path starts at the instance's root element.
            guard let first = components.first, root == nil || first.name == root else { return nil }
            components.removeFirst()
        }
        var parts: [String] = []
        var element = ""
        var pending = ""
        for (name, position) in components {
            element += (element.isEmpty ? "" : "/") + name
            pending += (pending.isEmpty ? "" : "/") + name
            guard let target = byElementPath[element] else {
                if position != nil { return nil }
                continue
            }
            switch target {
            case .repeatGroup(let id):
                parts.append(id + (position.map { "[\($0)]" } ?? ""))
                pending = ""
            case .field(let id):
                parts.append(id)
                pending = ""
            case .section: return nil
            }
        }
        return pending.isEmpty && !parts.isEmpty ? parts.joined(separator: ".") : nil
    }

    /// `members[2]` → (`members`, 2); `age` → (`age`, nil).
    static func split(_ component: Substring) -> (name: String, position: Int?) {
        guard component.hasSuffix("]"), let open = component.lastIndex(of: "["),
            let position = Int(component[component.index(after: open)..<component.index(before: component.endIndex)])
        else { return (String(component), nil) }
        return (String(component[..<open]), position)
    }

    /// An element path without positions, relative to the root.
    static func bareElementPath(_ written: String, root: String?) -> String {
        var components = written.split(separator: "/").map { split($0).name }
        if written.hasPrefix("/"), !components.isEmpty { components.removeFirst() }
        return components.joined(separator: "/")
    }
}
