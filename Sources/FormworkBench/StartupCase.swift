import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Case 6: start-up, as a whole process: `formwork show Forms/seed.yaml` (load,
/// check, evaluate and render the bundled seed form) against `formwork --version`
/// (the same executable doing nothing: dynamic loading and runtime start-up).
enum StartupCase {
    static func run(runs: Int) -> [BenchRow] {
        let directory = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        let formwork = directory.appendingPathComponent("formwork")
        // The package root: the working directory (make bench, swift run), else the
        // one holding this executable's .build directory.
        let roots = [
            URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
            directory.deletingLastPathComponent().deletingLastPathComponent(),
        ]
        guard FileManager.default.isExecutableFile(atPath: formwork.path) else {
            return [unavailable("\(formwork.path) is not built: run `make bench`, which builds it")]
        }
        guard
            let seed = roots.map({ $0.appendingPathComponent("Forms/seed.yaml") })
                .first(where: { FileManager.default.fileExists(atPath: $0.path) })
        else {
            return [unavailable("Forms/seed.yaml not found: run from the package directory")]
        }
        guard launch(formwork, ["show", seed.path]) == 0 else {
            return [unavailable("`formwork show \(seed.path)` failed")]
        }
        let processRuns = max(runs, 11)
        var shows: [Duration] = [], versions: [Duration] = [], ratios: [Double] = []
        let clock = ContinuousClock()
        _ = launch(formwork, ["--version"])
        for _ in 0..<processRuns {
            let version = clock.measure { _ = launch(formwork, ["--version"]) }
            let show = clock.measure { _ = launch(formwork, ["show", seed.path]) }
            versions.append(version)
            shows.append(show)
            ratios.append(ratio(show, version))
        }
        let show = shows.sorted()[processRuns / 2], version = versions.sorted()[processRuns / 2]
        let relative = ratios.sorted()[processRuns / 2]
        return [
            BenchRow(
                benchmarkCase: "start-up: formwork show Forms/seed.yaml", size: "process", time: format(show),
                baseline: "--version \(format(version))", ratio: String(format: "%.2f×", relative),
                target: "≤ 50 ms", note: "median of \(processRuns) launches; form work \(format(show - version))",
                met: show <= .milliseconds(50))
        ]
    }

    static func unavailable(_ reason: String) -> BenchRow {
        BenchRow(
            benchmarkCase: "start-up: formwork show Forms/seed.yaml", size: "process", time: "—", baseline: "—",
            ratio: "—", target: "≤ 50 ms", note: reason, met: false)
    }

    /// Runs the executable with output discarded; its exit status. `posix_spawn`
    /// and `waitpid` directly: Foundation's `Process` adds tens of milliseconds of
    /// its own per launch, which would swamp what is measured.
    static func launch(_ executable: URL, _ arguments: [String]) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, executable.path, &actions, nil, argv, environ) == 0 else { return -1 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : -1
    }
}
