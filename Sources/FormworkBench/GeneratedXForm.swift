/// An XForm shaped like the WHO 2016 verbal autopsy form as ODK Aggregate serves it
/// (one element per line): 551 binds — 510 questions in 32 groups, 8 of them with a
/// group nested in them, the groups' own binds and `meta/instanceID` — and three
/// itext languages, about 1.5 MB. Most questions are selects over choice lists kept
/// as secondary instances (itemsets with itext labels; districts filtered by the
/// region answered); three quarters of them have a `relevant` that reads an earlier
/// answer, numbers and dates a constraint with its message, and a note in each block
/// shows an earlier answer (`<output/>`).
enum GeneratedXForm {
    static let languages = ["English", "French", "Bahasa"]
    static let questions = 510
    static let groups = 32

    /// The form's XML text.
    static func whoLike() -> String {
        var lines: [String] = [
            #"<?xml version="1.0"?>"#,
            #"<h:html xmlns="http://www.w3.org/2002/xforms" xmlns:h="http://www.w3.org/1999/xhtml" "#
                + #"xmlns:jr="http://openrosa.org/javarosa" xmlns:orx="http://openrosa.org/xforms">"#,
            "  <h:head>", "    <h:title>Verbal autopsy (generated)</h:title>", "    <model>", "      <itext>",
        ]
        for language in languages { lines += translation(language) }
        lines += ["      </itext>", "      <instance>", #"        <data id="whova_like" version="2016">"#]
        for group in 0..<groups {
            lines.append("          <g\(group)>")
            for index in members(of: group) where !isNested(index) { lines.append("            <q\(index)/>") }
            if hasNested(group) {
                lines.append("            <g\(group)_sub>")
                for index in members(of: group) where isNested(index) { lines.append("              <q\(index)/>") }
                lines.append("            </g\(group)_sub>")
            }
            lines.append("          </g\(group)>")
        }
        lines += [
            "          <meta>", "            <instanceID/>", "          </meta>", "        </data>",
            "      </instance>",
        ]
        for (list, items) in choiceLists { lines += instance(list, items) }
        lines += binds()
        lines += ["    </model>", "  </h:head>", "  <h:body>"]
        lines += body()
        lines += ["  </h:body>", "</h:html>"]
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Shape

    /// What question `index` is.
    enum Kind {
        case yesNoRefused, list(String), symptoms, integer, date, text, calculate, note, decimal, region, district
    }

    static func kind(_ index: Int) -> Kind {
        if index == 1 { return .region }
        if index == 2 { return .district }
        switch index % 20 {
        case 0..<10: return .yesNoRefused
        case 10, 11: return .list("list\((index / 10) % 48)")
        case 12: return .symptoms
        case 13: return .integer
        case 14: return .date
        case 15: return .text
        case 16: return .calculate
        case 17: return .note
        case 18: return .decimal
        default: return .list("yes_no")
        }
    }

    static func group(of index: Int) -> Int { index * groups / questions }
    static func members(of group: Int) -> [Int] { (0..<questions).filter { Self.group(of: $0) == group } }
    static func hasNested(_ group: Int) -> Bool { group % 4 == 1 }
    /// The last five questions of a group with a nested group are in it.
    static func isNested(_ index: Int) -> Bool {
        let group = group(of: index)
        return hasNested(group) && members(of: group).suffix(5).contains(index)
    }

    static func groupPath(_ group: Int) -> String { "/data/g\(group)" }

    static func path(_ index: Int) -> String {
        let group = group(of: index)
        return groupPath(group) + (isNested(index) ? "/g\(group)_sub" : "") + "/q\(index)"
    }

    /// A yes/no/refused question of the block before (what most conditions read).
    static func earlierSelect(_ index: Int) -> Int { (index / 20 - 1) * 20 + index % 10 }

    /// The `relevant` of question `index`: three in four, from the second block on.
    static func relevant(_ index: Int) -> String? {
        guard index >= 20, index % 4 != 0 else { return nil }
        let read = "selected( \(path(earlierSelect(index))) , 'yes')"
        switch index % 3 {
        case 0: return read
        case 1: return "\(read) or  \(path(earlierSelect(index) + 1))  = 'ref'"
        default: return "\(read) and  \(path((index / 20 - 1) * 20 + 13))  &gt; 5"
        }
    }

    static let topics = [
        "a fever", "a cough", "difficulty breathing", "chest pain", "diarrhoea", "vomiting", "abdominal pain",
        "a headache", "a stiff neck", "convulsions", "a rash", "yellow eyes", "swelling of the legs",
        "a lump in the neck", "weight loss", "bleeding", "pain when passing urine", "paralysis",
    ]

    /// The choice lists, each with its items' values (districts with their region).
    static let choiceLists: [(name: String, items: [String])] = {
        var lists: [(String, [String])] = [
            ("yes_no_ref", ["yes", "no", "dk", "ref"]), ("yes_no", ["yes", "no"]),
            ("symptoms", (0..<8).map { "s\($0)" }), ("regions", (0..<20).map { "r\($0)" }),
            ("districts", (0..<200).map { "d\($0)" }),
        ]
        for list in 0..<48 { lists.append(("list\(list)", (0..<(3 + list % 6)).map { "c\($0)" })) }
        return lists
    }()

    // MARK: Texts

    static func label(_ index: Int, _ language: String) -> String {
        let topic = topics[index % topics.count]
        switch language {
        case "French":
            return "Question \(index) (\(topic)) : pendant la dernière maladie, le (la) défunt(e) a-t-il (elle) "
                + "eu \(topic) ? Demandez ce qui s’est passé dans les semaines précédant le décès, et notez la "
                + "réponse du (de la) répondant(e), même s’il (elle) n’est pas sûr(e). Si la réponse est "
                + "« oui », demandez depuis combien de jours, et si cela a commencé soudainement ou peu à peu."
        case "Bahasa":
            return "Pertanyaan \(index) (\(topic)): selama sakit terakhir, apakah almarhum/ah mengalami \(topic)? "
                + "Tanyakan apa yang terjadi pada minggu-minggu sebelum kematian, dan catat jawaban responden, "
                + "walaupun responden tidak yakin. Jika jawabannya \"ya\", tanyakan sudah berapa hari, dan apakah "
                + "itu dimulai secara tiba-tiba atau perlahan-lahan."
        default:
            return "Question \(index) (\(topic)): during the final illness, did (s)he have \(topic)? Ask what "
                + "happened in the weeks before the death, and record what the respondent says, even if the "
                + "respondent is not sure. If the answer is \"yes\", ask for how many days, and whether it started "
                + "suddenly or slowly."
        }
    }

    static func hint(_ index: Int, _ language: String) -> String {
        switch language {
        case "French":
            return "Lisez la question \(index) telle quelle ; n’orientez pas la réponse du (de la) répondant(e). "
                + "Si le (la) répondant(e) ne sait pas, choisissez « ne sait pas » plutôt que de deviner."
        case "Bahasa":
            return "Bacakan pertanyaan \(index) apa adanya; jangan mengarahkan jawaban responden. Jika responden "
                + "tidak tahu, pilih \"tidak tahu\" daripada menebak jawabannya."
        default:
            return "Read question \(index) as written; do not lead the respondent towards an answer. If the "
                + "respondent does not know, choose \"doesn't know\" rather than guessing an answer."
        }
    }

    static func translation(_ language: String) -> [String] {
        func text(_ id: String, _ value: String) -> String {
            "          <text id=\"\(id)\">\n            <value>\(value)</value>\n          </text>"
        }
        let header = language == "English" ? #" default="true()""# : ""
        var lines = ["        <translation lang=\"\(language)\"\(header)>"]
        for group in 0..<groups {
            lines.append(text(groupPath(group) + ":label", "\(language) section \(group)"))
            if hasNested(group) {
                lines.append(text(groupPath(group) + "/g\(group)_sub:label", "\(language) section \(group), details"))
            }
        }
        for index in 0..<questions {
            let path = path(index)
            switch kind(index) {
            case .calculate: continue
            case .note:
                let output = "<output value=\" \(Self.path(index - 2)) \"/>"
                lines.append(text(path + ":label", "\(label(index, language)) \(output)"))
                continue
            case .integer, .date, .decimal:
                let message =
                    "the answer to question \(index) is out of the range it may take; check it with the respondent"
                lines.append(text(path + ":jr:constraintMsg", "\(language): " + message))
            default: break
            }
            lines.append(text(path + ":label", label(index, language)))
            lines.append(text(path + ":hint", hint(index, language)))
        }
        for (list, items) in choiceLists {
            for (position, item) in items.enumerated() {
                lines.append(
                    text("\(list)-\(position)", "\(language): answer \(item) of the list \(list), as read out"))
            }
        }
        lines.append("        </translation>")
        return lines
    }

    // MARK: Model and body

    static func instance(_ list: String, _ items: [String]) -> [String] {
        var lines = ["      <instance id=\"\(list)\">", "        <root>"]
        for (position, item) in items.enumerated() {
            let region = list == "districts" ? "<region>r\(position % 20)</region>" : ""
            lines.append("          <item><itextId>\(list)-\(position)</itextId><name>\(item)</name>\(region)</item>")
        }
        return lines + ["        </root>", "      </instance>"]
    }

    static func binds() -> [String] {
        var lines: [String] = []
        for group in 0..<groups {
            let relevant = group == 0 ? "" : " relevant=\"selected( \(path(0)) , 'yes')\""
            lines.append("      <bind nodeset=\"\(groupPath(group))\"\(relevant)/>")
            if hasNested(group) {
                lines.append(
                    "      <bind nodeset=\"\(groupPath(group))/g\(group)_sub\" "
                        + "relevant=\"\(path(group * questions / groups)) != 'no'\"/>")
            }
        }
        for index in 0..<questions {
            let path = path(index)
            var attributes = "nodeset=\"\(path)\""
            let message = " jr:constraintMsg=\"jr:itext('\(path):jr:constraintMsg')\""
            switch kind(index) {
            case .integer: attributes += " type=\"int\" constraint=\". &gt;= 0 and . &lt;= 120\"" + message
            case .date: attributes += " type=\"date\" constraint=\". &lt;= today()\"" + message
            case .decimal: attributes += " type=\"decimal\" constraint=\". &gt; 0\"" + message
            case .calculate:
                attributes +=
                    " type=\"string\" calculate=\"if(selected( \(self.path(index - 16)) , 'yes'), 1, 0)\""
            case .note: attributes += " type=\"string\" readonly=\"true()\""
            default: attributes += " type=\"string\""
            }
            if let relevant = relevant(index) { attributes += " relevant=\"\(relevant)\"" }
            if index % 5 == 0 { attributes += " required=\"true()\"" }
            lines.append("      <bind \(attributes)/>")
        }
        lines.append(
            "      <bind nodeset=\"/data/meta/instanceID\" type=\"string\" readonly=\"true()\" jr:preload=\"uid\"/>")
        return lines
    }

    static func body() -> [String] {
        var lines: [String] = []
        for group in 0..<groups {
            lines += ["    <group ref=\"\(groupPath(group))\">", "      \(labelRef(groupPath(group)))"]
            var nestedOpen = false
            for index in members(of: group) {
                if isNested(index), !nestedOpen {
                    let nested = groupPath(group) + "/g\(group)_sub"
                    lines += ["      <group ref=\"\(nested)\">", "        \(labelRef(nested))"]
                    nestedOpen = true
                }
                lines += control(index).map { (nestedOpen ? "        " : "      ") + $0 }
            }
            if nestedOpen { lines.append("      </group>") }
            lines.append("    </group>")
        }
        return lines
    }

    static func labelRef(_ path: String) -> String { "<label ref=\"jr:itext('\(path):label')\"/>" }

    /// The body element of question `index` (none for a calculation).
    static func control(_ index: Int) -> [String] {
        let path = path(index)
        var texts = [labelRef(path)]
        if kind(index).hasHint { texts.append("<hint ref=\"jr:itext('\(path):hint')\"/>") }
        func select(_ element: String, _ nodeset: String) -> [String] {
            ["<\(element) ref=\"\(path)\">"] + texts.map { "  " + $0 } + [
                "  <itemset nodeset=\"\(nodeset)\">", "    <value ref=\"name\"/>",
                "    <label ref=\"jr:itext(itextId)\"/>", "  </itemset>", "</\(element)>",
            ]
        }
        switch kind(index) {
        case .calculate: return []
        case .yesNoRefused: return select("select1", "instance('yes_no_ref')/root/item")
        case .list(let list): return select("select1", "instance('\(list)')/root/item")
        case .symptoms: return select("select", "instance('symptoms')/root/item")
        case .region: return select("select1", "instance('regions')/root/item")
        case .district: return select("select1", "instance('districts')/root/item[region= \(self.path(1)) ]")
        default: return ["<input ref=\"\(path)\">"] + texts.map { "  " + $0 } + ["</input>"]
        }
    }
}

extension GeneratedXForm.Kind {
    /// Whether itext has a hint for it (every question but notes).
    var hasHint: Bool {
        if case .note = self { return false }
        return true
    }
}
