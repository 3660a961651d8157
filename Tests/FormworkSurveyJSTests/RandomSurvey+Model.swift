import Foundation

@testable import FormworkSurveyJS

/// The random surveys drawn from survey-core's model (`SurveyCoreModel`), not from the
/// constructs Formwork happens to import: every question type and every function the
/// model lists is drawn, and the logic-bearing properties of the question types, each
/// with values survey-core takes. `RandomSurveyCoverageTests` checks that the surveys
/// drawn use every one of them, but for those listed in `notDrawn` with the reason.
extension RandomSurvey {
    /// What the surveys never hold, and why (a class, `class.property`, a property, or
    /// a function `name()`).
    static let notDrawn: [String: String] = [
        "file": "survey-core's random walk answers no file (a browser's upload)",
        "signaturepad": "survey-core's random walk answers no signature (a drawing)",
        "empty": "an empty question holds nothing and shows nothing",
        "choicesByUrl": "survey-core's walk runs offline: no choices are loaded",
        "mode": "display mode: nothing is answered",
        "maskType": "a mask shapes what is typed; the walks set values, which survey-core does not mask",
        "maskSettings": "a mask shapes what is typed; the walks set values, which survey-core does not mask",
        "randomize": "a random order differs between the runs by design",
        "randomizeCategory": "a random order differs between the runs by design",
        "rowOrder": "a random order differs between the runs by design",
        "page": "moves a question to another page by name: the corpus surveys have it, not drawn here",
        "minErrorText": "a message only: the walks compare verdicts, and Formwork's bound message is its own",
        "maxErrorText": "a message only: the walks compare verdicts, and Formwork's bound message is its own",
        "stepErrorText": "a message only: the walks compare verdicts, and Formwork's step message is its own",
        "valueName": "shared answers are drawn by the corpus surveys, not here (two questions, one key)",
        "minRangeLength": "survey-core's walk sets a range's two numbers in code, nearer than its slider lets a person",
        "maxRangeLength":
            "survey-core's walk sets a range's two numbers in code, farther than its slider lets a person",
        "label": "a boolean's label is the text of its check box, which survey-core 3 shows in place of the title",
        "storeOthersAsComment": "survey-core's walk gives the other text with setComment, which keeps it apart "
            + "whatever storeOthersAsComment says; a person's (otherValue) is the value, as "
            + "SurveyJSLogicPropertiesTests checks",
        "allowAddPanel": "survey-core's walk sets entries in code, past what a person could add",
        "bindings": "survey-core's walk sets the entries in code, and the binding then sets the question back; "
            + "Formwork's count follows the question one way (SurveyJSLogicPropertiesTests checks it)",
        "allowRemovePanel": "survey-core's walk sets entries in code, past what a person could remove",
        "allowAddRows": "survey-core's walk sets rows in code, past what a person could add",
        "allowRemoveRows": "survey-core's walk sets rows in code, past what a person could remove",
    ]

    /// The properties Formwork does not apply yet (degraded, with a warning): drawing them
    /// would only repeat the difference the warning states.
    static let notAppliedYet = [
        "allowCustomChoices", "cells", "choiceTextsFromQuestion", "choiceValuesFromQuestion",
        "copyDefaultValueFromLastEntry", "detailElements", "detailPanelMode", "selectToRankEnabled",
        "selectToRankSwapAreas", "selectToRankAreasLayout", "selectToRankEmptyRankedAreaText",
        "selectToRankEmptyUnrankedAreaText", "showSelectAllItem", "templateVisibleIf", "totalText", "transposeData",
        "useDisplayValuesInDynamicTexts", "valuePropertyName",
    ]

    /// Properties that hold a value of survey-core's for a question, by name: the draw
    /// for each (`nil` when it does not fit the question).
    static var propertyDraws: [(String, (inout Maker, [String: Any]) -> Any?)] {
        [
            ("hideIfChoicesEmpty", { maker, question in Maker.isChoice(question) ? true : nil }),
            (
                "showOtherItem",
                { maker, question in Maker.isChoice(question) && question["type"] as? String != "ranking" ? true : nil }
            ),
            ("showNoneItem", { maker, question in Maker.isChoice(question) ? true : nil }),
            ("choicesOrder", { maker, question in Maker.isChoice(question) ? maker.pick(["asc", "desc"]) : nil }),
            (
                "maxLength",
                { maker, question in
                    // survey-core's walk types a comment past its maxLength (it sets the value in code).
                    question["type"] as? String == "text" && question["inputType"] == nil ? 3 : nil
                }
            ),
            (
                "minValueExpression",
                // Below every `max` drawn: survey-core keeps a value past a bound it cannot meet.
                { maker, question in question["inputType"] as? String == "number" ? "\(maker.int(0...2))" : nil }
            ),
            (
                "maxValueExpression",
                { maker, question in question["inputType"] as? String == "number" ? "100 - \(maker.int(0...5))" : nil }
            ),
            (
                "precision",
                { maker, question in question["type"] as? String == "expression" ? maker.int(0...2) : nil }
            ),
            (
                "clearIfInvisible",
                { maker, question in question["visibleIf"] != nil ? maker.pick(["none", "onComplete"]) : nil }
            ),
            (
                "readOnly",
                { maker, question in question["type"] as? String == "expression" || maker.chance(0.5) ? nil : true }
            ),
            ("defaultValue", { maker, question in Maker.defaultValue(for: question) }),
            (
                "defaultValueExpression",
                { maker, question in
                    question["inputType"] as? String == "number"
                        ? maker.pick(["1 + 1", "\(maker.numberOperand()) * 0"]) : nil
                }
            ),
        ] + choiceDraws + textDraws + typeDraws
    }

    /// Texts a question shows (`description`, the special items' texts…).
    static var textDraws: [(String, (inout Maker, [String: Any]) -> Any?)] {
        func when(_ key: String, _ value: Any) -> (inout Maker, [String: Any]) -> Any? {
            { _, question in question[key] != nil ? value : nil }
        }
        return [
            ("description", { maker, _ in maker.text("Help", "Aide") }),
            (
                "placeholder",
                { _, question in ["text", "comment", "dropdown"].contains(question["type"] as? String) ? "…" : nil }
            ),
            ("visible", { _, question in question["visibleIf"] != nil ? false : nil }),
            ("commentText", when("showCommentArea", "Tell us more")),
            ("noneText", when("showNoneItem", "Nothing")), ("refuseText", when("showRefuseItem", "No answer")),
            ("dontKnowText", when("showDontKnowItem", "Unsure")), ("otherText", when("showOtherItem", "Else")),
            ("otherPlaceholder", when("showOtherItem", "Which?")),
            ("otherErrorText", when("showOtherItem", "Say which")),
        ]
    }

    /// A choice question's own properties.
    static var choiceDraws: [(String, (inout Maker, [String: Any]) -> Any?)] {
        func type(_ types: [String], _ value: Any) -> (inout Maker, [String: Any]) -> Any? {
            { _, question in types.contains(question["type"] as? String ?? "") ? value : nil }
        }
        return [
            ("showCommentArea", { _, question in Maker.isChoice(question) ? true : nil }),
            ("showRefuseItem", { _, question in Maker.isChoice(question) ? true : nil }),
            ("showDontKnowItem", { _, question in Maker.isChoice(question) ? true : nil }),
            ("minSelectedChoices", type(["checkbox", "tagbox"], 1)),
            ("maxSelectedChoices", type(["checkbox", "tagbox"], 2)),
            (
                "choicesEnableIf",
                { maker, question in
                    Maker.isChoice(question) && !maker.readable.isEmpty ? "{item} != 'a' or \(maker.condition())" : nil
                }
            ),
            (
                "choicesFromQuestion",
                { maker, question in
                    guard ["radiogroup", "dropdown", "checkbox"].contains(question["type"] as? String) else {
                        return nil
                    }
                    return maker.readable.last { $0.kind == .multi }?.name
                }
            ),
            (
                "choicesFromQuestionMode",
                { maker, question in
                    question["choicesFromQuestion"] != nil ? maker.pick(["selected", "unselected"]) : nil
                }
            ),
            ("choicesMin", type(["dropdown"], 1)),
            ("choicesMax", { _, question in question["choicesMin"] != nil ? 3 : nil }),
            ("choicesStep", { _, question in question["choicesMin"] != nil ? 1 : nil }),
        ]
    }

    /// The properties of booleans, ratings, sliders, image maps and matrices.
    static var typeDraws: [(String, (inout Maker, [String: Any]) -> Any?)] {
        func type(_ name: String, _ value: Any) -> (inout Maker, [String: Any]) -> Any? {
            { _, question in question["type"] as? String == name ? value : nil }
        }
        func when(_ key: String, _ value: Any) -> (inout Maker, [String: Any]) -> Any? {
            { _, question in question[key] != nil ? value : nil }
        }
        return [
            ("labelTrue", type("boolean", "Sure")), ("labelFalse", type("boolean", "Nope")),
            ("valueTrue", type("boolean", "yes")), ("valueFalse", when("valueTrue", "no")),
            ("rateMin", type("rating", 2)), ("rateMax", when("rateMin", 8)), ("rateStep", when("rateMin", 2)),
            ("autoGenerate", type("rating", false)),
            ("rateValues", { _, question in question["autoGenerate"] as? Bool == false ? [1, 3, 5] : nil }),
            (
                "multiSelect",
                { _, question in ["imagemap", "imagepicker"].contains(question["type"] as? String) ? true : nil }
            ),
            (
                "minSelectedAreas",
                { _, question in question["type"] as? String == "imagemap" && question["multiSelect"] != nil ? 1 : nil }
            ),
            (
                "maxSelectedAreas",
                { _, question in question["type"] as? String == "imagemap" && question["multiSelect"] != nil ? 2 : nil }
            ),
            ("cellType", type("matrixdropdown", "radiogroup")), ("addRowText", type("matrixdynamic", "More")),
            ("minRowCount", type("matrixdynamic", 1)),
        ]
    }

    /// Properties drawn only with another (`commentText` with `showCommentArea`): drawn
    /// half the time that one is.
    static let followers: Set<String> = [
        "storeOthersAsComment", "commentText", "noneText", "refuseText", "dontKnowText", "otherText",
        "otherPlaceholder", "otherErrorText", "choicesFromQuestionMode", "choicesMax", "choicesStep", "valueFalse",
        "rateMax", "rateStep", "rateValues", "minSelectedAreas",
        "maxSelectedAreas",
    ]

    /// The functions expressions call, each written as a call over earlier numbers.
    static let functionDraws: [String] = [
        "sum", "min", "max", "avg", "count", "round", "trunc", "iif", "sumInArray", "countInArray", "minInArray",
        "maxInArray", "avgInArray", "isDisplayMode", "displayValue", "substring", "getComment", "age", "dateDiff",
        "diffDays", "year", "month", "day", "weekday", "getYear", "getDate", "dateAdd", "today", "currentDate",
        "currentYear", "propertyValue", "isContainerReady",
    ]
}

extension RandomSurvey.Maker {
    static func isChoice(_ question: [String: Any]) -> Bool {
        ["radiogroup", "dropdown", "checkbox", "tagbox", "buttongroup", "imagepicker", "ranking"].contains(
            question["type"] as? String)
    }

    static func defaultValue(for question: [String: Any]) -> Any? {
        switch question["type"] as? String {
        case "radiogroup", "dropdown", "buttongroup": return RandomSurvey.letters[0]
        case "checkbox", "tagbox": return [RandomSurvey.letters[1]]
        case "boolean": return true
        case "text" where question["inputType"] as? String == "number": return 3
        case "text" where question["inputType"] == nil: return "hello"
        case "comment": return "hello"
        default: return nil
        }
    }

    /// A question of a type the first draw has not: matrices, multiple texts, tag
    /// boxes, rankings, image pickers and maps, button groups, sliders, HTML, images.
    mutating func modelQuestion() -> (question: [String: Any], readable: RandomSurvey.Readable?) {
        let name = name()
        let count = int(2...4)
        let values = Array(RandomSurvey.letters.prefix(count))
        var question: [String: Any] = ["name": name, "title": text("Question \(name)", "Question \(name) (fr)")]
        switch int(0...12) {
        case 11, 12:
            question["type"] = "text"
            question["inputType"] = "date"
            dates.append(name)
            return (question, nil)
        case 0:
            question["type"] = "matrix"
            question["rows"] = ["r1", "r2", "r3"]
            question["columns"] = values
            if !readable.isEmpty, chance(0.5) { question["rowsVisibleIf"] = "{item} != 'r2' or \(condition())" }
            if !readable.isEmpty, chance(0.4) { question["columnsVisibleIf"] = "{item} != 'a' or \(condition())" }
            if chance(0.3) { question["eachRowRequired"] = true }
            if chance(0.3) { question["hideIfRowsEmpty"] = true }
            if chance(0.2) { question["eachRowUnique"] = true }
            return (question, nil)
        case 1:
            question["type"] = "matrixdropdown"
            question["rows"] = ["r1", "r2"]
            question["choices"] = [1, 2, 3]
            var columns: [[String: Any]] = [["name": "c1"], ["name": "c2", "cellType": "text"]]
            if chance(0.3) { columns[0]["isUnique"] = true }
            if !readable.isEmpty, chance(0.3) { columns[1]["visibleIf"] = condition() }
            question["columns"] = columns
            if !readable.isEmpty, chance(0.4) { question["rowsVisibleIf"] = "{item} = 'r1' or \(condition())" }
            return (question, nil)
        case 2:
            question["type"] = "matrixdynamic"
            question["columns"] = [["name": "c1"], ["name": "c2", "cellType": "text"]]
            question["choices"] = [1, 2]
            question["rowCount"] = int(0...2)
            question["maxRowCount"] = 3
            if chance(0.4) { question["defaultRowValue"] = ["c1": 1] }
            if chance(0.3) { question["keyName"] = "c1" }
            return (question, nil)
        case 3:
            question["type"] = "multipletext"
            question["items"] = [["name": "first"], ["name": "second", "inputType": "number"]]
            return (question, nil)
        case 4:
            question["type"] = "tagbox"
            question["choices"] = choices(count)
            return (question, RandomSurvey.Readable(name: name, kind: .multi, values: values))
        case 5:
            question["type"] = "ranking"
            question["choices"] = choices(count)
            return (question, nil)
        case 6:
            question["type"] = pick(["imagepicker", "buttongroup"])
            question["choices"] = values.map { ["value": $0, "imageLink": "https://example.org/\($0).png"] }
            return (question, RandomSurvey.Readable(name: name, kind: .choice, values: values))
        case 7:
            question["type"] = "imagemap"
            question["imageLink"] = "https://example.org/map.png"
            question["areas"] = values.map { ["value": $0, "shape": "rect", "coords": "0,0,10,10"] }
            return (question, RandomSurvey.Readable(name: name, kind: .choice, values: values))
        case 8:
            question["type"] = "slider"
            question["min"] = 0
            question["max"] = 20
            question["step"] = 5
            guard chance(0.4) else { return (question, RandomSurvey.Readable(name: name, kind: .number)) }
            // A range: two numbers, which no expression here reads.
            question["sliderType"] = "range"
            return (question, nil)
        case 9:
            question["type"] = "html"
            question["title"] = nil  // an HTML question shows no title in survey-core
            question["html"] = readable.randomElement(using: &random).map { "<p>Seen: {\($0.name)}</p>" } ?? "<b>Hi</b>"
            return (question, nil)
        default:
            question["type"] = "image"
            question["imageLink"] = "https://example.org/picture.png"
            return (question, nil)
        }
    }

    /// Some of the model's logic-bearing properties, drawn for `question`.
    mutating func decorate(_ question: inout [String: Any]) {
        for (property, draw) in RandomSurvey.propertyDraws
        where question[property] == nil && chance(RandomSurvey.followers.contains(property) ? 0.5 : 0.08) {
            if let value = draw(&self, question) { question[property] = value }
        }
        // Numbers from choicesMin to choicesMax alone (survey-core writes those as numbers,
        // a letter choice as text: one question of both is not drawn).
        if question["choicesMin"] != nil { question["choices"] = nil }
    }

    /// A call of one of survey-core's functions over earlier numbers.
    mutating func functionCall() -> String {
        let a = numberOperand()
        let b = numberOperand()
        let texts = readable.filter { $0.kind == .text }
        let dateFunctions = [
            "age", "dateDiff", "diffDays", "year", "month", "day", "weekday", "getYear", "getDate", "dateAdd",
        ]
        switch !dates.isEmpty && chance(0.4) ? pick(dateFunctions) : pick(RandomSurvey.functionDraws) {
        case "sum": return "sum(\(a), \(b))"
        case "min": return "min(\(a), \(b))"
        case "max": return "max(\(a), \(b))"
        case "avg": return "avg(\(a), \(b), 1)"
        case "count": return "count(\(a), \(b))"
        case "round": return "round(\(a) / 3, \(int(0...2)))"
        case "trunc": return "trunc(\(a) / 3, \(int(0...1)))"
        case "iif": return "iif(\(condition()), \(a), \(b))"
        case "isDisplayMode": return "iif(isDisplayMode(), 1, \(a))"
        case "displayValue":
            let choice = readable.first { $0.kind == .choice }
            return choice.map { "iif(displayValue('\($0.name)') = '', 0, 1)" } ?? a
        case "substring":
            return texts.first.map { "iif(substring({\($0.name)}, 1, 3) = 'el', 1, 0)" } ?? a
        case "getComment":
            return selects.first.map { "iif(getComment('\($0)') = '', 0, 1)" } ?? a
        case "isContainerReady":
            return containers.randomElement(using: &random).map { "iif(isContainerReady('\($0)'), 1, 0)" } ?? a
        case "propertyValue":
            let property = pick(["isVisible", "isRequired", "readOnly", "value"])
            guard let question = readable.randomElement(using: &random) else { return a }
            return property == "value"
                ? "iif(propertyValue('\(question.name)', 'value') empty, 0, 1)"
                : "iif(propertyValue('\(question.name)', '\(property)'), 1, 0)"
        case let name where ["year", "month", "day", "weekday", "getYear", "age"].contains(name):
            return dates.randomElement(using: &random).map { "\(name)({\($0)})" } ?? a
        case "dateDiff":
            return dates.randomElement(using: &random).map { "dateDiff({\($0)}, today(), 'days')" } ?? a
        case "diffDays":
            return dates.randomElement(using: &random).map { "diffDays({\($0)}, currentDate())" } ?? a
        case "getDate":
            return dates.randomElement(using: &random).map { "iif(getDate({\($0)}) < today(), 1, 0)" } ?? a
        case "dateAdd":
            return dates.randomElement(using: &random).map { "iif(dateAdd({\($0)}, 30, 'days') > today(), 1, 0)" }
                ?? a
        case "today", "currentDate": return "iif(today() = currentDate(), 1, 0)"
        case "currentYear": return "currentYear() - 2000"
        case let name:
            // sumInArray, countInArray, minInArray, maxInArray, avgInArray
            guard let (panel, field) = numbersInPanels.randomElement(using: &random) else { return a }
            return "\(name)({\(panel)}, '\(field)')"
        }
    }
}
