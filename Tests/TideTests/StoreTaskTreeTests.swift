import Testing

@testable import Tide

/// One send, one task tree: a `StoreTask` owns the effects its action started and, transitively,
/// those started by the actions they sent back. `finish()` waits for the whole tree and
/// `cancel()` cancels the whole tree.
@MainActor
@Suite struct StoreTaskTreeTests {
  enum Action: Sendable, Equatable {
    case tap, response1, response2, response3
    case start, started, waitForever, done
  }

  struct Environment: Sendable {
    var waitForever: @Sendable () async throws -> Void
  }

  static let reducer = Reducer<[String], Action, Environment> { log, action, environment in
    log.append("\(action)")
    switch action {
    case .tap: return .run { send in await send(.response1) }
    case .response1:
      return .run { send in
        await Task.yield()
        await send(.response2)
      }
    case .response2:
      return .run { send in
        await Task.yield()
        await send(.response3)
      }
    case .start: return .run { send in await send(.started) }
    case .started:
      return .run { send in
        try await environment.waitForever()
        await send(.done)
      }
    case .response3, .waitForever, .done: return .none
    }
  }

  static let forever = Environment(waitForever: {
    try await Task.sleep(for: .seconds(3600))
  })

  @Test func finishWaitsForEveryEffectTheSendOwnsTransitively() async {
    for run in 0..<100 {
      let store = Store(initialState: [String](), reducer: Self.reducer, environment: Self.forever)
      await store.send(.tap).finish()
      #expect(
        store.state == ["tap", "response1", "response2", "response3"], "run \(run)")
      #expect(store.runningEffects.isEmpty, "run \(run)")
    }
  }

  @Test func finishWaitsForTheTreeOnAStoreDrivenByAClock() async {
    let clock = ManualClock()
    let store = Store(
      initialState: [String](), reducer: Self.reducer, environment: Self.forever, drivenBy: clock)
    await store.send(.tap).finish()
    #expect(store.state == ["tap", "response1", "response2", "response3"])
  }

  @Test func cancellingTheTaskCancelsWhatItsEffectsStarted() async {
    let store = Store(initialState: [String](), reducer: Self.reducer, environment: Self.forever)
    let task = store.send(.start)
    // Wait until the effect that .started began is running: it belongs to the tree of .start.
    while store.runningEffects.count < 1 || !store.state.contains("started") {
      await Task.yield()
    }
    #expect(!task.isCancelled)
    task.cancel()
    #expect(task.isCancelled)
    await task.finish()
    #expect(store.runningEffects.isEmpty)
    #expect(store.state == ["start", "started"])
  }

  @Test func cancellingTheWaitingTaskCancelsTheTree() async {
    let store = Store(initialState: [String](), reducer: Self.reducer, environment: Self.forever)
    let waiting = Task { await store.send(.start).finish() }
    while !store.state.contains("started") || store.runningEffects.isEmpty {
      await Task.yield()
    }
    waiting.cancel()
    await waiting.value
    #expect(store.runningEffects.isEmpty)
    #expect(store.state == ["start", "started"])
  }

  @Test func aTaskWhoseEffectsWereCancelledByIDIsCancelled() async {
    let reducer = Reducer<Int, String, Void> { _, action, _ in
      action == "start"
        ? .run { _ in try await Task.sleep(for: .seconds(3600)) }.cancellable(id: "x")
        : .cancel(id: "x")
    }
    let store = Store(initialState: 0, reducer: reducer, environment: ())
    let task = store.send("start")
    #expect(!task.isCancelled)
    store.send("stop")
    #expect(task.isCancelled)
    await task.finish()
  }

  @Test func aSendThatStartsNothingHasNothingToWaitFor() async {
    let store = Store(initialState: [String](), reducer: Self.reducer, environment: Self.forever)
    let task = store.send(.done)
    #expect(task.isCancelled)
    await task.finish()
  }
}
