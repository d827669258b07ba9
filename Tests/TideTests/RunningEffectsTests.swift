import Testing
import TideTesting

@testable import Tide

/// The running effects are asked about by name and cancellation identifier, not by their text.
@MainActor
@Suite struct RunningEffectsTests {
  enum SearchID { case search }
  enum TimerID { case tick }

  static let reducer = Reducer<Int, String, ManualClock> { _, action, clock in
    switch action {
    case "search":
      return .run(name: "geocode") { _ in try await clock.sleep(for: .seconds(5)) }
        .debounce(id: SearchID.search, for: .milliseconds(300), clock: clock)
    case "timer":
      return .run(name: "timer") { _ in try await clock.sleep(for: .seconds(60)) }
        .cancellable(id: TimerID.tick)
    case "anonymous":
      return .run { _ in try await clock.sleep(for: .seconds(60)) }
    case "stop":
      return .cancel(id: TimerID.tick)
    default:
      return .none
    }
  }

  @Test func effectsAreFoundByTheNamesOfTheRunsTheyAreMadeOf() {
    let clock = ManualClock()
    let store = Store(initialState: 0, reducer: Self.reducer, environment: clock)
    store.send("search")
    store.send("timer")
    store.send("timer")
    store.send("anonymous")
    let running = store.runningEffects
    #expect(running.count == 4)
    #expect(running[0].names == ["debounce(for: 0.3 seconds)", "geocode"])
    #expect(running[1].names == ["timer"])
    #expect(running[3].names == [])
    #expect(running.contains(named: "geocode"))
    #expect(!running.contains(named: "login"))
    #expect(running.count(named: "timer") == 2)
    #expect(running.contains(cancellableBy: SearchID.search))
    #expect(running[1].isCancellable(by: TimerID.tick))
    #expect(!running[0].isCancellable(by: TimerID.tick))
    #expect(!running.contains(cancellableBy: "tick"))
    store.cancelRunningEffects()
  }

  @Test func cancelledEffectsAreLeftOutAndTheRestPrintAsBefore() {
    let clock = ManualClock()
    let store = Store(initialState: 0, reducer: Self.reducer, environment: clock)
    store.send("timer")
    store.send("anonymous")
    #expect(store.runningEffects.descriptions == [#".run("timer")"#, ".run"])
    store.send("stop")
    #expect(!store.runningEffects.contains(named: "timer"))
    #expect("\(store.runningEffects)" == #"[".run"]"#)
    #expect(store.runningEffects.map(\.description) == [".run"])
    store.cancelRunningEffects()
    #expect(store.runningEffects.isEmpty)
    #expect("\(store.runningEffects)" == "[]")
  }

  @Test func namesAreFoundInsideDeeplyNestedEffects() {
    var effect = Effect<String>.run(name: "inner") { _ in }
    for _ in 0..<100_000 { effect = .merge(effect, .none) }
    #expect(effect.runNames == ["inner"])
  }
}
