import FormworkCore
import Foundation

/// What one reload changed: the batch a view applies, the values that changed as a
/// person sees them, and the problems of the form now.
public struct FormChange: Sendable, Equatable {
    /// Rows and sections that appeared, vanished, moved or changed (visible coordinates).
    public let changeset: Changeset
    /// Fields whose shown value changed, appeared with a value, or vanished with one.
    public let values: [ValueChange]
    /// The current problems of the visible fields, in form order.
    public let errors: [FieldError]
    /// The field each deleted row showed, by its old index path (`changeset.rows.deleted`).
    public let deletedRows: [IndexPath: String]
}

/// A field's value as shown, before and after a reload.
public struct ValueChange: Sendable, Equatable {
    /// The field's path (`age`, `members[2].age`).
    public let field: String
    /// The value shown before (`.null` when the field was not visible).
    public let from: Value
    /// The value shown now (`.null` when the field vanished).
    public let to: Value
    /// Where the row was (`nil` when it appeared).
    public let previousIndexPath: IndexPath?
    /// Where the row is now (`nil` when it vanished).
    public let indexPath: IndexPath?
}

/// The `AsyncStream`s of a session's changes; thread-safe, so a stream's
/// termination (from any task) can unregister it.
final class ChangeChannels: @unchecked Sendable {
    private let lock = NSLock()
    private var continuations: [Int: AsyncStream<FormChange>.Continuation] = [:]
    private var next = 0

    func add(_ continuation: AsyncStream<FormChange>.Continuation) {
        lock.lock()
        let id = next
        next += 1
        continuations[id] = continuation
        lock.unlock()
        continuation.onTermination = { [weak self] _ in self?.remove(id) }
    }

    private func remove(_ id: Int) {
        lock.lock()
        continuations[id] = nil
        lock.unlock()
    }

    func send(_ change: FormChange) {
        lock.lock()
        let current = Array(continuations.values)
        lock.unlock()
        for continuation in current { continuation.yield(change) }
    }

    var hasSubscribers: Bool {
        lock.lock()
        defer { lock.unlock() }
        return !continuations.isEmpty
    }

    func finish() {
        lock.lock()
        let current = Array(continuations.values)
        continuations.removeAll()
        lock.unlock()
        for continuation in current { continuation.finish() }
    }
}

extension FormSession {
    /// A stream of every change from now on (each call gives a new, independent stream).
    ///
    /// ```swift
    /// Task {
    ///     for await change in session.changes() {
    ///         print(change.changeset, change.values.map(\.field))
    ///     }
    /// }
    /// ```
    public func changes() -> AsyncStream<FormChange> {
        let (stream, continuation) = AsyncStream<FormChange>.makeStream()
        presentation.changeChannels.add(continuation)
        return stream
    }
}
