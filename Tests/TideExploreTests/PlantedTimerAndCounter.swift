import Tide
import TideExplore

/// Two more kinds of planted bug, each with its correct version: a timer that can start twice,
/// and a bug that needs six steps to show.
enum Ticker {
  struct State: Equatable {
    var isRunning = false
    var ticks = 0
  }

  enum Action: Equatable, Sendable {
    case startTapped
    case stopTapped
    case tick
  }

  struct Environment {
    var clock: any Clock<Duration>
  }

  enum TimerID: Hashable, Sendable { case timer }

  static func timer(_ environment: Environment) -> Effect<Action> {
    .run(name: "timer") { send in
      while true {
        try await environment.clock.sleep(for: .seconds(1))
        await send(.tick)
      }
    }
  }

  /// Starts a timer on every tap, even while one runs.
  static let startsTwice = ticker { state, environment in
    state.isRunning = true
    return timer(environment).cancellable(id: TimerID.timer)
  }

  /// Starts the timer once; a second tap while it runs changes nothing.
  static let reducer = ticker { state, environment in
    guard !state.isRunning else { return .none }
    state.isRunning = true
    return timer(environment).cancellable(id: TimerID.timer, cancelInFlight: true)
  }

  /// The feature, with what a start tap does.
  static func ticker(
    start: @escaping @Sendable (inout State, Environment) -> Effect<Action>
  ) -> Reducer<State, Action, Environment> {
    Reducer { state, action, environment in
      switch action {
      case .startTapped:
        return start(&state, environment)
      case .stopTapped:
        state.isRunning = false
        return .cancel(id: TimerID.timer)
      case .tick:
        state.ticks += 1
        return .none
      }
    }
  }

  static var invariants: [Invariant<State, Action>] {
    [
      .always("at most one timer runs") { _, running in
        running.count(named: "timer") <= 1
      },
      .always("a timer runs exactly while running") { state, running in
        state.isRunning == running.contains(named: "timer")
      },
    ]
  }

  @MainActor
  static func explorer(
    _ reducer: Reducer<State, Action, Environment>, expression: String
  ) -> Explorer<State, Action, Environment> {
    Explorer(
      name: "ticker", initialState: State(), reducer: reducer,
      environment: { _, clock in Environment(clock: clock) },
      actions: { _ in [.startTapped, .stopTapped] }, invariants: invariants,
      endless: ["timer"],
      export: ExploreExport(
        imports: ["Foundation"], reducer: expression,
        environment: "Ticker.Environment(clock: clock)", invariants: "Ticker.invariants"))
  }
}

enum Countdown {
  struct State: Equatable {
    var count = 0
  }

  enum Action: Equatable, Sendable {
    case increment
    case reset
  }

  /// Wraps to -1 on the sixth increment in a row: a bug only six steps show.
  static let wraps = Reducer<State, Action, Void> { state, action, _ in
    switch action {
    case .increment: state.count = state.count == 5 ? -1 : state.count + 1
    case .reset: state.count = 0
    }
    return .none
  }

  static let reducer = Reducer<State, Action, Void> { state, action, _ in
    switch action {
    case .increment: state.count += 1
    case .reset: state.count = 0
    }
    return .none
  }

  static var invariants: [Invariant<State, Action>] {
    [
      .always("the count is never negative") { $0.count >= 0 }
    ]
  }

  @MainActor
  static func explorer(
    _ reducer: Reducer<State, Action, Void>, expression: String
  ) -> Explorer<State, Action, Void> {
    Explorer(
      name: "countdown", initialState: State(), reducer: reducer, environment: { _, _ in },
      actions: { _ in [.reset, .increment] }, invariants: invariants,
      export: ExploreExport(
        imports: ["Foundation"], reducer: expression, environment: "()",
        invariants: "Countdown.invariants"))
  }
}
