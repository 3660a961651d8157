/// Which fields each field's value reads: through its own `visible`, its section's
/// `visible`, its options' `visible` and its computed `value`. (`required`, `rules`
/// and bounds read values too, but nothing reads them back, so they cannot close a
/// cycle.)
struct DependencyGraph {
    /// For each field index, the field indices it reads.
    let reads: [[Int]]

    /// - Parameter index: Field indices by id (the first field with an id wins).
    init(fields: [FieldDefinition], sections: [SectionDefinition], index: [String: Int]) {
        // By position: `fields.map` would copy every (large) definition.
        reads = fields.indices.map { position in
            var names: [String] = []
            if let visible = fields[position].visible { names += visible.references }
            let section = fields[position].sectionIndex
            if sections.indices.contains(section), let visible = sections[section].visible {
                names += visible.references
            }
            for option in fields[position].options { names += option.visible?.references ?? [] }
            if let value = fields[position].value { names += value.references }
            switch names.count {
            case 0: return []
            case 1: return index[names[0]].map { [$0] } ?? []
            default:
                var seen = Set<Int>()
                return names.compactMap { index[$0] }.filter { seen.insert($0).inserted }
            }
        }
    }

    /// One depth-first walk over the graph (iterative, so long chains cannot
    /// overflow the stack): the cycles it meets, each once as field indices with the
    /// first repeated at the end (`[a, b, a]`), and a post-order in which every field
    /// follows the fields it reads (fields in cycles keep form order).
    func walk() -> (cycles: [[Int]], order: [Int]) {
        var state = [UInt8](repeating: 0, count: reads.count)  // 0 new, 1 on the path, 2 done
        var path: [Int] = []
        var cycles: [[Int]] = []
        var reported = Set<[Int]>()
        var order: [Int] = []
        order.reserveCapacity(reads.count)
        for root in reads.indices where state[root] == 0 {
            var frames: [(node: Int, next: Int)] = [(root, 0)]
            state[root] = 1
            path.append(root)
            while let frame = frames.last {
                if frame.next < reads[frame.node].count {
                    frames[frames.count - 1].next += 1
                    let target = reads[frame.node][frame.next]
                    if state[target] == 0 {
                        state[target] = 1
                        path.append(target)
                        frames.append((target, 0))
                    } else if state[target] == 1 {
                        let cycle = Array(path.drop { $0 != target }) + [target]
                        if reported.insert(Set(cycle).sorted()).inserted { cycles.append(cycle) }
                    }
                } else {
                    state[frame.node] = 2
                    order.append(frame.node)
                    path.removeLast()
                    frames.removeLast()
                }
            }
        }
        return (cycles, order)
    }
}
