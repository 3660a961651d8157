/// One change in a session's log: a field instance's value, or an entry added,
/// removed or moved (with the path it had when it happened).
public enum LoggedChange: Sendable, Equatable {
    case value(Int)
    case entries(EntryOperation)
    /// An entry was made (by a person, `min` or `count`): an observer that keeps it
    /// records its identity (`FormSession.identityLine(ofEntry:)`), which `uuid()` reads.
    case identity(entry: Int)
    /// Entries were put back or rearranged (undo, redo): an observer reads everything.
    case everything
}

/// An entry operation, by the paths of the time it happened.
public enum EntryOperation: Sendable, Equatable {
    /// An entry added to the repeat at `group` (`members`, `members[1].visits`), at
    /// `position` (from 1).
    case add(group: String, position: Int)
    /// The entry at `entry` (`members[2]`) removed.
    case remove(entry: String)
    /// The entry at `entry` moved to `position` (from 1) in its list.
    case move(entry: String, position: Int)
    /// The entry at `entry` has the identity `key` (what `uuid()` derives its values
    /// from): recorded when an entry is made, so a draft gives it back.
    case identity(entry: String, key: Int)
}
