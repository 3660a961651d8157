extension DataSource {
    /// Checks that the visible snapshot is a faithful, ordered subset of the model.
    /// Runs after every reload in debug builds (`assert`); always returns `true` or traps.
    func checkInvariants() -> Bool {
        var previousSection = -1
        for visibleSection in visible.sections {
            let modelIndex = visibleSection.modelIndex
            precondition(modelIndex > previousSection, "visible sections out of model order")
            precondition(sections.indices.contains(modelIndex), "visible section \(modelIndex) not in the model")
            previousSection = modelIndex
            let modelRows = sections[modelIndex].rows
            var previousRow = -1
            for (visibleRow, row) in visibleSection.rows.enumerated() {
                let modelRow = visibleSection.modelRow(ofVisible: visibleRow)
                precondition(modelRow > previousRow, "visible rows out of model order in section \(modelIndex)")
                precondition(modelRows.indices.contains(modelRow), "visible row \(modelRow) not in the model")
                precondition(modelRows[modelRow].storage === row.storage, "visible row differs from the model row")
                previousRow = modelRow
            }
        }
        return true
    }
}
