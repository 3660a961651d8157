// FormworkCore: the descriptor-driven data source, without UIKit.
//
// Design
// ======
//
// The vocabulary is the one iOS developers know from allaboutapps' DataSource and
// JSQDataSourcesKit; the behaviour is specified so that a terminal, a test or a
// JSON-RPC client can all be the "table view".
//
// Model (`Model/`)
//   `Section`s hold `Row`s. A row wraps one `Diffable` item of any type and carries a
//   `DescriptorIdentifier` that picks its `CellDescriptor` (by default: the item's
//   type). A row's identity (descriptor + `diffIdentifier`) is hashed once, when the
//   row is created, so reloads never re-hash strings; rows that did not change are
//   the same storage object in the old and the new snapshot, so comparing them is a
//   pointer comparison.
//
// Descriptors (`Descriptors/`)
//   `CellDescriptor<Item, Cell>` is a typed, chainable builder (`configure`, `update`,
//   `didSelect`, `isHidden`, `height`, `canEdit`, `commitEditing`) over the erased
//   `CellDescriptorType`. `SectionDescriptor<Content>` gives a section its header,
//   footer and `isHidden`; a `SectionDescriptor<String>` starts with the title
//   header. Type mismatches are preconditions naming the descriptor.
//
// Data source (`DataSource/`)
//   `DataSource` owns `sections` (the model) and the *visible snapshot* (what the view
//   shows). `reloadData(_:animated:)` pulls visibility: every section's and row's
//   `isHidden` is evaluated again, the new visible snapshot is built, and either the
//   view reloads everything or the snapshot is diffed against the previous one and
//   the view gets one `Changeset`. `reloadData(_:animated:sections:)` evaluates only
//   the listed sections again; debug builds check that the others did not change.
//   `visibleSections` reads the visible snapshot without copying it. Every behaviour
//   resolves through one chain: descriptor closure → data source closure →
//   `fallbackDelegate` → documented default.
//
// Diff (`Diff/`)
//   One engine, generic over a `DiffSource` (sections and rows addressed by index) so
//   the hot loops are specialised for the caller's key types, even across modules
//   (`@inlinable`). Per matched section pair it trims the common prefix and suffix
//   (one comparison per row), pools the remaining rows of all sections in one hash
//   table (Heckel-style, expected linear time), pairs duplicates in order, and finds
//   moves with a longest-increasing-subsequence pass, so only rows that really changed
//   their relative order are reported as moved.
//
// Composite (`Composite/`)
//   `CompositeDataSource` shows several data sources as one list. Children keep their
//   descriptors; their snapshots are concatenated (keys namespaced by child) and diffed
//   as one, so a child's change reaches the view as one correct batch.
//
// View (`View/`)
//   `ListView` is what a renderer implements: reload everything, perform a batch,
//   dequeue a cell, hand back a displayed cell for in-place updates. `ListDataSource`
//   is what the view may ask of any data source (counts, cells, headers, selection).
