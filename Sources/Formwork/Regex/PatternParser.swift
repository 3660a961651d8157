/// The syntax tree of a `Pattern`.
indirect enum PatternNode: Sendable {
    case empty
    case scalarSet(ScalarSet)
    case sequence([PatternNode])
    case alternation([PatternNode])
    case repeating(PatternNode, min: Int, max: Int?)  // max nil: unbounded
    case lineStart, lineEnd
    case wordBoundary(Bool)
}

/// A set of Unicode scalars: ranges and predefined classes, possibly negated.
struct ScalarSet: Sendable, Hashable {
    enum Member: Sendable, Hashable {
        case range(UInt32, UInt32)
        case digit, word, space
        case notDigit, notWord, notSpace
        case any  // `.`: anything but a line break
    }

    var members: [Member]
    var negated = false

    func contains(_ scalar: Unicode.Scalar, caseInsensitive: Bool) -> Bool {
        if matchesMembers(scalar) != negated { return true }
        guard caseInsensitive else { return false }
        for variant in [scalar.properties.lowercaseMapping, scalar.properties.uppercaseMapping] {
            if variant.unicodeScalars.count == 1, let other = variant.unicodeScalars.first, other != scalar,
                matchesMembers(other) != negated
            {
                return true
            }
        }
        return false
    }

    private func matchesMembers(_ scalar: Unicode.Scalar) -> Bool {
        members.contains { member in
            switch member {
            case let .range(low, high): return (low...high).contains(scalar.value)
            case .digit: return Self.isDigit(scalar)
            case .notDigit: return !Self.isDigit(scalar)
            case .word: return Self.isWord(scalar)
            case .notWord: return !Self.isWord(scalar)
            case .space: return scalar.properties.isWhitespace
            case .notSpace: return !scalar.properties.isWhitespace
            case .any: return scalar != "\n" && scalar != "\r"
            }
        }
    }

    static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    static func isWord(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || isDigit(scalar) || scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }
}

/// Parses pattern syntax (see `Pattern`) by recursive descent, with bounded depth.
struct PatternParser {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var depth = 0
    private(set) var caseInsensitive = false
    static let maximumDepth = 50
    static let maximumCount = 1000

    init(_ source: String) {
        scalars = Array(source.unicodeScalars)
    }

    private func error(_ reason: String, at offset: Int? = nil) -> PatternError {
        PatternError(reason: reason, offset: offset ?? index)
    }

    private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    mutating func parse() throws(PatternError) -> PatternNode {
        if scalars.starts(with: Array("(?i)".unicodeScalars)) {
            caseInsensitive = true
            index = 4
        }
        let node = try parseAlternation()
        if current == ")" { throw error("unmatched ')'") }
        return node
    }

    private mutating func parseAlternation() throws(PatternError) -> PatternNode {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else { throw error("groups nested deeper than \(Self.maximumDepth)") }
        var branches = [try parseSequence()]
        while current == "|" {
            index += 1
            branches.append(try parseSequence())
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func parseSequence() throws(PatternError) -> PatternNode {
        var items: [PatternNode] = []
        while let scalar = current, scalar != "|", scalar != ")" {
            let atom = try parseAtom()
            items.append(try parseQuantifier(atom))
        }
        return items.count == 1 ? items[0] : (items.isEmpty ? .empty : .sequence(items))
    }

    private mutating func parseQuantifier(_ atom: PatternNode) throws(PatternError) -> PatternNode {
        let start = index
        var node = atom
        var quantified = false
        while let scalar = current {
            let bounds: (Int, Int?)
            switch scalar {
            case "*":
                bounds = (0, nil)
                index += 1
            case "+":
                bounds = (1, nil)
                index += 1
            case "?":
                bounds = (0, 1)
                index += 1
            case "{":
                guard let parsed = try parseBraces() else { return node }
                bounds = parsed
            default: return node
            }
            if quantified { throw error("a quantifier cannot follow another (use a group)", at: start) }
            switch atom {
            case .lineStart, .lineEnd, .wordBoundary, .empty: throw error("nothing to repeat", at: start)
            default: break
            }
            quantified = true
            node = .repeating(atom, min: bounds.0, max: bounds.1)
            if current == "?" { index += 1 }  // lazy: same language, same answer
        }
        return node
    }

    /// `{n}`, `{n,}`, `{n,m}`; `nil` (and no input consumed) when `{` is a literal.
    private mutating func parseBraces() throws(PatternError) -> (Int, Int?)? {
        let start = index
        var cursor = index + 1
        func number(_ cursor: inout Int) -> Int? {
            var digits = ""
            while cursor < scalars.count, ("0"..."9").contains(scalars[cursor]) {
                digits.unicodeScalars.append(scalars[cursor])
                cursor += 1
            }
            return digits.isEmpty ? nil : Int(digits.prefix(6))
        }
        guard let low = number(&cursor) else { return nil }
        var high: Int? = low
        if cursor < scalars.count, scalars[cursor] == "," {
            cursor += 1
            high = number(&cursor)
        }
        guard cursor < scalars.count, scalars[cursor] == "}" else { return nil }
        index = cursor + 1
        guard low <= Self.maximumCount, (high ?? 0) <= Self.maximumCount else {
            throw error("repetition counts are limited to \(Self.maximumCount)", at: start)
        }
        if let high, high < low { throw error("{\(low),\(high)}: the minimum is above the maximum", at: start) }
        return (low, high)
    }

    private mutating func parseAtom() throws(PatternError) -> PatternNode {
        let start = index
        let scalar = scalars[index]
        index += 1
        switch scalar {
        case ".": return .scalarSet(ScalarSet(members: [.any]))
        case "^": return .lineStart
        case "$": return .lineEnd
        case "[": return .scalarSet(try parseClass(start: start))
        case "(":
            if current == "?" {
                if index + 1 < scalars.count, scalars[index + 1] == ":" {
                    index += 2
                } else if index + 1 < scalars.count, ["=", "!", "<"].contains(scalars[index + 1]) {
                    throw error("lookaround is not supported (it cannot be matched in linear time)", at: start)
                } else {
                    throw error("unknown group syntax '(?'", at: start)
                }
            }
            let inner = try parseAlternation()
            guard current == ")" else { throw error("missing ')'", at: start) }
            index += 1
            return inner
        case "*", "+", "?": throw error("nothing to repeat", at: start)
        case "\\": return try parseEscape(start: start)
        default: return .scalarSet(ScalarSet(members: [.range(scalar.value, scalar.value)]))
        }
    }

    private mutating func parseEscape(start: Int) throws(PatternError) -> PatternNode {
        guard let escaped = current else { throw error("the pattern ends with '\\'", at: start) }
        index += 1
        switch escaped {
        case "b": return .wordBoundary(true)
        case "B": return .wordBoundary(false)
        case "1"..."9": throw error("backreferences are not supported", at: start)
        default: return .scalarSet(ScalarSet(members: [try escapedMember(escaped, start: start)]))
        }
    }

    private func escapedMember(_ escaped: Unicode.Scalar, start: Int) throws(PatternError) -> ScalarSet.Member {
        switch escaped {
        case "d": return .digit
        case "D": return .notDigit
        case "w": return .word
        case "W": return .notWord
        case "s": return .space
        case "S": return .notSpace
        case "n": return .range(0x0A, 0x0A)
        case "t": return .range(0x09, 0x09)
        case "r": return .range(0x0D, 0x0D)
        default:
            guard !escaped.properties.isAlphabetic || !escaped.isASCII else {
                throw error("unknown escape '\\\(escaped)'", at: start)
            }
            return .range(escaped.value, escaped.value)
        }
    }

    private mutating func parseClass(start: Int) throws(PatternError) -> ScalarSet {
        var set = ScalarSet(members: [])
        if current == "^" {
            set.negated = true
            index += 1
        }
        var first = true
        while true {
            guard let scalar = current else { throw error("missing ']'", at: start) }
            if scalar == "]", !first {
                index += 1
                return set
            }
            first = false
            index += 1
            var low: UInt32
            if scalar == "\\" {
                guard let escaped = current else { throw error("missing ']'", at: start) }
                index += 1
                let member = try escapedMember(escaped, start: index - 2)
                guard case .range(let value, _) = member else {
                    set.members.append(member)
                    continue
                }
                low = value
            } else {
                low = scalar.value
            }
            if current == "-", index + 1 < scalars.count, scalars[index + 1] != "]" {
                index += 1
                var high = scalars[index].value
                index += 1
                if high == UInt32(("\\" as Unicode.Scalar).value), let escaped = current {
                    index += 1
                    guard case .range(let value, _) = try escapedMember(escaped, start: index - 2) else {
                        throw error("a class cannot be the end of a range", at: index - 2)
                    }
                    high = value
                }
                guard low <= high else { throw error("the range is out of order", at: index - 3) }
                set.members.append(.range(low, high))
            } else {
                set.members.append(.range(low, low))
            }
        }
    }
}
