import Foundation

/// The value of `body`, which works on input the benchmark made itself: a generated
/// form, survey, workbook or values file, a session of one, a command on it.
///
/// Such input is valid by construction, so a failure is a bug in the benchmark (or in
/// what it measures), never a measurement: rather than time an error path, the run
/// stops with the step, the error and status 1.
///
/// ```swift
/// let form = onOwnInput("load the generated YAML") { try FormDefinition(yaml: yaml, limits: limits) }
/// ```
@discardableResult
func onOwnInput<T>(_ step: String, _ body: () throws -> T) -> T {
    do {
        return try body()
    } catch {
        let message = "formwork-bench: \(step) failed on the benchmark's own input (a bug in the benchmark): \(error)\n"
        FileHandle.standardError.write(Data(message.utf8))
        exit(1)
    }
}
