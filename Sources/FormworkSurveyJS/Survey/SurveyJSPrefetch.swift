import Dispatch
import Formwork
import Foundation

/// The survey's conditions translated ahead, on the other core, while the reader
/// builds the document: a thread of its own walks the pages, panels and questions
/// outside dynamic panels and matrices in order, translates each `visibleIf` and
/// `requiredIf` as the reader will (a `.condition` holding where the value is `true`)
/// and each title that shows answers (`{name}`), and keeps each translation that
/// succeeds; the reader takes it when it comes to
/// that condition, or translates it itself when the thread has not got there yet.
///
/// A translation is a function of the expression, where it is read (the key) and of
/// what the reader knows once its symbols are registered, which the building does
/// not change: taken or made, it is the same. The thread works on a copy of the
/// reader, with caches and a work count of its own; a translation taken counts the
/// steps it took against the survey's work, and is not taken when that would exhaust
/// it (the reader then translates it and says so, as before). One that fails is
/// never kept: the reader translates it and reports why.
final class SurveyJSPrefetch: @unchecked Sendable {
    /// Where a translation is read: the expression and how the reader translates it.
    struct Key: Hashable {
        let text: String
        let use: ExpressionUse
        let repeats: [String]
        let current: String?
        let rule: SurveyJSCondition
        let item: String?

        init(
            _ text: String, use: ExpressionUse, repeats: [String], current: SurveyJSSymbol?,
            rule: SurveyJSCondition, item: String?
        ) {
            self.text = text
            self.use = use
            self.repeats = repeats
            self.current = current?.id
            self.rule = rule
            self.item = item
        }
    }

    /// A translation, and the work it took.
    struct Entry {
        let translation: TranslatedExpression
        let steps: Int
    }

    /// The names skipped when the copy was made: a translation is for those only.
    let skipped: Set<String>
    private let lock = NSLock()
    // Guarded by `lock`.
    private var entries: [Key: Entry] = [:]
    /// Titles with `{name}`s, by their text, as `SurveyJSTranslator.template` writes them.
    private var templates: [String: (text: String, steps: Int)] = [:]
    private var stopped = false
    private let group = DispatchGroup()
    /// The copy of the reader the thread translates with (its own caches and work).
    private let reader: SurveyJSReader

    /// Starts translating `reader`'s conditions (its symbols registered).
    init(_ reader: SurveyJSReader) {
        skipped = reader.skippedNames
        var copy = reader
        copy.parses = SurveyJSParses()
        copy.work = SurveyJSWork(limit: reader.work.limit)
        copy.prefetch = nil
        copy.problems = ImportProblems()
        self.reader = copy
        DispatchQueue.global(qos: .userInitiated).async(group: group) { [self] in
            // Kept page by page: one lock a page, not one a condition.
            for page in self.reader.pages {
                guard !lock.withLock({ stopped }) else { return }
                var made = Made()
                visit(page, with: self.reader, into: &made)
                lock.withLock {
                    entries.merge(made.entries) { _, new in new }
                    templates.merge(made.templates) { _, new in new }
                }
            }
        }
    }

    /// What the thread made of a page.
    private struct Made {
        var entries: [Key: Entry] = [:]
        var templates: [String: (text: String, steps: Int)] = [:]
    }

    private func visit(_ element: SurveyJSElement, with reader: SurveyJSReader, into made: inout Made) {
        for key in ["visibleIf", "requiredIf"] {
            guard let written = element.scalarText(key) else { continue }
            let text = SurveyJSReader.trimmed(written)
            guard !text.isEmpty else { continue }
            let before = reader.work.done
            let context = reader.context(repeats: [])
            guard
                let translation = try? SurveyJSTranslator.translate(
                    text, as: .condition, in: context, parse: reader.parses.parse)
            else { continue }
            let key = Key(text, use: .condition, repeats: [], current: nil, rule: .isTrue, item: nil)
            made.entries[key] = Entry(translation: translation, steps: reader.work.done - before)
        }
        if let title = element.text("title"), title.utf8.contains(UInt8(ascii: "{")) {
            let before = reader.work.done
            if let text = try? SurveyJSTranslator.template(title, in: reader.context(repeats: [])) {
                made.templates[title] = (text, reader.work.done - before)
            }
        }
        // Into pages and panels; a dynamic panel's or a matrix's are read in their entries.
        guard element.type == "panel" || element.type.isEmpty || element.type == "page" else { return }
        for child in SurveyJSReader.children(of: element) { visit(child, with: reader, into: &made) }
    }

    /// The translation made for `key`, if the thread has made it.
    func translation(for key: Key) -> Entry? {
        lock.withLock { entries[key] }
    }

    /// The title made of `raw` (read outside dynamic panels and matrices), if the
    /// thread has made it.
    func template(for raw: String) -> (text: String, steps: Int)? {
        lock.withLock { templates[raw] }
    }

    /// Waits until the thread has translated everything it translates (for tests: the
    /// reader then takes every translation the thread made).
    func waitForAll() { group.wait() }

    /// Stops the thread and waits for it (the reader is done).
    func finish() {
        lock.withLock { stopped = true }
        group.wait()
    }
}
