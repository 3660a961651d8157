/// The XPath expressions of random forms: numbers, conditions and texts reading the
/// questions written so far (`${name}`), a repeat's from outside it through `sum()`,
/// `count()` and `indexed-repeat()`, the choice lists as secondary instances
/// (`instance('colors')/root/item[…]`, `jr:itext()` of their labels), and the
/// functions of the ODK language: arithmetic, trigonometry, text, checklists.
extension RandomODKFormGenerator {
    /// The symbols an expression here may read by name: those outside every repeat,
    /// and those of the repeat being written.
    var plainSymbols: [Symbol] {
        symbols.filter { $0.repeatName == nil || $0.repeatName == currentRepeat }
    }

    /// A symbol of one of these kinds, conditional ones more often (so that conditions
    /// and calculations chain).
    mutating func reference(_ accepts: (Kind) -> Bool) -> Symbol? {
        let candidates = plainSymbols.filter { accepts($0.kind) }
        guard !candidates.isEmpty else { return nil }
        let weighted = candidates.flatMap { $0.conditional ? [$0, $0, $0] : [$0] }
        return pick(weighted)
    }

    /// The numbers questions of finished repeats this expression is outside of.
    var repeatedNumbers: [Symbol] {
        symbols.filter { $0.kind == .number && $0.repeatName != nil && $0.repeatName != currentRepeat }
    }

    mutating func number(depth: Int) -> String {
        let roll = Int.random(in: 0..<24, using: &random)
        if depth <= 0 || roll < 4 {
            if let symbol = reference({ $0 == .number }), roll % 4 != 0 { return "${\(symbol.name)}" }
            return String(Int.random(in: 0...10, using: &random))
        }
        let smaller = depth - 1
        switch roll {
        case 4..<7: return "(\(number(depth: smaller)) \(pick(["+", "-", "*"])) \(number(depth: smaller)))"
        case 7: return "(\(number(depth: smaller)) div \(pick(["2", "4", "5"])))"
        case 8: return "(\(number(depth: smaller)) mod 3)"
        case 9: return "round(\(number(depth: smaller)) div 3, \(pick(["0", "1", "2"])))"
        case 10: return "int(\(number(depth: smaller)) div 2)"
        case 11:
            if let symbol = reference({ $0 == .number }) { return "coalesce(${\(symbol.name)}, 0)" }
        case 12: return "if(\(boolean(depth: smaller)), \(number(depth: smaller)), \(number(depth: smaller)))"
        case 13:
            if let symbol = reference({ $0 == .text }) { return "string-length(${\(symbol.name)})" }
        case 14:
            if let symbol = reference({ if case .multiple = $0 { return true } else { return false } }) {
                return "count-selected(${\(symbol.name)})"
            }
        case 15:
            if let symbol = reference({ $0 == .choice("nums") }) { return "number(${\(symbol.name)})" }
        case 16:
            if let repeatName = repeats.last(where: { $0 != currentRepeat }) { return "count(${\(repeatName)})" }
        case 17:
            if let symbol = repeatedNumbers.randomElement(using: &random) { return "sum(${\(symbol.name)})" }
        case 18:
            if let symbol = repeatedNumbers.randomElement(using: &random), let repeatName = symbol.repeatName {
                return "indexed-repeat(${\(symbol.name)}, ${\(repeatName)}, \(pick(["1", "2"])))"
            }
        case 19:
            if currentRepeat != nil { return "position(..)" }
        default:
            return languageNumber(depth: smaller)
        }
        return number(depth: 0)
    }

    mutating func boolean(depth: Int) -> String {
        let roll = Int.random(in: 0..<12, using: &random)
        if depth > 0 {
            switch roll {
            case 0: return "not(\(boolean(depth: depth - 1)))"
            case 1: return "(\(boolean(depth: depth - 1)) and \(boolean(depth: depth - 1)))"
            case 2: return "(\(boolean(depth: depth - 1)) or \(boolean(depth: depth - 1)))"
            default: break
            }
        }
        switch roll % 8 {
        case 0, 1:
            if let symbol = reference({ if case .choice = $0 { return true } else { return false } }),
                case .choice(let list) = symbol.kind
            {
                let value =
                    list == "town"
                    ? pick(Self.towns.map(\.0))
                    : list == "places" ? pick(Self.places.map(\.0)) : pick(Self.lists[list]!.map(\.0))
                return "${\(symbol.name)} \(pick(["=", "!="])) '\(value)'"
            }
        case 2:
            if let symbol = reference({ if case .multiple = $0 { return true } else { return false } }) {
                return "selected(${\(symbol.name)}, '\(pick(["a", "b", "c", "d"]))')"
            }
        case 3:
            if let symbol = reference({ $0 == .text }) {
                return chance(0.5)
                    ? "${\(symbol.name)} != ''"
                    : "string-length(${\(symbol.name)}) > \(Int.random(in: 2...6, using: &random))"
            }
        case 5:
            if let symbol = reference({ $0 == .acknowledged }) { return "${\(symbol.name)} = 'OK'" }
            if let symbol = reference({ [.time, .dateTime, .point, .file].contains($0) }) {
                return "${\(symbol.name)} != ''"
            }
        case 4:
            if let symbol = reference({ $0 == .flag }) { return "${\(symbol.name)} = 'true'" }
            if let symbol = reference({ $0 == .date }) {
                return "${\(symbol.name)} \(pick(["<", ">="])) date('\(pick(["2010-06-15", "2021-01-01"]))')"
            }
        default: break
        }
        let comparison = pick(["=", "!=", "<", "<=", ">", ">="])
        return "\(number(depth: depth - 1)) \(comparison) \(number(depth: 0))"
    }

    /// A number from the rest of the language: the instances, powers, trigonometry
    /// (rounded, as the last digit of a sine may differ between Java and C), extremes.
    mutating func languageNumber(depth: Int) -> String {
        switch Int.random(in: 0..<13, using: &random) {
        case 10:
            // The geometries: a trace's length, a shape's area (rounded: the last digits of
            // the spherical formulas may differ between Java and C).
            if let symbol = reference({ $0 == .trace || $0 == .shape }) {
                let function = symbol.kind == .shape && chance(0.6) ? "area" : "distance"
                return "round(\(function)(${\(symbol.name)}), 1)"
            }
        case 11:
            // A point's latitude.
            if let symbol = reference({ $0 == .point }) {
                return "round(number(selected-at(${\(symbol.name)}, 0)), 3)"
            }
        case 12:
            if let symbol = reference({ if case .ranking = $0 { return true } else { return false } }) {
                return "count-selected(${\(symbol.name)})"
            }
        case 7:
            // A filter that is not an equality: read in each row.
            if let symbol = reference({ if case .choice = $0 { return true } else { return false } }),
                case .choice(let list) = symbol.kind
            {
                let name = symbol.name
                return "count(instance('\(list)')/root/item[name != ${\(name)} or contains(name, '1')])"
            }
        case 8:
            // sum() of a column, the rows compared as numbers with an answer.
            if let symbol = reference({ $0 == .choice("nums") }) {
                return "sum(instance('nums')/root/item[name >= ${\(symbol.name)}]/name)"
            }
        case 9:
            // position() in a condition, then the first row kept.
            if let symbol = reference({ if case .choice = $0 { return true } else { return false } }),
                case .choice(let list) = symbol.kind
            {
                let rows = "instance('\(list)')/root/item[position() > 1 and name != ${\(symbol.name)}]"
                return "string-length(\(rows)[position() = 1]/name)"
            }
        case 0:
            if let symbol = reference({ if case .choice = $0 { return true } else { return false } }),
                case .choice(let list) = symbol.kind, list != "town"
            {
                return "count(instance('\(list)')/root/item[name = ${\(symbol.name)}])"
            }
        case 1:
            if let symbol = reference({ $0 == .choice("town") }) {
                let region = "instance('town')/root/item[name = ${\(symbol.name)}]/parent"
                return "count(instance('town')/root/item[parent = \(region)])"
            }
        case 2: return "abs(\(number(depth: depth)))"
        case 3: return "pow(\(number(depth: depth)), \(pick(["2", "0.5", "-1"])))"
        case 4: return "round(\(pick(["sin", "cos", "atan"]))(\(number(depth: depth))), 4)"
        case 5: return "\(pick(["max", "min"]))(\(number(depth: depth)), \(number(depth: depth)))"
        default: return "round(log10(1 + abs(\(number(depth: depth)))) * 100, 0)"
        }
        return number(depth: 0)
    }

    mutating func text(depth: Int) -> String {
        switch Int.random(in: 0..<11, using: &random) {
        case 9, 10: return languageText(depth: depth)
        case 5:
            if let symbol = reference({ if case .choice = $0 { return true } else { return false } }),
                case .choice(let list) = symbol.kind, list != "town"
            {
                // pyxform writes a translated list's labels as itext, an untranslated one's
                // inline; an attachment's are its label column.
                let row = "instance('\(list)')/root/item[name = ${\(symbol.name)}]"
                return bilingual && list != "places" ? "jr:itext(\(row)/itextId)" : "\(row)/label"
            }
        case 6:
            if let symbol = reference({ $0 == .text }) {
                return "normalize-space(translate(${\(symbol.name)}, 'abe', 'AB '))"
            }
        case 7:
            if let symbol = reference({ $0 == .text }) {
                let name = symbol.name
                return "concat(substring-before(${\(name)}, ' '), '|', substring-after(${\(name)}, ' '))"
            }
        case 8:
            let conditions = (0..<3).map { _ in boolean(depth: 0) }.joined(separator: ", ")
            return "if(checklist(1, 2, \(conditions)), 'some', 'none or all')"
        case 0:
            if let symbol = reference({ $0 == .text }) {
                return "concat(${\(symbol.name)}, '-', \(number(depth: depth - 1)))"
            }
        case 1: return "if(\(boolean(depth: depth - 1)), 'yes', 'no')"
        case 2:
            if let symbol = reference({ if case .choice = $0 { return true } else { return false } }) {
                return "concat('[', ${\(symbol.name)}, ']')"
            }
        case 3:
            if let symbol = reference({ $0 == .text }) { return "coalesce(${\(symbol.name)}, 'none')" }
        default: break
        }
        return "concat('n=', \(number(depth: depth)))"
    }

    /// A text from the rest of the function list, so that every function of the table
    /// is drawn: text tests, digests, booleans, regular expressions, weighted
    /// checklists, logarithms and inverse trigonometry, dates, choices, the form's
    /// version, a repeat's non-empty values, a distance.
    mutating func languageText(depth: Int) -> String {
        let text = reference({ $0 == .text }).map { "${\($0.name)}" } ?? "'Alpha beta'"
        switch Int.random(in: 0..<17, using: &random) {
        case 17:
            if let symbol = reference({ $0 == .choice("places") }) {
                let population = "instance('places')/root/item[name = ${\(symbol.name)}]/pop"
                return "concat(instance('places')/root/item[name = ${\(symbol.name)}]/region, ':', \(population) * 2)"
            }
        case 14:
            if let symbol = reference({ if case .ranking = $0 { return true } else { return false } }) {
                return "concat(selected-at(${\(symbol.name)}, 0), '>', selected-at(${\(symbol.name)}, 1))"
            }
        case 15:
            if let symbol = reference({ $0 == .time || $0 == .dateTime }) {
                return "concat('at ', ${\(symbol.name)})"
            }
        case 0: return "substr(\(text), 1, 4)"
        case 1: return "if(starts-with(\(text), 'A') or ends-with(\(text), 'a'), 'edge', 'middle')"
        case 2:
            let algorithm = pick(["MD5", "SHA-1", "SHA-256"])
            return "digest(concat('x', \(text)), '\(algorithm)', '\(pick(["hex", "base64"]))')"
        case 3:
            let flag = pick(["'true'", "'1'", "'no'", text])
            return "if(boolean-from-string(\(flag)) and true() and not(false()), 'yes', 'no')"
        case 4: return "if(regex(\(text), '^[A-Z][a-z]+'), 'word', 'other')"
        case 5:
            let weighted = (0..<3).map { _ in "\(boolean(depth: 0)), \(Int.random(in: 1...3, using: &random))" }
            return "if(weighted-checklist(2, 4, \(weighted.joined(separator: ", "))), 'weighted', 'not')"
        case 6:
            return "string(round(\(pick(["log", "tan", "sqrt", "exp"]))(abs(\(number(depth: depth))) div 7 + 1), 4))"
        case 7:
            let ratio = "(coalesce(\(number(depth: depth)), 0) mod 10) div 10"
            return "string(round(\(pick(["asin", "acos"]))(\(ratio)), 4) + round(pi(), 4))"
        case 8:
            if let symbol = reference({ $0 == .date }) {
                return "string(round(decimal-date-time(${\(symbol.name)}), 2))"
            }
            return "if(today() > date('2020-01-01'), 'later', 'earlier')"
        case 9:
            if let symbol = reference({ if case .multiple = $0 { return true } else { return false } }) {
                let name = symbol.name
                return "concat(selected-at(${\(name)}, 0), if(is-selected(${\(name)}, 'b'), '+b', ''))"
            }
        case 10:
            if let symbol = reference({ if case .choice = $0 { return true } else { return false } }) {
                return "jr:choice-name(${\(symbol.name)}, '${\(symbol.name)}')"
            }
        case 11: return "concat(depend(\(text), \(number(depth: 0))), '/', version())"
        case 12:
            if let symbol = repeatedNumbers.randomElement(using: &random) {
                return "string(count-non-empty(${\(symbol.name)}))"
            }
        default: return "string(round(distance('0 0 0 0;0 0.001 0 0;0.001 0.001 0 0'), 2))"
        }
        return "string(\(number(depth: depth)))"
    }
}
