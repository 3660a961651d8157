import Foundation

#if FUZZING
/// libFuzzer's entry point (built with `-sanitize=fuzzer -DFUZZING`, by `make fuzz`):
/// the target is named by `FORMWORK_FUZZ_TARGET`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    selectedTarget.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

let selectedTarget: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["FORMWORK_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        FileHandle.standardError.write(
            Data(
                "set FORMWORK_FUZZ_TARGET to one of: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))\n"
                    .utf8))
        exit(2)
    }
    return target
}()
#else
/// A normal build replays inputs through a target: the committed seeds and every
/// crash `make fuzz` ever found, as regression tests (`make test` runs it).
///
///     formwork-fuzz definition Tests/Fuzz/definition/*
@main
struct Replay {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
            print(
                "usage: formwork-fuzz TARGET FILE…   (targets: "
                    + "\(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")))"
            )
            exit(2)
        }
        var count = 0
        for path in arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("cannot read \(path)\n".utf8))
                exit(1)
            }
            target.run([UInt8](data))
            count += 1
        }
        print("\(name): \(count) input\(count == 1 ? "" : "s") replayed")
    }
}
#endif
