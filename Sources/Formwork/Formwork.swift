// Formwork: forms defined in files, on top of FormworkCore.
//
// Design
// ======
//
// Pipeline: file → positioned syntax tree → definition → checked expressions →
// session (values + DataSource) → views.
//
// Syntax (`Syntax/`)
//   YAML (through Yams' `compose`) and JSON (a small strict parser, because no
//   package reports JSON positions) both become one `SyntaxNode` tree whose every
//   node carries its 1-based line and column. Scalars keep their text and whether
//   they were quoted; typing happens later, where the expected type is known (a
//   plain `yes` is text for a label and a boolean nowhere unless a boolean is asked).
//
// Definition (`Definition/`, `Model/`)
//   `DefinitionDecoder` walks the tree with a `DiagnosticCollector`: every
//   unknown key ("did you mean …"), wrong type, duplicate id, misplaced key and
//   missing key is collected, so a user sees every problem of a file at once. The
//   result is a `FormDefinition` of `SectionDefinition`s and `FieldDefinition`s
//   (kinds: text, secure, number, switch, choice, multichoice, date, note, computed).
//
// Expressions (`Expression/`, one stage per file, named after its type)
//   `Lexer` (`Token`s with offsets) → `Parser` (one function per precedence level;
//   grammar in its doc comment) → `Expression` tree with source ranges →
//   `TypeChecker` (every reference exists, functions exist with the right arity and
//   types, conditions are boolean, compared choice values are options, regexes
//   compile) → `ExpressionCompiler` → `CompiledExpression`: a tree of closures,
//   evaluated against an `EvaluationContext` by the runtime rules in `Semantics`;
//   `CompiledExpression.init` runs the whole pipeline. Each expression records the
//   fields it reads. `DependencyGraph` (`Definition/`) orders fields and reports
//   cycles (`a → b → a`) as load errors.
//
// Semantics (README table): unanswered and hidden fields read as `null`; null
//   propagates through arithmetic, compares false except `== null` / `!= null`, and
//   a condition that is null counts as false. Division by zero is null.
//
// Session (`Session/`)
//   `FormSession` owns the values (hidden fields keep theirs) and a `DataSource`
//   whose rows are `FieldRow`s, one per field, keyed by field id, served by one
//   `CellDescriptor` per field kind. `visible` conditions are the descriptors'
//   `isHidden` closures; configuring a `FieldCell` and selection (a
//   `FieldInteraction` by kind) are the data source's own closures, so an
//   embedder's descriptor for a kind falls back to them. Views get the data source
//   read-only (`ListDataSource`). Conditions read values through an `Evaluation`
//   that memoises visibility, computed values and each field's first error, kept
//   up to date with what a change affects (`Invalidation`: all, or these fields
//   and what reads them): validation (`Evaluation+Validation`, the one validator),
//   export and the rows all ask it, so there is no second visibility path. A change
//   costs what it affects: its undo step records the fields it changed, the reload
//   rebuilds only their rows and sections, `FormChange` is built from those rows,
//   and drafts learn the changed fields from a change log.
//
// Diagnostics (`Diagnostics/`)
//   Errors are structured (`Diagnostic`: location, message, hint); one renderer
//   turns them into `path:line:col: error: message`, the source line, a caret,
//   and the hint.
