import Foundation
import Testing
import Tide
import TideExplore

/// Actions with generated payloads find bugs no literal action list names, and shrink to the
/// simplest payload that still fails (issue 25, payload generation).
@MainActor
@Suite struct GeneratedActionTests {
  struct Form: Equatable {
    var name = ""
    var isValid = false
    var picked: Int?
    var items = ["x", "y", "z"]
    var chosen: String?
  }

  enum Edit: Equatable, Sendable {
    case nameChanged(String)
    case pick(Int)
    case choose(String)
  }

  /// Three planted bugs: names of 11 characters pass as valid (the rule is 2 to 10), a pick is
  /// never checked against the list, and anything can be chosen where only "x" may be.
  static let form = Reducer<Form, Edit, Void> { state, action, _ in
    switch action {
    case .nameChanged(let name):
      state.name = name
      state.isValid = (2...11).contains(name.count)
    case .pick(let index):
      state.picked = index
    case .choose(let item):
      state.chosen = item
    }
    return .none
  }

  static let seeds: ClosedRange<UInt64> =
    ProcessInfo.processInfo.environment["TIDE_SANITIZED"] == nil ? 1...40 : 1...5

  func explorer(
    _ generated: [GeneratedAction<Form, Edit>], invariant: Invariant<Form, Edit>
  ) -> Explorer<Form, Edit, Void> {
    Explorer(
      initialState: Form(), reducer: Self.form, environment: { _, _ in }, actions: { _ in [] },
      generated: generated, invariants: [invariant])
  }

  static let validNames = Invariant<Form, Edit>.always("a valid name has at most 10 characters") {
    !$0.isValid || $0.name.count <= 10
  }

  @Test func aStringPayloadShrinksToTheSimplestThatFails() async {
    let explorer = explorer(
      [.string(CasePath(Edit.nameChanged), alphabet: "ab", length: 0...16)],
      invariant: Self.validNames)
    for seed in Self.seeds {
      let report = await explorer.random(seed: seed, runs: 200, steps: 4)
      #expect(
        report.failure?.schedule == [.send(.nameChanged("aaaaaaaaaaa"))],
        "seed \(seed): \(report.failure?.schedule.description ?? "no failure")")
    }
  }

  @Test func aNumberShrinksTowardsZero() async {
    let explorer = explorer(
      [.integer(CasePath(Edit.pick), in: 0...1_000)],
      invariant: .always("a pick is in the list") { state in
        state.picked.map { state.items.indices.contains($0) } ?? true
      })
    for seed in Self.seeds {
      let report = await explorer.random(seed: seed, runs: 200, steps: 4)
      #expect(
        report.failure?.schedule == [.send(.pick(3))],
        "seed \(seed): \(report.failure?.schedule.description ?? "no failure")")
    }
  }

  @Test func anElementOfTheStateShrinksToTheEarliestThatFails() async {
    let explorer = explorer(
      [.element(CasePath(Edit.choose), of: { $0.items })],
      invariant: .always("only x is chosen") { $0.chosen == nil || $0.chosen == "x" })
    for seed in Self.seeds {
      let report = await explorer.random(seed: seed, runs: 200, steps: 4)
      #expect(
        report.failure?.schedule == [.send(.choose("y"))],
        "seed \(seed): \(report.failure?.schedule.description ?? "no failure")")
    }
  }

  @Test func exhaustiveModeTriesSimplePayloads() async {
    let report = await explorer(
      [.string(CasePath(Edit.nameChanged), alphabet: "ab", length: 0...16)],
      invariant: .always("no name is b") { $0.name != "b" }
    ).exhaustive(depth: 2)
    #expect(report.failure?.schedule == [.send(.nameChanged("b"))])
    // The initial state, then the samples "", "a" and "b" (the empty string is the initial
    // name again): "b" fails.
    #expect(
      report.summary
        == "exhaustive to depth 2: 4 states seen, 2 distinct; failed after shrinking to 1 step: "
        + "An invariant does not hold: no name is b.")
  }

  @Test func theSameSeedMakesTheSamePayloads() async {
    let explorer = explorer(
      [.string(CasePath(Edit.nameChanged), alphabet: "abc", length: 0...30)],
      invariant: Self.validNames)
    let first = await explorer.random(seed: 9, runs: 50, steps: 6)
    let again = await explorer.random(seed: 9, runs: 50, steps: 6)
    #expect(first.failure?.message == again.failure?.message)
    #expect(first.failure?.foundLength == again.failure?.foundLength)
  }

  @Test func aStateWithNothingToPickDrawsNothingAndTheRunGoesOn() async {
    let report = await Explorer(
      initialState: Form(items: []), reducer: Self.form, environment: { _, _ in },
      actions: { _ in [.nameChanged("ab")] },
      generated: [.element(CasePath(Edit.choose), of: { $0.items })],
      invariants: [.always("only x is chosen") { $0.chosen == nil || $0.chosen == "x" }]
    ).random(seed: 1, runs: 20, steps: 5)
    #expect(report.failure == nil)
    #expect(report.steps == 100)
  }

  enum BadGenerator: CaseIterable, Sendable {
    case emptyAlphabet, negativeLength, hugeLength

    var generator: GeneratedAction<Form, Edit> {
      switch self {
      case .emptyAlphabet:
        .string(CasePath(Edit.nameChanged), alphabet: "", length: 0...3)
      case .negativeLength:
        .string(CasePath(Edit.nameChanged), alphabet: "ab", length: -2...3)
      case .hugeLength:
        .string(CasePath(Edit.nameChanged), alphabet: "ab", length: 0...Int.max)
      }
    }

    var shortfall: String {
      switch self {
      case .emptyAlphabet:
        "it made no run: a generated action cannot make anything: string(alphabet: \"\", "
          + "length: 0...3): the alphabet is empty, so no string of that length can be made"
      case .negativeLength:
        "it made no run: a generated action cannot make anything: string(alphabet: \"ab\", "
          + "length: -2...3): a length cannot be negative"
      case .hugeLength:
        "it made no run: a generated action cannot make anything: string(alphabet: \"ab\", "
          + "length: 0...\(Int.max)): a string longer than 100000 characters is not drawn; "
          + "lower the length's upper bound"
      }
    }
  }

  @Test(arguments: BadGenerator.allCases)
  func aGeneratorThatCannotMakeAnythingIsReported(_ bad: BadGenerator) async {
    let explorer = explorer([bad.generator], invariant: Self.validNames)
    let random = await explorer.random(seed: 1, runs: 10, steps: 3)
    let exhaustive = await explorer.exhaustive(depth: 3)
    #expect(random.shortfall == bad.shortfall)
    #expect(exhaustive.shortfall == bad.shortfall)
    #expect(random.runs == 0)
  }

  /// Found by a hostile review: a literal action (or another generator) outside an integer
  /// generator's range made its shrinking overflow and stop the process.
  @Test func aNumberOutsideTheGeneratorsRangeIsNotItsToShrink() async {
    let report = await Explorer(
      initialState: Form(), reducer: Self.form, environment: { _, _ in },
      actions: { _ in [.pick(Int.max)] },
      generated: [.integer(CasePath(Edit.pick), in: -5 ... -1)],
      invariants: [.always("nothing is picked") { $0.picked == nil }]
    ).random(seed: 1, runs: 5, steps: 2)
    #expect(report.failure?.schedule.count == 1)
  }

  /// A long failing string shrinks by halves and quarters, not a character at a time (a
  /// 20,000-character one took 74 s and 640 MB before).
  @Test func aLongStringShrinksQuickly() async {
    let report = await explorer(
      [.string(CasePath(Edit.nameChanged), alphabet: "ab", length: 0...20_000)],
      invariant: .always("names stay under 5,000 characters") { $0.name.count < 5_000 }
    ).random(seed: 1, runs: 20, steps: 1)
    #expect(
      report.failure?.schedule
        == [.send(.nameChanged(String(repeating: "a", count: 5_000)))])
  }

  @Test func onlyTheEmptyStringNeedsNoAlphabet() async {
    let report = await explorer(
      [.string(CasePath(Edit.nameChanged), alphabet: "", length: 0...0)],
      invariant: Self.validNames
    ).random(seed: 1, runs: 3, steps: 2)
    #expect(report.shortfall == nil)
    #expect(report.steps == 6)
  }
}
