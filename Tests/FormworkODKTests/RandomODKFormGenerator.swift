import Formwork
import FormworkTesting

/// Random XLSForms from a seed, for differential tests against JavaRosa: questions of
/// the common types (integer, decimal, text, select_one, select_multiple, date, note,
/// calculate) and, less often, of the others (time, dateTime, geopoint, geotrace,
/// geoshape, range, rank, acknowledge, image, file, audio) in groups and repeats, with
/// `relevant` chains (a question relevant on one that is itself relevant on another),
/// calculations reading calculations, constraints and `required` (`yes`, or a
/// condition) with their messages, cascading selects (`choice_filter`), repeats
/// counted by a number or by an answer, labels and hints that show answers
/// (`${name}`), in one or two languages. Expressions draw from the whole function
/// table (see `RandomODKFormGenerator+Expressions`): arithmetic, comparisons, text,
/// instances, checklists, trigonometry, geometry (`area()`, `distance()`), a time or
/// a geopoint read as text or as a number.
struct RandomODKFormGenerator {
    /// What a question's value is, for the expressions that read it.
    enum Kind: Equatable {
        case number, text, choice(String), multiple(String), date, flag, note
        /// `time`, `dateTime`: read as text.
        case time, dateTime
        /// `geopoint`, `geotrace`, `geoshape`: coordinates, read by `area()`,
        /// `distance()` and `selected-at()`.
        case point, trace, shape
        /// `rank LIST`: every choice, in order; `acknowledge`: `OK` or nothing.
        case ranking(String), acknowledged
        /// A file (`image`, `file`): nothing reads it.
        case file
    }

    /// A question or calculation written so far: expressions after it may read it.
    struct Symbol {
        let name: String
        let kind: Kind
        /// The repeat it is in, if any.
        let repeatName: String?
        /// Whether it has a condition (its own `relevant` or a group's): reading it
        /// makes a chain.
        let conditional: Bool
    }

    var random: SeededGenerator
    var form = RandomODKForm()
    var symbols: [Symbol] = []
    /// Finished repeats (a name, with its questions among `symbols`).
    var repeats: [String] = []
    /// The repeat being written, if any.
    var currentRepeat: String?
    /// Whether the rows being written are inside a group with a condition.
    var conditionalGroup = false
    var counter = 0
    var bilingual = true

    static let lists: [String: [(String, String, String)]] = [
        "colors": [("a", "Red", "Rouge"), ("b", "Green", "Vert"), ("c", "Blue", "Bleu"), ("d", "Black", "Noir")],
        "nums": [("1", "One", "Un"), ("2", "Two", "Deux"), ("3", "Three", "Trois")],
        "region": [("n", "North", "Nord"), ("s", "South", "Sud")],
    ]
    static let towns = [("t1", "n"), ("t2", "n"), ("t3", "s"), ("t4", "s"), ("t5", "s")]
    /// An attachment: the places a `select_one_from_file` offers, which
    /// `instance('places')` reads (name, label, region, population). An XML file: the
    /// oracle's JavaRosa reads no CSV attachment (its instance is empty there).
    static let places = [
        ("p1", "Paris", "n", "2100"), ("p2", "Lyon", "s", "520"), ("p3", "Lille", "n", "233.5"),
        ("p4", "Nice", "s", "340"), ("p5", "Brest", "n", "139"),
    ]
    static let placesXML =
        "<root>"
        + places.map {
            "<item><name>\($0.0)</name><label>\($0.1)</label><region>\($0.2)</region><pop>\($0.3)</pop></item>"
        }
        .joined() + "</root>\n"

    /// The form of a seed.
    static func form(seed: UInt64) -> RandomODKForm {
        var generator = RandomODKFormGenerator(random: SeededGenerator(seed: seed &* 0x9E37_79B9 &+ 7))
        return generator.generate(seed: seed)
    }

    mutating func generate(seed: UInt64) -> RandomODKForm {
        bilingual = chance(0.8)
        form.settings = ["form_title": "Random \(seed)", "form_id": "random_\(seed)"]
        if bilingual {
            form.settings["default_language"] = chance(0.75) ? RandomODKForm.english : RandomODKForm.french
        }
        items(count: Int.random(in: 5...10, using: &random), depth: 0)
        writeChoices()
        return form
    }

    // MARK: Randomness

    mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &random) < probability }

    mutating func pick<T>(_ options: [T]) -> T { options.randomElement(using: &random)! }

    mutating func name(_ prefix: String) -> String {
        counter += 1
        return "\(prefix)\(counter)"
    }

    // MARK: Rows

    mutating func items(count: Int, depth: Int) {
        for _ in 0..<count {
            let roll = Int.random(in: 0..<106, using: &random)
            switch roll {
            case 0..<52: question()
            case 52..<68: calculation()
            case 68..<74: note()
            case 74..<84 where depth < 2: group(depth: depth)
            case 84..<92 where currentRepeat == nil && repeats.count < 2: repeatBlock(depth: depth)
            case 92..<100: cascade()
            case 100..<106: placeQuestion()
            default: question()
            }
        }
    }

    /// Translated cells (`label::English (en)`, `label::Français (fr)`), or one
    /// untranslated cell; now and then the French text is missing.
    mutating func texts(_ column: String, _ english: String, _ french: String) -> [String: String] {
        guard bilingual else { return [column: english] }
        var cells = ["\(column)::\(RandomODKForm.english)": english]
        if !chance(0.08) { cells["\(column)::\(RandomODKForm.french)"] = french }
        return cells
    }

    /// ` ${x}` for a label that shows an answer (sometimes), else nothing.
    mutating func interpolation(_ probability: Double) -> String {
        let readable = plainSymbols.filter { $0.kind != .note }
        guard !readable.isEmpty, chance(probability) else { return "" }
        return " ${\(pick(readable).name)}"
    }

    mutating func add(_ row: [String: String], _ kind: Kind, conditional: Bool) {
        form.survey.append(row)
        if let name = row["name"], !(row["type"] ?? "").hasPrefix("begin") {
            symbols.append(Symbol(name: name, kind: kind, repeatName: currentRepeat, conditional: conditional))
        }
    }

    mutating func question() {
        let common: [(String, Kind)] = [
            ("integer", .number), ("decimal", .number), ("text", .text), ("select_one colors", .choice("colors")),
            ("select_one nums", .choice("nums")), ("select_multiple colors", .multiple("colors")), ("date", .date),
        ]
        // The rest of pyxform's question types, less often: the times, the geometries
        // (typed as ODK writes them), a range, a ranking, an acknowledgement, a file.
        let rest: [(String, Kind)] = [
            ("time", .time), ("dateTime", .dateTime), ("geopoint", .point), ("geotrace", .trace), ("geoshape", .shape),
            ("range", .number), ("rank colors", .ranking("colors")), ("acknowledge", .acknowledged),
            (pick(["image", "file", "audio"]), .file),
        ]
        let (type, kind) = chance(0.25) ? pick(rest) : pick(common)
        let name = name("q")
        var row = ["type": type, "name": name]
        if type == "range" {
            // Rising ranges only: the oracle's walk steps a falling one (start=10 end=0)
            // upwards, past its end, to values JavaRosa takes but its slider never gives.
            row["parameters"] = pick(["start=0 end=10 step=1", "start=1 end=5 step=0.5", "start=-4 end=4 step=2"])
        }
        let shown = interpolation(0.3)
        row.merge(texts("label", "Question \(name)\(shown)", "Question \(name) (fr)\(shown)")) { $1 }
        if chance(0.3) {
            let shown = interpolation(0.5)
            row.merge(texts("hint", "Hint\(shown)", "Aide\(shown)")) { $1 }
        }
        let conditional = relevance(&row)
        // The oracle gives a file only where one is required, a name of no file.
        if kind != .file, chance(0.3) {
            row["required"] = chance(0.55) ? "yes" : boolean(depth: 1)
            if chance(0.7) { row.merge(texts("required_message", "Answer \(name)", "Répondez \(name)")) { $1 } }
        }
        if chance(0.35), let constraint = constraint(for: kind) {
            row["constraint"] = constraint
            if chance(0.8) {
                let shown = interpolation(0.3)
                row.merge(texts("constraint_message", "Check \(name)\(shown)", "Vérifiez \(name)\(shown)")) { $1 }
            }
        }
        // A select that leaves out what an earlier one of the same list chose.
        if case .choice(let list) = kind, chance(0.3),
            let earlier = plainSymbols.last(where: { $0.kind == .choice(list) })
        {
            row["choice_filter"] = "name != ${\(earlier.name)}"
        }
        add(row, kind, conditional: conditional)
    }

    /// Sets `relevant` now and then (reading conditional questions more often, so that
    /// conditions chain); whether the row is conditional.
    mutating func relevance(_ row: inout [String: String]) -> Bool {
        if chance(0.4) {
            row["relevant"] = boolean(depth: 1)
            return true
        }
        return conditionalGroup
    }

    mutating func constraint(for kind: Kind) -> String? {
        switch kind {
        case .number:
            return pick([
                ". >= 0", ". < 50", ". != 3", ". >= 1 and . <= 20", ". > 2 or . = 0", "(. mod 2) = 0",
            ])
        case .text: return pick(["string-length(.) >= 3", ". != 'Alpha'", "string-length(.) < 8"])
        case .multiple: return pick(["count-selected(.) <= 2", "not(selected(., 'a') and selected(., 'b'))"])
        case .choice: return pick([". != 'a'", ". != '2'"])
        case .date: return ". >= date('2000-01-01')"
        default: return nil
        }
    }

    mutating func calculation() {
        let name = name("c")
        var kind = Kind.number
        let value: String
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<5: value = number(depth: 2)
        case 5..<7:
            value = text(depth: 1)
            kind = .text
        case 7:
            value = boolean(depth: 1)
            kind = .flag
        default:
            if currentRepeat != nil, chance(0.6) {
                value = chance(0.5) ? "position(..)" : "position(..) * 10 + \(number(depth: 0))"
            } else {
                value = number(depth: 1)
            }
        }
        var row = ["type": "calculate", "name": name, "calculation": value]
        let conditional = chance(0.2) ? relevance(&row) : conditionalGroup
        add(row, kind, conditional: conditional)
    }

    mutating func note() {
        let name = name("n")
        let shown = interpolation(0.8)
        var row = ["type": "note", "name": name]
        row.merge(texts("label", "Note\(shown)", "Remarque\(shown)")) { $1 }
        let conditional = relevance(&row)
        add(row, .note, conditional: conditional)
    }

    mutating func group(depth: Int) {
        let name = name("g")
        var row = ["type": "begin_group", "name": name]
        row.merge(texts("label", "Group \(name)", "Groupe \(name)")) { $1 }
        let outer = conditionalGroup
        if chance(0.4) {
            row["relevant"] = boolean(depth: 1)
            conditionalGroup = true
        }
        form.survey.append(row)
        items(count: Int.random(in: 1...4, using: &random), depth: depth + 1)
        form.survey.append(["type": "end_group"])
        conditionalGroup = outer
    }

    mutating func repeatBlock(depth: Int) {
        let name = name("r")
        var row = ["type": "begin_repeat", "name": name]
        row.merge(texts("label", "Repeat \(name)", "Répétition \(name)")) { $1 }
        switch Int.random(in: 0..<3, using: &random) {
        case 0: row["repeat_count"] = String(Int.random(in: 1...3, using: &random))
        case 1:
            // An answer counts the entries.
            let count = self.name("q")
            var question = ["type": "integer", "name": count, "constraint": ". >= 0 and . <= 3", "required": "yes"]
            question.merge(texts("label", "How many \(name)?", "Combien de \(name) ?")) { $1 }
            add(question, .number, conditional: conditionalGroup)
            row["repeat_count"] = chance(0.8) ? "${\(count)}" : "${\(count)} + 1"
        default: break
        }
        form.survey.append(row)
        currentRepeat = name
        items(count: Int.random(in: 1...4, using: &random), depth: depth + 1)
        currentRepeat = nil
        repeats.append(name)
        form.survey.append(["type": "end_repeat"])
    }

    /// A select of a place from the form's attachment (`select_one_from_file
    /// places.xml`), now and then filtered by its region or by an earlier region.
    mutating func placeQuestion() {
        let name = name("q")
        var row = ["type": "select_one_from_file places.xml", "name": name]
        row.merge(texts("label", "Place", "Lieu")) { $1 }
        if chance(0.3) {
            if let region = plainSymbols.last(where: { $0.kind == .choice("region") }) {
                row["choice_filter"] = "region = ${\(region.name)}"
            } else {
                row["choice_filter"] = "region = '\(pick(["n", "s"]))'"
            }
        }
        let conditional = relevance(&row)
        form.media = ["places.xml": Self.placesXML]
        add(row, .choice("places"), conditional: conditional)
    }

    /// A select of a region, then one of its towns (`choice_filter`).
    mutating func cascade() {
        let region = name("q")
        var row = ["type": "select_one region", "name": region]
        row.merge(texts("label", "Region", "Région")) { $1 }
        let conditional = relevance(&row)
        add(row, .choice("region"), conditional: conditional)
        let town = name("q")
        var next = ["type": "select_one town", "name": town, "choice_filter": "parent=${\(region)}"]
        next.merge(texts("label", "Town in ${\(region)}", "Ville de ${\(region)}")) { $1 }
        add(next, .choice("town"), conditional: conditional)
    }

    mutating func writeChoices() {
        let used = Set(form.survey.compactMap { $0["type"]?.split(separator: " ").dropFirst().first.map(String.init) })
        for list in ["colors", "nums", "region"]
        where used.contains(list) || (list == "region" && used.contains("town")) {
            for (value, english, french) in Self.lists[list]! {
                var row = ["list_name": list, "name": value]
                row.merge(texts("label", english, french)) { $1 }
                form.choices.append(row)
            }
        }
        if used.contains("town") {
            for (index, (value, parent)) in Self.towns.enumerated() {
                var row = ["list_name": "town", "name": value, "parent": parent]
                row.merge(texts("label", "Town \(index + 1)", "Ville \(index + 1)")) { $1 }
                form.choices.append(row)
            }
        }
    }
}
