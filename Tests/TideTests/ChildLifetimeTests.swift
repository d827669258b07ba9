import Testing
import TideTestSupport

@testable import Tide

/// A child's effects end with the child's state.
@MainActor
@Suite struct ChildLifetimeTests {
  struct Timer: Equatable, Identifiable, Sendable {
    var id: Int
    var ticks = 0
  }
  enum TimerAction: Sendable, Equatable {
    case start
    case tick
    /// Starts the timer; the screen removes the row in the same step.
    case startAndLeave
  }
  static func timer(clock: ManualClock) -> Reducer<Timer, TimerAction, Void> {
    Reducer { state, action, _ in
      switch action {
      case .start, .startAndLeave:
        return ticking(.tick, clock: clock)
      case .tick:
        state.ticks += 1
        return .none
      }
    }
  }

  struct Screen: Equatable {
    var detail: Timer?
    var rows: IdentifiedArray<Timer> = []
    /// The rows through a computed property: `forEach` applies such a key path through the
    /// runtime rather than by offset.
    var computedRows: IdentifiedArray<Timer> {
      get { rows }
      set { rows = newValue }
    }
  }
  enum ScreenAction: Sendable, Equatable {
    case detail(TimerAction)
    case row(id: Int, action: TimerAction)
    case closeDetail
    case removeRow(Int)
    case addRow(Int)
  }
  static func screen(clock: ManualClock) -> Reducer<Screen, ScreenAction, Void> {
    Reducer<Screen, ScreenAction, Void> { state, action, _ in
      switch action {
      case .closeDetail: state.detail = nil
      case .removeRow(let id): state.rows.remove(id: id)
      case .addRow(let id): state.rows.append(Timer(id: id))
      case .row(let id, .startAndLeave): state.rows.remove(id: id)
      case .detail, .row: break
      }
      return .none
    }
    .ifLet(
      \.detail, action: CasePath(ScreenAction.detail), environment: { $0 },
      child: timer(clock: clock)
    )
    .forEach(
      \.rows, action: CasePath(ScreenAction.row), environment: { $0 }, child: timer(clock: clock))
  }

  @Test("An optional child's effects are cancelled when its state becomes nil")
  func ifLetCancelsWhenNil() async {
    let clock = ManualClock()
    let issues = ReportedIssues()
    let store = Store(
      initialState: Screen(detail: Timer(id: 0)), reducer: Self.screen(clock: clock),
      environment: (), drivenBy: clock)
    await IssueReporter.$current.withValue(issues.reporter) {
      store.send(.detail(.start))
      await clock.advance(by: .seconds(2))
      #expect(store.state.detail?.ticks == 2)
      #expect(store.runningEffects.count == 1)
      store.send(.closeDetail)
      #expect(store.runningEffects.isEmpty)
      await clock.advance(by: .seconds(5))
    }
    #expect(store.state.detail == nil)
    #expect(issues.all.isEmpty)
  }

  @Test("A removed element's effects are cancelled; the others keep running")
  func forEachCancelsRemovedElements() async {
    let clock = ManualClock()
    let issues = ReportedIssues()
    let store = Store(
      initialState: Screen(rows: [Timer(id: 1), Timer(id: 2), Timer(id: 3)]),
      reducer: Self.screen(clock: clock), environment: (), drivenBy: clock)
    await IssueReporter.$current.withValue(issues.reporter) {
      for id in 1...3 { store.send(.row(id: id, action: .start)) }
      await clock.advance(by: .seconds(1))
      store.send(.removeRow(2))
      store.send(.addRow(4))
      #expect(store.runningEffects.count == 2)
      await clock.advance(by: .seconds(3))
    }
    #expect(store.state.rows.map(\.ticks) == [4, 4, 0])
    #expect(issues.all.isEmpty)
  }

  /// The first effect any element starts, in the step whose parent removes that element: a
  /// `forEach` keeps the identifiers it started with only once an element has returned an
  /// effect, and this one has, in this very step.
  @Test("An element's first effect is cancelled when the same step removes the element")
  func forEachCancelsTheFirstEffectOfAnElementRemovedInTheSameStep() async {
    let clock = ManualClock()
    let issues = ReportedIssues()
    let store = Store(
      initialState: Screen(rows: [Timer(id: 1), Timer(id: 2)]),
      reducer: Self.screen(clock: clock), environment: (), drivenBy: clock)
    await IssueReporter.$current.withValue(issues.reporter) {
      store.send(.row(id: 1, action: .startAndLeave))
      #expect(store.runningEffects.isEmpty)
      await clock.advance(by: .seconds(2))
    }
    #expect(store.state.rows.map(\.id) == [2])
    #expect(issues.all.isEmpty)
  }

  /// A parent whose own effect sends to its optional child and to an element.
  enum Relay: Equatable, Sendable {
    case detail(TimerAction)
    case row(id: Int, action: TimerAction)
    case relay
  }

  @Test("An action an effect sends to a missing child says an effect sent it")
  func missingChildFromAnEffectIsReportedAsSuch() async {
    let issues = ReportedIssues()
    let clock = ManualClock()
    let reducer = Reducer<Screen, Relay, Void> { _, action, _ in
      guard action == .relay else { return .none }
      return .run { send in
        await send(.detail(.tick))
        await send(.row(id: 7, action: .tick))
      }
    }
    .ifLet(
      \.detail, action: CasePath(Relay.detail), environment: { $0 }, child: Self.timer(clock: clock)
    )
    .forEach(
      \.rows, action: CasePath(Relay.row), environment: { $0 }, child: Self.timer(clock: clock))
    let line = #line - 5  // the ifLet; the forEach is 3 lines below it
    let store = Store(initialState: Screen(), reducer: reducer, environment: (), drivenBy: clock)
    await IssueReporter.$current.withValue(issues.reporter) {
      store.send(.relay)
      await clock.advance()
    }
    #expect(
      issues.all == [
        """
        An effect sent an action to a child whose state is nil.

          Action: .tick
          Reducer: ifLet(\\Screen.detail) at TideTests/ChildLifetimeTests.swift:\(line)

        If the child was dismissed, its own effects were cancelled then, so this one was started \
        elsewhere (by a parent, or another child): cancel it when the child goes away, or send \
        only while the child is there. If it was never presented, the effect was sent too early.
        """,
        """
        An effect sent an action to an element that is not in the collection.

          Action: .tick
          ID: 7
          Reducer: forEach(\\Screen.rows) at TideTests/ChildLifetimeTests.swift:\(line + 3)

        If the element was removed, its own effects were cancelled then, so this one was started \
        elsewhere (by the collection's parent, or another element): cancel it when the element \
        goes, or send only while the element is there. If no element ever had this identifier, \
        the effect names the wrong one.
        """,
      ])
  }

  @Test("A child action that arrives while its state is nil is reported")
  func missingChildIsReported() {
    let issues = ReportedIssues()
    let clock = ManualClock()
    let store = Store(
      initialState: Screen(), reducer: Self.screen(clock: clock), environment: ())
    IssueReporter.$current.withValue(issues.reporter) {
      store.send(.detail(.tick))
      store.send(.row(id: 7, action: .tick))
    }
    #expect(
      issues.all == [
        """
        An action was sent to a child whose state is nil.

          Action: .tick
          Reducer: ifLet(\\Screen.detail) at TideTests/ChildLifetimeTests.swift:59

        Its state is nil: it was dismissed, or never presented. A child's effects are cancelled \
        when its state becomes nil; stop sending to it.
        """,
        """
        An action was sent to an element that is not in the collection.

          Action: .tick
          ID: 7
          Reducer: forEach(\\Screen.rows) at TideTests/ChildLifetimeTests.swift:63

        No element has this identifier: it was removed, or never added. An element's effects are \
        cancelled when it is removed; stop sending to it.
        """,
      ])
  }

  @Test(
    "forEach finds elements and cancels removed ones through stored and computed key paths",
    arguments: [false, true])
  func forEachThroughAnyKeyPath(computed: Bool) async {
    let clock = ManualClock()
    let rows: any WritableKeyPath<Screen, IdentifiedArray<Timer>> & Sendable =
      computed ? \.computedRows : \.rows
    #expect((MemoryLayout<Screen>.offset(of: rows) == nil) == computed)
    let reducer = Reducer<Screen, ScreenAction, Void> { state, action, _ in
      if case .removeRow(let id) = action { state.rows.remove(id: id) }
      return .none
    }
    .forEach(
      rows, action: CasePath(ScreenAction.row), environment: { $0 },
      child: Self.timer(clock: clock))
    let store = Store(
      initialState: Screen(rows: [Timer(id: 1), Timer(id: 2)]), reducer: reducer,
      environment: (), drivenBy: clock)
    store.send(.row(id: 1, action: .start))
    store.send(.row(id: 2, action: .start))
    await clock.advance(by: .seconds(2))
    store.send(.removeRow(1))
    #expect(store.runningEffects.count == 1)
    await clock.advance(by: .seconds(1))
    #expect(store.state.rows.map(\.ticks) == [3])
    store.send(.removeRow(2))
    #expect(store.runningEffects.isEmpty)
  }

  @Test("A report names a computed key path without the address Swift prints it with")
  func computedKeyPathsAreNamedStably() {
    let reducer = Reducer<Screen, ScreenAction, Void>.empty.forEach(
      \.computedRows, action: CasePath(ScreenAction.row), environment: { $0 },
      child: Self.timer(clock: ManualClock()))
    let line = #line - 3
    let store = Store(initialState: Screen(), reducer: reducer, environment: ())
    let issues = ReportedIssues()
    IssueReporter.$current.withValue(issues.reporter) {
      store.send(.row(id: 7, action: .tick))
    }
    #expect("\(\Screen.computedRows)".contains("<computed 0x"))
    #expect(
      issues.all.first?.contains(
        "Reducer: forEach(\\Screen.<computed IdentifiedArray<Timer>>) at "
          + "TideTests/ChildLifetimeTests.swift:\(line)") == true,
      "\(issues.all)")
  }
}

extension ChildLifetimeTests {
  /// An effect named `timer` that sends `tick` every second on `clock`, until cancelled.
  nonisolated static func ticking<Action: Sendable>(
    _ tick: Action, clock: ManualClock
  ) -> Effect<Action> {
    .run(name: "timer") { send in
      while true {
        try await clock.sleep(for: .seconds(1))
        await send(tick)
      }
    }
  }
}
