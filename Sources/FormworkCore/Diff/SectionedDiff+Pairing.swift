extension SectionedDiffer {
    /// Pairs the untrimmed rows of surviving sections: first within each section
    /// pair, through a small table that stays in cache (most rows stay in their
    /// section), then what is left, across sections, through one table.
    @inlinable
    mutating func pairMiddleRows() {
        guard anyMiddle else { return }
        oldStart = Self.starts(of: old)
        newStart = Self.starts(of: new)
        rowOldToNew = [Int32](repeating: -1, count: oldStart[old.sectionCount])
        rowNewToOld = [Int32](repeating: -1, count: newStart[new.sectionCount])
        guard oldMiddleCount > 0 else { return }
        let leftOver = pairWithinSections()
        guard leftOver > 0 else { return }
        pairAcrossSections(oldCount: leftOver)
    }

    /// Pairs middle rows within each section pair whose old middle is small enough
    /// for its table to stay in cache and has no repeated key (other sections are
    /// left whole to `pairAcrossSections`, which pairs repeats in order). Returns
    /// how many old middle rows are still unpaired.
    /// Old middles up to this many rows are paired within their section first.
    @inlinable static var localPairingLimit: Int { 4096 }

    @inlinable
    mutating func pairWithinSections() -> Int {
        var table = [Source.RowKey: Int32]()
        var unpaired = 0
        for newSection in 0..<new.sectionCount {
            let oldSection = sectionNewToOld[newSection]
            guard oldSection >= 0 else { continue }
            let lower = prefixLength[newSection]
            let oldUpper = old.rowCount(oldSection) - suffixLength[newSection]
            let newUpper = new.rowCount(newSection) - suffixLength[newSection]
            guard lower < oldUpper else { continue }
            guard lower < newUpper, oldUpper - lower <= Self.localPairingLimit else {
                unpaired += oldUpper - lower
                continue
            }
            table.removeAll(keepingCapacity: true)
            let oldBase = oldStart[oldSection]
            var repeated = false
            for row in lower..<oldUpper
            where table.updateValue(Int32(truncatingIfNeeded: oldBase + row), forKey: old.rowKey(oldSection, row))
                != nil
            {
                repeated = true
                break
            }
            guard !repeated else {
                unpaired += oldUpper - lower
                continue
            }
            var paired = 0
            let newBase = newStart[newSection]
            for row in lower..<newUpper {
                guard let flat = table[new.rowKey(newSection, row)], rowOldToNew[Int(flat)] < 0 else { continue }
                rowOldToNew[Int(flat)] = Int32(truncatingIfNeeded: newBase + row)
                rowNewToOld[newBase + row] = flat
                paired += 1
            }
            unpaired += oldUpper - lower - paired
        }
        return unpaired
    }

    /// Pairs the still unpaired middle rows of all surviving sections through one
    /// hash table; repeated keys pair in order of appearance.
    @inlinable
    mutating func pairAcrossSections(oldCount: Int) {
        // Built from the end, so each key maps to its first occurrence and `next`
        // chains the later ones in order (allocated only when duplicates exist).
        var table = [Source.RowKey: Int32](minimumCapacity: oldCount)
        var next: [Int32] = []
        for oldSection in stride(from: old.sectionCount - 1, through: 0, by: -1) {
            let newSection = sectionOldToNew[oldSection]
            guard newSection >= 0 else { continue }
            let lower = prefixLength[newSection]
            let upper = old.rowCount(oldSection) - suffixLength[newSection]
            let base = oldStart[oldSection]
            var row = upper - 1
            while row >= lower {
                let flat = Int32(truncatingIfNeeded: base + row)
                if rowOldToNew[Int(flat)] < 0,
                    let later = table.updateValue(flat, forKey: old.rowKey(oldSection, row))
                {
                    if next.isEmpty { next = [Int32](repeating: -1, count: oldStart[old.sectionCount]) }
                    next[Int(flat)] = later
                }
                row -= 1
            }
        }
        guard !table.isEmpty else { return }

        for newSection in 0..<new.sectionCount where sectionNewToOld[newSection] >= 0 {
            let lower = prefixLength[newSection]
            let upper = new.rowCount(newSection) - suffixLength[newSection]
            let base = newStart[newSection]
            if next.isEmpty {
                for row in lower..<max(lower, upper) where rowNewToOld[base + row] < 0 {
                    guard let flat = table[new.rowKey(newSection, row)], rowOldToNew[Int(flat)] < 0 else { continue }
                    rowOldToNew[Int(flat)] = Int32(truncatingIfNeeded: base + row)
                    rowNewToOld[base + row] = flat
                }
            } else {
                for row in lower..<max(lower, upper) where rowNewToOld[base + row] < 0 {
                    guard let slot = table.index(forKey: new.rowKey(newSection, row)) else { continue }
                    let flat = table.values[slot]
                    guard flat >= 0 else { continue }
                    rowOldToNew[Int(flat)] = Int32(truncatingIfNeeded: base + row)
                    rowNewToOld[base + row] = flat
                    table.values[slot] = next[Int(flat)]
                }
            }
        }
    }
}
