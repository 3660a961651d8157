import Formwork

/// A seeded random fill through the engine, as different people would fill a form:
/// each visible question answered (or not) with one of the values its field takes
/// (`ScriptedFill.candidates`), repeats given a few entries, then what submit still
/// refuses cleared as `ScriptedFill` clears it. For property tests over responses.
///
/// ```swift
/// let session = try FormSession(definition: form, today: day)
/// guard RandomFill.fill(session, seed: 7, file: "/etc/hostname") else { return }  // cannot be submitted
/// #expect(session.validate().isEmpty)
/// ```
public enum RandomFill {
    /// Fills `session`; returns whether it can be submitted (`validate()` is empty).
    public static func fill(_ session: FormSession, seed: UInt64, file: String) -> Bool {
        var random = SeededGenerator(seed: seed)
        for group in session.groupPaths() {
            guard (try? session.entries(of: group)) != nil else { continue }
            let wanted = Int.random(in: 0...2, using: &random)
            for _ in 0..<wanted where (try? session.addEntry(group)) == nil { break }
        }
        // Two passes: answers may show questions that were hidden.
        for _ in 0..<2 {
            for path in ScriptedFill.unansweredPaths(session.relevantFields(), session: session) {
                guard Double.random(in: 0..<1, using: &random) < 0.75,
                    let field = ScriptedFill.field(named: path, in: session)
                else { continue }
                let candidates = ScriptedFill.candidates(
                    for: field, options: session.visibleOptions(of: path), file: file)
                for candidate in candidates.shuffled(using: &random).prefix(3)
                where (try? session.set(path, text: candidate)) != nil {
                    break
                }
            }
        }
        _ = ScriptedFill.fill(session, file: file)
        return session.validate().isEmpty
    }
}
