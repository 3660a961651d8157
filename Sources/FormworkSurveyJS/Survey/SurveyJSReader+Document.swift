import Formwork
import Foundation

/// The survey as a whole: pages and panels as sections, calculated values, triggers,
/// the form's keys, and the layout of SurveyJS's data.
extension SurveyJSReader {
    mutating func document() -> DefinitionDocument {
        // The checks of the survey's shapes and of its properties against survey-core's
        // model read the survey only: they run beside the reading, on the other core,
        // and what they find is put where they would have reported it.
        let checks = SurveyJSChecks(self)
        let shapesMark = problems.mark
        collectLanguages()
        let formName = survey.text("surveyId") ?? baseName
        let formID = ids.makeID(from: formName)
        registerSymbols()
        let modelMark = problems.mark
        defer {
            let (shapes, model) = checks.wait()
            if !tooLarge { problems.insert(model, at: modelMark) }
            problems.insert(shapes, at: shapesMark)
        }
        // Too large to be made: nothing more is read (the error says where).
        guard !tooLarge else { return .object([("id", .string(formID))]) }
        if prefetches { prefetch = SurveyJSPrefetch(self) }
        if waitsForPrefetch { prefetch?.waitForAll() }
        defer {
            prefetch?.finish()
            prefetch = nil
        }
        symbolNames = symbols.keys.sorted()
        suggestionsLeft = max(1, 200_000 / max(1, symbolNames.count))
        readTriggers()
        reportTimers()
        let structural = (problems, workReported)
        var result: DefinitionDocument
        let idsBefore = ids
        let sizeBefore = (fieldCount, nodeCount, byteCount)
        let workBefore = work.done
        repeat {
            (problems, workReported) = structural
            work.done = workBefore
            (fieldCount, nodeCount, byteCount) = sizeBefore
            ids = idsBefore
            usedKeys = [:]
            dataPaths = []
            let skippedBefore = skippedNames
            result = buildDocument(formID: formID)
            if skippedNames == skippedBefore || !skipUnsupported { break }
        } while true
        return result
    }

    /// Timers (`maxTimeToFinish`, `maxTimeToFinishPage`, a page's `maxTimeToFinish`):
    /// SurveyJS ends the survey or the page when one runs out. At a terminal the form
    /// is not ended by a clock: each timer is a warning, and the time allowed is said
    /// in the survey's description and the page's header (`timeAllowed`).
    private mutating func reportTimers() {
        for (element, key) in [(survey, "maxTimeToFinish"), (survey, "maxTimeToFinishPage")]
            + pages.map({ ($0, "maxTimeToFinish") })
        {
            guard let seconds = element.integer(key), seconds > 0 else { continue }
            report(
                .importNotice(
                    "the timer '\(key)' (\(Self.duration(seconds))) is shown but not enforced: survey-core ends the "
                        + "survey or page when it runs out, and a form at a terminal is not ended by a clock"),
                at: element.place(of: key))
        }
    }

    /// `90` as "1 min 30 s".
    static func duration(_ seconds: Int) -> String {
        let (minutes, rest) = seconds.quotientAndRemainder(dividingBy: 60)
        if minutes == 0 { return "\(rest) s" }
        return rest == 0 ? "\(minutes) min" : "\(minutes) min \(rest) s"
    }

    /// What a timer allows, said where the survey or page begins ("Time allowed:
    /// 10 min"); `nil` without one.
    func timeAllowed(_ element: SurveyJSElement, keys: [String], page: Bool) -> String? {
        let parts = keys.compactMap { key -> String? in
            guard let seconds = element.integer(key), seconds > 0 else { return nil }
            if key == "maxTimeToFinishPage" { return "\(Self.duration(seconds)) for each page" }
            return "\(Self.duration(seconds)) for \(page ? "this page" : "the survey")"
        }
        return parts.isEmpty ? nil : "Time allowed: " + parts.joined(separator: ", ") + " (not enforced here)"
    }

    var baseName: String {
        let name = fileName.split(separator: "/").last.map(String.init) ?? fileName
        return name.split(separator: ".").first.map(String.init) ?? name
    }

    private mutating func buildDocument(formID: String) -> DefinitionDocument {
        var sections: [DefinitionDocument] = []
        for (index, page) in pages.enumerated() {
            sections += self.page(page, number: index + 1)
        }
        let calculations = calculatedValues()
        if !calculations.isEmpty {
            sections.append(
                .object([("id", .string(ids.makeID(from: "calculatedValues"))), ("fields", .list(calculations))]))
        }
        if sections.isEmpty {
            report(
                .importError("the survey has no questions", hint: "a survey lists its questions in pages[].elements"),
                at: survey.place)
        }
        let at = SourcePlace(survey.place)
        var form: [(String, DefinitionDocument)] = [("id", .string(formID, at: at))]
        form.append(("title", text("title", of: survey, repeats: []) ?? .string(baseName)))
        if let description = text("description", of: survey, repeats: []) { form.append(("description", description)) }
        if !languages.isEmpty {
            form.append(("languages", .list(languages.map { .string($0) })))
            if let language = defaultLanguage { form.append(("defaultLanguage", .string(language))) }
        }
        form.append(("sections", .list(sections)))
        // survey-core keeps a hidden question's answer, and reads it, until the survey
        // is completed (`clearInvisibleValues`: "onComplete" by default; "onHidden"
        // clears it as soon as it is hidden: `erased`).
        if survey.text("clearInvisibleValues")?.lowercased() != "onhidden" {
            form.append(("hiddenAnswers", "kept"))
        } else {
            form.append(("hiddenAnswers", "erased"))
        }
        // Numbers computed and written as survey-core computes and writes them.
        form.append(("numbersInText", .string(NumbersInText.javaScript.rawValue)))
        // survey-core gives an empty question its default again as its page or panel
        // is shown (and, clearing on hidden, as the question is).
        form.append(("defaults", .string(DefaultsTiming.whenShown.rawValue)))
        var layout: [(String, DefinitionDocument)] = [("format", .string(SurveyJSAnswerFormat().name))]
        // `none`: survey-core never clears them, and its data holds them at completion.
        if survey.text("clearInvisibleValues")?.lowercased() == "none" {
            layout.append(("hidden", "kept"))
            let dropped = droppedWhenHidden.filter { ids.isTaken($0) }
            if !dropped.isEmpty {
                layout.append(
                    (
                        "dropped",
                        .list(
                            dropped.map { id in
                                droppedWhile[id].map { .object([("id", .string(id)), ("while", .string($0))]) }
                                    ?? .string(id)
                            })
                    ))
            }
        } else if !keptWhenHidden.isEmpty {
            layout.append(
                (
                    "kept",
                    .list(
                        keptWhenHidden.map { id in
                            keptWhile[id].map { .object([("id", .string(id)), ("while", .string($0))]) } ?? .string(id)
                        })
                ))
        }
        if !dataPaths.isEmpty {
            layout.append(("paths", .object(dataPaths.map { ($0.id, .string($0.path)) })))
        }
        let others = othersAsValues.keys.filter { ids.isTaken($0) }.sorted()
        if !others.isEmpty {
            layout.append(("others", .object(others.map { ($0, .string(othersAsValues[$0]!)) })))
        }
        let typed = ids.taken.isEmpty ? [] : valueTypes.keys.filter { ids.isTaken($0) }.sorted()
        if !typed.isEmpty {
            layout.append(("types", .object(typed.map { ($0, .string(valueTypes[$0]!)) })))
        }
        form.append(("submission", .object(layout)))
        return .object(form, at: at)
    }

    /// A page: a section, and a section for each panel on it (with both conditions),
    /// the page continuing after each.
    private mutating func page(_ page: SurveyJSElement, number: Int) -> [DefinitionDocument] {
        let isPage = survey.has("pages")
        var scope = Scope()
        if isPage, let visible = visibility(page, scope: Scope()) { scope.visible = [visible] }
        for complete in completeConditions where complete.lastPage < number - 1 {
            scope.visible.append("not (\(complete.condition))")
        }
        if page.bool("readOnly") == true { scope.readOnly.append("true") }
        if let enabled = translate("enableIf", of: page, as: .condition, repeats: [], rule: .isNotFalse) {
            scope.readOnly.append("not (\(enabled.text))")
        }
        let header = isPage ? text("title", of: page, repeats: []) : nil
        let pageID = ids.makeID(from: isPage ? page.name ?? "page\(number)" : "page\(number)")
        var builder = Sections()
        builder.start(id: pageID, header: header, visible: ExpressionText.conjunction(scope.visible), place: page.place)
        if isPage, let description = text("description", of: page, repeats: []) {
            builder.add([
                .object([
                    ("id", .string(ids.makeID(from: pageID + "_description"))), ("kind", "note"), ("text", description),
                ])
            ])
        }
        // The time the survey (on its first page) and the page allow, said where they begin.
        let allowed = [
            number == 1 ? timeAllowed(survey, keys: ["maxTimeToFinish", "maxTimeToFinishPage"], page: false) : nil,
            isPage ? timeAllowed(page, keys: ["maxTimeToFinish"], page: true) : nil,
        ].compactMap { $0 }
        for text in allowed {
            builder.add([
                .object([
                    ("id", .string(ids.makeID(from: pageID + "_time"))), ("kind", "note"), ("text", .string(text)),
                ])
            ])
        }
        emit(Self.children(of: page), scope: scope, header: header, sectionID: pageID, into: &builder)
        builder.close()
        return builder.sections
    }

    /// Questions into the open section; a panel closes it, opens its own, and the
    /// enclosing page or panel continues in a new section after it.
    private mutating func emit(
        _ elements: [SurveyJSElement], scope: Scope, header: DefinitionDocument?, sectionID: String,
        into builder: inout Sections, depth: Int = 0
    ) {
        for element in elements {
            if element.type == "matrixdropdown", element.name != nil {
                // Each row a section headed by the row, its cells by their columns, as
                // survey-core lays the matrix out; the page continues after it.
                let plain = Scope(repeats: [], visible: [], readOnly: scope.readOnly)
                builder.add(headerNote(element, scope: plain))
                let visible = ExpressionText.conjunction(scope.visible)
                for (index, row) in matrixDropdownRows(element, scope: plain, labelledByRow: false).enumerated() {
                    builder.start(
                        id: ids.makeID(from: (element.name ?? "matrix") + "_row\(index + 1)"), header: row.header,
                        visible: visible, place: element.place)
                    builder.add(row.cells)
                }
                builder.start(id: ids.makeID(from: sectionID), header: header, visible: visible, place: element.place)
                continue
            }
            guard element.type == "panel" else {
                builder.add(question(element, scope: Scope(repeats: [], visible: [], readOnly: scope.readOnly)))
                continue
            }
            guard depth < 16 else {
                builder.add(entryItems(element, scope: scope))
                continue
            }
            let inner = inherited(element, scope: scope)
            builder.start(
                id: ids.makeID(from: element.name ?? "panel"), header: text("title", of: element, repeats: []),
                visible: ExpressionText.conjunction(inner.visible), place: element.place)
            if let description = text("description", of: element, repeats: []) {
                builder.add([
                    .object([
                        ("id", .string(ids.makeID(from: (element.name ?? "panel") + "_description"))), ("kind", "note"),
                        ("text", description),
                    ])
                ])
            }
            emit(
                Self.children(of: element), scope: inner, header: nil, sectionID: element.name ?? "panel",
                into: &builder, depth: depth + 1)
            builder.start(
                id: ids.makeID(from: sectionID), header: header, visible: ExpressionText.conjunction(scope.visible),
                place: element.place)
        }
    }

    /// `calculatedValues`: hidden calculations (`includeIntoResult` false: left out
    /// of SurveyJS's data when written).
    private mutating func calculatedValues() -> [DefinitionDocument] {
        var fields: [DefinitionDocument] = []
        for value in survey.elements("calculatedValues") {
            guard let name = value.name, let symbol = symbols[name] else { continue }
            // One whose expression cannot be read has no value (survey-core ignores the
            // expression, with a warning here) but is still there to be read.
            let translated = refined[value.place] ?? translate("expression", of: value, as: .value, repeats: [])
            var pairs: [(String, DefinitionDocument)] = [("id", .string(symbol.id))]
            if let key = answerKey(name, id: symbol.id, repeats: [], at: value.place) {
                pairs.append(("key", .string(key)))
            }
            pairs.append(("kind", "calculate"))
            pairs.append(("value", .string(translated?.text ?? "null", at: SourcePlace(value.place(of: "expression")))))
            if value.bool("includeIntoResult") != true { dataPaths.append((symbol.id, "")) }
            fields.append(.object(pairs, at: SourcePlace(value.place)))
        }
        return fields
    }

    /// The survey's triggers: `setvalue`, `copyvalue` and `runexpression` set a
    /// question when their condition's questions change and it holds; the others
    /// (`complete`, `skip`, `visible`…) steer a browser's pages and are reported.
    private mutating func readTriggers() {
        for trigger in survey.elements("triggers") {
            let type = trigger.type
            guard let condition = trigger.scalarText("expression") else { continue }
            let place = trigger.place
            let on = readIDs(condition, repeats: [])
            switch type {
            case "setvalue", "copyvalue", "runexpression":
                guard let target = trigger.text("setToName") else {
                    if type == "runexpression" {
                        report(
                            .unsupportedConstruct(
                                "the runexpression trigger", reason: "it sets no question (setToName)"),
                            at: place)
                    }
                    continue
                }
                guard let when = translate(condition, at: place, as: .condition, repeats: []) else { continue }
                var value = "null"
                if type == "setvalue", let node = trigger["setValue"] {
                    value = Self.literal(node, for: symbols[target])
                } else if type == "copyvalue", let from = trigger.text("fromName"), let source = symbols[from] {
                    value = "$" + source.id
                } else if type == "runexpression", let expression = trigger.scalarText("runExpression"),
                    let translated = translate(
                        expression, at: trigger.place(of: "runExpression"), as: .value, repeats: [])
                {
                    value = translated.text
                }
                // survey-core does not run a trigger for a change of the question it sets.
                let others = on.filter { $0 != symbols[target]?.id }
                guard !others.isEmpty || on.isEmpty else {
                    report(
                        .importNotice(
                            "the \(type) trigger never runs: it reads only '\(Self.shown(target))', the question it "
                                + "sets, and survey-core runs no trigger for a change of that question"),
                        at: place)
                    continue
                }
                triggerRecalculations[target, default: []].append((others, value, when.text, place, false))
            case "complete":
                // SurveyJS completes the survey at the next page while it holds: the
                // pages after the questions it reads are not shown.
                guard let when = translate(condition, at: place, as: .condition, repeats: []) else { continue }
                let names = (try? SurveyJSTranslator.names(in: condition)) ?? []
                let lastPage = names.compactMap(pageIndex(ofQuestion:)).max() ?? 0
                completeConditions.append((when.text, lastPage))
            case "skip":
                report(
                    .importNotice(
                        "the skip trigger is left out: it moves a browser to a question, and at a terminal every "
                            + "question is in one table (goto moves there)"),
                    at: place)
            default:
                report(
                    .unsupportedConstruct(
                        "the \(type) trigger",
                        reason: "it moves between a browser's pages; at a terminal the form is one"),
                    at: place)
            }
        }
    }

    /// A JSON value as a Formwork literal of a question's type.
    static func literal(_ node: DefinitionDocument, for symbol: SurveyJSSymbol?) -> String {
        switch node.content {
        case .number(let text): return symbol?.kind == .number ? text : "'\(text)'"
        case .bool(let flag): return symbol?.kind == .choice ? "'\(flag)'" : "\(flag)"
        case .string(let text):
            if symbol?.kind == .number, let number = Double(text).flatMap(ExpressionText.number) { return number }
            return ExpressionText.string(text)
        case .list(let elements):
            return "[" + elements.map { literal($0, for: nil) }.joined(separator: ", ") + "]"
        default: return "null"
        }
    }
}

/// Sections being built: the open one takes fields until it is closed; one without
/// fields is dropped.
struct Sections {
    private(set) var sections: [DefinitionDocument] = []
    private var open: (pairs: [(String, DefinitionDocument)], fields: [DefinitionDocument], place: String)?

    mutating func start(id: String, header: DefinitionDocument?, visible: String?, place: String) {
        close()
        var pairs: [(String, DefinitionDocument)] = [("id", .string(id))]
        if let header { pairs.append(("header", header)) }
        if let visible { pairs.append(("visible", .string(visible))) }
        open = (pairs, [], place)
    }

    mutating func add(_ fields: [DefinitionDocument]) { open?.fields += fields }

    mutating func close() {
        guard let section = open else { return }
        open = nil
        guard !section.fields.isEmpty else { return }
        sections.append(.object(section.pairs + [("fields", .list(section.fields))], at: SourcePlace(section.place)))
    }
}
