import Testing

@testable import Tide

/// What a store promises about the effects it runs: synchronous effects run synchronously in
/// order wherever they are nested, and an action from a cancelled effect is never reduced, even
/// when it was already on its way to the store.
@MainActor
@Suite struct StoreEffectOrderTests {
  enum Action: Sendable, Equatable {
    case start
    case step(String)
    case cancelWork
  }

  func makeStore(
    clock: ManualClock, _ effect: @escaping @Sendable () -> Effect<Action>
  ) -> Store<[String], Action> {
    let reducer = Reducer<[String], Action, Void> { log, action, _ in
      switch action {
      case .start:
        return effect()
      case .step(let name):
        log.append(name)
        return .none
      case .cancelWork:
        log.append("cancel")
        return .cancel(id: "work")
      }
    }
    return Store(initialState: [], reducer: reducer, environment: (), drivenBy: clock)
  }

  @Test func synchronousEffectsRunSynchronouslyWhereverTheyAreNested() {
    let store = makeStore(clock: ManualClock()) {
      .merge(
        .concatenate(.send(.step("a")), .send(.step("b"))),
        .concatenate(.send(.step("c")), .merge(.send(.step("d")), .send(.step("e"))))
          .cancellable(id: "x")
      )
    }
    store.send(.start)
    #expect(store.state == ["a", "b", "c", "d", "e"])
    #expect(store.runningEffects.isEmpty)
  }

  @Test func aConcatenationResumesAfterItsAsynchronousPart() async {
    let clock = ManualClock()
    let store = makeStore(clock: clock) {
      .concatenate(
        .send(.step("before")),
        .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.step("slept"))
        },
        .send(.step("after")),
        .run { send in await send(.step("last")) }
      )
    }
    store.send(.start)
    #expect(store.state == ["before"])
    await clock.advance(by: .seconds(1))
    #expect(store.state == ["before", "slept", "after", "last"])
    #expect(store.runningEffects.isEmpty)
  }

  @Test func anActionOnItsWayFromACancelledEffectIsDropped() async {
    // Both effects run in one round of the clock: the first sends .cancelWork, the second sends
    // .step("late") while .cancelWork is still waiting to be reduced. When .cancelWork is
    // reduced it cancels "work", so "late", already on its way, must never be reduced.
    let clock = ManualClock()
    let store = makeStore(clock: clock) {
      .merge(
        .run { send in await send(.cancelWork) },
        .run { send in await send(.step("late")) }.cancellable(id: "work")
      )
    }
    store.send(.start)
    await clock.advance()
    #expect(store.state == ["cancel"])
    #expect(store.runningEffects.isEmpty)
  }

  @Test func cancellingWithinOneEffectStartsNothingUnderThatID() async {
    let clock = ManualClock()
    let store = makeStore(clock: clock) {
      .merge(
        .run { send in await send(.step("cancelled")) }.cancellable(id: "work"),
        .cancel(id: "work"),
        .run { send in await send(.step("kept")) }
      )
    }
    store.send(.start)
    await clock.advance()
    #expect(store.state == ["kept"])
  }

  /// A store whose actions are strings: "poll", "start" and "cancel" start or cancel the effects
  /// below; any other action is logged.
  func makeLoggingStore(
    clock: ManualClock, start: @escaping @Sendable () -> Effect<String>
  ) -> Store<[String], String> {
    let reducer = Reducer<[String], String, Void> { log, action, _ in
      switch action {
      case "poll":
        return .run { send in
          try await clock.sleep(for: .seconds(5))
          await send("polled")
        }
        .cancellable(id: "poll")
      case "start":
        return start()
      case "cancel":
        return .cancel(id: "work")
      default:
        log.append(action)
        return .none
      }
    }
    return Store(initialState: [], reducer: reducer, environment: (), drivenBy: clock)
  }

  @Test func aConcatenationsFirstStepIsCancellableBeforeItRuns() async {
    let clock = ManualClock()
    let store = makeLoggingStore(clock: clock) {
      .concatenate(.run { send in await send("first") }.cancellable(id: "work"), .send("done"))
    }
    store.send("start")
    store.send("cancel")  // Before the clock has run anything.
    await clock.advance()
    #expect(store.state == ["done"])
    #expect(store.runningEffects.isEmpty)
  }

  @Test func aCancelledConcatenationCancelsNothingMore() async {
    let clock = ManualClock()
    let store = makeLoggingStore(clock: clock) {
      .concatenate(
        .run { _ in try await clock.sleep(for: .seconds(1)) },
        .run { _ in }.cancellable(id: "poll", cancelInFlight: true)
      )
      .cancellable(id: "work")
    }
    store.send("poll")
    store.send("start")
    await clock.advance()
    store.send("cancel")
    await clock.advance(by: .seconds(5))
    #expect(store.state == ["polled"])
  }

  @Test func aStepThatCancelsAndLaunchesStillHoldsTheRestBack() async {
    let clock = ManualClock()
    let store = makeLoggingStore(clock: clock) {
      .merge(
        .run { send in await send("replaced") }.cancellable(id: "load"),
        .concatenate(
          .run { send in await send("loaded") }.cancellable(id: "load", cancelInFlight: true),
          .send("finished")
        )
      )
    }
    store.send("start")
    #expect(store.state.isEmpty)
    await clock.advance()
    #expect(store.state == ["loaded", "finished"])
  }
}
