import Dispatch
import Formwork

/// The checks of a survey that read it and report, and change nothing the reading
/// uses — its shapes (`checkShapes`) and its properties against survey-core's model
/// (`checkModel`) — run on a thread of their own while the reader builds the
/// document: a large survey is imported in the time its reading takes.
///
/// The checks run on a copy of the reader (its survey is immutable, and they touch
/// none of its shared caches); `wait()` gives what each found, for the reader to put
/// where it would have reported it.
final class SurveyJSChecks: @unchecked Sendable {
    // Written by the checking thread only, and read after `wait()`: the group's wait
    // orders the two.
    private var reader: SurveyJSReader
    private var shapes = ImportProblems()
    private var model = ImportProblems()
    private let group = DispatchGroup()

    /// Starts the checks of `reader`'s survey.
    init(_ reader: SurveyJSReader) {
        var copy = reader
        copy.problems = ImportProblems()
        self.reader = copy
        DispatchQueue.global(qos: .userInitiated).async(group: group) { [self] in run() }
    }

    private func run() {
        reader.checkShapes()
        shapes = reader.problems
        reader.problems = ImportProblems()
        reader.checkModel()
        model = reader.problems
    }

    /// What the checks found, once they are done: the shapes' problems, the model's.
    func wait() -> (shapes: ImportProblems, model: ImportProblems) {
        group.wait()
        return (shapes, model)
    }
}
