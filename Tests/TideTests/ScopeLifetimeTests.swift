import Observation
import Testing
import TideTestSupport

@testable import Tide

/// What keeps a store alive once reads wait through the stores scoped from it, and what a held
/// element store answers after its element goes (issue 33, §1 to §3). A read waits on what it
/// read, not on the store it read through: once the app lets go of the root, every store of the
/// tree is freed and the root's effects are cancelled.
@MainActor
@Suite struct ScopeLifetimeTests {
  typealias State = ObservationTrackingTests.State
  typealias Action = ObservationTrackingTests.Action
  typealias Row = ObservationTrackingTests.Row

  /// The test feature, with one action that starts an effect sleeping an hour.
  nonisolated static func reducer(
    clock: ManualClock, cancelled: ValueLog<String>
  ) -> Reducer<State, Action, Void> {
    Reducer { state, action, environment in
      if action == .synced {
        return .run(name: "hour") { _ in
          do { try await clock.sleep(for: .seconds(3600)) } catch { cancelled.append("cancelled") }
        }
      }
      return ObservationTrackingTests.reducer.reduce(
        into: &state, action: action, environment: environment)
    }
  }

  /// Makes a store with an effect in flight, lets `read` read through it, lets go of it, and
  /// checks that it was freed and its effect cancelled.
  func expectFreed(
    tracked: Bool,
    _ read: (Store<State, Action>) -> Void,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let clock = ManualClock()
    let cancelled = ValueLog<String>()
    weak var weakStore: Store<State, Action>?
    var task: StoreTask?
    do {
      let store = Store(
        initialState: State(), reducer: Self.reducer(clock: clock, cancelled: cancelled),
        environment: (), drivenBy: clock)
      weakStore = store
      task = store.send(.synced)
      await clock.advance()
      if tracked {
        withObservationTracking {
          read(store)
        } onChange: {
        }
      } else {
        read(store)
      }
    }
    #expect(weakStore == nil, "the root store was kept alive", sourceLocation: sourceLocation)
    // The cancelled effect wakes in the clock's next advance: not awaited, so that an effect
    // still running fails here instead of hanging.
    await clock.advance()
    #expect(
      cancelled.all == ["cancelled"], "the effect is still running", sourceLocation: sourceLocation)
    withExtendedLifetime(task) {}
  }

  @Test(arguments: [false, true])
  func aRootIsFreedAfterAReadThroughAChildScope(tracked: Bool) async {
    await expectFreed(tracked: tracked) { _ = $0.scope(state: \.left, action: \.left).count }
  }

  @Test(arguments: [false, true])
  func aRootIsFreedAfterAReadThroughAnElementScope(tracked: Bool) async {
    await expectFreed(tracked: tracked) {
      _ = $0.scope(state: \.rows, id: 1, action: \.row)?.title
    }
  }

  @Test(arguments: [false, true])
  func aRootIsFreedAfterAReadThroughAnOptionalScope(tracked: Bool) async {
    await expectFreed(tracked: tracked) { _ = $0.scope(state: \.home, action: \.home)?.title }
  }

  @Test(arguments: [false, true])
  func aRootIsFreedAfterABindingReadThroughAScope(tracked: Bool) async {
    await expectFreed(tracked: tracked) {
      _ =
        $0.scope(state: \.home, action: \.home)?
        .binding(\.title, send: { .retitled($0) }).value
    }
  }

  @Test func aRootIsFreedAfterReadsTwoScopesDeep() async {
    await expectFreed(tracked: true) { store in
      let home = store.scope(state: \.home, action: \.home)
      _ =
        home?.makeChildStore(
          state: { $0.search }, action: { (action: ObservationTrackingTests.HomeAction) in action }
        ).query
      _ =
        store.scope(state: \.left, action: \.left)
        .makeChildStore(
          state: { $0.count },
          action: { (action: ObservationTrackingTests.CounterAction) in action }
        ).state
    }
  }

  @Test func aReadThroughAScopeNobodyHoldsIsToldAfterTheScopeIsFreed() {
    let store = Store(
      initialState: State(), reducer: ObservationTrackingTests.reducer, environment: ())
    weak var weakLeft:
      Store<ObservationTrackingTests.Counter, ObservationTrackingTests.CounterAction>?
    let view = RenderCounter {
      let left = store.scope(state: \.left, action: \.left)
      weakLeft = left
      _ = left.count
    }
    #expect(weakLeft == nil)  // what waits is the read, not the store
    store.send(.right(.increment))
    #expect(view.changes == 0)
    store.send(.left(.increment))
    #expect(view.changes == 1)
  }

  @Test func aViewRenderedAgainAndAgainKeepsOneWaitingReadAScope() {
    let store = Store(
      initialState: State(), reducer: ObservationTrackingTests.reducer, environment: ())
    let view = RenderCounter {
      _ = store.draft
      _ = store.scope(state: \.left, action: \.left).count
      _ = store.scope(state: \.home, action: \.home)?.title
      _ = store.scope(state: \.rows, id: 1, action: \.row)?.title
    }
    for draft in 0..<100 { store.send(.draftChanged("\(draft)")) }
    #expect(view.changes == 100)
    // One entry per scope in the root's list, however often the view rendered.
    #expect(store.watch.children.count <= 3)
  }

  // MARK: - §2: a held element store's last state

  @Test func aHeldElementStoreAnswersWithItsElementsLastStateAfterRemoval() {
    let store = Store(
      initialState: State(), reducer: ObservationTrackingTests.reducer, environment: ())
    let row = store.scope(state: \.rows, id: 2, action: \.row)!
    row.send(.rename("two, renamed"))
    store.send(.removeRow(2))
    #expect(row.title == "two, renamed")
  }

  @Test func anElementRenamedAndRemovedInOneBatchAnswersWithItsStateBeforeTheBatch() {
    // A store sees states between batches only, as observers do: never one half way through.
    let store = Store(
      initialState: State(),
      reducer: Reducer<State, Action, Void> { state, action, environment in
        if action == .synced {
          state.rows[id: 2]?.title = "half way"
          state.rows.remove(id: 2)
          return .none
        }
        return ObservationTrackingTests.reducer.reduce(
          into: &state, action: action, environment: environment)
      },
      environment: ())
    let row = store.scope(state: \.rows, id: 2, action: \.row)!
    row.send(.rename("renamed"))
    store.send(.synced)
    #expect(row.title == "renamed")
  }

  // MARK: - §3: removed and added back past the journal's capacity

  /// Removes row 2, makes `changes` other changes, and appends a row 2 again, in one batch.
  nonisolated static func churning(changes: Int) -> Reducer<State, Action, Void> {
    Reducer { state, action, environment in
      if action == .synced {
        state.rows.remove(id: 2)
        for round in 0..<changes { state.rows[id: 1]?.title = "round \(round)" }
        state.rows.append(Row(id: 2, title: "new two"))
        return .none
      }
      return ObservationTrackingTests.reducer.reduce(
        into: &state, action: action, environment: environment)
    }
  }

  @Test(arguments: [0, 5, ChangeJournal<Int>.capacity, ChangeJournal<Int>.capacity * 4])
  func anElementRemovedAndAddedBackGetsANewStorePastTheJournal(changes: Int) {
    let store = Store(
      initialState: State(), reducer: Self.churning(changes: changes), environment: ())
    let old = store.scope(state: \.rows, id: 2, action: \.row)!
    withObservationTracking {
      _ = old.title
    } onChange: {
    }
    let issues = ReportedIssues()
    IssueReporter.$current.withValue(issues.reporter) {
      store.send(.synced)
      let new = store.scope(state: \.rows, id: 2, action: \.row)
      #expect(new !== old)
      #expect(new?.title == "new two")
      old.send(.rename("ghost"))
    }
    #expect(store.state.rows[id: 2]?.title == "new two")
    #expect(old.title == "two")
    #expect(issues.all.count == 1)
    #expect(issues.all.first?.hasPrefix("A store sent an action after its state was gone.") == true)
  }

  @Test(arguments: [0, ChangeJournal<Int>.capacity * 2])
  func anUnwatchedElementStoreRemovedAndAddedBackIsGone(changes: Int) {
    // Nobody read through it, so its family was told nothing after the batch.
    let store = Store(
      initialState: State(), reducer: Self.churning(changes: changes), environment: ())
    let old = store.scope(state: \.rows, id: 2, action: \.row)!
    store.send(.synced)
    let issues = ReportedIssues()
    IssueReporter.$current.withValue(issues.reporter) { old.send(.rename("ghost")) }
    #expect(store.scope(state: \.rows, id: 2, action: \.row) !== old)
    #expect(store.state.rows[id: 2]?.title == "new two")
    #expect(issues.all.count == 1)
  }

  @Test func elementsKeepTheirBirthsThroughEveryEdit() {
    var rows: IdentifiedArray<Row> = [Row(id: 1, title: "a"), Row(id: 2, title: "b")]
    let one = rows.birth(id: 1)!
    let two = rows.birth(id: 2)!
    #expect(one != two)
    rows[id: 1]?.title = "changed"
    rows.insert(Row(id: 0, title: "zero"), at: 0)
    rows.removeAll { $0.id == 0 }
    #expect(rows.birth(id: 1) == one)
    #expect(rows.birth(id: 2) == two)
    rows.remove(id: 2)
    rows.append(Row(id: 2, title: "b"))
    #expect(rows.birth(id: 2) != two)
    #expect(rows.birth(id: 2) != nil)
    rows[id: 1] = Row(id: 1, title: "replaced")
    #expect(rows.birth(id: 1) == one)  // the same element, given a new value
    rows.modify(at: 0) { $0 = Row(id: 7, title: "renumbered") }
    #expect(rows.birth(id: 7) != nil)
    #expect(rows.birth(id: 7) != one)
    #expect(rows.birth(id: 1) == nil)
    #expect(rows == [Row(id: 7, title: "renumbered"), Row(id: 2, title: "b")])
  }
}

/// What a hostile review of the watches found: an observer of a scoped store that kept its root
/// alive, a read through a store scoped from an optional child's store that was never told, and a
/// view that scoped a row and was not told of its replacement after the list was replaced.
@MainActor
@Suite struct ScopeWatchReviewTests {
  typealias State = ObservationTrackingTests.State
  typealias Action = ObservationTrackingTests.Action
  typealias Row = ObservationTrackingTests.Row

  @Test func anObserverOfAScopedStoreDoesNotKeepTheRootAlive() async {
    await ScopeLifetimeTests().expectFreed(tracked: false) { store in
      store.scope(state: \.left, action: \.left).observe(\.count) { _ in }
      store.makeChildStore(state: { $0.right }, action: { Action.right($0) }).observe(\.count) {
        _ in
      }
      store.scope(state: \.home, action: \.home)?.observe(\.title) { _ in }
      store.scope(state: \.rows, id: 1, action: \.row)?.observe(\.title) { _ in }
    }
  }

  struct Leaf: Equatable { var name = "" }
  struct Middle: Equatable { var leaf = Leaf() }
  struct Outer: Equatable { var middle: Middle? = Middle() }
  enum LeafAction: Sendable, Equatable { case rename(String) }
  enum MiddleAction: Sendable, Equatable, CasePathable {
    case leaf(LeafAction)
    struct AllCasePaths {
      var leaf: CasePath<MiddleAction, LeafAction> { CasePath(MiddleAction.leaf) }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }
  enum OuterAction: Sendable, Equatable, CasePathable {
    case middle(MiddleAction)
    struct AllCasePaths {
      var middle: CasePath<OuterAction, MiddleAction> { CasePath(OuterAction.middle) }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  @Test func aReadThroughAStoreScopedFromAnOptionalChildsStoreIsTold() {
    let store = Store(
      initialState: Outer(),
      reducer: Reducer<Outer, OuterAction, Void> { state, action, _ in
        if case .middle(.leaf(.rename(let name))) = action { state.middle?.leaf.name = name }
        return .none
      }, environment: ())
    // A view body that keeps neither store.
    let view = RenderCounter {
      if let middle = store.scope(state: \.middle, action: \.middle) {
        _ = middle.scope(state: \.leaf, action: \.leaf).name
      }
    }
    store.send(.middle(.leaf(.rename("ada"))))
    #expect(view.changes == 1)
    store.send(.middle(.leaf(.rename("grace"))))
    #expect(view.changes == 2)
  }

  @Test func aViewThatScopedARowIsToldOfItsReplacementAfterTheListWasReplaced() {
    let store = Store(
      initialState: State(),
      reducer: Reducer<State, Action, Void> { state, action, environment in
        switch action {
        case .synced:
          // A reload: another collection, row 2 in it.
          state.rows = [Row(id: 1, title: "one"), Row(id: 2, title: "two")]
        case .nothing:
          // Row 2 removed and added back: another element.
          state.rows.remove(id: 2)
          state.rows.append(Row(id: 2, title: "two"))
        default:
          return ObservationTrackingTests.reducer.reduce(
            into: &state, action: action, environment: environment)
        }
        return .none
      }, environment: ())
    let view = RenderCounter { _ = store.scope(state: \.rows, id: 2, action: \.row) }
    store.send(.synced)
    #expect(view.changes == 0)  // the same row, in the collection that replaced the list
    store.send(.nothing)
    #expect(view.changes == 1)
  }
}
