import ArgumentParser
import Formwork
import FormworkCore
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Case 5: memory, read from the operating system. Each reading runs in a fresh
/// process (this executable with `--probe`), so nothing else the benchmark holds
/// counts, and the high-water mark is reset (`/proc/self/clear_refs`) just before
/// the measured work.
enum MemoryCase {
    static func run(sessionFields: Int, diffRows: Int) -> [BenchRow] {
        var rows: [BenchRow] = []
        if let numbers = probe("session", size: sessionFields) {
            let (peak, before) = (numbers[0], numbers[1])
            let perField = Double(peak - before) / Double(sessionFields)
            rows.append(
                BenchRow(
                    benchmarkCase: "memory: session (load + reload)", size: sizeLabel(sessionFields),
                    time: String(format: "%.1f MiB peak", Double(peak - before) / 1_048_576),
                    baseline: String(format: "process %.1f MiB", Double(before) / 1_048_576),
                    ratio: String(format: "%.0f B/field", perField), target: "< 2048 B/field",
                    note: "peak resident above the bare process, from the YAML file to a reloaded session",
                    met: perField < 2048))
        }
        if let numbers = probe("diff", size: diffRows) {
            let (peak, before) = (numbers[0], numbers[1])
            let perRow = Double(peak - before) / Double(diffRows)
            rows.append(
                BenchRow(
                    benchmarkCase: "memory: diff extra peak", size: sizeLabel(diffRows),
                    time: String(format: "%.1f MiB peak", Double(peak - before) / 1_048_576),
                    baseline: String(format: "snapshots %.1f MiB", Double(before) / 1_048_576),
                    ratio: String(format: "%.0f B/row", perRow), target: "< 70 B/row",
                    note: "sectioned Int ids, the diff case's edit; includes the changeset", met: perRow < 70))
        }
        return rows
    }

    /// Runs `formwork-bench --probe NAME --sizes SIZE` and reads its numbers (peak and
    /// before, then any more the probe prints).
    static func probe(_ name: String, size: Int) -> [Int]? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["--probe", name, "--sizes", "\(size)"]
        let output = Pipe()
        process.standardOutput = output
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let numbers = String(decoding: data, as: UTF8.self).split(separator: " ").compactMap {
            Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        guard process.terminationStatus == 0, numbers.count >= 2 else { return nil }
        return numbers
    }

    /// In the probe process: prepares the inputs, resets the high-water mark, does
    /// the work, and prints "peak before" in bytes.
    static func runProbe(_ name: String, size: Int) throws {
        switch name {
        case "session":
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("formwork-bench-\(getpid()).yaml")
            try GeneratedForm.yaml(fields: size).write(to: url, atomically: false, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: url) }
            var limits = Limits()
            limits.maximumFields = max(limits.maximumFields, size)
            let before = resetPeak()
            let definition = try FormDefinition.load(contentsOf: url, limits: limits)
            let session = FormSession(definition: definition)
            consume(session.reload(nil, animated: false))
            print(peakResident(), before)
            withExtendedLifetime(session) {}
        case "diff":
            let (old, new, _) = DiffCase.edit(count: size, seed: UInt64(size))
            let oldSections = DiffCase.sections(old.map { $0.map { DiffCase.Element(id: $0.0, version: $0.1) } })
            let newSections = DiffCase.sections(new.map { $0.map { DiffCase.Element(id: $0.0, version: $0.1) } })
            let before = resetPeak()
            let changes = Changeset(from: oldSections, to: newSections)
            print(peakResident(), before)
            withExtendedLifetime((changes, oldSections, newSections)) {}
        case "repeats":
            RepeatsCase.runMemoryProbe(entries: size)
        default:
            throw ValidationError("unknown probe '\(name)': expected session, diff or repeats")
        }
    }

    /// Returns freed memory to the system, resets the high-water mark, and returns the
    /// resident size now.
    static func resetPeak() -> Int {
        // glibc's malloc_trim, looked up at run time (Glibc's module map leaves it out).
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {
            _ = unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)(0)
        }
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
        return status("VmRSS")
    }

    /// The high-water mark of resident memory since the last reset.
    static func peakResident() -> Int { status("VmHWM") }

    /// A `kB` line of `/proc/self/status`, in bytes.
    static func status(_ key: String) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in text.split(separator: "\n") where line.hasPrefix(key + ":") {
            return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
        }
        return 0
    }
}
