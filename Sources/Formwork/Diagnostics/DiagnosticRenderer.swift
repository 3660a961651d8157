/// Turns diagnostics into text: the one place where problems become words.
///
/// ```
/// Forms/signup.yaml:12:14: error: unknown field '$emial'
///     visible: not empty($emial)
///                        ^~~~~~
///   hint: did you mean '$email'?
/// ```
public enum DiagnosticRenderer {
    /// `path:line:col: error: message`, the source line with a caret under the spot,
    /// and the hint. Control characters in quoted text are shown escaped.
    public static func render(_ diagnostic: Diagnostic, path: String?, source: String?) -> String {
        var prefix = TerminalText.escaped(path ?? "<input>")
        if let place = diagnostic.place {
            // A place that is a line and a column (an XML document's) reads as one.
            let isLineAndColumn =
                place.name.split(separator: ":").count == 2
                && place.name.split(separator: ":").allSatisfy { $0.allSatisfy(\.isASCII) && Int($0) != nil }
            prefix += (isLineAndColumn ? ":" : ": ") + TerminalText.escaped(place.name)
        } else if let location = diagnostic.location {
            prefix += ":\(location.line):\(location.column)"
        }
        var lines = ["\(prefix): \(diagnostic.severity.rawValue): \(TerminalText.escaped(diagnostic.message))"]
        if let place = diagnostic.place {
            if let quote = place.quote {
                // A long quote (a cell, an expression) is cut as a long source line is.
                let scalars = quote.unicodeScalars
                var text = quote
                if lineWindow(count: scalars.count, start: 0).count < scalars.count {
                    text = String(String.UnicodeScalarView(scalars.prefix(longestLineShown))) + "…"
                }
                lines.append("    " + shown(text))
            }
            if let hint = diagnostic.hint { lines.append("  hint: \(TerminalText.escaped(hint))") }
            return lines.joined(separator: "\n")
        }
        if let location = diagnostic.location, let source, let line = sourceLine(location.line, of: source) {
            let scalars = Array(line)
            let start = min(max(0, location.column - 1), scalars.count)
            // A long line is shown as a window around the spot, marked with "…".
            let window = lineWindow(count: scalars.count, start: start)
            func text(_ range: Range<Int>) -> String {
                Self.shown(String(String.UnicodeScalarView(scalars[range.clamped(to: window)])))
            }
            let opening = window.lowerBound > 0 ? "…" : "", closing = window.upperBound < scalars.count ? "…" : ""
            let before = opening + text(window.lowerBound..<start)
            let marked = text(start..<start + max(0, diagnostic.length))
            lines.append("    " + opening + text(window) + closing)
            let underline = max(1, TerminalText.displayWidth(marked))
            lines.append(
                "    " + String(repeating: " ", count: TerminalText.displayWidth(before)) + "^"
                    + String(repeating: "~", count: underline - 1))
        }
        if let hint = diagnostic.hint { lines.append("  hint: \(TerminalText.escaped(hint))") }
        return lines.joined(separator: "\n")
    }

    /// Scalars shown of a long source line (lines up to 40 more are shown whole).
    static let longestLineShown = 120

    /// The part of a line of `count` scalars that is shown for a spot at `start`: all
    /// of it when it is short, else `longestLineShown` scalars from a little before it.
    static func lineWindow(count: Int, start: Int) -> Range<Int> {
        guard count > longestLineShown + 40 else { return 0..<count }
        let lower = max(0, min(start - 40, count - longestLineShown))
        return lower..<lower + longestLineShown
    }

    /// The source line as shown: tabs as one space (so carets align), controls escaped.
    static func shown(_ text: String) -> String {
        TerminalText.escaped(text.replacingOccurrences(of: "\t", with: " "))
    }

    /// The scalars of line `number` (1-based), without its line break.
    static func sourceLine(_ number: Int, of source: String) -> String.UnicodeScalarView? {
        var current = 1
        var line = String.UnicodeScalarView()
        for scalar in source.unicodeScalars {
            if scalar == "\n" {
                if current == number { return line }
                current += 1
                line = String.UnicodeScalarView()
            } else if current == number, scalar != "\r", scalar != "\u{FEFF}" {
                line.append(scalar)
            }
        }
        return current == number ? line : nil
    }

    // MARK: Messages

    /// The one-line message for a problem.
    public static func message(for problem: Problem) -> String {
        func q(_ text: String) -> String { TerminalText.excerpt(text) }
        switch problem {
        case .unreadable(let reason): return "cannot read the file: \(reason)"
        case .invalidDraft(let why): return "not a Formwork draft: \(why)"
        case let .fileTooLarge(bytes, limit):
            return "the file is \(bytes) bytes; definitions are limited to \(limit) bytes"
        case .invalidUTF8(let offset): return "the file is not valid UTF-8 (at byte \(offset))"
        case .unknownFormat(let ext): return "unknown file type '\(q(ext))'"
        case .importError(let message, _), .invalidTest(let message, _): return message
        case let .unsupportedConstruct(what, reason): return "\(what) is not supported: \(reason)"
        case .importNotice(let message): return message
        case .yamlSyntax(let text): return "invalid YAML: \(text)"
        case .jsonSyntax(let text): return "invalid JSON: \(text)"
        case .duplicateKey(let key): return "duplicate key '\(q(key))'"
        case .multipleDocuments: return "the file holds more than one YAML document"
        case .aliasExpansion(let limit): return "YAML aliases expand to more than \(limit) nodes"
        case .complexKey(let what): return "a mapping key must be plain text, not \(what)"
        case .nestingTooDeep(let limit): return "nesting is deeper than \(limit) levels"
        case let .stringTooLong(length, limit): return "a string of \(length) characters exceeds the limit of \(limit)"
        case .numberOutOfRange(let text): return "'\(q(text))' is not a finite number"

        case let .unknownKey(key, context, _): return "unknown key '\(q(key))' in \(context)"
        case let .missingKey(key, context): return "\(context) needs '\(q(key))'"
        case let .wrongType(key, expected, found):
            return key.map { "'\($0)' must be \(expected), not \(found)" } ?? "expected \(expected), found \(found)"
        case .unknownKind(let kind, _): return "unknown field kind '\(q(kind))'"
        case let .duplicateID(id, line): return "the id '\(q(id))' is already used on line \(line)"
        case .invalidID(let id): return "'\(q(id))' is not a valid id"
        case let .keyNotApplicable(key, kind): return "'\(q(key))' does not apply to a \(kind) field"
        case .requiredMessageWithoutRequired: return "'requiredMessage' is given without 'required'"
        case .noOptions(let kind): return "a \(kind) field needs 'options'"
        case .emptyOptions(let field): return "field '\(q(field))' has no options: it can never be answered"
        case .duplicateOption(let value): return "the option value '\(q(value))' is listed twice"
        case let .empty(context, missing): return "\(context) has no \(missing)"
        case let .rangeInverted(lowerKey, lower, upperKey, upper):
            return "'\(q(lowerKey))' (\(lower)) is greater than '\(q(upperKey))' (\(upper))"
        case let .keysExclusive(key, other, reason):
            return "'\(q(key))' cannot be given with '\(q(other))': \(reason)"
        case let .notPositive(key, value, allowZero):
            return "'\(q(key))' must be \(allowZero ? "zero or more" : "greater than zero"), not \(value)"
        case .invalidDate(let text): return "'\(q(text))' is not a date"
        case .invalidTime(let text): return "'\(q(text))' is not a time"
        case .invalidDateTime(let text): return "'\(q(text))' is not a date and time"
        case .invalidExtension(let text): return "'\(q(text))' is not a file extension"
        case .invalidSize(let text): return "'\(q(text))' is not a file size"
        case .unknownTextFormat(let format, _): return "unknown format '\(q(format))'"
        case .undeclaredLanguages: return "a text is written per language, but the form declares no languages"
        case .unknownLanguage(let code, _, _): return "the form does not declare the language '\(q(code))'"
        case let .missingTranslation(owner, key, language, fallback):
            return "\(owner): '\(q(key))' has no '\(q(language))' text; '\(q(fallback))' is shown instead"
        case let .invalidPattern(pattern, reason): return "invalid pattern '\(q(pattern))': \(reason)"
        case let .selectionBound(key, value, count):
            return "'\(q(key))' is \(value) but there are only \(count) options"
        case let .invalidDefault(field, reason): return "invalid default for '\(q(field))': \(reason.message)"
        case .cycle(let fields): return "circular dependency: " + fields.map { "$" + $0 }.joined(separator: " → ")
        case let .countReadsItsEntries(group, through):
            return "the count of '\(q(group))' reads its own entries ("
                + through.map { "$" + $0 }.joined(separator: " → ")
                + "): its entries are made up to the count and kept when it falls, as JavaRosa reads jr:count"
        case let .tooManyFields(count, limit): return "the form has \(count) fields; the limit is \(limit)"
        case let .tooManyEntries(count, limit):
            return count < 0
                ? "a repeat cannot have \(count) entries"
                : "a repeat of \(count) entries; repeats are limited to \(limit)"
        case .repeatTooDeep(let limit): return "repeats are nested deeper than \(limit) levels"

        case .unexpectedCharacter(let character): return "unexpected character '\(q(character))'"
        case .unterminatedString: return "unterminated string"
        case let .unexpectedToken(found, expected): return "expected \(expected), found \(found)"
        case .unknownReference(let name, _): return "unknown field '$\(q(name))'"
        case let .entryFieldOutside(field, repeatID):
            return "'$\(q(field))' is a field of each entry of '\(q(repeatID))', read here outside its entries"
        case let .notInRepeat(name, repeatID, _): return "'\(q(repeatID))' has no field or repeat '\(q(name))'"
        case .entriesAsValue(let repeatID): return "'$\(q(repeatID))' is the entries of a repeat, not a value"
        case .indexOutsideRepeat: return "index() is the position of an entry, and this is not inside a repeat"
        case .referenceToNote(let name): return "'$\(q(name))' is a note and has no value"
        case .unknownFunction(let name, _): return "unknown function '\(q(name))'"
        case .unknownTable(let name, _, _): return "the form has no data table '\(q(name))'"
        case let .unknownColumn(name, table, _, _): return "the data table '\(q(table))' has no column '\(q(name))'"
        case .rowOutsideLookup(let name): return "\(q(name))() reads a row of a data table, and this is not in a lookup"
        case let .wrongArity(function, expected, found, _):
            return "'\(q(function))' takes \(expected), not \(found)"
        case let .argumentType(function, position, expected, found, _):
            return "argument \(position) of '\(q(function))' must be \(expected), not \(found)"
        case let .operandType(op, expected, found): return "'\(q(op))' needs \(expected), not \(found)"
        case let .incompatibleComparison(op, left, right): return "cannot compare \(left) \(op) \(right)"
        case let .mixedList(first, other): return "a list cannot mix \(first) and \(other)"
        case let .resultType(context, expected, found): return "\(context) must be \(expected), not \(found)"
        case let .notAnOption(value, field, _): return "'\(q(value))' is not an option of '$\(q(field))'"
        case .patternNotLiteral: return "the pattern of 'matches' must be a string literal"
        case .expressionTooDeep(let limit): return "the expression is nested deeper than \(limit) levels"
        case let .expressionTooLong(length, limit):
            return "the expression is \(length) characters long; the limit is \(limit)"

        case .unknownField(let id, _): return "the form has no field '\(q(id))'"
        case let .invalidValue(field, reason): return "invalid value for '\(q(field))': \(reason.message)"
        case let .entriesBeyondCount(group, given, count, _):
            return "\(given) entr\(given == 1 ? "y" : "ies") for '\(q(group))', which has \(count) now"
        case .unknownInputType(let type, _): return "unknown input type '\(q(type))'"
        case .unknownAnswerFormat(let name, _, _): return "unknown answer format '\(q(name))'"
        case let .duplicateAnswerKey(key, line): return "the answer key '\(q(key))' is already used on line \(line)"
        case .unknownTriggerField(let id, _): return "'recalculate' names an unknown field '\(q(id))'"
        case let .invalidTrigger(field, .itself): return "'\(q(field))' cannot recalculate on its own changes"
        case let .invalidTrigger(field, .notSettable(kind)):
            return "'\(q(field))' is a \(kind) field: nothing sets it, so it cannot trigger 'recalculate'"
        case let .invalidTrigger(field, .outsideEntries(repeatID)):
            return "'\(q(field))' is a field of each entry of '\(q(repeatID))', not seen from here"
        }
    }

    /// A hint that helps fix the problem, if there is one.
    public static func hint(for problem: Problem) -> String? {
        switch problem {
        case .unknownKey(_, _, let suggestion?), .unknownKind(_, let suggestion?),
            .unknownTextFormat(_, let suggestion?), .unknownFunction(_, let suggestion?):
            return Suggestions.didYouMean(suggestion)
        case .unknownReference(_, let suggestion?): return Suggestions.didYouMean(suggestion) { "'$\($0)'" }
        case let .entryFieldOutside(field, repeatID):
            return
                "read it through the repeat: count($\(repeatID)), sum($\(repeatID).\(field)), "
                + "any($\(repeatID), $\(field) != null)"
        case let .notInRepeat(_, repeatID, suggestion?):
            return Suggestions.didYouMean(suggestion) { "'$\(repeatID).\($0)'" }
        case .entriesAsValue(let repeatID):
            return
                "count($\(repeatID)), any($\(repeatID), …), all($\(repeatID), …), "
                + "or a field of each: $\(repeatID).field"
        case .indexOutsideRepeat: return "use index() in a field or label of a repeat's entries"
        case .rowOutsideLookup:
            return "use it in the condition of a lookup, its last argument: "
                + "lookup-all('villages', 'name', number(cell('population')) > 1000)"
        case let .entriesBeyondCount(_, _, _, expression):
            return
                "its entries follow its count (\(expression)): "
                + "give what the count reads a value that makes room for them"
        case .unknownField(_, let suggestion?): return Suggestions.didYouMean(suggestion)
        case .notAnOption(_, _, let suggestion?): return Suggestions.didYouMean(suggestion)
        case .unknownKind(_, nil):
            return "kinds are " + Suggestions.quotedList(FieldKind.allCases.map(\.rawValue))
        case .unknownTextFormat(_, nil): return "formats are 'email' and 'url'"
        case .undeclaredLanguages:
            return "declare them at the top of the form: 'languages: { en: English, fr: Français }' "
                + "(the first is the default unless 'defaultLanguage' says otherwise)"
        case .unknownLanguage(_, let declared, let suggestion):
            if let suggestion { return Suggestions.didYouMean(suggestion) }
            return declared.isEmpty
                ? "declare the form's languages with 'languages:'"
                : "the form's languages are " + Suggestions.quotedList(declared) + " (declared in 'languages:')"
        case .missingTranslation:
            return "add the translation, or leave it out on purpose: the default language's text is shown"
        case .unknownFunction(_, nil):
            return "functions are " + Suggestions.quotedList(FunctionLibrary.builtIns.keys.sorted())
        case .unknownTable(_, let known, let suggestion), .unknownColumn(_, _, let known, let suggestion):
            if let suggestion { return Suggestions.didYouMean(suggestion) }
            if case .unknownColumn = problem { return "its columns are " + Suggestions.quotedList(known) }
            return known.isEmpty
                ? "declare tables under 'data:' at the top of the form, each a list of rows"
                : "the form's tables are " + Suggestions.quotedList(known) + " (declared under 'data:')"
        case .unknownFormat:
            return "use a Formwork definition (.yaml, .yml, .json), an ODK XLSForm (.xlsx) or XForm (.xml)"
        case .importError(_, let hint), .invalidTest(_, let hint): return hint
        case .unsupportedConstruct:
            return "fill the rest with --skip-unsupported (each is shown as a note saying what was skipped)"
        case .invalidID: return "ids start with a letter or '_' and contain only letters, digits and '_'"
        case .invalidDate: return "write dates as YYYY-MM-DD, for example 2024-02-29"
        case .invalidTime: return "write times as HH:MM or HH:MM:SS, for example 14:30"
        case .invalidDateTime: return "write a date and time as YYYY-MM-DD HH:MM, for example 2026-11-23 14:30"
        case .invalidExtension: return "write extensions without the dot, for example [pdf, jpg]"
        case .invalidSize: return "write a size in bytes, or with a unit: 500KB, 10MB, 1GB (or KiB, MiB, GiB)"
        case .cycle: return "a field cannot depend, through conditions or computed values, on itself"
        case .duplicateID: return "ids must be unique across the whole form, sections included"
        case .requiredMessageWithoutRequired:
            return "the message shows when a required field is left empty: add 'required: true' (or a condition), "
                + "or remove 'requiredMessage'"
        case .referenceToNote: return "notes only display text; refer to a field that holds an answer"
        case .resultType(let context, "a boolean", _)
        where context.contains("visible") || context.contains("check")
            || context.contains("required"):
            return "compare the value, for example $field == 'yes' or not empty($field)"
        case .incompatibleComparison: return "both sides must be of the same type (or null)"
        case .patternNotLiteral: return "write the pattern in quotes, for example matches($code, '^[A-Z]{3}$')"
        case .complexKey:
            return "keys name things ('label', a field id); write the key as text, and aliases only as values"
        case .multipleDocuments: return "remove the extra '---' separator"
        case .invalidUTF8: return "save the file as UTF-8"
        case .wrongArity(_, _, _, let usage), .argumentType(_, _, _, _, let usage):
            return "usage: \(usage)"
        case .unknownInputType(_, let suggestion?), .unknownTriggerField(_, let suggestion?):
            return Suggestions.didYouMean(suggestion)
        case .unknownInputType(_, nil): return "types are 'text', 'number', 'boolean' and 'date'"
        case .unknownAnswerFormat(_, let known, let suggestion):
            if let suggestion { return Suggestions.didYouMean(suggestion) }
            return known.isEmpty
                ? "no answer format is registered: load the form with the formats of the module that reads it "
                    + "(FormatRegistry)"
                : "the formats registered are " + known.map { "'\($0)'" }.joined(separator: ", ")
        case .duplicateAnswerKey:
            return "answers are written under each field's key (else its id): one object cannot hold a name twice"
        case .invalidTrigger(_, .itself), .invalidTrigger(_, .notSettable):
            return "list in 'on' the fields whose changes give this field its value"
        case .invalidTrigger(_, .outsideEntries):
            return "a trigger is a field of the form, or of the entry that holds this field"
        case .yamlSyntax(let text) where text.contains("cannot start any token"):
            return "YAML indentation must use spaces, not tabs"
        default: return nil
        }
    }
}
