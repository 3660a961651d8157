import ArgumentParser
import Formwork
import Foundation

/// `formwork-bench --profile NAME`: one candidate in a loop, nothing else, so a
/// profiler's report shows only its costs:
///
///     perf record -g .build/release/formwork-bench --profile load-json --sizes 100000
enum Profile {
    static func run(_ name: String, size: Int) throws {
        var limits = Limits()
        limits.maximumFields = max(limits.maximumFields, size)
        switch name {
        case "layout":
            // Inline sizes of the types a form holds one of per field.
            print("FieldDefinition", MemoryLayout<FieldDefinition>.size, "bytes;",
                  "CompiledExpression", MemoryLayout<CompiledExpression>.size, "bytes;",
                  "Value", MemoryLayout<Value>.size, "bytes")
        case "load-yaml":
            let yaml = GeneratedForm.yaml(fields: size)
            for _ in 0..<5 { consume(try! FormDefinition(yaml: yaml, limits: limits)) }
        case "load-json":
            let json = GeneratedForm.json(fields: size)
            for _ in 0..<(1_000_000 / size) { consume(try! FormDefinition(json: json, limits: limits)) }
        default:
            throw ValidationError("unknown profile '\(name)': expected load-yaml, load-json or layout")
        }
    }
}
