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
        case "sizes": printSizes()
        case "load-yaml":
            let yaml = GeneratedForm.yaml(fields: size)
            for _ in 0..<5 { consume(try! FormDefinition(yaml: yaml, limits: limits)) }
        case "load-json":
            let json = GeneratedForm.json(fields: size)
            for _ in 0..<(1_000_000 / size) { consume(try! FormDefinition(json: json, limits: limits)) }
        default:
            throw ValidationError("unknown profile '\(name)': expected load-yaml or load-json")
        }
    }
}
func printSizes() { print("FieldDefinition", MemoryLayout<FieldDefinition>.size, "CompiledExpression", MemoryLayout<CompiledExpression>.size, "Expression", MemoryLayout<Formwork.Expression>.size) }
