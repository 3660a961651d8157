import Foundation

/// Runs a built executable of this package and captures what it prints, for tests
/// that check a command as a user runs it.
///
/// ```swift
/// let result = try CommandRunner.run("formwork", ["check", "Forms/seed.yaml"])
/// #expect(result.status == 0)
/// ```
public enum CommandRunner {
    /// What a finished process left.
    public struct Result: Sendable {
        /// The exit status, or the signal's number when a signal ended the process.
        public var status: Int32
        /// Everything the process wrote to standard output, decoded as UTF-8.
        public var standardOutput: String
        /// Everything the process wrote to standard error, decoded as UTF-8.
        public var standardError: String
        /// Whether the process was killed for running past its time limit.
        public var timedOut = false
        /// Whether a signal ended the process (a crash, a trap, or the time limit);
        /// `status` is then the signal's number.
        public var killedBySignal = false
    }

    /// The directory holding the package's built products (next to the test bundle).
    public static var productsDirectory: URL {
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        while url.pathComponents.count > 1,
            !FileManager.default.fileExists(atPath: url.appendingPathComponent("formwork").path)
        {
            url.deleteLastPathComponent()
        }
        return url
    }

    /// Runs `product` with `arguments`, feeding `input` on standard input.
    ///
    /// - Parameters:
    ///   - product: The name of an executable built by this package (`"formwork"`).
    ///   - arguments: The command-line arguments, without the program's name.
    ///   - input: The text written to standard input, which is then closed.
    ///   - directory: The working directory (the package root by default).
    ///   - environment: Variables added to (or replacing) the current environment, which
    ///     starts from `neutralLocale` and `neutralSettings`.
    ///   - timeout: Kill the process after this long (`Result.timedOut` says so).
    /// - Returns: The exit status and everything the process printed.
    /// - Throws: The error of `Process.run()` when the executable cannot be started.
    public static func run(
        _ product: String, _ arguments: [String], input: String = "", directory: URL? = nil,
        environment: [String: String] = [:], timeout: Duration? = nil
    ) throws -> Result {
        try run(
            executable: productsDirectory.appendingPathComponent(product), arguments, input: Data(input.utf8),
            directory: directory, environment: environment, timeout: timeout)
    }

    /// Runs `product` with raw bytes on standard input (invalid UTF-8 included).
    public static func run(
        _ product: String, _ arguments: [String], bytes: Data, directory: URL? = nil,
        environment: [String: String] = [:], timeout: Duration? = nil
    ) throws -> Result {
        try run(
            executable: productsDirectory.appendingPathComponent(product), arguments, input: bytes,
            directory: directory, environment: environment, timeout: timeout)
    }

    /// The locale every run starts from (a caller's `environment` may change it): a
    /// translated form shows its default language whatever the machine's locale is.
    public static let neutralLocale = ["LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"]

    /// The user settings every run starts from (a caller's `environment` may change
    /// them): none — no accessible mode asked for by `ACCESSIBLE`, and a settings
    /// folder that holds no `formwork/config.yaml` — so a developer's own settings
    /// change no test.
    public static let neutralSettings = [
        "ACCESSIBLE": "",
        "XDG_CONFIG_HOME": FileManager.default.temporaryDirectory.appendingPathComponent("formwork-no-settings").path,
    ]

    /// Runs any executable (found on `PATH` when `executable` has no slash).
    public static func run(
        executable: URL, _ arguments: [String], input: String = "", directory: URL? = nil,
        environment: [String: String] = [:],
        timeout: Duration? = nil
    ) throws -> Result {
        try run(
            executable: executable, arguments, input: Data(input.utf8), directory: directory, environment: environment,
            timeout: timeout)
    }

    static func run(
        executable: URL, _ arguments: [String], input: Data, directory: URL?, environment: [String: String],
        timeout: Duration?
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.environment = ProcessInfo.processInfo.environment.merging(neutralLocale) { $1 }
            .merging(neutralSettings) { $1 }
            .merging(environment) { $1 }
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let writer = Thread {
            stdin.fileHandleForWriting.write(input)
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        // Read both pipes to the end before waiting, so a full pipe cannot block the child.
        let group = DispatchGroup()
        nonisolated(unsafe) var errorData = Data()
        group.enter()
        DispatchQueue.global().async {
            errorData = stderr.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        nonisolated(unsafe) var timedOut = false
        let watchdog = DispatchWorkItem { [process] in
            guard process.isRunning else { return }
            timedOut = true
            kill(process.processIdentifier, SIGKILL)
        }
        if let timeout {
            let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: watchdog)
        }
        let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        watchdog.cancel()
        var result = Result(
            status: process.terminationStatus, standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self))
        result.timedOut = timedOut
        result.killedBySignal = process.terminationReason == .uncaughtSignal
        return result
    }
}
