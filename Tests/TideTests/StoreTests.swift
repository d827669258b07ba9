import Observation
import Testing
import TideTestSupport
import TideTesting

@testable import Tide

@MainActor
@Suite struct StoreTests {
  enum Action: Sendable, Equatable {
    case tap(Int)
    case chain(Int)
    case load
    case loaded(Int)
  }

  struct State: Equatable {
    var log: [String] = []
    var count = 0
  }

  static let reducer = Reducer<State, Action, Void> { state, action, _ in
    switch action {
    case .tap(let n):
      state.log.append("tap \(n)")
      return .none
    case .chain(let n):
      state.log.append("chain \(n)")
      return n > 0 ? .merge(.send(.chain(n - 1)), .send(.tap(n))) : .none
    case .load:
      state.log.append("load")
      return .run(name: "load") { send in await send(.loaded(42)) }
    case .loaded(let value):
      state.log.append("loaded \(value)")
      state.count = value
      return .none
    }
  }

  @Test func sendUpdatesStateSynchronously() {
    let store = Store(initialState: State(), reducer: Self.reducer, environment: ())
    store.send(.tap(1))
    #expect(store.state.log == ["tap 1"])
  }

  @Test func actionsFromSendEffectsAreQueuedInOrderNotReentrant() {
    let store = Store(initialState: State(), reducer: Self.reducer, environment: ())
    store.send(.chain(2))
    // First in, first out: an action's follow-ups join the back of the queue, after those of
    // the actions queued before them, as a TestStore receives them.
    #expect(store.state.log == ["chain 2", "chain 1", "tap 2", "chain 0", "tap 1"])
  }

  @Test func observerSendsAreQueuedAndObserversSeeWholeBatches() {
    let store = Store(initialState: State(), reducer: Self.reducer, environment: ())
    var seen: [[String]] = []
    store.observe(\.log) { log in
      seen.append(log)
      if log == ["tap 1"] { store.send(.tap(2)) }
    }
    store.send(.tap(1))
    #expect(seen == [[], ["tap 1"], ["tap 1", "tap 2"]])
    #expect(store.state.log == ["tap 1", "tap 2"])
  }

  @Test func effectActionsComeBackThroughTheStore() async {
    let store = Store(initialState: State(), reducer: Self.reducer, environment: ())
    await store.send(.load).finish()
    #expect(store.state.log == ["load", "loaded 42"])
    #expect(store.state.count == 42)
    #expect(store.runningEffects.isEmpty)
  }

  @Test func observersOfASliceAreNotifiedOnlyWhenItChanges() {
    let store = Store(initialState: State(), reducer: Self.reducer, environment: ())
    var counts: [Int] = []
    var logs = 0
    store.observe(\.count) { counts.append($0) }
    store.observe({ $0.log.count }, onChange: { _ in logs += 1 })
    store.send(.tap(1))
    store.send(.loaded(5))
    store.send(.tap(2))
    #expect(counts == [0, 5])
    #expect(logs == 4)
  }

  @Test func cancelledObservationIsNotNotifiedAgain() {
    let store = Store(initialState: State(), reducer: Self.reducer, environment: ())
    var values: [Int] = []
    let observation = store.observe(\.count) { values.append($0) }
    store.send(.loaded(1))
    observation.cancel()
    observation.cancel()
    store.send(.loaded(2))
    #expect(values == [0, 1])
  }

  @Test func wholeStateObserverIsToldAfterEveryBatch() {
    let store = Store(initialState: State(), reducer: Self.reducer, environment: ())
    var batches = 0
    store.observe { _ in batches += 1 }
    store.send(.chain(1))
    store.send(.tap(0))
    #expect(batches == 3)
  }

  @Test func scopedStoresReadAndSendThroughTheParent() {
    let store = Store(initialState: State(), reducer: Self.reducer, environment: ())
    let counts = store.makeChildStore(state: \.count, action: CasePath(Action.loaded))
    let nested = counts.makeChildStore(state: { $0 * 2 }, action: { $0 / 2 })
    nested.send(10)
    #expect(store.state.count == 5)
    #expect(counts.state == 5)
    #expect(nested.state == 10)
  }

  @Test func scopedStoresSeeTheRootsRunningEffects() async {
    let clock = ManualClock()
    let reducer = Reducer<Int, Int, Void> { _, _, _ in
      .run(name: "wait") { _ in try await clock.sleep(for: .seconds(1)) }
    }
    let store = Store(initialState: 0, reducer: reducer, environment: ())
    let child = store.makeChildStore(state: { $0 }, action: { $0 })
    let task = child.send(1)
    #expect(child.runningEffects.descriptions == [#".run("wait")"#])
    #expect(store.runningEffects.descriptions == child.runningEffects.descriptions)
    task.cancel()
    await task.finish()
    #expect(child.runningEffects.isEmpty)
  }

  @Test func manyScopedObserversEachSeeOnlyTheirSlice() {
    struct Grid: Equatable { var cells = Array(repeating: 0, count: 100) }
    let reducer = Reducer<Grid, Int, Void> { state, index, _ in
      state.cells[index] += 1
      return .none
    }
    let store = Store(initialState: Grid(), reducer: reducer, environment: ())
    var notifications = Array(repeating: 0, count: 100)
    for index in 0..<100 {
      let cell = store.makeChildStore(state: { $0.cells[index] }, action: { (_: Void) in index })
      cell.observe({ $0 }, onChange: { _ in notifications[index] += 1 })
    }
    store.send(7)
    store.send(7)
    store.send(42)
    #expect(notifications[7] == 3)
    #expect(notifications[42] == 2)
    #expect(notifications.reduce(0, +) == 100 + 3)
  }

  @Test func storeIsObservable() {
    let store = Store(initialState: State(), reducer: Self.reducer, environment: ())
    let changes = ValueLog<String>()
    withObservationTracking {
      _ = store.state.count
    } onChange: {
      changes.append("state")
    }
    store.send(.tap(1))
    #expect(changes.all == ["state"])
  }

  @Test func releasingTheStoreCancelsItsEffects() async {
    let clock = ManualClock()
    let cancelled = ValueLog<String>()
    let reducer = Reducer<Int, Int, Void> { _, _, _ in
      .run(name: "forever") { _ in
        do { try await clock.sleep(for: .seconds(60)) } catch { cancelled.append("cancelled") }
      }
    }
    var store: Store<Int, Int>? = Store(
      initialState: 0, reducer: reducer, environment: (), drivenBy: clock
    )
    let task = store!.send(1)
    await clock.advance()
    #expect(clock.sleeperCount == 1)
    store = nil
    await clock.advance()
    await task.finish()
    #expect(cancelled.all == ["cancelled"])
    #expect(clock.sleeperCount == 0)
  }

  @Test func storeTaskCancelsTheEffectsOfItsAction() async {
    let clock = ManualClock()
    let reducer = Reducer<Int, Int, Void> { state, action, _ in
      state += action
      guard action == 1 else { return .none }
      return .run(name: "slow") { send in
        try await clock.sleep(for: .seconds(1))
        await send(100)
      }
    }
    let store = Store(initialState: 0, reducer: reducer, environment: (), drivenBy: clock)
    let task = store.send(1)
    await clock.advance()
    #expect(!task.isCancelled)
    task.cancel()
    #expect(task.isCancelled)
    await clock.advance(by: .seconds(1))
    await clock.advance()
    await task.finish()
    #expect(store.state == 1)
    #expect(store.send(0).isCancelled)
  }

  @Test func sendQueuedBehindAnotherActionReturnsATaskForItsOwnEffects() async {
    let store = Store(initialState: State(), reducer: Self.reducer, environment: ())
    var queued: StoreTask?
    store.observe(\.log) { log in
      if log == ["tap 1"] { queued = store.send(.load) }
    }
    store.send(.tap(1))
    await queued?.finish()
    #expect(store.state.log == ["tap 1", "load", "loaded 42"])
  }
}
