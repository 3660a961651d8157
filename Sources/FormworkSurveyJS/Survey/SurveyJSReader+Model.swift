import Formwork

/// Every object of the survey checked against survey-core's model (`SurveyCoreModel`),
/// as survey-core checks it when it loads a survey: a property no class of the object
/// has is reported as survey-core reports it ("Unknown property in class 'text':
/// 'visibelIf'") and ignored, as survey-core ignores it; a property Formwork does not
/// apply yet, set to other than survey-core's default, is a warning naming it.
extension SurveyJSReader {
    mutating func checkModel() {
        var unapplied: [String: (place: String, count: Int, note: String)] = [:]
        var order: [String] = []
        var pending: [(SurveyJSElement, String, Int)] = [(survey, "survey", 0)]
        while let (element, className, depth) = pending.popLast() {
            guard depth < 64, element.isObject else { continue }
            let names = SurveyCoreModel.names(of: className)
            let cellClass = className == "matrixdropdowncolumn" ? cellClass(of: element) : nil
            let cellNames = cellClass.map(SurveyCoreModel.names(of:)) ?? [:]
            var inner: [(SurveyJSElement, String, Int)] = []
            guard case .object(let pairs) = element.node.content else { continue }
            for (key, value) in pairs where key != "type" {
                let lowered = Self.lowercased(key)
                if case .fixedValue = Self.shapes[lowered] { continue }  // reported with its value
                let owner: String
                let property: String
                if let name = names[lowered] {
                    (owner, property) = (className, name)
                } else if let cellClass, let name = cellNames[lowered] {
                    (owner, property) = (cellClass, name)
                } else {
                    reportUnknown(key, in: className, of: element, known: Array(names.values))
                    continue
                }
                // A mask's own settings: the mask is named once, by its `maskType`.
                let inMask = owner.hasSuffix("mask") || owner == "masksettings"
                if !inMask, SurveyCoreModel.isUnapplied(property, in: owner), !Self.isDefault(value, of: property) {
                    if unapplied[property] == nil {
                        order.append(property)
                        let note = SurveyCoreModel.verdict(of: property, in: owner).note
                        unapplied[property] = (value.place?.name ?? element.place, 0, note)
                    }
                    unapplied[property]!.count += 1
                }
                for (child, childClass) in children(property, value, of: element, className: owner) {
                    inner.append((child, childClass, depth + 1))
                }
            }
            pending += inner.reversed()
        }
        for property in order {
            let (place, count, note) = unapplied[property]!
            let times = count == 1 ? "" : " (set \(count) times)"
            let reason = note.hasPrefix("not applied") ? "" : ": " + note
            report(
                .importNotice(
                    "survey-core's '\(property)'\(times) is not applied by Formwork yet\(reason); the survey is "
                        + "filled without it"),
                at: place)
        }
    }

    /// A property's name in lower case: as written where it is (most are written so
    /// but for a capital or two, and the lower-case copy is made only then).
    static func lowercased(_ key: String) -> String {
        key.utf8.contains { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") } ? key.lowercased() : key
    }

    /// survey-core's class of each object a property holds: elements by their type,
    /// validators and triggers by theirs, items by the question that holds them.
    private func children(
        _ property: String, _ value: DefinitionDocument?, of element: SurveyJSElement, className: String
    ) -> [(SurveyJSElement, String)] {
        guard let value else { return [] }
        let objects: [SurveyJSElement]
        if case .list(let nodes) = value.content {
            objects = nodes.map(SurveyJSElement.init).filter(\.isObject)
        } else if case .object = value.content {
            objects = [SurveyJSElement(value)]
        } else {
            return []
        }
        func each(_ name: (SurveyJSElement) -> String?) -> [(SurveyJSElement, String)] {
            objects.compactMap { object in name(object).flatMap { SurveyCoreModel.hasClass($0) ? (object, $0) : nil } }
        }
        switch property {
        case "pages": return each { _ in "page" }
        case "elements", "questions", "templateElements", "detailElements":
            // Elements of no type, or of a type survey-core lacks, are dropped (warned elsewhere).
            return each { $0.type.isEmpty ? nil : $0.type.lowercased() }
        case "validators":
            return each { $0.type.hasSuffix("validator") ? $0.type : $0.type + "validator" }
        case "triggers": return each { $0.type.lowercased() + "trigger" }
        case "calculatedValues": return each { _ in "calculatedvalue" }
        case "columns":
            return each { _ in className == "matrix" ? "matrixcolumn" : "matrixdropdowncolumn" }
        case "rows": return each { _ in "itemvalue" }
        case "items": return each { _ in "multipletextitem" }
        case "rateValues": return each { _ in "ratingitem" }
        case "areas": return each { _ in "imagemaparea" }
        case "customLabels": return each { _ in "sliderlabel" }
        case "choicesByUrl": return each { _ in "choicesbyurl" }
        case "completedHtmlOnCondition": return each { _ in "htmlconditionitem" }
        case "navigateToUrlOnCondition": return each { _ in "urlconditionitem" }
        case "gridLayoutColumns": return each { _ in "panellayoutcolumn" }
        case "maskSettings":
            let mask = (element.text("maskType") ?? "").lowercased()
            return each { _ in mask.isEmpty || mask == "none" ? "masksettings" : mask + "mask" }
        case "choices":
            let owner = className == "matrixdropdowncolumn" ? cellClass(of: element) : className
            return each { _ in Self.choiceClass(of: owner) }
        default: return []
        }
    }

    /// The question class a matrix column's cells are (its `cellType`, else the matrix's,
    /// else a dropdown).
    private func cellClass(of column: SurveyJSElement) -> String {
        let type = (column.text("cellType") ?? "default").lowercased()
        return type == "default" ? "dropdown" : type
    }

    /// The class of the choices of a question class.
    static func choiceClass(of questionClass: String) -> String {
        switch questionClass {
        case "checkbox", "tagbox", "ranking": return "checkboxitem"
        case "imagepicker": return "imageitemvalue"
        case "buttongroup": return "buttongroupitemvalue"
        default: return "choiceitem"
        }
    }

    /// Whether `value` is what survey-core has when the property is not set: empty,
    /// `false` (`true` for those true by default), `none` for a mask type.
    static func isDefault(_ value: DefinitionDocument, of property: String) -> Bool {
        switch value.content {
        case .null: return true
        case .bool(let flag): return flag == SurveyCoreModel.trueByDefault.contains(property)
        case .string(let text):
            return text.isEmpty || property == "maskType" && text.lowercased() == "none"
                || property == "storeOthersAsComment" && text.lowercased() == "default"
        case .list(let items): return items.isEmpty
        case .object(let pairs): return pairs.isEmpty
        default: return false
        }
    }

    /// survey-core's "Unknown property in class 'text': 'visibelIf'", as a warning with
    /// the closest property the class has.
    private mutating func reportUnknown(
        _ key: String, in className: String, of element: SurveyJSElement, known: [String]
    ) {
        let suggestion = Suggestions.closest(to: key, in: Array(Set(known))).first
        let hint = Suggestions.didYouMean(suggestion) { "'\($0)'" }.map { " (\($0))" } ?? ""
        report(
            .importNotice(
                "unknown property in class '\(className)': '\(Self.shown(key))'\(hint); survey-core reports it and "
                    + "ignores it, and so does Formwork"),
            at: element[key]?.place?.name ?? element.place)
    }
}
