import Testing
import TideTestSupport

@testable import Tide

/// Children nested in collections: each element's effects and identifiers are its own.
@MainActor
@Suite struct ChildScopeTests {
  struct Detail: Equatable, Sendable {
    var ticks = 0
  }
  enum DetailAction: Sendable, Equatable {
    case start
    case tick
  }
  struct Row: Equatable, Identifiable, Sendable {
    var id: Int
    var ticks = 0
    var detail: Detail?
  }
  enum RowAction: Sendable, Equatable {
    case start
    case tick
    case stop
    case openDetail
    case closeDetail
    case detail(DetailAction)
    case setID(Int)
  }
  struct Screen: Equatable {
    var rows: IdentifiedArray<Row> = []
  }
  enum ScreenAction: Sendable, Equatable {
    case row(id: Int, action: RowAction)
  }

  /// A timer that ticks every second until cancelled.
  nonisolated static func ticking<Action: Sendable>(_ clock: ManualClock, _ tick: Action) -> Effect<
    Action
  > {
    .run { send in
      while true {
        try await clock.sleep(for: .seconds(1))
        await send(tick)
      }
    }
  }

  static func screen(_ clock: ManualClock) -> Reducer<Screen, ScreenAction, Void> {
    let detail = Reducer<Detail, DetailAction, Void> { state, action, _ in
      switch action {
      case .start: return ticking(clock, .tick)
      case .tick: state.ticks += 1
      }
      return .none
    }
    let row = Reducer<Row, RowAction, Void> { state, action, _ in
      switch action {
      case .start: return ticking(clock, .tick).cancellable(id: "timer")
      case .stop: return .cancel(id: "timer")
      case .tick: state.ticks += 1
      case .openDetail: state.detail = Detail()
      case .closeDetail: state.detail = nil
      case .setID(let id): state.id = id
      case .detail: break
      }
      return .none
    }
    .ifLet(\.detail, action: CasePath(RowAction.detail), environment: { $0 }, child: detail)
    return Reducer<Screen, ScreenAction, Void>.empty
      .forEach(\.rows, action: CasePath(ScreenAction.row), environment: { $0 }, child: row)
  }

  func makeStore(_ clock: ManualClock, rows: [Int]) -> Store<Screen, ScreenAction> {
    Store(
      initialState: Screen(rows: IdentifiedArray(rows.map { Row(id: $0) })),
      reducer: Self.screen(clock), environment: (), drivenBy: clock)
  }

  @Test("Closing one row's child cancels only that row's child effects")
  func nestedIfLetIsPerElement() async {
    let clock = ManualClock()
    let store = makeStore(clock, rows: [1, 2])
    for id in [1, 2] {
      store.send(.row(id: id, action: .openDetail))
      store.send(.row(id: id, action: .detail(.start)))
    }
    await clock.advance(by: .seconds(1))
    store.send(.row(id: 1, action: .closeDetail))
    await clock.advance(by: .seconds(3))
    #expect(store.state.rows[id: 2]?.detail?.ticks == 4)
    #expect(store.runningEffects.count == 1)
  }

  @Test("An identifier cancelled in one element does not reach another's")
  func identifiersArePerElement() async {
    let clock = ManualClock()
    let store = makeStore(clock, rows: [1, 2])
    store.send(.row(id: 1, action: .start))
    store.send(.row(id: 2, action: .start))
    await clock.advance(by: .seconds(1))
    store.send(.row(id: 1, action: .stop))
    await clock.advance(by: .seconds(2))
    #expect(store.state.rows.map(\.ticks) == [1, 3])
  }

  @Test("An element that changes its own identifier is reported, and both elements' effects end")
  func changedIdentifier() async {
    let clock = ManualClock()
    let issues = ReportedIssues()
    let store = makeStore(clock, rows: [1, 2])
    await IssueReporter.$current.withValue(issues.reporter) {
      store.send(.row(id: 1, action: .start))
      store.send(.row(id: 2, action: .start))
      await clock.advance(by: .seconds(1))
      store.send(.row(id: 1, action: .setID(2)))
      await clock.advance(by: .seconds(3))
    }
    #expect(store.state.rows.map(\.id) == [2])
    #expect(store.state.rows.map(\.ticks) == [1])
    #expect(store.runningEffects.isEmpty)
    #expect(issues.all.count == 1)
    #expect(
      issues.all.first?.hasPrefix(
        """
        An element's reducer changed the element's identifier.

          Action: .setID(2)
          ID: 1 → 2
        """) == true)
  }
}
