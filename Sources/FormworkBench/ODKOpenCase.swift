import Formwork
import FormworkODK
import Foundation

/// Opening an ODK XForm as `formwork check` does (`FormDefinition.load(contentsOf:)`:
/// read, parse the XML, import, check), in this process, so start-up is left out:
/// the generated WHO-like verbal autopsy form (`GeneratedXForm`), and
/// `../shared/corpus/xforms/bench9.xml` where the corpus is beside the package. The
/// target is a fifth of JavaRosa's warm parse and initialisation of the WHO form (68
/// ms as the issue measured it): 14 ms; `make bench-javarosa FORM=PATH` measures
/// JavaRosa's on this machine. The same form converted to Formwork's JSON and loaded
/// the same way is the baseline, for comparison.
enum ODKOpenCase {
    static let target = Duration.milliseconds(14)

    static func run(runs: Int, forms extra: [String]) -> [BenchRow] {
        let folder = BenchFolder("odk-open")
        defer { folder.remove() }
        let generated = folder.write("whova-like.xml", GeneratedXForm.whoLike())
        var rows = [row("WHO-like, 551 binds, 3 languages, 1.5 MB", generated, folder: folder, runs: runs)]
        if let bench9 = BenchFolder.shared("corpus/xforms/bench9.xml") {
            rows.append(row("bench9.xml, 371 KB, 2 languages", bench9, folder: folder, runs: runs))
        } else {
            rows.append(
                BenchRow(
                    benchmarkCase: "open an ODK XForm", size: "bench9.xml", time: "-", baseline: "-", ratio: "-",
                    target: "≤ 14 ms", note: "skipped: ../shared/corpus/xforms/bench9.xml is absent", met: nil))
        }
        for path in extra {
            let url = URL(fileURLWithPath: path)
            rows.append(row(url.lastPathComponent, url, folder: folder, runs: runs))
        }
        return rows
    }

    /// The median open of `form` against its Formwork JSON, both from files.
    static func row(_ size: String, _ form: URL, folder: BenchFolder, runs: Int) -> BenchRow {
        let document = onOwnInput("import \(form.lastPathComponent)") {
            let bytes = [UInt8](try Data(contentsOf: form))
            return try XFormImporter().document(
                bytes, path: form.path, options: ImportOptions(skipUnsupported: true, formFile: form.path)
            ).document
        }
        let json = folder.write(form.deletingPathExtension().lastPathComponent + ".json", document.json())
        let (time, base, _) = Measure.paired(
            runs: runs, timingItself: { timedOpen(form) }, baseline: { timedOpen(json) })
        return BenchRow(
            benchmarkCase: "open an ODK XForm", size: size, time: format(time),
            baseline: "its Formwork JSON \(format(base))", ratio: String(format: "%.2f×", ratio(time, base)),
            target: "≤ 14 ms", note: "read + parse + import + check, as formwork check --skip-unsupported",
            met: time <= target)
    }

    /// The time `open(url)` takes; the form is put away after the clock stops (a form
    /// that was opened is kept open, and JavaRosa's figure has no teardown in it either).
    static func timedOpen(_ url: URL) -> Duration {
        var form: FormDefinition?
        let time = ContinuousClock().measure { form = open(url) }
        consume(form)
        return time
    }

    static func open(_ url: URL) -> FormDefinition {
        onOwnInput("open \(url.lastPathComponent)") {
            try FormDefinition.load(contentsOf: url, formats: .odk, skipUnsupported: true)
        }
    }
}

/// A temporary folder for the files a case writes; and the shared folder beside the
/// package (`../shared`), where it is.
struct BenchFolder {
    let url: URL

    init(_ name: String) {
        url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "formwork-bench-\(getpid())/\(name)", isDirectory: true)
        onOwnInput("create \(url.path)") {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }
    }

    /// Removes the folder and what it holds.
    func remove() { try? FileManager.default.removeItem(at: url) }

    /// Writes `text` to `name` in the folder (in its subfolder, for `sub/name`).
    @discardableResult
    func write(_ name: String, _ text: String) -> URL { write(name, Data(text.utf8)) }

    @discardableResult
    func write(_ name: String, _ data: Data) -> URL {
        let file = url.appendingPathComponent(name)
        onOwnInput("write \(file.path)") {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: file)
        }
        return file
    }

    /// `../shared/PATH` beside the package (the working directory, or the folder
    /// above this executable that holds `Package.swift`), if it is there.
    static func shared(_ path: String) -> URL? {
        var roots = [URL(fileURLWithPath: FileManager.default.currentDirectoryPath)]
        var folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                roots.append(folder)
                break
            }
            folder.deleteLastPathComponent()
        }
        return roots.map { $0.deletingLastPathComponent().appendingPathComponent("shared/" + path) }
            .first { FileManager.default.fileExists(atPath: $0.path) }
    }
}
