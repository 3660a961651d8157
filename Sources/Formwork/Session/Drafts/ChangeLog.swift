/// Every change of a session, in order, for observers that catch up later (a draft
/// writes what changed since it last saved). Bounded: past 200,000 changes the
/// oldest 100,000 are forgotten, and an observer that far behind reads everything.
struct ChangeLog {
    private(set) var changes: [LoggedChange] = []
    /// The number of the first change still held.
    private(set) var start = 0

    /// The number of changes made so far: a counter observers compare.
    var count: Int { start + changes.count }

    mutating func append(_ change: LoggedChange) {
        changes.append(change)
        if changes.count > 200_000 {
            changes.removeFirst(100_000)
            start += 100_000
        }
    }

    /// The changes since change number `number`, or `nil` when the log no longer
    /// reaches back that far.
    func since(_ number: Int) -> ArraySlice<LoggedChange>? {
        guard number >= start else { return nil }
        return changes[(number - start)...]
    }

    /// Forgets every change (a session's starting values are no change).
    mutating func removeAll() {
        changes = []
        start = 0
    }
}
