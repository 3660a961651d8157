import Formwork
import Foundation

/// Reads a SurveyJS survey (its JSON as a placed `DefinitionDocument`) as Formwork's
/// own definition, each node carrying the JSON position it came from.
///
/// ## How a survey becomes a Formwork form
/// - **Pages** become sections (the page's title the header, `visibleIf` the
///   section's `visible`); a **panel** on a page starts a section of its own whose
///   condition is the page's and the panel's, and the page continues after it in
///   another section (sections do not nest). Panels inside a dynamic panel are
///   flattened into its entries, their conditions joined to each field's.
/// - **Questions** map onto kinds (the SurveyJSForms article's table); every
///   expression goes through `SurveyJSTranslator`, every `{q}` in a text too.
/// - **Names** are data keys: the id is a Formwork identifier made from the name
///   (unique in the form), and a name that is not one is kept as the field's `key`.
///   Composite questions (multiple text, matrices) are one field per item, row or
///   cell, and `{q.item}` reads it; the SurveyJS layout (`submission: { format:
///   surveyjs, paths }`) says where each is nested in the data.
/// - What cannot be represented is reported (`unsupported`) with its position and
///   the element's name; with `skipUnsupported` each is a note saying what was
///   skipped, and whatever reads it is skipped too.
struct SurveyJSReader {
    let survey: SurveyJSElement
    let fileName: String
    let skipUnsupported: Bool

    /// Every expression parsed once.
    var parses = SurveyJSParses()
    /// Expression questions' and calculated values' translations, by place, as the
    /// last pass that found their kinds made them: each is translated again only when
    /// a name it reads changed kind, so these are what the document would make.
    var refined: [String: TranslatedExpression] = [:]
    /// Problems that stop the load, warnings, and constructs that cannot be represented.
    var problems = ImportProblems()

    /// Every id given so far (form, sections, fields, repeats share one namespace); an
    /// empty name's is `q`.
    var ids = IDAllocator(fallback: "q")
    /// Question names (data keys, and `q.item` for composite parts) → symbols.
    var symbols: [String: SurveyJSSymbol] = [:]
    /// `symbols`' names, sorted once they are known (for "did you mean").
    var symbolNames: [String] = []
    /// Each dynamic panel's / matrix's template symbols by repeat id.
    var entrySymbols: [String: [String: SurveyJSSymbol]] = [:]
    /// The id given to each question (by the element's position, so the second pass
    /// finds the first's ids).
    var idsByPlace: [String: String] = [:]
    /// Questions with a comment (an "other" text or a comment area), by place, with
    /// their name and repeats: their comment fields get ids after every question's.
    /// `hideIfChoicesEmpty` (`hideIfRowsEmpty`): the condition under which a question
    /// offers one of its own choices (shows one of its rows), by place (`false` when it
    /// has none).
    var whileChoicesOffered: [String: String] = [:]
    /// While a dynamic panel's or matrix's fields are read: its `defaultPanelValue`
    /// (`defaultRowValue`), by question name.
    var entryDefaults: [String: DefinitionDocument]?
    /// Questions whose values the entries of a repeat must not share, by repeat id:
    /// each question's name, whether only a later entry is in error (`keyName`) or
    /// every one that shares it (a column's `isUnique`), and the message.
    var uniqueInEntries: [String: [(name: String, laterOnly: Bool, message: String)]] = [:]
    /// A dropdown matrix's cells of an `isUnique` column: each with the same column's
    /// cells in the other rows, which must hold other values.
    var uniqueCells: [String: [String]] = [:]
    var commentOwners:
        [(place: String, id: String, name: String, repeats: [String], otherAsValue: Bool, separateOther: Bool)] = []
    /// Choice fields whose other text is their value in the data, with the text field
    /// (`storeOthersAsComment: false`).
    var othersAsValues: [String: String] = [:]
    /// Names of questions skipped as unsupported: reading one is unsupported too.
    var skippedNames: Set<String> = []
    /// Each field's place in the SurveyJS data, when it is not its key at the top of
    /// its object (`matrix/row/col`): the layout for writing `survey.data`.
    var dataPaths: [(id: String, path: String)] = []
    /// The JSON type SurveyJS stores a choice field's values as, where it is not text:
    /// `boolean` (a boolean question), `number` (choices written as JSON numbers).
    var valueTypes: [String: String] = [:]
    /// Questions whose `clearIfInvisible` is `none`: their answers stay in the data
    /// while they are hidden (`submission: { kept: [...] }`).
    var keptWhenHidden: [String] = []
    /// Questions whose `clearIfInvisible` is `onComplete`, `onHidden` or
    /// `onHiddenContainer`: their answers are left out of the data while they are hidden,
    /// where the survey keeps the others' (`clearInvisibleValues: none`).
    var droppedWhenHidden: [String] = []
    /// For some of `keptWhenHidden`, the condition under which they are kept (a matrix
    /// cell while its row is shown).
    var keptWhile: [String: String] = [:]
    /// For some of `droppedWhenHidden`, the condition under which they are left out (an
    /// "other" text while its choice does not hold `other`).
    var droppedWhile: [String: String] = [:]
    /// The languages texts are written in ("default" first).
    var languages: [String] = []
    /// Values the survey's triggers set, by the question they set.
    var triggerRecalculations: [String: [ValueRule]] = [:]
    /// The survey's `complete` triggers: each condition, and the last page (from 0)
    /// holding a question it reads; the pages after it are not shown while it holds.
    var completeConditions: [(condition: String, lastPage: Int)] = []
    /// Each dynamic panel's or matrix's SurveyJS name by its repeat id.
    var repeatNames: [String: String] = [:]
    /// The answer keys used in each object of the answers (by the repeats that hold it).
    var usedKeys: [String: Set<String>] = [:]
    /// Every question by its name, and its page (`questions(in:)`).
    /// Found when first asked for (`choicesFromQuestion`, a `complete` trigger): most
    /// surveys never ask.
    let questionIndex = SurveyJSQuestionIndex()
    /// Each question's properties for `propertyValue()`, where the survey calls it
    /// (`readPropertiesForPropertyValue`).
    var questionProperties: [String: SurveyJSProperties]?
    /// Whether the survey calls `isContainerReady()`: its pages and panels are then
    /// read as `containers` once the questions' ids are known.
    var readsContainers = false
    /// Each page and panel, and each dynamic panel, by name, with what
    /// `isContainerReady(name)` checks (`readContainers`).
    var containers: [String: SurveyJSContainer]?

    /// Formwork's limits, which the form a survey becomes must keep: its fields, its
    /// nodes (a matrix's fields hold their columns' choices each, a text its
    /// translations) and its size as a definition, counted as they are made so that a
    /// small survey cannot expand to a form of millions (`grow`).
    let limits: Limits
    /// Fields made so far (every question, matrix row and cell, multiple text item).
    var fieldCount = 0
    /// Nodes made so far: fields, and each option and translation of their texts.
    var nodeCount = 0
    /// The fewest bytes the form made so far takes written as a definition.
    var byteCount = 0
    /// Whether the form is already too large (reported once); nothing more is made.
    var tooLarge = false
    /// How many "did you mean" searches may still be made (each reads every name of
    /// the survey): a survey of 100,000 questions that each read a name no question
    /// has would otherwise take hours. Later unknown names are reported without one.
    var suggestionsLeft = 0
    /// What the survey's translations may do together (`SurveyJSWork`): 3,000,000
    /// steps, a few seconds, where a survey of a thousand questions takes a tenth.
    var work = SurveyJSWork(limit: 3_000_000)
    /// The conditions translated ahead on the other core, while the document is built.
    var prefetch: SurveyJSPrefetch?
    /// Whether to translate them ahead (`SurveyJSImport`'s tests compare without), and
    /// whether to wait for all of them before building (tests: every one is taken).
    var prefetches = true
    var waitsForPrefetch = false
    /// Whether the translations' running out has been reported.
    var workReported = false

    init(survey: SurveyJSElement, fileName: String, skipUnsupported: Bool, limits: Limits = .default) {
        self.survey = survey
        self.fileName = fileName
        self.skipUnsupported = skipUnsupported
        self.limits = limits
    }

    // MARK: Size

    /// The fewest bytes a field takes written as a definition (its `id`, `kind` and
    /// `label` on lines of their own), and an option beside its value.
    static let fieldBytes = 60, optionBytes = 40

    /// Counts `fields` fields and their `options` (values), and `nodes` other nodes
    /// (translations); `false` once the form is larger than `limits` allow, with one
    /// error at `place`, the element that made it so.
    mutating func grow(fields: Int = 0, options: [String] = [], nodes: Int = 0, at place: String) -> Bool {
        guard !tooLarge else { return false }
        fieldCount += fields
        nodeCount += fields + options.count + nodes
        byteCount += fields * Self.fieldBytes + options.reduce(0) { $0 + $1.utf8.count + Self.optionBytes }
        let problem: String
        if fieldCount > limits.maximumFields {
            problem =
                "the survey makes more than \(limits.maximumFields) fields (each question, matrix row or cell and "
                + "multiple text item is one); the limit is \(limits.maximumFields)"
        } else if nodeCount > limits.maximumNodes {
            problem =
                "the form the survey makes has more than \(limits.maximumNodes) fields, choices and translations "
                + "(each field of a matrix holds its columns' choices, each text every language of the survey); "
                + "the limit is \(limits.maximumNodes)"
        } else if byteCount > limits.maximumFileSize {
            problem =
                "the form the survey makes is more than \(limits.maximumFileSize) bytes written as a definition "
                + "(its fields and each one's choices), the limit of a definition"
        } else {
            return true
        }
        report(.importError(problem, hint: "split the survey into several, or offer fewer choices"), at: place)
        tooLarge = true
        return false
    }

    // MARK: Reporting

    mutating func report(_ problem: Problem, at place: String, quote: String? = nil) {
        problems.report(problem, at: place, quote: quote)
    }

    /// Reports an element that cannot be represented; with `skipUnsupported`, returns
    /// the note that stands in its place.
    mutating func skip(_ element: SurveyJSElement, what: String, reason: String) -> [DefinitionDocument] {
        let name = element.name ?? element.type
        report(.unsupportedConstruct("\(what) '\(Self.shown(name))'", reason: reason), at: element.place)
        if let elementName = element.name { skippedNames.insert(elementName) }
        guard skipUnsupported else { return [] }
        let at = SourcePlace(element.place)
        return [
            .object(
                [
                    ("id", .string(ids.makeID(from: "skipped_" + name))), ("kind", "note"),
                    ("text", .string("Skipped: \(what) '\(Self.shown(name))' (\(reason))")),
                ], at: at)
        ]
    }

    /// A name, value or pattern quoted in a message: cut to 60 characters, so that a
    /// 100,000-character name does not fill the screen.
    static func shown(_ text: String) -> String { TerminalText.excerpt(text) }

    // MARK: Names

    /// The answer key of a field named `name` in an object of the answers (`nil` when
    /// it is the id), or `nil` and an error when two questions share a key there.
    mutating func answerKey(_ name: String, id: String, repeats: [String], at place: String) -> String? {
        let scope = repeats.joined(separator: "/")
        if !usedKeys[scope, default: []].insert(name).inserted {
            report(
                .importError(
                    "two questions store their answer under '\(Self.shown(name))'",
                    hint: "SurveyJS merges such answers into one value; give each question a name of its own"),
                at: place)
        }
        return name == id ? nil : name
    }

    // MARK: Expressions

    /// Reads every question's properties for `propertyValue(name, property)`: its
    /// JSON's texts, numbers and booleans (keys in lower case: survey-core reads them
    /// without case), and its `visibleIf`, `requiredIf` and `enableIf`.
    mutating func readPropertiesForPropertyValue() {
        var table: [String: SurveyJSProperties] = [:]
        for (name, found) in questionsByName where !["", "panel"].contains(found.element.type) {
            guard case .object(let pairs) = found.element.node.content else { continue }
            var properties = SurveyJSProperties()
            for (key, value) in pairs {
                let lower = key.lowercased()
                switch value.content {
                case .string(let text):
                    if ["visibleif", "requiredif", "enableif"].contains(lower) {
                        properties.conditions[lower] = text
                    } else {
                        properties.values[lower] = .text(text)
                    }
                case .number(let text): properties.values[lower] = Double(text).map(SurveyJSValue.number) ?? .null
                case .bool(let flag): properties.values[lower] = .bool(flag)
                default: break
                }
            }
            table[name] = properties
        }
        questionProperties = table
    }

    /// The context expressions of an element in `repeats` are read in; `suggesting`:
    /// with every name, for "did you mean" (a search of them all).
    func context(
        repeats: [String], current: SurveyJSSymbol? = nil, rule: SurveyJSCondition = .isTrue, item: String? = nil,
        unknownIsEmpty: Bool = false, suggesting: Bool = false
    ) -> SurveyJSContext {
        let symbols = self.symbols
        let skipped = skippedNames
        let entry: (@Sendable (String) -> SurveyJSSymbol?)?
        if let table = repeats.last.flatMap({ entrySymbols[$0] }) {
            entry = { name in table[name] ?? table[name.lowercased()] }
        } else {
            entry = nil
        }
        let lookUp: @Sendable (String) -> SurveyJSSymbol? = { name in
            skipped.contains(name) ? nil : symbols[name] ?? symbols[name.lowercased()]
        }
        var context = SurveyJSContext(
            repeats: repeats, name: lookUp, entry: entry, current: current, names: suggesting ? symbolNames : [],
            item: item, condition: rule)
        context.unknownIsEmpty = unknownIsEmpty
        context.work = work
        context.limits = limits
        context.properties = questionProperties
        context.containers = containers
        return context
    }

    /// An expression property translated, or `nil` (and a reported problem).
    mutating func translate(
        _ key: String, of element: SurveyJSElement, as use: ExpressionUse, repeats: [String],
        current: SurveyJSSymbol? = nil, rule: SurveyJSCondition = .isTrue
    ) -> TranslatedExpression? {
        guard let written = element.scalarText(key) else { return nil }
        return translate(written, at: element.place(of: key), as: use, repeats: repeats, current: current, rule: rule)
    }

    /// `written` translated in `repeats`; a name of no question (or of a skipped one)
    /// reads as empty, as survey-core reads it, with a warning.
    /// (`place` is found only when there is a problem to report.)
    mutating func translate(
        _ written: String, at findPlace: @autoclosure () -> String, as use: ExpressionUse, repeats: [String],
        current: SurveyJSSymbol? = nil, rule: SurveyJSCondition = .isTrue, item: String? = nil
    ) -> TranslatedExpression? {
        let trimmed = Self.trimmed(written)
        guard !trimmed.isEmpty else { return nil }
        if let prefetch, prefetch.skipped == skippedNames,
            let made = prefetch.translation(
                for: .init(trimmed, use: use, repeats: repeats, current: current, rule: rule, item: item)),
            work.done + made.steps <= work.limit
        {
            work.done += made.steps
            return made.translation
        }
        var context = context(
            repeats: repeats, current: current, rule: rule, item: item, suggesting: suggestionsLeft > 0)
        do {
            return try SurveyJSTranslator.translate(trimmed, as: use, in: context, parse: parses.parse)
        } catch  where error.reason.isUnknownName {
            let place = findPlace()
            if !context.names.isEmpty { suggestionsLeft -= 1 }
            reportExpression(error, written: trimmed, at: place)
            context.unknownIsEmpty = true
            do {
                return try SurveyJSTranslator.translate(trimmed, as: use, in: context, parse: parses.parse)
            } catch {
                reportExpression(error, written: trimmed, at: place, strict: true)
                return nil
            }
        } catch  where error.reason == .syntax {
            // survey-core logs "Invalid expression" and ignores the property.
            report(
                .importNotice(
                    "the expression cannot be read (\(TerminalText.excerpt(error.message, limit: 200))): "
                        + "survey-core ignores it, and so does Formwork"),
                at: findPlace(), quote: trimmed)
            return nil
        } catch {
            reportExpression(error, written: trimmed, at: findPlace())
            return nil
        }
    }

    /// Reports `error`; an unknown name is a warning (it reads as empty) unless
    /// `strict`.
    mutating func reportExpression(
        _ error: TranslationError, written: String, at place: String, strict: Bool = false
    ) {
        var error = error
        // A message names what it is about (`{name}: …`), which may be long.
        error.message = TerminalText.excerpt(error.message, limit: 400)
        // Once the translations have done all they may, that is said once.
        if work.isExhausted {
            guard !workReported else { return }
            workReported = true
        }
        switch error.reason {
        case .syntax:
            report(
                .importError("the expression cannot be read: \(error.message)", hint: nil), at: place, quote: written)
        case .unknownReference(let name, let suggestion):
            let hint = Suggestions.didYouMean(suggestion) { "'{\($0)}'" }.map { "; " + $0 } ?? ""
            if strict {
                report(.importError(error.message, hint: nil), at: place, quote: written)
            } else if skippedNames.contains(name) {
                report(
                    .importNotice("'{\(name)}' is skipped, so it reads as empty here"), at: place, quote: written)
            } else {
                report(
                    .importNotice(
                        "'{\(name)}' names no question of the survey: it reads as empty, as SurveyJS reads it\(hint)"),
                    at: place, quote: written)
            }
        case .unknownFunction:
            report(
                .importNotice("\(error.message): it reads as empty, as survey-core reads it (and reports it)"),
                at: place, quote: written)
        case .unsupported:
            report(.unsupportedConstruct("the expression", reason: error.message), at: place, quote: written)
        }
    }

    /// Whether an expression reads a dynamic panel's or matrix's entries (`{panel}`,
    /// `sumInArray({panel}, 'x')`): survey-core runs a value rule reading them when
    /// anything in them changes, which `recalculate` has no `on` for; such a rule runs
    /// on every change (`on: any`).
    func readsEntries(_ written: String, repeats: [String]) -> Bool {
        guard let names = try? SurveyJSTranslator.names(in: written) else { return false }
        let context = context(repeats: repeats)
        return names.contains { context.name($0)?.kind == .entries }
    }

    /// Names a condition property reads (for `recalculate: on`), as Formwork ids.
    func readIDs(_ written: String, repeats: [String]) -> [String] {
        guard let names = try? SurveyJSTranslator.names(in: written) else { return [] }
        let context = context(repeats: repeats)
        var ids: [String] = []
        for name in names {
            let bare = name.hasPrefix("panel.") || name.hasPrefix("row.") ? nil : name
            let symbol =
                bare.flatMap(context.name)
                ?? context.entry?(String(name.drop { $0 != "." }.dropFirst()))
            guard let symbol, symbol.kind != .entries, !ids.contains(symbol.id) else { continue }
            ids.append(symbol.id)
        }
        return ids
    }

    /// `text` without white space around it (`trimmingCharacters(in:
    /// .whitespacesAndNewlines)`, without Foundation's cost where there is none, as
    /// there mostly is not).
    static func trimmed(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return text }
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar.isASCII
                ? scalar == " " || (scalar.value >= 0x09 && scalar.value <= 0x0D) : scalar.properties.isWhitespace
        }
        if !isSpace(first), !isSpace(last) { return text }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// A value set when questions change: a rule of Formwork's `recalculate` (`on`, or
/// `any` where `everyChange`, `value`, `when`).
typealias ValueRule = (on: [String], value: String, when: String?, place: String, everyChange: Bool)
