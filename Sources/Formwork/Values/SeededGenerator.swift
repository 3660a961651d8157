/// A deterministic random number generator (SplitMix64): the same seed, the same
/// sequence — for property tests that reproduce from their seed, benchmarks that
/// measure the same data every run, and `formwork test --generate`'s walks.
///
/// ```swift
/// var generator = SeededGenerator(seed: 42)
/// let values = (0..<10).shuffled(using: &generator)
/// ```
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`: equal seeds give equal sequences.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next value of the sequence (SplitMix64's step and mix).
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
