extension FormSession {
    /// Every stored value (hidden fields included) and which fields show errors:
    /// what undo, redo and drafts restore.
    public struct Snapshot: Equatable, Sendable {
        let values: [Value]
        let touched: Set<Int>

        /// Whether the values (not what is shown) are the same.
        public func hasSameValues(as other: Snapshot) -> Bool { values == other.values }
    }

    /// The current values.
    public func snapshot() -> Snapshot {
        Snapshot(values: values, touched: touched)
    }

    /// Puts back the values of a snapshot taken from this session (one undo step).
    public func restore(_ snapshot: Snapshot) {
        guard snapshot.values.count == values.count else { return }
        performBatch {
            for index in values.indices {
                write(snapshot.values[index], touched: snapshot.touched.contains(index), at: index)
            }
        }
    }
}
