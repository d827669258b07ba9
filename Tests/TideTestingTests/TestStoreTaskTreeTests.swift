import Testing
import TideTesting

@testable import Tide

/// A `TestStoreTask` owns the same tree as a live `StoreTask`: the effects its send started and
/// those started by the actions they sent back, once received.
@MainActor
@Suite struct TestStoreTaskTreeTests {
  enum Action: Sendable, Equatable {
    case start, started, done
  }

  static func reducer(clock: ManualClock) -> Reducer<[String], Action, Void> {
    Reducer { log, action, _ in
      log.append("\(action)")
      switch action {
      case .start: return .run { send in await send(.started) }
      case .started:
        return .run { send in
          try await clock.sleep(for: .seconds(10))
          await send(.done)
        }
      case .done: return .none
      }
    }
  }

  @Test func cancellingTheSendCancelsWhatItsReceivedActionsStarted() async {
    let clock = ManualClock()
    let store = TestStore(
      initialState: [String](), reducer: Self.reducer(clock: clock), environment: ())
    let task = await store.send(.start) { $0 = ["start"] }
    await store.receive(.started) { $0.append("started") }
    #expect(!task.isFinished)
    await task.cancel()
    #expect(task.isFinished)
    await clock.advance(by: .seconds(10))
  }

  @Test func finishingTheSendWaitsForTheWholeTree() async {
    let clock = ManualClock()
    let store = TestStore(
      initialState: [String](), reducer: Self.reducer(clock: clock), environment: ())
    let task = await store.send(.start) { $0 = ["start"] }
    await store.receive(.started) { $0.append("started") }
    await clock.advance(by: .seconds(10))
    await store.receive(.done) { $0.append("done") }
    await task.finish()
    #expect(task.isFinished)
  }

  /// A view's `.task { await store.send(.start).finish() }` whose view goes away: the task
  /// awaiting `finish()` is cancelled, and, as with a live store, so are the send's effects.
  @Test func aCancelledCallerOfFinishCancelsTheSendsEffects() async {
    let clock = ManualClock()
    let store = TestStore(
      initialState: [String](), reducer: Self.reducer(clock: clock), environment: ())
    let task = await store.send(.start) { $0 = ["start"] }
    await store.receive(.started) { $0.append("started") }
    let view = Task { await task.finish() }
    view.cancel()
    await view.value
    #expect(task.isFinished)
    await clock.advance(by: .seconds(10))
    await store.finish()
  }

  @Test func anEffectOfTheTreeStillRunningIsReportedByFinish() async {
    let clock = ManualClock()
    let store = TestStore(
      initialState: [String](), reducer: Self.reducer(clock: clock), environment: ())
    let task = await store.send(.start) { $0 = ["start"] }
    await store.receive(.started) { $0.append("started") }
    await withKnownIssue {
      await task.finish(timeout: .zero)
    } matching: { issue in
      issue.description.contains("An effect is still running")
    }
    await task.cancel()
  }
}

/// The reference's chain in a `TestStore`: each response from an effect its previous one started.
@MainActor
@Suite struct TestStoreReferenceScenarioTests {
  enum Action: Sendable, Equatable {
    case tap, response1, response2, response3

  }

  static let reducer = Reducer<[String], Action, Void> { log, action, _ in
    log.append("\(action)")
    switch action {
    case .tap: return .run { send in await send(.response1) }
    case .response1: return .run { send in await send(.response2) }
    case .response2: return .run { send in await send(.response3) }
    case .response3: return .none
    }
  }

  @Test func theChainEndsWhereALiveStoreEnds() async {
    let store = TestStore(initialState: [String](), reducer: Self.reducer, environment: ())
    let task = await store.send(.tap) { $0 = ["tap"] }
    await store.receive(.response1) { $0.append("response1") }
    await store.receive(.response2) { $0.append("response2") }
    await store.receive(.response3) { $0.append("response3") }
    await task.finish()

    let live = Store(initialState: [String](), reducer: Self.reducer, environment: ())
    await live.send(.tap).finish()
    #expect(live.state == store.state)
  }

}
