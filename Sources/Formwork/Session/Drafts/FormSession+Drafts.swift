/// What resuming a draft restored and what no longer fits the form.
public struct DraftResume: Sendable, Equatable {
    /// The paths of the answers put back, in the draft's order.
    public var restored: [String]
    /// Answers and entries left out, each with the reason (`no such field`, a rule's
    /// message).
    public var dropped: [(id: String, reason: String)]

    /// Whether both restored the same paths and dropped the same answers for the same reasons.
    public static func == (lhs: DraftResume, rhs: DraftResume) -> Bool {
        lhs.restored == rhs.restored && lhs.dropped.map(\.id) == rhs.dropped.map(\.id)
            && lhs.dropped.map(\.reason) == rhs.dropped.map(\.reason)
    }
}

/// Drafts (`FormDraft`): what a session writes of itself, and how it takes a draft
/// back.
extension FormSession {
    /// What a draft keeps of a field instance: what the person answered (or a values
    /// file set), never a secure value, and the value a `once: true` field kept; `nil`
    /// for nothing (defaults never touched come back by themselves, and so do the
    /// fields of removed entries).
    public func savedValue(ofInstance instance: Int) -> Value? {
        let field = definition.fields[tree.field(ofInstance: instance)]
        if field.keepsFirstValue { return tree.isLive(instance) ? store.kept[instance] : nil }
        let value = values[instance]
        guard field.kind.isEditable, field.kind != .secure, !value.isNull, touched.contains(instance),
            tree.isLive(instance)
        else { return nil }
        return value
    }

    /// Whether an instance belongs to the form now (not to a removed entry).
    public func isAttached(instance: Int) -> Bool {
        instance < tree.instanceCount && tree.isLive(instance)
    }

    /// The draft line that gives an entry (a scope, as `LoggedChange.identity` names
    /// it) its identity back, by its path now; `nil` once the entry is removed.
    public func identityLine(ofEntry scope: Int) -> String? {
        guard scope > 0, scope < tree.scopes.count, tree.isAttached(scope) else { return nil }
        return FormDraft.entryLine(.identity(entry: path(ofEntry: scope), key: tree.keys[scope]))
    }

    /// The instances whose answers a draft keeps now (see `savedValue(ofInstance:)`).
    public func instancesWithSavedValues() -> Set<Int> {
        Set(touched.filter { savedValue(ofInstance: $0) != nil })
    }

    /// The lines of a whole draft: the form's answers, then each repeat's entries in
    /// order — the entries a person added (those `start`, `min` and `count` make come
    /// back by themselves), each followed by its answers, and the removal of those of
    /// `start` the person took out — so that replaying them in a fresh session
    /// rebuilds the form.
    public func draftLines() -> [String] {
        var lines: [String] = []
        func walk(_ scope: Int) {
            for instance in tree.scopes[scope].fields {
                if let value = savedValue(ofInstance: instance) {
                    lines.append(FormDraft.entryLine(id: path(ofInstance: instance), value: value))
                }
            }
            for repeatIndex in tree.repeatsHeld(by: scope) {
                let repeatDefinition = definition.repeats[repeatIndex]
                let list = tree.list(of: repeatIndex, in: scope)
                let start = max(repeatDefinition.minimum, repeatDefinition.start)
                for (position, entry) in list.enumerated() {
                    if repeatDefinition.count == nil, position >= start {
                        lines.append(
                            FormDraft.entryLine(
                                .add(group: path(ofGroup: repeatIndex, in: scope), position: position + 1)))
                    }
                    lines.append(FormDraft.entryLine(.identity(entry: path(ofEntry: entry), key: tree.keys[entry])))
                    walk(entry)
                }
                if repeatDefinition.count == nil, list.count < start {
                    let group = path(ofGroup: repeatIndex, in: scope)
                    for _ in list.count..<start {
                        lines.append(FormDraft.entryLine(.remove(entry: "\(group)[\(list.count + 1)]")))
                    }
                }
            }
        }
        walk(0)
        return lines
    }

    /// Puts back what fits of a draft read from a file, line by line: an answer is
    /// restored when its field still exists, can be edited, is not secure, and
    /// accepts the value; an entry operation when the repeat allows it. The others
    /// are reported, not lost silently. The resumed state is the session's starting
    /// point (not an undo step).
    public func resume(from draft: FormDraft) -> DraftResume {
        var dropped: [(id: String, reason: String)] = []
        var restored: [Int] = []
        if let seed = draft.uuidSeed { uuidSeed = seed }
        var rekeyed = false
        withoutUndo {
            for line in draft.lines {
                settle()  // entries that follow a count are in place before a path names them
                switch line {
                case let .value(path, node):
                    if let reason = restore(path, node) {
                        dropped.append((path, reason))
                    } else if let instance = try? instance(path) {
                        restored.append(instance)
                    }
                case let .add(group, position):
                    do throws(SessionError) {
                        let (repeatIndex, holder) = try self.group(group)
                        let repeatDefinition = definition.repeats[repeatIndex]
                        let count = tree.list(of: repeatIndex, in: holder).count
                        if repeatDefinition.count != nil {
                            throw .entriesFollowCount(group: group, count: repeatDefinition.count!.source)
                        }
                        if count >= repeatDefinition.maximum {
                            throw .tooManyEntries(group: group, maximum: repeatDefinition.maximum)
                        }
                        if !store.hasRoom(for: repeatIndex) {
                            throw .tooManyInstances(limit: definition.limits.maximumFieldInstances)
                        }
                        insertEntry(of: repeatIndex, in: holder, at: min(position, count + 1) - 1, logged: true)
                    } catch {
                        dropped.append((group, error.description))
                    }
                case .remove(let entry):
                    do throws(SessionError) { try removeEntry(entry) } catch {
                        dropped.append((entry, error.description))
                    }
                case let .move(entry, position):
                    do throws(SessionError) { try moveEntry(entry, to: position) } catch {
                        dropped.append((entry, error.description))
                    }
                case let .identity(entry, key):
                    // Not an answer: an entry that is gone takes its identity with it.
                    if let scope = try? self.entry(entry), tree.keys[scope] != key {
                        tree.setKey(key, of: scope)
                        rekeyed = true
                    }
                }
            }
        }
        // Values computed before an entry got its identity back (`uuid()`) are stale.
        if rekeyed { invalidateEverything() }
        // The answers put back are those that hold now (a later line may take one back,
        // or remove its entry).
        var seen = Set<Int>()
        let kept = restored.filter { savedValue(ofInstance: $0) != nil && seen.insert($0).inserted }
        return DraftResume(restored: kept.map(path(ofInstance:)), dropped: dropped)
    }

    /// Puts one answer back; returns why not, if it does not fit.
    private func restore(_ path: String, _ node: SyntaxNode) -> String? {
        let instance: Int
        do {
            instance = try self.instance(path)
        } catch {
            if case .unknownField = error { return "no such field in the form now" }
            return error.description
        }
        let field = definition.fields[tree.field(ofInstance: instance)]
        if field.keepsFirstValue {
            guard let value = Self.keptValue(node, type: field.valueType) else {
                return
                    "'\(node.scalarText ?? node.typeDescription)' is not \(field.valueType?.description ?? "a value")"
            }
            store.keep(value, at: instance)
            invalidateEverything()  // what reads it (and its cached value) computed again
            return nil
        }
        guard field.kind.isEditable, field.kind != .secure else {
            return "a \(field.kind.rawValue) field is not restored"
        }
        switch ValueReader.value(from: node, for: field) {
        case .failure(let error):
            return error.message
        case .success(let value):
            if !value.isNull, let error = currentEvaluation.checkOwnRules(value, of: instance) { return error.message }
            write(value, touched: !value.isNull, at: instance)
            return nil
        }
    }

    /// A value a `once: true` field kept, read back from a draft by the field's type.
    static func keptValue(_ node: SyntaxNode, type: ValueType?) -> Value? {
        guard let text = node.scalarText, !node.isNullScalar else { return nil }
        switch type {
        case .number?: return node.isQuoted ? nil : Double(text).map(Value.number)
        case .bool?: return ["true": true, "false": false][text].map(Value.bool)
        case .date?: return LocalDate(text).map(Value.date)
        case .dateTime?: return LocalDateTime(text).map(Value.dateTime)
        case .time?: return LocalTime(text).map(Value.time)
        case .geopoint?, .list?, .entries?: return nil
        case .string?, .null?, nil: return .string(text)
        }
    }
}
