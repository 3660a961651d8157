/// A compiled `Pattern`: instructions for a Pike VM.
struct PatternProgram: Sendable, Hashable {
    enum Instruction: Sendable, Hashable {
        case scalar(ScalarSet)
        case split(Int, Int)
        case jump(Int)
        case lineStart, lineEnd
        case wordBoundary(Bool)
        case match
    }

    static let maximumInstructions = 5_000

    private(set) var instructions: [Instruction] = []
    let caseInsensitive: Bool

    init(_ node: PatternNode, caseInsensitive: Bool) throws(PatternError) {
        self.caseInsensitive = caseInsensitive
        try emit(node)
        instructions.append(.match)
    }

    private mutating func append(_ instruction: Instruction) throws(PatternError) -> Int {
        guard instructions.count < Self.maximumInstructions else {
            throw PatternError(
                reason: "the pattern is too complex (more than \(Self.maximumInstructions) steps)", offset: 0)
        }
        instructions.append(instruction)
        return instructions.count - 1
    }

    private mutating func emit(_ node: PatternNode) throws(PatternError) {
        switch node {
        case .empty: break
        case .scalarSet(let set): _ = try append(.scalar(set))
        case .lineStart: _ = try append(.lineStart)
        case .lineEnd: _ = try append(.lineEnd)
        case .wordBoundary(let positive): _ = try append(.wordBoundary(positive))
        case .sequence(let items): for item in items { try emit(item) }
        case .alternation(let branches):
            var jumps: [Int] = []
            for (index, branch) in branches.enumerated() {
                if index < branches.count - 1 {
                    let split = try append(.split(0, 0))
                    try emit(branch)
                    jumps.append(try append(.jump(0)))
                    instructions[split] = .split(split + 1, instructions.count)
                } else {
                    try emit(branch)
                }
            }
            for jump in jumps { instructions[jump] = .jump(instructions.count) }
        case let .repeating(inner, minimum, maximum):
            for _ in 0..<minimum { try emit(inner) }
            if let maximum {
                // Optional copies: split over each, all skipping to the end.
                var splits: [Int] = []
                for _ in minimum..<maximum {
                    splits.append(try append(.split(0, 0)))
                    try emit(inner)
                }
                for split in splits { instructions[split] = .split(split + 1, instructions.count) }
            } else {
                let loop = try append(.split(0, 0))
                try emit(inner)
                _ = try append(.jump(loop))
                instructions[loop] = .split(loop + 1, instructions.count)
            }
        }
    }

    /// Whether the whole input matches: the VM runs every thread in lock step, one
    /// input scalar at a time, and each instruction holds at most one thread.
    func matches(_ input: [Unicode.Scalar]) -> Bool {
        var current = ThreadList(capacity: instructions.count)
        var next = ThreadList(capacity: instructions.count)
        var stack: [Int] = []
        addThread(0, at: 0, input: input, to: &current, stack: &stack)
        for position in 0...input.count {
            if current.isEmpty { return false }
            if position == input.count { return current.contains(instructions.count - 1) }
            let scalar = input[position]
            next.clear()
            for pc in current.members {
                if case .scalar(let set) = instructions[pc], set.contains(scalar, caseInsensitive: caseInsensitive) {
                    addThread(pc + 1, at: position + 1, input: input, to: &next, stack: &stack)
                }
            }
            swap(&current, &next)
        }
        return false
    }

    /// Adds `pc` and everything reachable from it without consuming input.
    private func addThread(
        _ pc: Int, at position: Int, input: [Unicode.Scalar], to list: inout ThreadList, stack: inout [Int]
    ) {
        stack.append(pc)
        while let pc = stack.popLast() {
            guard list.insert(pc) else { continue }
            switch instructions[pc] {
            case .jump(let target): stack.append(target)
            case let .split(first, second):
                stack.append(second)
                stack.append(first)
            case .lineStart: if position == 0 { stack.append(pc + 1) }
            case .lineEnd: if position == input.count { stack.append(pc + 1) }
            case .wordBoundary(let positive):
                let before = position > 0 && ScalarSet.isWord(input[position - 1])
                let after = position < input.count && ScalarSet.isWord(input[position])
                if (before != after) == positive { stack.append(pc + 1) }
            case .scalar, .match: break
            }
        }
    }
}

/// A sparse set of instruction indices with O(1) insert, membership and clear.
struct ThreadList {
    private var dense: [Int]
    private var sparse: [Int]
    private(set) var count = 0

    init(capacity: Int) {
        dense = [Int](repeating: 0, count: capacity)
        sparse = [Int](repeating: 0, count: capacity)
    }

    var isEmpty: Bool { count == 0 }
    var members: ArraySlice<Int> { dense[0..<count] }

    func contains(_ value: Int) -> Bool {
        let slot = sparse[value]
        return slot < count && dense[slot] == value
    }

    /// Inserts `value`; false if it was already there.
    mutating func insert(_ value: Int) -> Bool {
        guard !contains(value) else { return false }
        dense[count] = value
        sparse[value] = count
        count += 1
        return true
    }

    mutating func clear() { count = 0 }
}
