import FormworkCore

/// What a session shows: the `DataSource` with one row per field instance (one
/// `CellDescriptor` per field kind, each `visible` condition its `isHidden`), the
/// layout of its sections (`FormLayout`), which rows a change reaches, pages,
/// progress, and the changes a reload reports.
///
/// It reads the session's answers and evaluation, and is told by the session what
/// changed (`pendingRows`, `noteEntryChange`); `reload` then rebuilds only that. A
/// session makes it when it is first asked for (a finished response checked by
/// `ResponseValidator` never needs one). Public API is the session's
/// (`FormSession+Presentation`).
final class FormPresentation {
    unowned let session: FormSession

    /// The data source itself, made (and laid out) when first read.
    private(set) lazy var source: DataSource = makeDataSource()
    /// The visible required fields and how many are answered, kept up to date at
    /// each reload from what it changed (`nil`: counted again when next read).
    var requiredTally: RequiredProgress?
    /// Instances whose rows must be rebuilt at the next reload.
    var pendingRows: Set<Int> = []
    /// Whether the layout of sections changed (entries added, removed or moved), and
    /// the groups whose entries changed (`FormLayout.key`).
    var pendingLayout = false
    var pendingGroups = Set<Int>()
    /// The entries added, removed or moved since the last reload, in order.
    var pendingEntryChanges: [(entry: Int, change: EntryChange)] = []
    /// The scopes with rows to rebuild, during a reload.
    var dirtyScopes = Set<Int>()
    /// Whether everything must be shown again (first reload, `today`, every error shown).
    var reloadEverything = true
    /// Current rows by instance, reused while their content is unchanged.
    var rows: [Row?]
    /// Whether the data source has shown the form once (so partial reloads can follow).
    var hasReloaded = false
    /// The sections of the last layout, and where each instance's row is.
    var layout = FormLayout()
    /// Called after every reload with what changed (see `FormChange`).
    var onChange: ((FormChange) -> Void)?
    let changeChannels = ChangeChannels()

    init(session: FormSession) {
        self.session = session
        store = session.store
        definition = session.definition
        rows = Array(repeating: nil, count: session.tree.instanceCount)
    }

    /// The session's definition, held here (read for every row: see `AnswerLoader`).
    let definition: FormDefinition
    /// The session's answers, held here too: read for every row, and a session (which
    /// its store observes weakly) is slower to reach through an `unowned` reference.
    let store: AnswerStore
    var tree: EntryTree { store.tree }
    var values: [Value] { store.values.values }
    /// The session's evaluation, settled: during a reload, the one settled when it
    /// began, held here (asked for every row, it is not looked up through the session
    /// each time).
    var evaluation: Evaluation { reloadEvaluation ?? session.evaluation }
    /// The evaluation a reload under way reads (`nil` between reloads).
    var reloadEvaluation: Evaluation?

    /// What happened to an entry, for the layout.
    enum EntryChange {
        case added, removed, moved
    }

    /// An entry was added, removed or moved: its sections are laid out again.
    func noteEntryChange(_ entry: Int, _ change: EntryChange) {
        let repeatIndex = tree.scopes[entry].repeatIndex!
        let holder = tree.scopes[entry].parent
        pendingLayout = true
        pendingGroups.insert(holder * definition.repeats.count + repeatIndex)
        pendingEntryChanges.append((entry, change))
    }

    /// Makes room for the rows of instances added since.
    func growToFit() {
        rows += repeatElement(nil, count: tree.instanceCount - rows.count)
    }
}
