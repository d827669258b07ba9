import Testing
import TideTestSupport

@testable import Tide

/// What the orphan check must never do: cancel or refuse a live child's effects. A feature that
/// contains itself gives an effect one identifier per level of the same operator, so which level
/// is gone cannot be told: there the check stays out, and the report is the one before it.
@MainActor
@Suite struct OrphanedEffectEdgeTests {
  /// A folder that presents a folder: a recursive presentation, identifiable children.
  struct Folder: Equatable, Identifiable, Sendable {
    var id: Int
    var ticks = 0
    var subs: [Folder] = []
    var sub: Folder? {
      get { subs.first }
      set { subs = newValue.map { [$0] } ?? [] }
    }
  }
  indirect enum FolderAction: Equatable, Sendable {
    case start, tick
    case sub(PresentationAction<FolderAction>)
  }
  static func folder(clock: ManualClock) -> Reducer<Folder, FolderAction, Void> {
    .recursive { folder in
      Reducer<Folder, FolderAction, Void> { state, action, _ in
        switch action {
        case .start:
          return ChildLifetimeTests.ticking(.tick, clock: clock)
        case .tick: state.ticks += 1
        case .sub: break
        }
        return .none
      }
      .ifLet(\.sub, action: CasePath(FolderAction.sub), environment: { $0 }, child: folder)
    }
  }

  /// An effect started while the store reduces an action an effect sent inherits that delivery
  /// (a task local): it must not keep the store or its registry alive, and releasing the store
  /// still cancels it.
  @Test func aStoreWhoseDeliveredActionStartedAnEffectIsFreedAndTheEffectCancelled() async {
    let clock = ManualClock()
    let cancelled = ValueLog<String>()
    weak var weakStore: Store<Int, Int>?
    do {
      let store = Store(
        initialState: 0,
        reducer: Reducer<Int, Int, Void> { count, action, _ in
          count += 1
          if action == 0 { return .run { send in await send(1) } }
          return .run(name: "hour") { _ in
            do { try await clock.sleep(for: .seconds(3600)) } catch {
              cancelled.append("cancelled")
            }
          }
        }, environment: (), drivenBy: clock)
      weakStore = store
      store.send(0)
      await clock.advance()
      #expect(store.state == 2)
      #expect(store.runningEffects.count == 1)
    }
    #expect(weakStore == nil, "the store was kept alive")
    await clock.advance()
    #expect(cancelled.all == ["cancelled"], "the effect is still running")
  }

  @Test func recursivePresentationGrandchildEffectIsDelivered() async {
    let clock = ManualClock()
    let store = Store(
      initialState: Folder(id: 0, subs: [Folder(id: 1, subs: [Folder(id: 2)])]),
      reducer: Self.folder(clock: clock), environment: (), drivenBy: clock)
    let issues = ReportedIssues()
    await IssueReporter.$current.withValue(issues.reporter) {
      store.send(.sub(.presented(.sub(.presented(.start)))))
      await clock.advance(by: .seconds(3))
    }
    #expect(issues.all == [])
    #expect(store.state.sub?.sub?.ticks == 3)
    #expect(store.runningEffects.count == 1)
  }

  /// A recursive ifLet: the grandchild is removed by a reducer combined at the root.
  struct Node: Equatable, Sendable {
    var ticks = 0
    var kids: [Node] = []
    var child: Node? {
      get { kids.first }
      set { kids = newValue.map { [$0] } ?? [] }
    }
  }
  indirect enum NodeAction: Equatable, Sendable {
    case start, tick, cutGrandchild
    case child(NodeAction)
  }
  static func node(clock: ManualClock) -> Reducer<Node, NodeAction, Void> {
    .recursive { node in
      Reducer<Node, NodeAction, Void> { state, action, _ in
        switch action {
        case .start:
          return ChildLifetimeTests.ticking(.tick, clock: clock)
        case .tick: state.ticks += 1
        case .child, .cutGrandchild: break
        }
        return .none
      }
      .ifLet(\.child, action: CasePath(NodeAction.child), environment: { $0 }, child: node)
    }
  }

  @Test func recursiveIfLetOrphanCancelsOnlyTheOrphan() async {
    let clock = ManualClock()
    let cutter = Reducer<Node, NodeAction, Void> { state, action, _ in
      if action == .cutGrandchild { state.child?.child = nil }
      return .none
    }
    let store = Store(
      initialState: Node(kids: [Node(kids: [Node()])]),
      reducer: .combine(Self.node(clock: clock), cutter), environment: (), drivenBy: clock)
    let issues = ReportedIssues()
    await IssueReporter.$current.withValue(issues.reporter) {
      store.send(.child(.start))
      store.send(.child(.child(.start)))
      store.send(.cutGrandchild)
      await clock.advance(by: .seconds(3))
    }
    // The level-1 child is still there: its own timer goes on. The grandchild's is reported
    // at each tick, as before the check, since two levels of one operator own it.
    #expect(store.state.child?.ticks == 3)
    #expect(store.runningEffects.count == 2)
    #expect(issues.all.count == 3)
    #expect(
      issues.all.first?.hasPrefix("An effect sent an action to a child whose state is nil.")
        == true)
  }

  @Test func recursiveForEachOrphanWithRepeatedIDCancelsOnlyTheOrphan() async {
    let clock = ManualClock()
    let cutter = Reducer<Outline.Node, Outline.Action, ManualClock> { state, action, _ in
      if action == .renamed("cut") { state.rows[id: 1]?.rows[id: 1] = nil }
      return .none
    }
    let store = Store(
      initialState: Outline.Node(id: 0, rows: [Outline.Node(id: 1, rows: [Outline.Node(id: 1)])]),
      reducer: .combine(Outline.reducer, cutter), environment: clock, drivenBy: clock)
    let issues = ReportedIssues()
    await IssueReporter.$current.withValue(issues.reporter) {
      store.send(.row(id: 1, action: .startTimer))
      store.send(.row(id: 1, action: .row(id: 1, action: .startTimer)))
      store.send(.renamed("cut"))
      await clock.advance(by: .seconds(3))
    }
    #expect(store.state.rows[id: 1]?.ticks == 3)
    #expect(store.runningEffects.count == 2)
    #expect(issues.all.count == 3)
  }

  /// Rows that each present a sheet; the parent relays one row's sheet's tick to the other: what
  /// the effect's action queues was not sent by the effect.
  struct Row: Equatable, Identifiable, Sendable {
    var id: Int
    var sheet: ChildLifetimeTests.Timer?
  }
  enum RowAction: Equatable, Sendable {
    case sheet(PresentationAction<ChildLifetimeTests.TimerAction>)
  }
  struct List: Equatable {
    var rows: IdentifiedArray<Row>
  }
  enum ListAction: Equatable, Sendable {
    case row(id: Int, action: RowAction)
  }

  @Test func relayToSiblingRowsPresentedChild() async {
    let clock = ManualClock()
    let row = Reducer<Row, RowAction, Void>.empty.ifLet(
      \.sheet, action: CasePath(RowAction.sheet), environment: { $0 },
      child: ChildLifetimeTests.timer(clock: clock))
    let list = Reducer<List, ListAction, Void> { _, action, _ in
      if action == .row(id: 1, action: .sheet(.presented(.tick))) {
        return .send(.row(id: 2, action: .sheet(.presented(.tick))))
      }
      return .none
    }
    .forEach(\.rows, action: CasePath(ListAction.row), environment: { $0 }, child: row)
    let store = Store(
      initialState: List(rows: [
        Row(id: 1, sheet: .init(id: 10)), Row(id: 2, sheet: .init(id: 20)),
      ]),
      reducer: list, environment: (), drivenBy: clock)
    let issues = ReportedIssues()
    await IssueReporter.$current.withValue(issues.reporter) {
      store.send(.row(id: 1, action: .sheet(.presented(.start))))
      await clock.advance(by: .seconds(3))
    }
    #expect(issues.all == [])
    #expect(store.state.rows[id: 1]?.sheet?.ticks == 3)
    #expect(store.state.rows[id: 2]?.sheet?.ticks == 3)
    store.send(.row(id: 1, action: .sheet(.dismiss)))
  }
}

@MainActor
@Suite struct OrphanedDismissalTests {
  struct Sheet: Equatable, Identifiable, Sendable { var id: Int }
  enum SheetAction: Equatable, Sendable { case saveTapped }
  struct Host: Equatable { var sheet: Sheet? = Sheet(id: 1) }
  enum HostAction: Equatable, Sendable {
    case sheet(PresentationAction<SheetAction>)
    case replaceSheet
  }

  /// A sibling replaces sheet 1 by sheet 2; sheet 1's `.concatenate(save, .dismiss())` must not
  /// dismiss sheet 2.
  @Test func anOrphanedDismissalDoesNotCloseTheSheetPresentedNow() async {
    let clock = ManualClock()
    let sheet = Reducer<Sheet, SheetAction, Void> { _, _, _ in
      .concatenate(.run(name: "save") { _ in try await clock.sleep(for: .seconds(1)) }, .dismiss())
    }
    let host = Reducer<Host, HostAction, Void>.empty.ifLet(
      \.sheet, action: CasePath(HostAction.sheet), environment: { $0 }, child: sheet)
    let sibling = Reducer<Host, HostAction, Void> { state, action, _ in
      if action == .replaceSheet { state.sheet = Sheet(id: 2) }
      return .none
    }
    let store = Store(
      initialState: Host(),
      // Run through a reducer of its own, which no `combine` looks around: the sheet is
      // replaced where the presenting operator cannot see, as from a reducer above it.
      reducer: .combine(Reducer { host.reduce(into: &$0, action: $1, environment: $2) }, sibling),
      environment: (), drivenBy: clock)
    let issues = ReportedIssues()
    await IssueReporter.$current.withValue(issues.reporter) {
      store.send(.sheet(.presented(.saveTapped)))
      store.send(.replaceSheet)
      await clock.advance(by: .seconds(1))
    }
    #expect(store.state.sheet == Sheet(id: 2))
    #expect(issues.all.count == 1)
  }
}

@MainActor
@Suite struct OrphanedEffectSlotTests {
  typealias Host = OrphanedEffectTests.Host
  typealias HostAction = OrphanedEffectTests.HostAction

  /// Refusing sheet A's orphaned tick cancels A's effects without ending the slot's epoch: the
  /// parent's effect, started while sheet B is presented and addressing B, still reaches B.
  @Test func refusingAnOrphanDoesNotMakeTheParentsEffectForTheCurrentSheetStale() async {
    let clock = ManualClock()
    let presenting = Reducer<Host, HostAction, Void> { _, action, _ in
      guard action == .closeDetail else { return .none }
      return .run(name: "poke") { send in
        try await clock.sleep(for: .seconds(2))
        await send(.sheet(.presented(.tick)))
      }
    }
    .ifLet(
      \.sheet, action: CasePath(HostAction.sheet), environment: { $0 },
      child: ChildLifetimeTests.timer(clock: clock))
    let store = Store(
      initialState: Host(),
      reducer: .combine(
        Reducer { presenting.reduce(into: &$0, action: $1, environment: $2) },
        OrphanedEffectTests.sibling),
      environment: (), drivenBy: clock)
    let issues = ReportedIssues()
    await IssueReporter.$current.withValue(issues.reporter) {
      store.send(.sheet(.presented(.start)))
      store.send(.closeSheet)
      store.send(.openSheet(id: 9))
      store.send(.closeDetail)
      await clock.advance(by: .seconds(2))
    }
    #expect(store.state.sheet?.ticks == 1)
    #expect(issues.all.count == 1, "\(issues.all)")
  }
}
