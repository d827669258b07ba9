import Foundation
import Testing
import TideTestSupport

@testable import Tide
@testable import TideTesting

/// A test store is a live store that keeps a record (issue 35, §1): it reduces what effects send
/// as it arrives, so it receives exactly what a live store on the same clock reduces.
@MainActor
@Suite struct LiveCoreTests {
  /// A timer that stops itself after three ticks, and tells its parent when it has.
  enum Ticker {
    struct State: Equatable { var ticks = 0 }
    enum Action: Equatable, Sendable { case start, tick, finished }
    enum CancelID { case timer }

    static func reducer(clock: any Clock<Duration>) -> Reducer<State, Action, Void> {
      Reducer { state, action, _ in
        switch action {
        case .start:
          return .run(name: "timer") { send in
            while true {
              try await clock.sleep(for: .seconds(1))
              await send(.tick)
            }
          }
          .cancellable(id: CancelID.timer)
        case .tick:
          state.ticks += 1
          return state.ticks == 3 ? .merge(.cancel(id: CancelID.timer), .send(.finished)) : .none
        case .finished:
          return .none
        }
      }
    }
  }

  @Test func aTimerThatStopsItselfTicksAsOftenInATestAsLive() async {
    let liveClock = ManualClock()
    let live = Store(
      initialState: Ticker.State(), reducer: Ticker.reducer(clock: liveClock), environment: (),
      drivenBy: liveClock)
    live.send(.start)
    await liveClock.advance(by: .seconds(5))
    #expect(live.state.ticks == 3)
    #expect(live.runningEffects.isEmpty)

    let clock = ManualClock()
    let store = TestStore(
      initialState: Ticker.State(), reducer: Ticker.reducer(clock: clock), environment: ())
    await store.send(.start)
    await clock.advance(by: .seconds(5))
    await store.receive(.tick) { $0.ticks = 1 }
    await store.receive(.tick) { $0.ticks = 2 }
    await store.receive(.tick) { $0.ticks = 3 }
    await store.receive(.finished)
  }

  @Test func onAnImmediateClockATimerThatStopsItselfStops() async {
    let store = TestStore(
      initialState: Ticker.State(), reducer: Ticker.reducer(clock: ImmediateClock()),
      environment: ())
    await store.send(.start)
    await store.receive(.tick) { $0.ticks = 1 }
    await store.receive(.tick) { $0.ticks = 2 }
    await store.receive(.tick) { $0.ticks = 3 }
    await store.receive(.finished)
  }

  /// A screen that pops its timer when the timer says it has finished.
  struct Screen: Equatable {
    var ticker: Ticker.State?
  }

  enum ScreenAction: Equatable, Sendable {
    case ticker(Ticker.Action)
  }

  static func screen(clock: any Clock<Duration>) -> Reducer<Screen, ScreenAction, Void> {
    Reducer<Screen, ScreenAction, Void> { state, action, _ in
      if case .ticker(.finished) = action { state.ticker = nil }
      return .none
    }
    .ifLet(
      \.ticker, action: CasePath(ScreenAction.ticker), environment: { $0 },
      child: Ticker.reducer(clock: clock))
  }

  @Test func aScreenPoppedByItsOwnActionGetsNothingMore() async {
    let clock = ManualClock()
    let store = TestStore(
      initialState: Screen(ticker: Ticker.State()), reducer: Self.screen(clock: clock),
      environment: ())
    await store.send(.ticker(.start))
    await clock.advance(by: .seconds(10))
    await store.receive(.ticker(.tick)) { $0.ticker?.ticks = 1 }
    await store.receive(.ticker(.tick)) { $0.ticker?.ticks = 2 }
    await store.receive(.ticker(.tick)) { $0.ticker?.ticks = 3 }
    await store.receive(.ticker(.finished)) { $0.ticker = nil }
    #expect(store.receivedActions.isEmpty)
    #expect(store.runningEffects.isEmpty)
  }

  @Test func anEffectStartedByAReceivedActionStartsWhenTheActionArrives() async {
    // The store reduces a received action as it arrives: what that reduction starts runs before
    // the test asserts the action, as it does live.
    let started = ValueLog<String>()
    let reducer = Reducer<Int, Int, Void> { count, action, _ in
      count = action
      switch action {
      case 1: return .run { send in await send(2) }
      case 2: return .run { _ in started.append("started by 2") }
      default: return .none
      }
    }
    let store = TestStore(initialState: 0, reducer: reducer, environment: ())
    await store.send(1) { $0 = 1 }
    #expect(started.all == ["started by 2"])
    await store.receive(2) { $0 = 2 }
  }

  // MARK: - Live and test side by side

  static let seed: UInt64 =
    ProcessInfo.processInfo.environment["TIDE_LIVE_SEED"].flatMap(UInt64.init)
    ?? UInt64.random(in: 0...UInt64(UInt32.max))

  /// Timers that stop themselves, timers that stop others from a received action, and rows
  /// whose own timers remove them while their effects run.
  struct Model: Equatable {
    var timers: [Int: Int] = [:]
    var rows = IdentifiedArray<Row>()
  }

  struct Row: Identifiable, Equatable {
    let id: Int
    var ticks = 0
  }

  enum ModelAction: Equatable, Sendable {
    case start(Int, every: Int)
    case tick(Int)
    case stop(Int)
    case addRow(Int, every: Int)
    case removeRow(Int)
    case row(id: Int, action: RowAction)
  }

  enum RowAction: Equatable, Sendable {
    case tick
  }

  struct TimerID: Hashable, Sendable { let id: Int }
  struct RowTimerID: Hashable, Sendable { let id: Int }

  static func model(clock: ManualClock) -> Reducer<Model, ModelAction, Void> {
    let row = Reducer<Row, RowAction, Void> { row, _, _ in
      row.ticks += 1
      return .none
    }
    return Reducer<Model, ModelAction, Void> { state, action, _ in
      switch action {
      case .start(let id, let every):
        state.timers[id] = state.timers[id] ?? 0
        return .run { send in
          while true {
            try await clock.sleep(for: .seconds(every))
            await send(.tick(id))
          }
        }
        .cancellable(id: TimerID(id: id), cancelInFlight: true)
      case .tick(let id):
        let ticks = (state.timers[id] ?? 0) + 1
        state.timers[id] = ticks
        if ticks % 3 == 0 { return .cancel(id: TimerID(id: id)) }
        if ticks == 2 { return .send(.stop((id + 1) % 3)) }
        return .none
      case .stop(let id):
        return .cancel(id: TimerID(id: id))
      case .addRow(let id, let every):
        guard state.rows[id: id] == nil else { return .none }
        state.rows.append(Row(id: id))
        return .run { send in
          while true {
            try await clock.sleep(for: .seconds(every))
            await send(.row(id: id, action: .tick))
          }
        }
        .cancellable(id: RowTimerID(id: id), cancelInFlight: true)
      case .removeRow(let id):
        state.rows.remove(id: id)
        return .cancel(id: RowTimerID(id: id))
      case .row(let id, .tick):
        // A row that has ticked four times removes itself, and the timer that ticks for it,
        // while that timer runs.
        guard let ticks = state.rows[id: id]?.ticks, ticks >= 4 else { return .none }
        state.rows.remove(id: id)
        return .cancel(id: RowTimerID(id: id))
      }
    }
    .forEach(\.rows, action: CasePath(ModelAction.row), environment: { $0 }, child: row)
  }

  enum Step: CustomStringConvertible {
    case send(ModelAction)
    case advance(Int)

    var description: String {
      switch self {
      case .send(let action): "send(\(action))"
      case .advance(let seconds): "advance(\(seconds) s)"
      }
    }
  }

  static func script(_ random: inout SeededRandom, length: Int) -> [Step] {
    (0..<length).map { _ in
      switch Int.random(in: 0..<8, using: &random) {
      case 0, 1:
        .send(
          .start(
            Int.random(in: 0..<3, using: &random), every: Int.random(in: 1...3, using: &random)))
      case 2: .send(.stop(Int.random(in: 0..<3, using: &random)))
      case 3:
        .send(
          .addRow(
            Int.random(in: 0..<4, using: &random), every: Int.random(in: 1...2, using: &random)))
      case 4: .send(.removeRow(Int.random(in: 0..<4, using: &random)))
      default: .advance(Int.random(in: 0...4, using: &random))
      }
    }
  }

  @Test func aTestStoreReducesWhatALiveStoreReduces() async {
    var random = SeededRandom(seed: Self.seed)
    // What the runs exercised, so that the comparison cannot pass by comparing nothing.
    var ticks = 0
    var rowTicks = 0
    for run in 0..<40 {
      let script = Self.script(&random, length: 30)
      let context = "seed \(Self.seed), run \(run): \(script)"

      // Live: every reduction, in order.
      let liveClock = ManualClock()
      let liveLog = ValueLog<ModelAction>()
      let live = Store(
        initialState: Model(), reducer: Self.model(clock: liveClock), environment: (),
        drivenBy: liveClock, onReduce: { action, _, _, _ in liveLog.append(action) })
      for step in script {
        switch step {
        case .send(let action): live.send(action)
        case .advance(let seconds): await liveClock.advance(by: .seconds(seconds))
        }
        await liveClock.advance(by: .zero)
      }

      // Test: what it sends, and what it receives, in order.
      let clock = ManualClock()
      let store = TestStore(
        initialState: Model(), reducer: Self.model(clock: clock), environment: ())
      // What is compared is the reductions, not the state changes each asserts.
      store.exhaustivity = .off
      var tested: [ModelAction] = []
      for step in script {
        switch step {
        case .send(let action):
          await store.send(action)
          tested.append(action)
        case .advance(let seconds): await clock.advance(by: .seconds(seconds))
        }
        await store.runReadyEffects()
        tested += store.receivedActions
        await store.skipReceivedActions()
      }
      ticks += liveLog.all.count { if case .tick = $0 { true } else { false } }
      rowTicks += liveLog.all.count { if case .row = $0 { true } else { false } }
      #expect(tested == liveLog.all, "\(context)")
      #expect(store.state == live.state, "\(context)")
      await store.skipInFlightEffects()
      if tested != liveLog.all { return }
    }
    #expect(ticks > 100, "seed \(Self.seed)")
    #expect(rowTicks > 100, "seed \(Self.seed)")
  }
}
