import FormworkCore
import Foundation

/// A `ListView` that keeps a mirror of what it shows and records every call, so
/// tests can check both the batches a data source sends and their effect.
///
/// Batches are applied to the mirror with `Changeset.apply`, exactly by the
/// documented semantics; a batch that does not fit is recorded in `errors`.
/// After any sequence of reloads, `sections` must equal `freshRendering()`.
///
/// ```swift
/// let view = RecordingListView()
/// dataSource.reloadData(view, animated: false)
/// dataSource.reloadData(view, animated: true)
/// #expect(view.lastChangeset == Changeset(rows: Changes(inserted: [IndexPath(row: 1, section: 0)])))
/// #expect(view.sections == view.freshRendering())
/// ```
public final class RecordingListView: ListView {
    /// One call the view received.
    public enum Event: Equatable, CustomStringConvertible {
        case reloadData
        case batch(Changeset)

        /// `reloadData`, or `batch(CHANGES)` with the changeset's description.
        public var description: String {
            switch self {
            case .reloadData: return "reloadData"
            case .batch(let changeset): return "batch(\(changeset))"
            }
        }
    }

    /// Every reload and batch, in order.
    public private(set) var events: [Event] = []
    /// Batches that did not fit the mirror.
    public private(set) var errors: [ChangesetError] = []
    /// The mirror: each visible section's header and footer texts, and its cells.
    public private(set) var mirror: [MirroredSection<SectionTexts, Any>] = []
    /// The data source last shown.
    public private(set) weak var dataSource: (any ListDataSource)?
    /// Makes a cell for a reuse identifier.
    let makeCell: (String) -> Any

    /// - Parameter makeCell: The cells to hand out (`RecordingCell` by default). A
    ///   cell's text in `sections` is its `description`.
    public init(makeCell: @escaping (String) -> Any = { RecordingCell(reuseIdentifier: $0) }) {
        self.makeCell = makeCell
    }

    /// A cell's text: its `description` (a `RecordingCell`'s `text`).
    static func text(of cell: Any) -> String {
        (cell as? CustomStringConvertible)?.description ?? "\(cell)"
    }

    /// The changeset of the last batch, if the last event was a batch.
    public var lastChangeset: Changeset? {
        if case .batch(let changeset)? = events.last { return changeset }
        return nil
    }

    /// The mirror as texts, for comparisons.
    public var sections: [MirroredSection<SectionTexts, String>] {
        mirror.map { MirroredSection(header: $0.header, cells: $0.cells.map(Self.text(of:))) }
    }

    /// What a full reload of the current data source would show.
    public func freshRendering() -> [MirroredSection<SectionTexts, String>] {
        guard let dataSource else { return [] }
        return Self.render(dataSource, in: self).map {
            MirroredSection(header: $0.header, cells: $0.cells.map(Self.text(of:)))
        }
    }

    /// The mirror as text: `# header`, one indented line per row, `— footer`.
    public func renderedText() -> String {
        var lines: [String] = []
        for section in mirror {
            if let header = section.header.header { lines.append("# \(header)") }
            lines.append(contentsOf: section.cells.map { "  \(Self.text(of: $0))" })
            if let footer = section.header.footer { lines.append("— \(footer)") }
        }
        return lines.joined(separator: "\n")
    }

    // MARK: ListView

    /// A new cell from `makeCell`, for every call: the view reuses nothing.
    public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> Any {
        makeCell(identifier)
    }

    /// The cell the mirror holds at `indexPath`, or `nil` when out of range.
    public func cellForRow(at indexPath: IndexPath) -> Any? {
        mirror.cell(at: indexPath)
    }

    /// Records `.reloadData` and renders the mirror afresh from `dataSource`.
    public func reloadData(from dataSource: any ListDataSource) {
        self.dataSource = dataSource
        events.append(.reloadData)
        mirror = Self.render(dataSource, in: self)
    }

    /// Records `.batch` and applies the changeset to the mirror, cells for inserted rows and
    /// sections coming from `dataSource`; a changeset that does not fit is added to `errors`.
    public func performBatchUpdates(_ changeset: Changeset, from dataSource: any ListDataSource) {
        self.dataSource = dataSource
        events.append(.batch(changeset))
        do {
            try changeset.apply(
                to: &mirror,
                insertedSection: { section in
                    MirroredSection(
                        header: SectionTexts(dataSource, section),
                        cells: Self.cells(ofSection: section, from: dataSource, in: self))
                },
                insertedRow: { path in Self.cell(at: path, from: dataSource, in: self) },
                updatedSection: { header, section in header = SectionTexts(dataSource, section) })
        } catch {
            errors.append(error)
        }
    }

    // MARK: Rendering

    static func render(
        _ dataSource: any ListDataSource, in view: RecordingListView
    ) -> [MirroredSection<SectionTexts, Any>] {
        (0..<dataSource.numberOfSections).map { section in
            MirroredSection(
                header: SectionTexts(dataSource, section),
                cells: cells(ofSection: section, from: dataSource, in: view))
        }
    }

    static func cells(ofSection section: Int, from dataSource: any ListDataSource, in view: RecordingListView) -> [Any]
    {
        (0..<dataSource.numberOfRows(inSection: section)).map {
            cell(at: IndexPath(row: $0, section: section), from: dataSource, in: view)
        }
    }

    static func cell(at indexPath: IndexPath, from dataSource: any ListDataSource, in view: RecordingListView) -> Any {
        guard let cell = dataSource.cellForRow(at: indexPath, in: view) else {
            preconditionFailure("RecordingListView got no cell for \(indexPath)")
        }
        return cell
    }
}

/// The texts of a section's header and footer, as a `RecordingListView` keeps them.
public struct SectionTexts: Equatable, CustomStringConvertible {
    /// The header's text, or `nil` when the section has none.
    public var header: String?
    /// The footer's text, or `nil` when the section has none.
    public var footer: String?

    /// The texts of a header and a footer; `nil` for none.
    public init(header: String? = nil, footer: String? = nil) {
        self.header = header
        self.footer = footer
    }

    init(_ dataSource: any ListDataSource, _ section: Int) {
        header = Self.text(dataSource.header(inSection: section))
        footer = Self.text(dataSource.footer(inSection: section))
    }

    static func text(_ headerFooter: HeaderFooter) -> String? {
        switch headerFooter {
        case .none: return nil
        case .title(let title): return title
        case .custom(let value): return "\(value)"
        }
    }

    /// `header/footer`, with `-` for a missing one.
    public var description: String { "\(header ?? "-")/\(footer ?? "-")" }
}
