import ArgumentParser
import Formwork

/// `--now MOMENT`: the moment `today()` and `now()` read instead of the clock's, for
/// `fill`, `show`, `serve` (through `FormArguments`) and `validate`.
struct ClockOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The moment today() and now() read, YYYY-MM-DDTHH:MM:SS or YYYY-MM-DD (its midnight; default: "
                + "the clock): fills, replays and checks that come out the same on any day.", valueName: "moment"))
    var now: String?

    func validate() throws {
        if let now, LocalDateTime(moment: now) == nil {
            throw ValidationError("--now expects YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS, got '\(now)'")
        }
    }

    /// The moment given, if any.
    var moment: LocalDateTime? { now.flatMap { LocalDateTime(moment: $0) } }
}
