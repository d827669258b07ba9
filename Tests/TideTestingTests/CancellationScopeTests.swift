import Testing
import Tide
import TideTesting

/// Cancellation identifiers are each level's own, in both directions: a child's `.cancel(id:)`
/// never reaches its parent's effects, nor a parent's its child's (the reference library's
/// parent cancels its descendants' too; a port expected it to).
@MainActor
@Suite struct CancellationScopeTests {
  @Test func aParentsCancelReachesNoneOfItsChildsEffects() async {
    let clock = ManualClock()
    let store = TestStore(
      initialState: Panel.State(timer: Panel.Timer()), reducer: Panel.reducer, environment: clock)
    await store.send(.start)
    await store.send(.timer(.presented(.start)))
    #expect(store.runningEffects.count == 2)
    // The parent cancels "ticking": its own effect ends, the child's runs on.
    await store.send(.stop)
    #expect(store.runningEffects.count == 1)
    await clock.advance(by: .seconds(1))
    await store.receive(.timer(.presented(.tick))) { $0.timer?.ticks = 1 }
    // A child's cancel reaches its own effect, and dismissing it ends them all.
    await store.send(.timer(.presented(.stop)))
    #expect(store.runningEffects.isEmpty)
    await store.send(.timer(.presented(.start)))
    await store.send(.timer(.dismiss)) { $0.timer = nil }
    #expect(store.runningEffects.isEmpty)
  }
}

/// A panel that ticks, and presents a timer that ticks too, both under "ticking".
private enum Panel {
  struct Timer: Equatable, Sendable {
    var ticks = 0
  }
  enum TimerAction: Equatable, Sendable {
    case start, stop, tick
  }
  static let timer = Reducer<Timer, TimerAction, ManualClock> { timer, action, clock in
    switch action {
    case .start:
      return .run(name: "ticking") { send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
      .cancellable(id: "ticking")
    case .stop:
      return .cancel(id: "ticking")
    case .tick:
      timer.ticks += 1
      return .none
    }
  }

  struct State: Equatable, Sendable {
    var ticks = 0
    var timer: Timer?
  }
  enum Action: Equatable, Sendable {
    case start, stop
    case timer(PresentationAction<TimerAction>)
  }
  static let reducer = Reducer<State, Action, ManualClock> { _, action, clock in
    switch action {
    case .start:
      return .run(name: "panel") { _ in try await clock.sleep(for: .seconds(3600)) }
        .cancellable(id: "ticking")
    case .stop:
      return .cancel(id: "ticking")
    case .timer:
      return .none
    }
  }
  .ifLet(\.timer, action: CasePath(Action.timer), environment: { $0 }, child: timer)
}
