/// The `choices` sheet of an XLSForm (or `external_choices`): each list's options in
/// order, with their labels per language and the other columns a `choice_filter`
/// reads (`county`, `region`…).
///
/// ```swift
/// let choices = XLSFormChoices(XLSFormTable(workbook["choices"]!))
/// choices.lists["yes_no"]?.map(\.name)   // ["yes", "no"]
/// choices.problems                       // [choices!B7: list 'yes_no' has 'yes' twice (first on row 3)]
/// ```
struct XLSFormChoices: Sendable {
    /// One option of a list.
    struct Choice: Sendable {
        /// The value stored and compared (`name`, or its older alias `value`).
        let name: String
        /// The label per language (`nil`: the untranslated `label` column), in column order.
        let labels: [(language: String?, text: String)]
        /// The other columns' values, by their header as written (`Gov`), for
        /// `choice_filter`.
        let properties: [String: String]
        /// Where the option is written (`choices!B3`).
        let place: String
    }

    /// The lists by name, each in sheet order.
    let lists: [String: [Choice]]
    /// The list names in the order they first appear.
    let order: [String]
    /// What is wrong with rows of the sheet, each with its place.
    let problems: [XLSFormProblem]

    /// Reads a choices sheet; `allowDuplicates` is the `settings` sheet's
    /// `allow_choice_duplicates`.
    init(_ table: XLSFormTable, allowDuplicates: Bool = false) {
        var lists: [String: [Choice]] = [:]
        var order: [String] = []
        var problems: [XLSFormProblem] = []
        var firstRows: [String: [String: Int]] = [:]
        let nameColumn = table.has("name") ? "name" : "value"
        let reserved: Set<String> = ["list_name", "name", "value", "label"]
        for row in table.rows {
            guard let list = row["list_name"] else {
                if row[nameColumn] != nil || !row.translations(of: "label").isEmpty {
                    problems.append(
                        XLSFormProblem(
                            place: table.reference(of: "list_name", in: row),
                            message: "a choice without a list_name is in no list (pyxform leaves it out too)",
                            isNotice: true))
                }
                continue
            }
            guard let name = row[nameColumn] else {
                problems.append(
                    XLSFormProblem(
                        place: table.reference(of: nameColumn, in: row),
                        message: "a choice of list '\(list)' without a name (the value stored when it is chosen)"))
                continue
            }
            if let first = firstRows[list]?[name], !allowDuplicates {
                problems.append(
                    XLSFormProblem(
                        place: table.reference(of: nameColumn, in: row),
                        message: "list '\(list)' has '\(name)' twice (first on row \(first)); "
                            + "set allow_choice_duplicates to yes in settings if that is meant"))
                continue
            }
            firstRows[list, default: [:]][name] = row.number
            var properties: [String: String] = [:]
            for column in table.columns where column.language == nil && !reserved.contains(column.name) {
                if let value = row[column.name] { properties[column.written] = value }
            }
            if lists[list] == nil { order.append(list) }
            lists[list, default: []].append(
                Choice(
                    name: name, labels: row.translations(of: "label"), properties: properties,
                    place: table.reference(of: nameColumn, in: row)))
        }
        self.lists = lists
        self.order = order
        self.problems = problems
    }
}

/// Something in a workbook the importer cannot take as it is, at its place.
struct XLSFormProblem: Sendable, Equatable, CustomStringConvertible {
    /// `survey!C42`.
    let place: String
    let message: String
    /// Whether the form still loads (pyxform accepts it): a warning, not an error.
    let isNotice: Bool

    init(place: String, message: String, isNotice: Bool = false) {
        self.place = place
        self.message = message
        self.isNotice = isNotice
    }

    /// `choices!B7: list 'yes_no' has 'yes' twice …`.
    var description: String { "\(place): \(message)" }
}

extension XLSFormChoices {
    init(lists: [String: [Choice]], order: [String], problems: [XLSFormProblem]) {
        self.lists = lists
        self.order = order
        self.problems = problems
    }

    /// These lists and `other`'s (the `external_choices` sheet), a list of both kept
    /// as this one has it.
    func merging(_ other: XLSFormChoices) -> XLSFormChoices {
        var lists = self.lists
        var order = self.order
        for name in other.order where lists[name] == nil {
            lists[name] = other.lists[name]
            order.append(name)
        }
        return XLSFormChoices(lists: lists, order: order, problems: problems + other.problems)
    }
}

extension XLSFormChoices {
    /// The lists with an `other` choice added to each that a select uses with
    /// `or_other` (as pyxform does: every question and loop over the list sees it).
    func withOther(forListsIn survey: XLSFormTable) -> XLSFormChoices {
        var lists = self.lists
        for row in survey.rows {
            // `or_other` (and `or specify other`) holds `other`: other cells are not parsed.
            guard let cell = row["type"], cell.containsASCIIIgnoringCase("other") else { continue }
            switch XLSFormType(cell) {
            case .selectOne(let list, true), .selectMultiple(let list, true):
                guard let choices = lists[list], !choices.contains(where: { $0.name == "other" }) else { continue }
                lists[list] = choices + [Choice(name: "other", labels: [(nil, "Other")], properties: [:], place: "")]
            default: continue
            }
        }
        return XLSFormChoices(lists: lists, order: order, problems: problems)
    }
}
