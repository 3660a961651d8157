import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Timing and memory readings.
enum Measure {
    /// The median of `runs` timed runs after `warmups` untimed ones. A run of a fast
    /// body repeats it until the run lasts at least `minimum`, and reports the time of
    /// one repetition, so small sizes are not lost in timer noise.
    static func median(
        runs: Int, warmups: Int = 1, minimum: Duration = .milliseconds(20), _ body: () -> Void
    ) -> Duration {
        let clock = ContinuousClock()
        for _ in 0..<warmups { body() }
        var repetitions = 1
        if warmups > 0 {
            let once = clock.measure(body)
            if once < minimum {
                repetitions = Int(min(10_000, (seconds(minimum) / max(seconds(once), 1e-9)).rounded(.up)))
            }
        }
        var times: [Duration] = []
        for _ in 0..<runs {
            let elapsed = clock.measure { for _ in 0..<repetitions { body() } }
            times.append(elapsed / repetitions)
        }
        times.sort()
        return times[times.count / 2]
    }

    /// Times a candidate and its baseline in alternation (so both see the same machine
    /// state), `runs` pairs after a warm-up of each.
    ///
    /// - Returns: The median candidate time, the median baseline time, and the median
    ///   of the per-pair ratios (what targets are judged on).
    static func paired(runs: Int, candidate: () -> Void, baseline: () -> Void) -> (Duration, Duration, Double) {
        let clock = ContinuousClock()
        candidate()
        baseline()
        let repetitions = repetitions(once: max(clock.measure(candidate), clock.measure(baseline)))
        var candidates: [Duration] = [], baselines: [Duration] = [], ratios: [Double] = []
        for _ in 0..<runs {
            let b = clock.measure { for _ in 0..<repetitions { baseline() } } / repetitions
            let c = clock.measure { for _ in 0..<repetitions { candidate() } } / repetitions
            candidates.append(c)
            baselines.append(b)
            ratios.append(seconds(c) / max(seconds(b), 1e-12))
        }
        return (candidates.sorted()[runs / 2], baselines.sorted()[runs / 2], ratios.sorted()[runs / 2])
    }

    /// As `paired`, for actions whose state must be put back between timings (an
    /// entry added, then removed): each body times its own action, does the untimed
    /// rest itself, and returns the time.
    ///
    /// - Returns: The median candidate time, the median baseline time, and the median
    ///   of the per-pair ratios.
    static func paired(
        runs: Int, timingItself candidate: () -> Duration, baseline: () -> Duration
    ) -> (Duration, Duration, Double) {
        _ = candidate()
        _ = baseline()
        let repetitions = repetitions(once: max(candidate(), baseline()))
        var candidates: [Duration] = [], baselines: [Duration] = [], ratios: [Double] = []
        for _ in 0..<runs {
            var b = Duration.zero, c = Duration.zero
            for _ in 0..<repetitions { b += baseline() }
            for _ in 0..<repetitions { c += candidate() }
            candidates.append(c / repetitions)
            baselines.append(b / repetitions)
            ratios.append(seconds(c) / max(seconds(b), 1e-12))
        }
        return (candidates.sorted()[runs / 2], baselines.sorted()[runs / 2], ratios.sorted()[runs / 2])
    }

    /// How many times to repeat a body that took `once` so that a run lasts 20 ms.
    static func repetitions(once: Duration) -> Int {
        let minimum = Duration.milliseconds(20)
        return once < minimum ? Int(min(10_000, (seconds(minimum) / max(seconds(once), 1e-9)).rounded(.up))) : 1
    }

    /// Seconds as a double.
    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// This process's peak resident memory, in bytes (from the operating system).
    static func peakResidentBytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss * 1024
    }
}

/// Keeps the optimiser from discarding a result.
@inline(never) func consume<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// One line of the results table.
struct BenchRow {
    var benchmarkCase: String
    var size: String
    var time: String
    var baseline: String
    var ratio: String
    var target: String
    var note: String
    var met: Bool?
}

func format(_ duration: Duration) -> String {
    let seconds = Measure.seconds(duration)
    if seconds >= 1 { return String(format: "%.2f s", seconds) }
    if seconds >= 1e-3 { return String(format: "%.2f ms", seconds * 1e3) }
    return String(format: "%.1f µs", seconds * 1e6)
}

func ratio(_ value: Duration, _ baseline: Duration) -> Double {
    Measure.seconds(value) / max(Measure.seconds(baseline), 1e-12)
}
