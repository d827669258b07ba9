import Testing
import TideTestSupport

@testable import Tide

/// A feature that contains itself (an outline whose rows are outlines), made with
/// `Reducer.recursive`.
enum Outline {
  struct Node: Equatable, Identifiable, Sendable {
    let id: Int
    var title = ""
    var ticks = 0
    var rows: IdentifiedArray<Node> = []
  }

  indirect enum Action: Equatable, Sendable {
    case renamed(String)
    case startTimer
    case tick
    case removeRow(id: Int)
    case row(id: Int, action: Action)
  }

  static let core = Reducer<Node, Action, ManualClock> { node, action, clock in
    switch action {
    case .renamed(let title):
      node.title = title
    case .startTimer:
      return .run { send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
    case .tick:
      node.ticks += 1
    case .removeRow(let id):
      node.rows[id: id] = nil
    case .row:
      break
    }
    return .none
  }

  static let reducer = Reducer<Node, Action, ManualClock>.recursive { outline in
    core.forEach(
      \.rows,
      action: CasePath(
        embed: Action.row,
        extract: { if case .row(let id, let action) = $0 { (id, action) } else { nil } }),
      environment: { $0 }, child: outline)
  }
}

/// An outline whose every row holds a copy of one shared value.
enum SharingOutline {
  struct Node: Equatable, Identifiable, Sendable, SharedState {
    let id: Int
    var picked = Shared(key: "picked", default: 0)
    var rows: IdentifiedArray<Node> = []
    static let sharedFields: [SharedField<Self>] = [.field(\.picked)]
  }

  indirect enum Action: Equatable, Sendable {
    case pick(Int)
    /// Picks, and asks the parent to remove the row, in the same step.
    case pickAndLeave(Int)
    case row(id: Int, action: Action)
  }

  static let reducer = Reducer<Node, Action, Void>.recursive { outline in
    Reducer<Node, Action, Void> { node, action, _ in
      switch action {
      case .pick(let value), .pickAndLeave(let value):
        node.picked.value = value
      case .row(let id, .pickAndLeave):
        node.rows[id: id] = nil
      case .row:
        break
      }
      return .none
    }
    .forEach(\.rows, action: CasePath(Action.row), environment: { $0 }, child: outline)
  }

  /// A row that notes, after its rows ran, the value its own copy holds: what a feature on the
  /// action's path sees in the same step.
  struct Noting: Equatable, Identifiable, Sendable, SharedState {
    let id: Int
    var picked = Shared(key: "picked", default: 0)
    var seen: Int?
    var rows: IdentifiedArray<Noting> = []
    static let sharedFields: [SharedField<Self>] = [.field(\.picked)]
  }

  static let noting = Reducer<Noting, Action, Void>.recursive { outline in
    Reducer<Noting, Action, Void> { node, action, _ in
      switch action {
      case .pick(let value), .pickAndLeave(let value):
        node.picked.value = value
      case .row:
        node.seen = node.picked.value
      }
      return .none
    }
    .forEach(\.rows, action: CasePath(Action.row), environment: { $0 }, child: outline)
  }

  /// Every copy's value, depth first.
  static func values(_ node: Node) -> [Int] {
    [node.picked.value] + node.rows.flatMap(values)
  }
}

@MainActor
@Suite struct RecursiveFeatureTests {
  typealias Node = Outline.Node

  /// 0 → 1 → 2 → 3, and 0 → 4.
  static let outline = Node(
    id: 0,
    rows: [
      Node(id: 1, rows: [Node(id: 2, rows: [Node(id: 3)])]),
      Node(id: 4),
    ])

  @Test("An action reaches a row three levels down, and only it")
  func anActionReachesADeepRow() {
    let store = Store(
      initialState: Self.outline, reducer: Outline.reducer, environment: ManualClock())
    store.send(.row(id: 1, action: .row(id: 2, action: .row(id: 3, action: .renamed("Deep")))))
    #expect(store.state.rows[id: 1]?.rows[id: 2]?.rows[id: 3]?.title == "Deep")
    #expect(store.state.rows[id: 1]?.rows[id: 2]?.title == "")
    #expect(store.state.title == "")
  }

  @Test("Removing a row cancels the effects of every row under it, and no other")
  func removingARowCancelsItsWholeSubtree() async {
    let clock = ManualClock()
    let issues = ReportedIssues()
    let store = Store(
      initialState: Self.outline, reducer: Outline.reducer, environment: clock, drivenBy: clock)
    await IssueReporter.$current.withValue(issues.reporter) {
      store.send(.row(id: 1, action: .row(id: 2, action: .row(id: 3, action: .startTimer))))
      store.send(.row(id: 1, action: .row(id: 2, action: .startTimer)))
      store.send(.row(id: 4, action: .startTimer))
      await clock.advance(by: .seconds(1))
      #expect(store.runningEffects.count == 3)
      store.send(.removeRow(id: 1))
      #expect(store.runningEffects.count == 1)
      await clock.advance(by: .seconds(2))
    }
    #expect(store.state.rows.ids == [4])
    #expect(store.state.rows[id: 4]?.ticks == 3)
    #expect(issues.all.isEmpty)
  }

  @Test("Rows at different levels with one identifier keep their effects apart")
  func oneIdentifierAtTwoLevelsKeepsItsEffectsApart() async {
    let clock = ManualClock()
    // Row 1 holds a row 1 of its own.
    let store = Store(
      initialState: Node(id: 0, rows: [Node(id: 1, rows: [Node(id: 1), Node(id: 2)])]),
      reducer: Outline.reducer, environment: clock, drivenBy: clock)
    store.send(.row(id: 1, action: .startTimer))
    store.send(.row(id: 1, action: .row(id: 1, action: .startTimer)))
    await clock.advance(by: .seconds(1))
    // Removing the inner row 1 ends its timer, not the outer row's.
    store.send(.row(id: 1, action: .removeRow(id: 1)))
    await clock.advance(by: .seconds(1))
    #expect(store.runningEffects.count == 1)
    #expect(store.state.rows[id: 1]?.ticks == 2)
  }

  @Test("A shared value changed at any level reaches the copies at every level")
  func aSharedChangeReachesEveryLevel() {
    let issues = ReportedIssues()
    typealias Node = SharingOutline.Node
    let store = Store(
      initialState: Node(
        id: 0, rows: [Node(id: 1, rows: [Node(id: 2, rows: [Node(id: 3)]), Node(id: 5)])]),
      reducer: SharingOutline.reducer, environment: ())
    IssueReporter.$current.withValue(issues.reporter) {
      store.send(.row(id: 1, action: .row(id: 2, action: .row(id: 3, action: .pick(7)))))
      #expect(SharingOutline.values(store.state) == [7, 7, 7, 7, 7])
      store.send(.row(id: 1, action: .row(id: 5, action: .pick(9))))
      #expect(SharingOutline.values(store.state) == [9, 9, 9, 9, 9])
      store.send(.pick(11))
      #expect(SharingOutline.values(store.state) == [11, 11, 11, 11, 11])
      // A row three levels down changes the value and is removed in the same step.
      store.send(.row(id: 1, action: .row(id: 2, action: .row(id: 3, action: .pickAndLeave(13)))))
      #expect(SharingOutline.values(store.state) == [13, 13, 13, 13])
    }
    #expect(issues.all.isEmpty)
  }

  @Test("Each row on the action's path sees the new value in the same step; the others after it")
  func eachRowOnThePathSeesTheChangeAtOnce() {
    typealias Noting = SharingOutline.Noting
    let issues = ReportedIssues()
    let store = Store(
      initialState: Noting(
        id: 0,
        rows: [
          Noting(
            id: 1,
            rows: [Noting(id: 2, rows: [Noting(id: 3)]), Noting(id: 5, rows: [Noting(id: 6)])]),
          Noting(id: 4, rows: [Noting(id: 7)]),
        ]),
      reducer: SharingOutline.noting, environment: ())
    IssueReporter.$current.withValue(issues.reporter) {
      store.send(.row(id: 1, action: .row(id: 2, action: .row(id: 3, action: .pick(7)))))
    }
    let state = store.state
    #expect(state.seen == 7)
    #expect(state.rows[id: 1]?.seen == 7)
    #expect(state.rows[id: 1]?.rows[id: 2]?.seen == 7)
    func all(_ node: Noting) -> [Int] { [node.picked.value] + node.rows.flatMap(all) }
    #expect(all(state) == [7, 7, 7, 7, 7, 7, 7, 7])
    #expect(issues.all.isEmpty)
  }

  @Test("A recursive reducer without shared copies has none to keep")
  func aRecursiveReducerWithoutCopiesHasNoSharing() {
    #expect(Outline.reducer.sharing == nil)
    #expect(SharingOutline.reducer.sharing != nil)
  }

  @Test("Running the stand-in inside build stops the program with why")
  func runningTheStandInInsideBuildStops() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = Reducer<Int, Int, Void>.recursive { this in
        var state = 0
        _ = this.reduce(into: &state, action: 1, environment: ())
        return this
      }
    }
    let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(output.contains("A recursive reducer ran before it was made."))
  }

  /// What the reducer captures, to see whether it is freed.
  final class Marker: Sendable {}

  @Test("A recursive reducer nobody holds is freed, with or without shared copies")
  func aRecursiveReducerIsFreed() {
    weak var plainMarker: Marker?
    weak var sharingMarker: Marker?
    do {
      let marker = Marker()
      plainMarker = marker
      let reducer = Reducer<Outline.Node, Outline.Action, ManualClock>.recursive { outline in
        Reducer { _, _, _ in
          withExtendedLifetime(marker) { .none }
        }
        .forEach(
          \.rows,
          action: CasePath(
            embed: Outline.Action.row,
            extract: { if case .row(let id, let action) = $0 { (id, action) } else { nil } }),
          environment: { $0 }, child: outline)
      }
      let store = Store(initialState: Self.outline, reducer: reducer, environment: ManualClock())
      store.send(.row(id: 1, action: .row(id: 2, action: .tick)))
    }
    do {
      let marker = Marker()
      sharingMarker = marker
      let reducer = Reducer<SharingOutline.Node, SharingOutline.Action, Void>.recursive {
        outline in
        Reducer { node, action, _ in
          if case .pick(let value) = action { node.picked.value = value }
          return withExtendedLifetime(marker) { .none }
        }
        .forEach(
          \.rows, action: CasePath(SharingOutline.Action.row), environment: { $0 }, child: outline)
      }
      let store = Store(
        initialState: SharingOutline.Node(id: 0, rows: [SharingOutline.Node(id: 1)]),
        reducer: reducer, environment: ())
      store.send(.row(id: 1, action: .pick(3)))
      #expect(SharingOutline.values(store.state) == [3, 3])
    }
    #expect(plainMarker == nil)
    #expect(sharingMarker == nil)
  }
}
