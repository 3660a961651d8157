// FormworkBuilder: forms written in Swift.
//
// Design
// ======
//
// A result-builder DSL whose only product is a `DefinitionDocument` — the same data
// an importer builds from an XLSForm or a survey — so a form in code is checked by
// the one loader, exactly as a file is (`FormDefinition(document:path:)`), and
// `formwork`'s tooling works on it: `yaml()`/`json()` write the equivalent file.
//
// Each element (`Form`, `Section`, the fields, `Repeat`) and each modifier
// (`.visible`, `.required`, `.range`, `.rule`, …) records where it was written
// (`#fileID`, `#line`, `#column`) as the place of the node it makes. The loader
// reports a problem at the place of its node, so a bad reference in
// `.visible("$nope == 1")` is reported at that call in the Swift source, with the
// expression quoted, as a compiler would: `MyTool/Deploy.swift:14:12: error: …`.
//
// Fields are small value types sharing one protocol (`FormElement`) for the keys
// every field has; kind-specific modifiers live on their kind (`TextField.pattern`,
// `NumberField.range`). `Field(_:kind:label:)` and `.set(_:_:)` reach every kind
// and key of the definition format, custom kinds included. This module is apart
// from `Formwork` because its names (`Section`, `Form`) are the DSL's, and
// `FormworkCore` already has a public `Section`.
