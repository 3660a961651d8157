/// SurveyJS surveys in Formwork: survey JSON read as a `FormDefinition`, and answers
/// written as SurveyJS's `survey.data` (issue 17).
///
/// ## Design
/// As for ODK, reading is done in two layers, so that every problem names its place:
///
/// 1. **The JSON.** The survey is parsed by Formwork's own JSON reader (the same
///    limits as a definition: size, depth, string length) into a
///    `DefinitionDocument` whose every node carries its `line:col`, so an element
///    that cannot be represented is reported as `survey.json:812:14: …` with its
///    `name`.
/// 2. **The survey.** `SurveyJSReader` walks `pages` → `elements` (panels nested,
///    their `visibleIf`s combined through the section and group structure) and maps
///    each element type to Formwork's kinds: pages and panels become sections (a
///    panel inside a page becomes a section of its own, in order, its condition the
///    conjunction of its page's and its own), questions become fields, dynamic
///    panels and dynamic matrices become repeats, static matrices and multiple text
///    become one field per row or cell (re-nested when answers are written). Every
///    SurveyJS expression (`visibleIf`, `enableIf`, `requiredIf`, `expression`,
///    validators, `{q}` in texts) goes through `SurveyJSTranslator`, which reads
///    SurveyJS's grammar and writes the Formwork expression that computes what
///    survey-core computes (text compared case-insensitively and trimmed, numbers
///    and numeric text compared as numbers, unanswered values as SurveyJS treats them).
///
/// Names: a SurveyJS question's `name` is its data key and may hold spaces, dots or
/// dashes; the field's id is a Formwork identifier derived from it (unique in the
/// form) and the name is kept as the field's answer `key`, so answers are written
/// under SurveyJS's names.
///
/// What needs a pointer, a clock or a network gets its closest terminal equivalent,
/// with a warning (a signature is an image file, an image map a choice, a timer is
/// said, choices from a URL a typed value). What cannot be represented is listed with
/// its JSON position and never dropped silently: an error unless the caller skips
/// unsupported constructs, then a note row saying what was skipped.
///
/// The parts, by folder: `Survey/` (`SurveyJSReader` and the elements it reads),
/// `Expressions/` (survey-core's grammar lexed and parsed, its values, and
/// `SurveyJSTranslator`, which writes through Formwork's `ExpressionText`) and
/// `Data/` (`SurveyJSData`). The public surface: `SurveyJSImport` with its
/// `DefinitionImporter`, `SurveyJSData`, and `SurveyJSTranslator` with the
/// `SurveyJSContext` it reads names in (the fuzz target translates expressions alone).
public enum FormworkSurveyJS {}
