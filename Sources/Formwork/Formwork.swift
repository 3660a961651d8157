// Formwork: forms defined in files, on top of FormworkCore.
//
// The module's overview, for readers and for DocC, is Documentation.docc/Formwork.md.
// This is the map of the code, folder by folder (one concept per file):
//
// Syntax/       YAML (Yams' compose) and JSON (a strict parser of its own, for
//               positions) as one `SyntaxNode` tree, every node at its line and
//               column; `Limits` bound everything before it is built.
// Definition/   `DefinitionDecoder` (structure → fields → expressions → checks, every
//               problem collected), `DefinitionDocument` (what importers build and
//               `convert` writes), `DefinitionImporter`, the dependency graph.
// Model/        `FormDefinition`, `FieldDefinition`, `RepeatDefinition`, `FormText`,
//               `FieldKind`, `HiddenAnswers`.
// Kinds/        One file per built-in field kind: how it decodes, validates, parses,
//               shows, asks and writes JSON (`KindSpecification`).
// Expression/   Lexer → Parser → TypeChecker → ExpressionCompiler → CompiledExpression;
//               the function library; `Semantics` (the runtime rules).
// Regex/        The linear-time pattern matcher.
// Import/       What importers write in Formwork's language (`ExpressionText`,
//               `IDAllocator`, `TranslatedExpression`) and report (`ImportProblems`).
// Answers/      Answer formats as plug-ins: `AnswerFormat`, `FormatRegistry`,
//               `FormworkAnswerFormat`, `SubmissionLayout`.
// Session/      `FormSession`, a façade over its parts:
//                 Store/         `AnswerStore` (values, entries, touched; reports each
//                                change), `EntryTree`, `FieldPath`, `AnswerLoader`;
//                 Evaluation/    visibility, computed values, errors, the verdict, and
//                                change propagation (`Evaluation+Propagation`);
//                 Undo/          `UndoJournal`;
//                 Presentation/  `FormPresentation`: the `DataSource`, layout, rows,
//                                pages, progress, `FormChange`;
//                 Drafts/        `ChangeLog`, `FormDraft`.
// Validation/   `FieldValues` (the one value check), `FieldError`.
// Response/     `ResponseValidator`: a finished response loaded into a store of its
//               own and checked with the store and the evaluation alone.
// Server/       `FormServer` (JSON-RPC without I/O): the method table, `ServerProblem`.
// Schema/       The JSON Schemas of definitions and of a form's answers.
// Diagnostics/  `Diagnostic`, `Problem` and the one renderer; `Suggestions`.
