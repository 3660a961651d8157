import Formwork
import Foundation

/// A form's answers written in an answer format and read back by a validator: what
/// an answer format must round-trip. Each bundled form (`*.yaml` in a folder) is
/// filled at random a few times, written by `format` and checked, read in `format`.
///
/// ```swift
/// let trip = try AnswerRoundTrip.run(writing: ODKAnswerFormat(), formats: .odk, forms: formsFolder, now: now)
/// #expect(trip.failures.isEmpty && trip.checked > 10)
/// ```
public enum AnswerRoundTrip {
    /// The fills checked, and for each that did not read back valid: the form, the
    /// seed, the problems and the answers as written.
    ///
    /// - Parameters:
    ///   - format: The format the answers are written and read in.
    ///   - formats: The formats the forms are loaded and checked with.
    ///   - folder: The forms (`*.yaml`).
    ///   - now: The moment the fills and the checks read.
    ///   - seeds: The random fills of each form.
    /// - Returns: How many fills were checked, and what each failing one gave.
    /// - Throws: What loading a form or starting its session throws.
    public static func run(
        writing format: any AnswerFormat, formats: FormatRegistry, forms folder: URL, now: LocalDateTime,
        seeds: ClosedRange<UInt64> = 1...3
    ) throws -> (checked: Int, failures: [String]) {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") }
        var checked = 0
        var failures: [String] = []
        for name in names.sorted() {
            let file = folder.appendingPathComponent(name)
            let form = try FormDefinition.load(contentsOf: file, formats: formats)
            let validator = ResponseValidator(definition: form, formats: formats, now: now)
            for seed in seeds {
                let session = try FormSession(definition: form, today: now.date, now: now, uuidSeed: seed)
                guard RandomFill.fill(session, seed: seed, file: file.path) else { continue }
                checked += 1
                let written = format.write(session, options: AnswerWriting())
                let verdict = validator.validate(Array(written.utf8), in: format)
                if !verdict.isValid { failures.append("\(name) seed \(seed): \(verdict.problems)\n\(written)") }
            }
        }
        return (checked, failures)
    }
}
