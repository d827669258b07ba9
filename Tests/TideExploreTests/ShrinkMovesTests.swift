import Testing
import Tide

@testable import TideExplore

/// The shrinker's moves beyond halving: two steps at any offset, two steps apart, runs of three
/// or more at any offset, and a resolution that follows its call when a simpler send makes that
/// call with other arguments or ends another call of its name (issue 25, shrinking).
@MainActor
@Suite struct ShrinkMovesTests {
  static let sum = Reducer<Int, Int, Void> { total, step, _ in
    total += step
    return .none
  }

  func counter(actions: [Int]) -> Explorer<Int, Int, Void> {
    Explorer(
      initialState: 0, reducer: Self.sum, environment: { _, _ in }, actions: { _ in actions },
      invariants: [.always("the total is never 3") { $0 != 3 }])
  }

  @Test func aStepAndTheOneThatUndoesItGoTogether() async {
    // Dropping +5 alone or -5 alone never reaches 3 again; dropping both does. With no actions
    // offered, nothing can be replaced or reordered: only removals shrink.
    let explorer = counter(actions: [])
    let found: [ExploreStep<Int>] = [.send(1), .send(5), .send(1), .send(-5), .send(1), .send(1)]
    #expect((await explorer.run(found)).failure != nil)
    let (shrunk, _) = await explorer.shrink(found, .invariant("the total is never 3"))
    #expect(shrunk == [.send(1), .send(1), .send(1)])
  }

  @Test func twoNeighboursAtAnOddOffsetGoTogether() async {
    let explorer = counter(actions: [])
    let found: [ExploreStep<Int>] = [.send(1), .send(5), .send(-5), .send(1), .send(1)]
    let (shrunk, _) = await explorer.shrink(found, .invariant("the total is never 3"))
    #expect(shrunk == [.send(1), .send(1), .send(1)])
  }

  @Test func threeStepsThatOnlyGoTogetherGoTogetherAtAnyOffset() async {
    // +10, -4 and -6 add up to nothing; dropping one or two of them never reaches 3, and the
    // halving's chunks of three (at offsets 0 and 3) cut across them.
    let explorer = counter(actions: [])
    let found: [ExploreStep<Int>] = [.send(1), .send(10), .send(-4), .send(-6), .send(1), .send(1)]
    #expect((await explorer.run(found)).failure != nil)
    let (shrunk, _) = await explorer.shrink(found, .invariant("the total is never 3"))
    #expect(shrunk == [.send(1), .send(1), .send(1)])
  }

  enum Lookup: Equatable, Sendable {
    case search(String)
    case found(Int)
  }

  struct Finder {
    var find: @Sendable (String) async throws -> Int
  }

  static let lookup = Reducer<Int, Lookup, Finder> { result, action, finder in
    switch action {
    case .search(let query):
      return .run(name: "find") { send in await send(.found(try await finder.find(query))) }
    case .found(let value):
      result = value
      return .none
    }
  }

  @Test func aResolutionFollowsItsCallWhenASimplerSendChangesItsArguments() async {
    let explorer = Explorer(
      initialState: 0, reducer: Self.lookup,
      environment: { calls, _ in
        Finder(find: { query in
          try await calls.call("find", query, outcomes: [.success(1), .success(2)])
        })
      },
      actions: { _ in [.search("a"), .search("zz")] },
      invariants: [.always("the result is never 2") { $0 != 2 }])
    let found: [ExploreStep<Lookup>] = [
      .send(.search("zz")),
      .resolve(call: #"find("zz")"#, name: "find", outcome: 1, label: "success(2)"),
    ]
    let (shrunk, _) = await explorer.shrink(found, .invariant("the result is never 2"))
    #expect(
      shrunk == [
        .send(.search("a")),
        .resolve(call: #"find("a")"#, name: "find", outcome: 1, label: "success(2)", number: 1),
      ])
  }

  @Test func aResolutionWhoseCallARemovedSendNeverMadeEndsAnotherOfItsName() async throws {
    // Seed 16 finds three refreshes and the third answered first. With a refresh removed there
    // is no third call: its resolution must end the newest call left (the second), not the
    // oldest, for the failure to show; before, this stayed at four steps.
    let failure = try #require(
      await PlantedBugTests.refreshExplorer.random(seed: 16, runs: 300, steps: 12).failure)
    #expect(failure.foundLength == 5)
    #expect(
      failure.schedule.map(\.description) == [
        "send .refreshTapped", "send .refreshTapped", "resolve fetch(2) → success(2)",
      ])
  }

  /// Taps that each fetch their query and show the tap's number when it answers, older ones
  /// too: two taps of the same query make two waiting calls with one description.
  enum Taps {
    struct State: Equatable {
      var taps = 0
      var shown = 0
    }

    enum Action: Equatable, Sendable {
      case tap(String)
      case loaded(Int)
    }

    static let reducer = Reducer<State, Action, ExploreCalls> { state, action, calls in
      switch action {
      case .tap(let query):
        state.taps += 1
        let tap = state.taps
        return .run(name: "fetch") { send in
          _ = try await calls.call("fetch", query, outcomes: [.success(0)])
          await send(.loaded(tap))
        }
      case .loaded(let tap):
        state.shown = tap
        return .none
      }
    }

    @MainActor static let explorer = Explorer(
      initialState: State(), reducer: reducer, environment: { calls, _ in calls },
      actions: { state in state.taps < 2 ? [.tap("a"), .tap("b")] : [] },
      invariants: [
        .transition("the screen never goes back to an older tap") { before, _, after in
          after.shown >= before.shown
        }
      ])
  }

  @Test func aResolutionNamesItsCallByNumberWhenTwoWaitingCallsLookAlike() async throws {
    // Made simpler, the second tap fetches "a" too: two calls fetch("a") wait, and the failure
    // needs the second answered first. The schedule names it by number, so a strict replay
    // (and the report's check for non-determinism) ends the same call the shrinker did.
    let kind = ExploreFailureKind.invariant("the screen never goes back to an older tap")
    let found: [ExploreStep<Taps.Action>] = [
      .send(.tap("a")), .send(.tap("b")),
      .resolve(call: #"fetch("b")"#, name: "fetch", outcome: 0, label: "success(0)"),
    ]
    let (shrunk, _) = await Taps.explorer.shrink(found, kind)
    #expect(
      shrunk == [
        .send(.tap("a")), .send(.tap("a")),
        .resolve(call: #"fetch("a")"#, name: "fetch", outcome: 0, label: "success(0)", number: 2),
      ])
    #expect((await Taps.explorer.run(shrunk, settling: true)).failure?.kind == kind)
    for seed in UInt64(1)...40 {
      let failure = try #require(
        await Taps.explorer.random(seed: seed, runs: 50, steps: 6).failure, "seed \(seed)")
      #expect(failure.isDeterministic, "seed \(seed): \(failure.messageWithoutTest)")
    }
  }
}
