import Testing
import TideTesting

@testable import Tide

/// A passing TestStore test describes production: received actions arrive in the order a live
/// store reduces them, and the work an effect does on the main actor lands within the step.
@MainActor
@Suite struct TestStoreOrderTests {
  enum Action: Sendable, Equatable {
    case start
    case first
    case followUp
    case second
    case viaMainActor
    case answered(Int)
  }

  struct State: Equatable {
    var log: [String] = []
  }

  @MainActor static func answerOnTheMainActor() async -> Int { 42 }

  static let reducer = Reducer<State, Action, Void> { state, action, _ in
    switch action {
    case .start:
      return .run { send in
        await send(.first)
        await send(.second)
      }
    case .first:
      state.log.append("first")
      return .send(.followUp)
    case .followUp:
      state.log.append("followUp")
      return .none
    case .second:
      state.log.append("second")
      return .none
    case .viaMainActor:
      return .run { send in await send(.answered(await answerOnTheMainActor())) }
    case .answered(let value):
      state.log.append("answered \(value)")
      return .none
    }
  }

  @Test func aReceivedActionsSynchronousFollowUpsComeNext() async {
    // A live store reduces .followUp right after .first, before .second arrives.
    let clock = ManualClock()
    let live = Store(initialState: State(), reducer: Self.reducer, environment: (), drivenBy: clock)
    live.send(.start)
    await clock.advance()
    #expect(live.state.log == ["first", "followUp", "second"])

    let store = TestStore(initialState: State(), reducer: Self.reducer, environment: ())
    await store.send(.start)
    await store.receive(.first) { $0.log = ["first"] }
    await store.receive(.followUp) { $0.log = ["first", "followUp"] }
    await store.receive(.second) { $0.log = ["first", "followUp", "second"] }
    #expect(store.state == live.state)
  }

  @Test func anAssertionClosureReadsTheStateBeforeTheAction() async {
    let store = TestStore(initialState: State(), reducer: Self.reducer, environment: ())
    await store.send(.start)
    await store.receive(.first) { [store] in
      #expect(store.state.log.isEmpty)
      $0.log = ["first"]
    }
    await store.skipReceivedActions()
  }

  @Test func anEffectsOwnHopToTheMainActorLandsWithinTheStep() async {
    let store = TestStore(initialState: State(), reducer: Self.reducer, environment: ())
    store.timeout = .zero  // Nothing here waits on real time.
    await store.send(.viaMainActor)
    await store.receive(.answered(42)) { $0.log = ["answered 42"] }
  }
}
