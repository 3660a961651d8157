/// A cell that remembers what was written into it, for tests and examples.
public final class RecordingCell: CustomStringConvertible {
    /// The identifier the cell was dequeued with.
    public let reuseIdentifier: String
    /// The text a descriptor wrote.
    public var text = ""
    /// How many times `update` refreshed this very cell in place.
    public var updateCount = 0

    /// An empty cell, dequeued with `reuseIdentifier`.
    public init(reuseIdentifier: String) {
        self.reuseIdentifier = reuseIdentifier
    }

    /// The text a descriptor wrote, as a `RecordingListView` shows the cell.
    public var description: String { text }
}
