extension FormSession {
    /// Every problem of the visible fields, one per field (and one per repeat whose
    /// entries break its `min` or `max`), in form order; shows all errors from now on.
    @discardableResult
    public func validate() -> [FieldError] {
        showsAllErrors = true
        return errors()
    }

    /// The current problem of a field instance, shown or not (named by its path).
    public func currentError(of instance: Int) -> FieldError? {
        evaluation.firstError(of: instance).map { store.named($0, instance) }
    }

    /// The problem shown under a field instance now, if any (only for touched
    /// instances until `validate()`).
    public func shownError(of instance: Int) -> FieldError? {
        guard showsAllErrors || touched.contains(instance) else { return nil }
        return evaluation.firstError(of: instance).map { store.named($0, instance) }
    }

    /// The current problems of the visible fields, one per field instance, and one per
    /// repeat whose entries break its `min` (or whose `count` asks for more than its
    /// `max`), in form order. Fields of entries are named by path (`members[2].age`).
    ///
    /// - Complexity: O(*e* log *e*) for *e* problems, plus the repeats' holders: the
    ///   fields' errors are kept up to date as values change.
    public func errors() -> [FieldError] { evaluation.verdict() }
}
