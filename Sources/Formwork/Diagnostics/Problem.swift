/// What is wrong, as structured data. `DiagnosticRenderer` turns each case into a
/// message and, where one helps, a hint.
public enum Problem: Hashable, Sendable {
    // MARK: Files and syntax

    /// The file could not be read.
    case unreadable(reason: String)
    /// A draft file is not one this version can read.
    case invalidDraft(String)
    /// The file is larger than the limit.
    case fileTooLarge(bytes: Int, limit: Int)
    /// The bytes are not UTF-8.
    case invalidUTF8(byteOffset: Int)
    /// The file extension names no known format.
    case unknownFormat(extension: String)
    /// YAML the parser rejected (libyaml's words).
    case yamlSyntax(String)
    /// JSON the parser rejected.
    case jsonSyntax(String)
    /// A key repeated in one mapping.
    case duplicateKey(String)
    /// More than one YAML document in the file.
    case multipleDocuments
    /// YAML aliases expand to more nodes than allowed ("billion laughs").
    case aliasExpansion(limit: Int)
    /// A mapping key that is not a scalar: `what` is "an alias", "a list" or "a mapping".
    case complexKey(String)
    /// Nesting deeper than allowed.
    case nestingTooDeep(limit: Int)
    /// A string longer than allowed.
    case stringTooLong(length: Int, limit: Int)
    /// A number that does not fit a double, or NaN/infinity.
    case numberOutOfRange(String)

    // MARK: Imported forms

    /// A form in another format (an ODK workbook, an XForm, a SurveyJS survey) that
    /// breaks that format's own rules; `hint` says how to mend it.
    case importError(String, hint: String?)
    /// A test file (`formwork test`) that breaks the case format, or names what its
    /// form does not have; `hint` says how to mend it.
    case invalidTest(String, hint: String?)
    /// A construct of another format that Formwork cannot represent (`what`), and why;
    /// never dropped silently.
    case unsupportedConstruct(String, reason: String)
    /// Something of another format that is read with a loss a user should know of
    /// (a label's image), as a warning.
    case importNotice(String)

    // MARK: Definition structure

    /// A key that the context does not know; `context` reads like "a field".
    case unknownKey(String, context: String, suggestion: String?)
    /// A key the context needs.
    case missingKey(String, context: String)
    /// A value of the wrong shape: `expected` and `found` read like "a string", "a list".
    case wrongType(key: String?, expected: String, found: String)
    /// A field kind that does not exist.
    case unknownKind(String, suggestion: String?)
    /// An id used twice (fields and sections share one namespace).
    case duplicateID(String, firstLine: Int)
    /// An id that cannot be referenced as `$id`.
    case invalidID(String)
    /// A key that exists, but not for this kind of field.
    case keyNotApplicable(key: String, kind: String)
    /// A field with `requiredMessage` but no `required`: the message could never show.
    case requiredMessageWithoutRequired
    /// A choice or multichoice without options.
    case noOptions(kind: String)
    /// A choice field whose options are an empty list (a warning: it is shown, and can
    /// never be answered, as in the engines that open such forms).
    case emptyOptions(field: String)
    /// Two options with one value.
    case duplicateOption(String)
    /// A form or section with nothing in it.
    case empty(context: String, missing: String)
    /// `min` above `max` (or `minLength` above `maxLength`, …).
    case rangeInverted(lowerKey: String, lower: String, upperKey: String, upper: String)
    /// Two keys that cannot be given together (`start` beside `count`), and why.
    case keysExclusive(key: String, other: String, reason: String)
    /// A number that must be positive or non-negative.
    case notPositive(key: String, value: String, allowZero: Bool)
    /// A date that is not `YYYY-MM-DD`.
    case invalidDate(String)
    /// A time that is not `HH:MM` or `HH:MM:SS`.
    case invalidTime(String)
    /// A date and time that is not `YYYY-MM-DD HH:MM[:SS]` (or with a `T`).
    case invalidDateTime(String)
    /// A file field's extension that is empty or holds a dot, slash or space.
    case invalidExtension(String)
    /// A file field's `maxSize` that is not a size (`10MB`, `512KiB`, `2000000`).
    case invalidSize(String)
    /// An unknown `format` for a text field.
    case unknownTextFormat(String, suggestion: String?)
    /// A regular expression that does not compile.
    case invalidPattern(pattern: String, reason: String)
    /// More selections required than options exist.
    case selectionBound(key: String, value: Int, optionCount: Int)
    /// A default (or other literal value) the field would reject.
    case invalidDefault(field: String, reason: FieldError)
    /// Fields whose conditions or values depend on each other in a circle.
    case cycle([String])
    /// A warning: a repeat's `count` reads its own entries, through `through`.
    case countReadsItsEntries(group: String, through: [String])
    /// More fields than allowed.
    case tooManyFields(count: Int, limit: Int)
    /// A repeat's `max` or literal `count` beyond `Limits.maximumEntries` (or negative).
    case tooManyEntries(Int, limit: Int)
    /// Repeats nested deeper than `Limits.maximumRepeatDepth`.
    case repeatTooDeep(limit: Int)

    // MARK: Languages

    /// A text written per language in a form that declares no `languages`.
    case undeclaredLanguages
    /// A text (or `defaultLanguage`) in a language the form does not declare.
    case unknownLanguage(String, declared: [String], suggestion: String?)
    /// A warning: a text lacks a declared language; `owner` reads like "field 'age'".
    case missingTranslation(owner: String, key: String, language: String, fallback: String)

    // MARK: Expressions

    /// A character that cannot start a token.
    case unexpectedCharacter(String)
    /// A string literal without its closing quote.
    case unterminatedString
    /// The parser found one thing where it needed another.
    case unexpectedToken(found: String, expected: String)
    /// `$name` names no field.
    case unknownReference(String, suggestion: String?)
    /// A field of each entry of a repeat, read from outside the repeat's entries.
    case entryFieldOutside(field: String, repeat: String)
    /// `$members.name` where the repeat has no such field or nested repeat.
    case notInRepeat(name: String, repeat: String, suggestion: String?)
    /// The entries of a repeat used as a value (`$members == 3`).
    case entriesAsValue(String)
    /// `index()` outside every repeat.
    case indexOutsideRepeat
    /// A note has no value to read.
    case referenceToNote(String)
    /// No such function.
    case unknownFunction(String, suggestion: String?)
    /// `lookup('t', …)` where the form's `data:` has no table `t` (`known`: those it has).
    case unknownTable(String, known: [String], suggestion: String?)
    /// `lookup('t', 'c', …)` where table `t` has no column `c`.
    case unknownColumn(String, table: String, known: [String], suggestion: String?)
    /// `cell('c')` or `row()` outside the condition of a `lookup()` (`name`: the function).
    case rowOutsideLookup(String)
    /// A function called with the wrong number of arguments (`usage` like `round(number, digits)`).
    case wrongArity(function: String, expected: String, found: Int, usage: String)
    /// A function argument of the wrong type.
    case argumentType(function: String, position: Int, expected: String, found: String, usage: String)
    /// An operator applied to the wrong types.
    case operandType(operator: String, expected: String, found: String)
    /// `==`, `<`, `in`, … between types that cannot be compared.
    case incompatibleComparison(operator: String, left: String, right: String)
    /// A list whose elements have different types.
    case mixedList(first: String, other: String)
    /// An expression of the wrong type where a type is required (`context` like "'visible'").
    case resultType(context: String, expected: String, found: String)
    /// A value compared with a choice field that is not one of its options.
    case notAnOption(value: String, field: String, suggestion: String?)
    /// `matches` needs a literal pattern, so that it is checked when the file loads.
    case patternNotLiteral
    /// Expressions nested deeper than allowed.
    case expressionTooDeep(limit: Int)
    /// An expression longer than allowed.
    case expressionTooLong(length: Int, limit: Int)

    // MARK: Values files

    /// A value for a field the form does not have.
    case unknownField(String, suggestion: String?)
    /// A value the field rejects.
    case invalidValue(field: String, reason: FieldError)
    /// More entries for a repeat than its `count` gives (values files, drafts).
    case entriesBeyondCount(group: String, given: Int, count: Int, expression: String)

    // MARK: Behaviours

    /// An input's `type` that does not exist.
    case unknownInputType(String, suggestion: String?)
    /// Two fields (or a field and a repeat) whose answers would share one name in one
    /// object of the answers (`key:`).
    case duplicateAnswerKey(String, firstLine: Int)
    /// A `submission.format` that no registered `AnswerFormat` has (`known`: those
    /// that are).
    case unknownAnswerFormat(String, known: [String], suggestion: String?)
    /// A field in `recalculate.on` that the form does not have.
    case unknownTriggerField(String, suggestion: String?)
    /// A field in `recalculate.on` that cannot trigger the field.
    case invalidTrigger(field: String, reason: TriggerProblem)
}

/// Why a field cannot trigger another's `recalculate`.
public enum TriggerProblem: Hashable, Sendable {
    /// The field names itself.
    case itself
    /// A note: nothing sets it (a computed field changes with what it reads).
    case notSettable(kind: String)
    /// A field of each entry of a repeat, seen from outside its entries.
    case outsideEntries(repeat: String)
}
