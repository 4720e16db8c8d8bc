/// A deterministic random sequence (SplitMix64): tests that feed random input draw it from a fixed seed, so every run
/// of `make test` checks the same inputs and a failure can be run again.
public struct SeededGenerator: RandomNumberGenerator {
    /// The generator's state, advanced by each draw.
    public var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    ///
    /// - Parameter seed: Any value; the same seed gives the same sequence.
    public init(seed: UInt64) { state = seed }

    /// The next value of the sequence.
    ///
    /// - Returns: 64 random-looking bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
