import Testing

@testable import TideExplore

/// Exhaustive mode's record of configurations: the same only when their states are `==` and the
/// rest (waiting calls, timers, running effects) is the same, whether the state hashes itself or
/// is hashed by its printed form.
@Suite struct SeenConfigurationsTests {
  struct Plain: Equatable {
    var value: Int
  }

  @Test func aHashableStateIsHashedByItselfAndToldApartByEquality() {
    var seen = SeenConfigurations<Int>()
    var printed = 0
    #expect(
      seen.insert(state: 1, rest: []) {
        printed += 1
        return ""
      })
    #expect(
      !seen.insert(state: 1, rest: []) {
        printed += 1
        return ""
      })
    #expect(
      seen.insert(state: 2, rest: []) {
        printed += 1
        return ""
      })
    #expect(
      seen.insert(state: 1, rest: ["login #1"]) {
        printed += 1
        return ""
      })
    #expect(seen.count == 3)
    // A Hashable state is never printed.
    #expect(printed == 0)
  }

  @Test func aStateThatIsNotHashableIsBucketedByItsPrintedFormAndToldApartByEquality() {
    var seen = SeenConfigurations<Plain>()
    // Both print alike: the printed form picks the bucket, == tells them apart.
    #expect(seen.insert(state: Plain(value: 1), rest: []) { "same" })
    #expect(seen.insert(state: Plain(value: 2), rest: []) { "same" })
    #expect(!seen.insert(state: Plain(value: 1), rest: []) { "same" })
    #expect(seen.count == 2)
  }

  @Test func anIdentityCountsStatesItDoesNotTellApartAsOne() {
    var seen = SeenConfigurations<Int>(identity: { AnyHashable($0 % 10) })
    #expect(seen.insert(state: 3, rest: []) { "" })
    #expect(!seen.insert(state: 13, rest: []) { "" })
    #expect(seen.count == 1)
  }
}
