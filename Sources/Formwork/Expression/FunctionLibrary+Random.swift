import Crypto
import Foundation

/// Chance, fixed for a session: `random()`, `uuid(length)` and `randomize(list)`
/// draw from the session's seed, the call's place in the form and the entry it is
/// evaluated in, as `uuid()` does — so a value does not change while the form is
/// filled (JavaRosa draws anew each time it computes one, which a form guards with
/// `once()`), and a draft resumed gives the same. `randomize(list, seed)` shuffles as
/// JavaRosa does, to the element: the inside-out Fisher–Yates shuffle driven by a
/// Park–Miller generator.
extension FunctionLibrary {
    static let chance: [FunctionDefinition] = [
        FunctionDefinition(
            name: "random", signature: "random()",
            summary: "a number from 0 up to 1, drawn once per place in the form and entry, kept for the session",
            arity: 0...0, check: { _ in .success(.number) }, evaluate: { _, _ in .null }),  // compiled with its place
        FunctionDefinition(
            name: "randomize", signature: "randomize(list, seed)",
            summary:
                "the list shuffled as JavaRosa shuffles it for the seed (a number's whole part; text read as a "
                + "number, else hashed); without a seed, shuffled once for the session",
            arity: 1...2,
            check: { types in
                guard isList(types[0]) else { return .failure(ArgumentMismatch(index: 0, expected: "a list")) }
                if types.count == 2, !accepts(types[1], .number, .string, .bool) {
                    return .failure(ArgumentMismatch(index: 1, expected: "a number or text"))
                }
                return .success(types[0] == .null ? .list(.null) : types[0])
            },
            evaluate: { arguments, _ in
                guard case .list(let elements) = arguments[0] else { return .list([]) }
                let seed = arguments.count == 2 ? shuffleSeed(arguments[1]) : 0
                return .list(JavaRosaShuffle.shuffled(elements, seed: seed))
            }),
    ]

    /// JavaRosa's seed of a value (`toNumericWithLongHash`): a number's whole part;
    /// text read as a number, else the first 8 bytes of its SHA-256 (0 for '').
    static func shuffleSeed(_ value: Value) -> Int64 {
        switch value {
        case .number(let number): return javaLong(number)
        case .bool(let flag): return flag ? 1 : 0
        case .string(let text):
            let trimmed = text.replacingOccurrences(of: ",", with: ".").trimmingCharacters(in: .whitespaces)
            if !trimmed.isEmpty, trimmed.allSatisfy({ $0 == "-" || $0 == "." || ("0"..."9").contains($0) }),
                let number = Double(trimmed)
            {
                return javaLong(number)
            }
            guard !text.isEmpty else { return 0 }
            return SHA256.hash(data: Data(text.utf8)).prefix(8).reduce(0) { $0 << 8 | Int64($1) }
        default: return 0
        }
    }

    /// Java's `(long) x`: toward zero, saturated, 0 for NaN.
    static func javaLong(_ number: Double) -> Int64 {
        if number.isNaN { return 0 }
        if number >= 9.223372036854775807e18 { return .max }
        if number <= -9.223372036854775808e18 { return .min }
        return Int64(number.rounded(.towardZero))
    }

    /// The state a call draws from: the session's seed, the call's place, the entry.
    static func draw(seed: UInt64, site: UInt64, scope: Int) -> UInt64 {
        mix(seed ^ mix(site ^ mix(UInt64(truncatingIfNeeded: scope) &+ 0x2545_F491_4F6C_DD1D)))
    }

    /// `random()`'s value: 53 random bits as a number from 0 up to 1.
    static func random(seed: UInt64, site: UInt64, scope: Int) -> Double {
        Double(draw(seed: seed, site: site, scope: scope) >> 11) * 0x1p-53
    }

    /// `uuid(length)`'s value: so many characters of 0–9 and A–Z, as JavaRosa's
    /// `genGUID` writes them (none for a length below 1; null above 10,000).
    static func randomText(length: Value, seed: UInt64, site: UInt64, scope: Int) -> Value {
        guard case .number(let number) = length else { return .string("") }
        let count = number.isNaN ? 0 : Int(max(min(number.rounded(.towardZero), 1e9), -1e9))
        guard count <= 10_000 else { return .null }
        let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        var state = draw(seed: seed, site: site, scope: scope)
        var text = ""
        for _ in 0..<max(count, 0) {
            state = mix(state)
            text.append(alphabet[Int(state % 36)])
        }
        return .string(text)
    }
}

/// JavaRosa's `FisherYates.shuffle` with its `ParkMiller` generator: the same seed
/// gives the same order as in ODK Collect.
enum JavaRosaShuffle {
    static func shuffled<Element>(_ input: [Element], seed: Int64) -> [Element] {
        var generator = ParkMiller(seed: seed)
        var output: [Element?] = Array(repeating: nil, count: input.count)
        for index in input.indices {
            let other = Int(generator.nextDouble() * Double(index + 1))
            if other != index { output[index] = output[other] }
            output[other] = input[index]
        }
        return output.map { $0! }
    }

    /// A Lehmer generator (multiplier 16807, modulus 2³¹ − 1), in doubles as JavaRosa
    /// computes it.
    struct ParkMiller {
        static let modulus = 2_147_483_647.0
        var state: Double

        init(seed: Int64) {
            state = Double(seed).truncatingRemainder(dividingBy: Self.modulus)
            if state <= 0 { state += Self.modulus - 1 }
        }

        mutating func nextDouble() -> Double {
            state = (state * 16807).truncatingRemainder(dividingBy: Self.modulus)
            return (state.rounded(.towardZero) - 1) / (Self.modulus - 1)
        }
    }
}

extension ExpressionCompiler {
    /// `uuid()`, `uuid(length)`, `random()` and `randomize(list)`: each call draws from
    /// its place (where the expression is, and where in it) and the entry; `nil` for
    /// other calls.
    func compileChance(_ name: String, _ arguments: [Expression], offset: Int) -> Code? {
        guard ["uuid", "random", "randomize"].contains(name), name != "randomize" || arguments.count == 1 else {
            return nil
        }
        let site = FunctionLibrary.siteHash(environment.site + "+\(offset)")
        switch name {
        case "uuid" where arguments.isEmpty:
            return { context in .string(FunctionLibrary.uuid(seed: context.seed, site: site, scope: context.entryKey)) }
        case "uuid":
            let length = compile(arguments[0])
            return { context in
                FunctionLibrary.randomText(
                    length: length(context), seed: context.seed, site: site, scope: context.entryKey)
            }
        case "random":
            return { context in .number(FunctionLibrary.random(seed: context.seed, site: site, scope: context.entryKey))
            }
        default:
            let list = compile(arguments[0])
            return { context in
                guard case .list(let elements) = list(context) else { return .list([]) }
                let draw = FunctionLibrary.draw(seed: context.seed, site: site, scope: context.entryKey)
                return .list(JavaRosaShuffle.shuffled(elements, seed: Int64(bitPattern: draw)))
            }
        }
    }
}
