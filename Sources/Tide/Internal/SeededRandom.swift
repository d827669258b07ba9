/// A small, fast, seedable generator (SplitMix64), so that a failing scenario can be replayed
/// from the seed it prints.
@usableFromInline
package struct SeededRandom: RandomNumberGenerator {
  private var state: UInt64

  @usableFromInline
  package init(seed: UInt64) {
    state = seed
  }

  @usableFromInline
  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    return Self.mix(state)
  }

  /// The seed of run `run` of a search started from `seed`: the two mixed by SplitMix64's
  /// finaliser, so that runs are independent. (Adding `run` times the generator's own increment
  /// would make each run the one before it shifted by one draw.)
  ///
  /// - Parameters:
  ///   - seed: The search's seed.
  ///   - run: The run's index.
  @usableFromInline
  package static func seed(_ seed: UInt64, run: Int) -> UInt64 {
    mix(seed ^ mix(UInt64(truncatingIfNeeded: run) &+ 0x632B_E59B_D9B4_E019))
  }

  private static func mix(_ value: UInt64) -> UInt64 {
    var z = value
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
