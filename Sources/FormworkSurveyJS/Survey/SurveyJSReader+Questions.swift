import Formwork
import Foundation

/// Questions: each element type as fields, with the properties every question has.
extension SurveyJSReader {
    /// Where a question is: the repeats that hold it, and the conditions of the panels
    /// around it that are not sections (inside a dynamic panel's entries).
    struct Scope {
        var repeats: [String] = []
        var visible: [String] = []
        /// Conditions under which the question is read-only (a panel's `enableIf` false,
        /// its `readOnly`).
        var readOnly: [String] = []
    }

    /// Question types that cannot be answered at a terminal, and why (none today: a
    /// signature is an image file, a slider a number, an image map a choice).
    static let unsupportedTypes: [String: String] = [:]

    /// The fields a question becomes.
    mutating func question(_ element: SurveyJSElement, scope: Scope) -> [DefinitionDocument] {
        // Not an object: reported by `checkShapes`.
        guard element.isObject else { return [] }
        let type = element.type
        if let reason = Self.unsupportedTypes[type] {
            return skip(element, what: "the \(type) question", reason: reason)
        }
        switch type {
        case "html": return note(element, scope: scope, html: true)
        case "image":
            return note(element, scope: scope, html: false)
        case "multipletext": return multipleText(element, scope: scope)
        case "matrix": return matrix(element, scope: scope)
        case "matrixdropdown": return matrixDropdown(element, scope: scope)
        case "paneldynamic", "matrixdynamic": return dynamic(element, scope: scope)
        default: break
        }
        guard questionKind(element) != nil, let name = element.name, let id = idsByPlace[element.place] else {
            if element.name == nil {
                report(
                    .importError("a question needs a name", hint: "SurveyJS keys its answer by 'name'"),
                    at: element.place)
                return []
            }
            // survey-core drops an element without a type, or of a type it does not
            // know ("The property type is missing in the object"), and so does Formwork.
            let what: String
            if type.isEmpty {
                what =
                    element.text("questionTemplateName").map {
                        "it has no type but names a template of the application that shows the survey "
                            + "('\(Self.shown($0))'; --templates FILE expands it), which survey-core does not read"
                    } ?? "it has no type"
            } else {
                what =
                    "its type '\(Self.shown(type))' is not one of survey-core's (a custom type of the application; "
                    + "--templates FILE with its definition expands it)"
            }
            report(
                .importNotice(
                    "the element '\(Self.shown(element.name ?? ""))' is left out: \(what), and survey-core drops it"),
                at: element.place)
            return []
        }
        var pairs: [(String, DefinitionDocument)] = [("id", .string(id))]
        switch scope.repeats.isEmpty ? element.text("clearIfInvisible")?.lowercased() : nil {
        case "none": keptWhenHidden.append(id)
        // Cleared when hidden or at completion, where the survey keeps hidden answers.
        case "oncomplete", "onhidden", "onhiddencontainer": droppedWhenHidden.append(id)
        default: break
        }
        if let key = answerKey(element.text("valueName") ?? name, id: id, repeats: scope.repeats, at: element.place) {
            pairs.append(("key", .string(key)))
        }
        pairs += kindPairs(element, scope: scope)
        let visible = visibility(element, scope: scope)
        pairs += commonPairs(element, id: id, scope: scope, visible: visible)
        var fields = [DefinitionDocument.object(pairs, at: SourcePlace(element.place))]
        fields += commentField(element, id: id, name: name, scope: scope, visible: visible)
        return fields
    }

    /// `kind`, `label` and what the kind takes.
    mutating func kindPairs(_ element: SurveyJSElement, scope: Scope) -> [(String, DefinitionDocument)] {
        var pairs: [(String, DefinitionDocument)] = []
        let label =
            text("title", of: element, repeats: scope.repeats, missing: element.name) ?? .string(element.name ?? "")
        switch element.type {
        case "text":
            pairs += textPairs(element)
        case "comment":
            pairs.append(("kind", "text"))
            pairs.append(("multiline", .bool(true)))
            if let length = maxLength(element) { pairs.append(("maxLength", .number("\(length)"))) }
        case "file":
            pairs.append(("kind", "file"))
            if let types = element.text("acceptedTypes") {
                let extensions = types.split(separator: ",").compactMap { type -> String? in
                    let trimmed = type.trimmingCharacters(in: .whitespaces)
                    return trimmed.hasPrefix(".") ? String(trimmed.dropFirst()) : nil
                }
                if !extensions.isEmpty { pairs.append(("extensions", .list(extensions.map { .string($0) }))) }
            }
            if let size = element.integer("maxSize"), size > 0 { pairs.append(("maxSize", .number("\(size)"))) }
            if element.bool("allowMultiple") == true { pairs.append(("multiple", .bool(true))) }
        case "signaturepad":
            // A signature is drawn with a pointer: an image file here, held in the data
            // as the data URL survey-core holds.
            let format = element.text("dataFormat")?.lowercased() ?? "png"
            let extensions = format == "jpeg" ? ["jpg", "jpeg"] : format == "svg" ? ["svg"] : ["png"]
            pairs.append(("kind", "file"))
            pairs.append(("inline", .bool(true)))
            pairs.append(("extensions", .list(extensions.map { .string($0) })))
            report(
                .importNotice(
                    "the signature pad '\(Self.shown(element.name ?? ""))' is answered with an image file "
                        + "(\(extensions.map { "." + $0 }.joined(separator: " or "))), kept in the data as a data URL "
                        + "as survey-core keeps a signature (a signature is drawn with a pointer)"),
                at: element.place)
        case "slider" where Self.isRangeSlider(element):
            // Two numbers dragged with a pointer: typed as `low, high` here (its rule checks
            // them), written as survey-core's `[low, high]`.
            let (minimum, maximum, _) = Self.sliderBounds(element)
            pairs.append(("kind", "text"))
            report(
                .importNotice(
                    "the range slider '\(Self.shown(element.name ?? ""))' is answered as two numbers from "
                        + "\(SurveyJSElement.formatted(minimum)) to \(SurveyJSElement.formatted(maximum)), typed as "
                        + "'low, high' (a range slider is dragged with a pointer)"),
                at: element.place)
        case "slider":
            // A slider is dragged with a pointer: a number within its bounds here.
            pairs.append(("kind", "number"))
            let (minimum, maximum, step) = Self.sliderBounds(element)
            pairs.append(("min", .number(SurveyJSElement.formatted(minimum))))
            pairs.append(("max", .number(SurveyJSElement.formatted(maximum))))
            pairs.append(("step", .number(SurveyJSElement.formatted(step))))
            report(
                .importNotice(
                    "the slider '\(Self.shown(element.name ?? ""))' is answered as a number from "
                        + "\(SurveyJSElement.formatted(minimum)) to \(SurveyJSElement.formatted(maximum)) by "
                        + "\(SurveyJSElement.formatted(step)) (a slider is dragged with a pointer)"),
                at: element.place)
        case "expression":
            pairs.append(("kind", "computed"))
            if let value = refined[element.place]
                ?? translate("expression", of: element, as: .value, repeats: scope.repeats)
            {
                var code = value.text
                // `precision`: survey-core keeps the value rounded (`toFixed`), as later
                // expressions read it.
                if let digits = element.integer("precision"), (0...15).contains(digits), value.type == .number {
                    code = "round(\(code), \(digits))"
                }
                pairs.append(("value", .string(code, at: SourcePlace(element.place(of: "expression")))))
            } else {
                pairs.append(("value", "null"))
            }
        case _ where Self.choicesAreFetched(element):
            // survey-core takes any value while its choices are not loaded (offline, as
            // its oracle runs): the value is typed.
            pairs.append(("kind", "text"))
            report(
                .importNotice(
                    "the choices of '\(Self.shown(element.name ?? ""))' are loaded from a URL (choicesByUrl), which "
                        + "Formwork does not fetch: its value is typed, and any value is taken, as survey-core takes "
                        + "it while the choices are not loaded"),
                at: element.place(of: "choicesByUrl"))
        default:
            let multiple =
                Self.multichoiceTypes.contains(element.type)
                || ["imagepicker", "imagemap"].contains(element.type) && element.bool("multiSelect") == true
            if element.type == "imagemap" {
                report(
                    .importNotice(
                        "the image map '\(Self.shown(element.name ?? ""))' is answered by choosing its areas by name "
                            + "(an image map is answered by pointing at regions of an image)"),
                    at: element.place)
            }
            pairs.append(("kind", .string(element.type == "ranking" ? "rank" : multiple ? "multichoice" : "choice")))
            // A question with no choices is shown with none, as survey-core shows it
            // (`check` warns: it can never be answered).
            let options = options(of: element, repeats: scope.repeats)
            pairs.append(("options", .list(options.map(Self.optionDocument))))
            // survey-core completes a ranking with the choices it does not rank, in their order.
            if element.type == "ranking" { pairs.append(("completeRanking", .bool(true))) }
            if element.bool("hideIfChoicesEmpty") == true {
                // Hidden while none of its own choices is offered (other, none… do not count).
                let extras = Set(extraItems(of: element).map(\.value))
                let own = options.filter { !extras.contains($0.value) }
                if own.isEmpty {
                    whileChoicesOffered[element.place] = "false"
                } else if own.allSatisfy({ $0.visible != nil }) {
                    whileChoicesOffered[element.place] = own.map { "(\($0.visible!))" }.joined(separator: " or ")
                }
            }
            if multiple {
                let area = element.type == "imagemap"
                // `minSelectedChoices` is a rule (`validatorRules`): survey-core fails an unanswered one too.
                if let maximum = element.integer(area ? "maxSelectedAreas" : "maxSelectedChoices"), maximum > 0 {
                    pairs.append(("maxSelected", .number("\(maximum)")))
                }
            }
        }
        return [pairs[0], ("label", label)] + pairs.dropFirst()
    }

    static func optionDocument(_ option: Option) -> DefinitionDocument {
        var pairs: [(String, DefinitionDocument)] = [("value", .string(option.value))]
        if let label = option.label { pairs.append(("label", label)) }
        if let visible = option.visible { pairs.append(("visible", .string(visible))) }
        if option.isExclusive { pairs.append(("exclusive", .bool(true))) }
        return .object(pairs, at: SourcePlace(option.place))
    }

    /// Whether a choice question's choices all come from a URL (`choicesByUrl` and no
    /// `choices` of its own).
    static func choicesAreFetched(_ element: SurveyJSElement) -> Bool {
        element.has("choicesByUrl") && (element.list("choices") ?? []).isEmpty
            && !element.has("choicesFromQuestion")
            && (choiceTypes.contains(element.type) || multichoiceTypes.contains(element.type))
    }

    /// A text question by its `inputType`.
    mutating func textPairs(_ element: SurveyJSElement) -> [(String, DefinitionDocument)] {
        let inputType = element.text("inputType")?.lowercased() ?? "text"
        var pairs: [(String, DefinitionDocument)] = []
        func bound(_ key: String, as name: String) {
            // An expression replaces the bound (`boundRules`).
            guard !element.has(key + "ValueExpression") else { return }
            if let number = element.number(key) {
                pairs.append(
                    (name, .number(SurveyJSElement.formatted(number), at: SourcePlace(element.place(of: key)))))
            } else if let text = element.text(key), !text.isEmpty {
                pairs.append((name, .string(text, at: SourcePlace(element.place(of: key)))))
            }
        }
        switch inputType {
        case "number", "range":
            pairs.append(("kind", "number"))
            bound("min", as: "min")
            bound("max", as: "max")
            if let step = element.number("step"), step > 0 {
                pairs.append(("step", .number(SurveyJSElement.formatted(step))))
            }
            if inputType == "range" {
                if !element.has("min") { pairs.append(("min", .number("0"))) }
                if !element.has("max") { pairs.append(("max", .number("100"))) }
            }
        case "date":
            pairs.append(("kind", "date"))
            bound("min", as: "min")
            bound("max", as: "max")
        case "datetime-local", "datetime":
            pairs.append(("kind", "datetime"))
        case "time":
            pairs.append(("kind", "time"))
        case "password":
            pairs.append(("kind", "secure"))
        case "email":
            pairs.append(("kind", "text"))
            pairs.append(("format", "email"))
        case "url":
            pairs.append(("kind", "text"))
            pairs.append(("format", "url"))
        case "color":
            pairs.append(("kind", "text"))
            pairs.append(("pattern", "#[0-9a-fA-F]{6}"))
        case "month":
            pairs.append(("kind", "text"))
            pairs.append(("pattern", "[0-9]{4}-(0[1-9]|1[0-2])"))
        case "week":
            pairs.append(("kind", "text"))
            pairs.append(("pattern", "[0-9]{4}-W(0[1-9]|[1-4][0-9]|5[0-3])"))
        default:
            pairs.append(("kind", "text"))
        }
        if ["text", "tel", "email", "url", "password", "search"].contains(inputType) || !element.has("inputType") {
            if let length = maxLength(element) { pairs.append(("maxLength", .number("\(length)"))) }
        }
        if let mask = maskDocument(element) {
            // A numeric or currency mask holds a number, as survey-core's does.
            if Self.masksANumber(element), let kind = pairs.firstIndex(where: { $0.0 == "kind" }) {
                pairs[kind].1 = "number"
                pairs.removeAll { ["maxLength", "format", "pattern"].contains($0.0) }
            }
            pairs.append(("mask", mask))
        }
        return pairs
    }

    /// Whether a text question's mask holds a number (`maskType` numeric or currency,
    /// its masked text not kept).
    static func masksANumber(_ element: SurveyJSElement) -> Bool {
        let type = element.text("maskType")?.lowercased()
        let settings = element["maskSettings"].map(SurveyJSElement.init)
        return (type == "numeric" || type == "currency") && settings?.bool("saveMaskedValue") != true
    }

    /// survey-core's `maskType` and `maskSettings` as the field's `mask`: how the value
    /// is typed at the prompt (survey-core's defaults: 2 decimals, `.` and `,`).
    func maskDocument(_ element: SurveyJSElement) -> DefinitionDocument? {
        let settings = element["maskSettings"].map(SurveyJSElement.init) ?? SurveyJSElement(.object([]))
        switch element.text("maskType")?.lowercased() {
        case "pattern"?:
            guard let pattern = settings.text("pattern"), !pattern.isEmpty else { return nil }
            return .object([("pattern", .string(pattern)), ("keep", .bool(settings.bool("saveMaskedValue") == true))])
        case "datetime"?:
            return .object([("dateTime", .string(settings.text("pattern") ?? "mm/dd/yyyy"))])
        case let type? where type == "numeric" || type == "currency":
            guard Self.masksANumber(element) else { return nil }
            var number: [(String, DefinitionDocument)] = [
                ("precision", .number("\(settings.integer("precision") ?? 2)")),
                ("decimalSeparator", .string(settings.text("decimalSeparator") ?? ".")),
                ("thousandsSeparator", .string(settings.text("thousandsSeparator") ?? ",")),
                ("allowNegative", .bool(settings.bool("allowNegativeValues") ?? true)),
            ]
            if type == "currency" {
                number.append(("prefix", .string(settings.text("prefix") ?? "")))
                number.append(("suffix", .string(settings.text("suffix") ?? "")))
            }
            for key in ["min", "max"] {
                if let bound = settings.number(key) { number.append((key, .number(SurveyJSElement.formatted(bound)))) }
            }
            return .object([("number", .object(number))])
        default: return nil
        }
    }

    /// A text's or comment's `maxLength`, else (unset or negative) the survey's
    /// `maxTextLength`; none when it is 0, or when the question's `defaultValue` is
    /// longer: survey-core limits only what is typed, keeps such a default and never
    /// checks its length (`defaultValue` says so).
    func maxLength(_ element: SurveyJSElement) -> Int? {
        let own = element.integer("maxLength") ?? -1
        let length = own < 0 ? survey.integer("maxTextLength") ?? 0 : own
        guard length > 0 else { return nil }
        if element.type != "expression", let written = element["defaultValue"].flatMap(SurveyJSElement.scalarText),
            written.count > length
        {
            return nil
        }
        return length
    }

    /// A note: an `html` question's text without its markup, an `image`'s alternative text.
    mutating func note(_ element: SurveyJSElement, scope: Scope, html: Bool) -> [DefinitionDocument] {
        let body =
            html
            ? text("html", of: element, repeats: scope.repeats, html: true)
            : text("altText", of: element, repeats: scope.repeats)
                ?? element.text("imageLink").map { .string("[image: \(Self.escapedBraces($0))]") }
        guard let body else { return [] }
        var pairs: [(String, DefinitionDocument)] = [
            ("id", .string(ids.makeID(from: element.name ?? (html ? "html" : "image")))), ("kind", "note"),
            ("text", body),
        ]
        // An image's title is shown above it, as survey-core shows it.
        if !html, let title = text("title", of: element, repeats: scope.repeats) { pairs.append(("label", title)) }
        if let visible = visibility(element, scope: scope) { pairs.append(("visible", .string(visible))) }
        return [.object(pairs, at: SourcePlace(element.place))]
    }

    static func escapedBraces(_ text: String) -> String {
        text.replacingOccurrences(of: "{", with: "{{").replacingOccurrences(of: "}", with: "}}")
    }

    /// The field for a question's comment (`showCommentArea`/`hasComment`) or its
    /// "other" text: `NAME-Comment` in SurveyJS's data.
    /// Whether a question has a comment field: an "other" text or a comment area.
    func hasComment(_ element: SurveyJSElement) -> Bool {
        hasOther(element) && element.type != "boolean" || element.bool("showCommentArea") == true
            || element.bool("hasComment") == true
    }

    mutating func commentField(
        _ element: SurveyJSElement, id: String, name: String, scope: Scope, visible: String?
    ) -> [DefinitionDocument] {
        guard hasComment(element) else { return [] }
        let other = hasOther(element) && element.type != "boolean"
        let comment = element.bool("showCommentArea") == true || element.bool("hasComment") == true
        let commentID = idsByPlace[element.place + "#comment"] ?? ids.makeID(from: id + "_comment")
        var pairs: [(String, DefinitionDocument)] = [("id", .string(commentID))]
        pairs.append(("key", .string(name + "-Comment")))
        _ = answerKey(name + "-Comment", id: commentID, repeats: scope.repeats, at: element.place)
        pairs.append(("kind", "text"))
        // The survey's `maxCommentLength` (`maxOthersLength`) bounds every comment.
        if let length = survey.integer("maxCommentLength") ?? survey.integer("maxOthersLength"), length > 0 {
            pairs.append(("maxLength", .number("\(length)")))
        }
        let label =
            other && !comment
            ? text("otherPlaceholder", of: element, repeats: scope.repeats) ?? text(
                "otherText", of: element, repeats: scope.repeats)
                ?? localeWord(\.other, of: element)
            : text("commentText", of: element, repeats: scope.repeats) ?? localeWord(\.comment, of: element)
        pairs.append(("label", label))
        var conditions = visible.map { [$0] } ?? []
        if other && !comment {
            let multiple = questionKind(element) == .multichoice
            conditions.append(multiple ? "'other' in $\(id)" : "$\(id) == 'other'")
            pairs.append(("required", .bool(true)))
            pairs.append(
                (
                    "requiredMessage",
                    text("otherErrorText", of: element, repeats: scope.repeats)
                        ?? localeWord(\.otherRequired, of: element)
                ))
        }
        if let visible = ExpressionText.conjunction(conditions) { pairs.append(("visible", .string(visible))) }
        dropOtherTextNotChosen(commentID, of: id, other: other && !comment, element: element, scope: scope)
        let field = DefinitionDocument.object(
            pairs, at: SourcePlace(element.place(of: other && !comment ? "showOtherItem" : "showCommentArea")))
        guard other && comment else { return [field] }
        return [field, otherTextField(element, id: id, scope: scope, visible: visible)]
    }

    /// The other text of a question with a comment area too: a field of its own, required
    /// while `other` is chosen, written as the question's value (`submission: { others }`).
    private mutating func otherTextField(
        _ element: SurveyJSElement, id: String, scope: Scope, visible: String?
    ) -> DefinitionDocument {
        let otherID = idsByPlace[element.place + "#other"] ?? ids.makeID(from: id + "_other")
        var pairs: [(String, DefinitionDocument)] = [("id", .string(otherID)), ("kind", "text")]
        if let length = survey.integer("maxCommentLength") ?? survey.integer("maxOthersLength"), length > 0 {
            pairs.append(("maxLength", .number("\(length)")))
        }
        let label =
            text("otherPlaceholder", of: element, repeats: scope.repeats)
            ?? text("otherText", of: element, repeats: scope.repeats) ?? localeWord(\.other, of: element)
        pairs.append(("label", label))
        let multiple = questionKind(element) == .multichoice
        let conditions = (visible.map { [$0] } ?? []) + [multiple ? "'other' in $\(id)" : "$\(id) == 'other'"]
        pairs.append(("required", .bool(true)))
        pairs.append(
            (
                "requiredMessage",
                text("otherErrorText", of: element, repeats: scope.repeats) ?? localeWord(\.otherRequired, of: element)
            ))
        if let condition = ExpressionText.conjunction(conditions) { pairs.append(("visible", .string(condition))) }
        return .object(pairs, at: SourcePlace(element.place(of: "showOtherItem")))
    }

    /// Where the survey keeps hidden answers (`clearInvisibleValues: none`), survey-core
    /// clears an "other" text at completion when its question does not hold `other`
    /// (shown or not), and keeps every other comment: such a text is left out of the data
    /// while its question does not hold `other`. (A comment is cleared with its hidden
    /// question in the other modes, as the comment field's visibility says.)
    private mutating func dropOtherTextNotChosen(
        _ commentID: String, of id: String, other: Bool, element: SurveyJSElement, scope: Scope
    ) {
        guard other, scope.repeats.isEmpty, !storesOtherAsValue(element), !hasSeparateOtherText(element),
            survey.text("clearInvisibleValues")?.lowercased() == "none"
        else { return }
        let selected = questionKind(element) == .multichoice ? "'other' in $\(id)" : "$\(id) == 'other'"
        droppedWhenHidden.append(commentID)
        droppedWhile[commentID] = "not (\(selected))"
    }
}
