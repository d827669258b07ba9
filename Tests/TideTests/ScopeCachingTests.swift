import Observation
import Testing
import TideTestSupport

@testable import Tide

/// Stable scopes: the same key paths give the same store, an optional scope follows its child's
/// presence, an element scope outlives its element without trapping, and nothing nobody holds is
/// kept.
@MainActor
@Suite struct ScopeCachingTests {
  typealias State = ObservationTrackingTests.State
  typealias Action = ObservationTrackingTests.Action
  typealias Row = ObservationTrackingTests.Row

  func makeStore(_ state: State = State()) -> Store<State, Action> {
    Store(initialState: state, reducer: ObservationTrackingTests.reducer, environment: ())
  }

  @Test func scopingTwiceWithTheSamePathsGivesTheSameStore() {
    let store = makeStore()
    let first = store.scope(state: \.left, action: \.left)
    let second = store.scope(state: \.left, action: \.left)
    let other = store.scope(state: \.right, action: \.right)
    #expect(first === second)
    #expect(first !== other)
    // Through a scope: the cache is per store.
    let home = store.scope(state: \.home, action: \.home)
    #expect(home === store.scope(state: \.home, action: \.home))
  }

  @Test func aScopedStateIsComputedOncePerChangeHoweverOftenItIsRead() {
    let projections = ValueLog<Int>()
    struct Counting: Equatable {
      var value = 0
    }
    let store = makeStore()
    let counted = store.makeChildStore(
      state: { state -> Int in
        projections.append(state.left.count)
        return state.left.count
      }, action: Action.left)
    for _ in 0..<5 { _ = counted.state }
    #expect(projections.all == [0])
    store.send(.synced)
    for _ in 0..<5 { _ = counted.state }
    #expect(projections.all == [0, 0])
    // Scoping again does not read the state at all.
    for _ in 0..<5 { _ = store.scope(state: \.left, action: \.left) }
    #expect(projections.all == [0, 0])
  }

  @Test func anOptionalScopeIsNilWhileItsStateIsAndStableWhileItIsThere() {
    let store = makeStore()
    let home = store.scope(state: \.home, action: \.home)
    #expect(home != nil)
    #expect(home === store.scope(state: \.home, action: \.home))
    home?.send(.queryChanged("Brus"))
    #expect(store.state.home?.search.query == "Brus")
    store.send(.dismissHome)
    #expect(store.scope(state: \.home, action: \.home) == nil)
    store.send(.presentHome)
    let again = store.scope(state: \.home, action: \.home)
    #expect(again != nil)
    #expect(again !== home)
    // The old store kept its last state, and does not follow the new presentation.
    #expect(home?.state.search.query == "Brus")
    #expect(again?.state.search.query == "")
  }

  @Test func aStoreHeldAfterItsChildWentNeverFollowsANewPresentation() {
    let store = makeStore()
    let home = store.scope(state: \.home, action: \.home)!
    // Dismissed and presented again in one batch of reads: nothing read the store in between.
    store.send(.dismissHome)
    store.send(.presentHome)
    store.send(.home(.queryChanged("new")))
    #expect(home.state.search.query == "")
    #expect(store.scope(state: \.home, action: \.home) !== home)
  }

  @Test func aViewThatScopesAnOptionalChildIsToldWhenItComesAndGoes() {
    let store = makeStore()
    let changes = Lock(0)
    withObservationTracking {
      _ = store.scope(state: \.home, action: \.home)
    } onChange: {
      changes.withLock { $0 += 1 }
    }
    store.send(.home(.queryChanged("q")))
    #expect(changes.withLock { $0 } == 0)
    store.send(.dismissHome)
    #expect(changes.withLock { $0 } == 1)
  }

  @Test func aSendToADismissedChildIsReportedAndNotSent() {
    let store = makeStore()
    let home = store.scope(state: \.home, action: \.home)!
    store.send(.dismissHome)
    let issues = ReportedIssues()
    IssueReporter.$current.withValue(issues.reporter) {
      home.send(.queryChanged("late"))
    }
    #expect(store.state.home == nil)
    #expect(
      issues.all == [
        """
        A store sent an action after its state was gone.

          Action: .queryChanged("late")
          Store: an optional child whose state is nil now (dismissed, or another case is shown)

        The store keeps answering with the last state it saw; the action was not sent. Scope \
        again for a store of what is there now.
        """
      ])
  }

  @Test func anElementStoreIsStableAndOutlivesItsElement() {
    let store = makeStore()
    let row = store.scope(state: \.rows, id: 2, action: \.row)
    #expect(row != nil)
    #expect(row === store.scope(state: \.rows, id: 2, action: \.row))
    #expect(store.scope(state: \.rows, id: 9, action: \.row) == nil)
    row?.send(.rename("second"))
    #expect(row?.title == "second")
    store.send(.removeRow(2))
    // Reads give the last state; no trap.
    #expect(row?.state == Row(id: 2, title: "second"))
    #expect(row?.title == "second")
    let issues = ReportedIssues()
    IssueReporter.$current.withValue(issues.reporter) {
      row?.send(.rename("gone"))
    }
    #expect(
      issues.all == [
        """
        A store sent an action after its state was gone.

          Action: .rename("gone")
          Store: the element 2 of \\State.rows, which is not in the collection

        The store keeps answering with the last state it saw; the action was not sent. Scope \
        again for a store of what is there now.
        """
      ])
    // Added again with the same identifier: a new store, following the new element.
    store.send(.addRow(2))
    let again = store.scope(state: \.rows, id: 2, action: \.row)
    #expect(again !== row)
    #expect(again?.title == "row 2")
    #expect(row?.title == "second")
  }

  /// A row scoped through a computed collection (a filtered list) is named in the report
  /// without the address Swift prints for a computed property, which changes from run to run.
  @Test func aRowOfAComputedCollectionIsNamedWithoutAnAddress() {
    let store = makeStore()
    let row = store.scope(state: \.sameRows, id: 2, action: \.row)
    store.send(.removeRow(2))
    let issues = ReportedIssues()
    IssueReporter.$current.withValue(issues.reporter) {
      row?.send(.rename("gone"))
    }
    #expect(issues.all.count == 1)
    #expect(
      issues.all.first?.contains(
        "Store: the element 2 of \\State.<computed IdentifiedArray<Row>>, which is not in the collection"
      ) == true, "\(issues.all)")
  }

  /// A view of each of rows 1 and 2, reading the title through the row's store.
  func rowViews(_ store: Store<State, Action>) -> [RenderCounter] {
    [1, 2].map { id in
      let row = store.scope(state: \.rows, id: id, action: \.row)!
      return RenderCounter { _ = row.title }
    }
  }

  @Test func aRowReaderIsToldOnlyOfItsOwnRow() {
    let store = makeStore()
    let views = rowViews(store)
    store.scope(state: \.rows, id: 2, action: \.row)!.send(.rename("two!"))
    store.send(.addRow(3))
    store.send(.synced)
    #expect(views.map(\.changes) == [0, 1])
  }

  @Test func aViewThatScopesARowIsToldWhenThatRowGoesAndNotOtherwise() {
    let store = makeStore()
    let changes = Lock(0)
    withObservationTracking {
      _ = store.scope(state: \.rows, id: 2, action: \.row)
    } onChange: {
      changes.withLock { $0 += 1 }
    }
    store.send(.row(2, .rename("renamed")))
    store.send(.row(1, .rename("other")))
    store.send(.removeRow(1))
    store.send(.addRow(7))
    #expect(changes.withLock { $0 } == 0)
    store.send(.removeRow(2))
    #expect(changes.withLock { $0 } == 1)
  }

  @Test func aRowReaderIsToldWhenTheWholeCollectionIsReplaced() {
    let store = Store(
      initialState: ObservationTrackingTests.State(),
      reducer: Reducer<State, Action, Void> { state, action, _ in
        if action == .synced {
          state.rows = [Row(id: 1, title: "replaced"), Row(id: 2, title: "two")]
        }
        return .none
      }, environment: ())
    let views = rowViews(store)
    store.send(.synced)
    #expect(views.map(\.changes) == [1, 0])
  }

  @Test func storesNobodyHoldsAreFreed() {
    let store = makeStore()
    weak var left: Store<ObservationTrackingTests.Counter, ObservationTrackingTests.CounterAction>?
    weak var home: Store<ObservationTrackingTests.Home, ObservationTrackingTests.HomeAction>?
    weak var row: Store<Row, ObservationTrackingTests.RowAction>?
    var watches: [Weak] = []
    do {
      let scopedLeft = store.scope(state: \.left, action: \.left)
      let scopedHome = store.scope(state: \.home, action: \.home)
      let scopedRow = store.scope(state: \.rows, id: 1, action: \.row)
      withObservationTracking {
        _ = scopedLeft.count
        _ = scopedHome?.title
        _ = scopedRow?.title
      } onChange: {
      }
      left = scopedLeft
      home = scopedHome
      row = scopedRow
      watches = [Weak(scopedLeft.watch), Weak(scopedHome!.watch), Weak(scopedRow!.watch)]
    }
    // Freed at once: what waits for a change is each read, kept by the root's watch (a view may
    // scope, read and let go of a store in its body) until it has been told.
    #expect(left == nil)
    #expect(home == nil)
    #expect(row == nil)
    #expect(watches.map { $0.object != nil } == [true, true, true])
    store.send(.left(.increment))
    store.send(.row(1, .rename("x")))
    store.send(.home(.retitled("x")))
    #expect(watches.map { $0.object != nil } == [false, false, false])
    // A store nobody read through is freed at once.
    weak let unread = store.scope(state: \.right, action: \.right)
    #expect(unread == nil)
  }

  @Test func noCacheGrowsWhenRowsComeAndGo() {
    let store = makeStore()
    var held: [Store<Row, ObservationTrackingTests.RowAction>] = []
    for id in 10..<2_010 {
      store.send(.addRow(id))
      if let row = store.scope(state: \.rows, id: id, action: \.row) { held.append(row) }
      if held.count > 10 { held.removeFirst() }
      store.send(.removeRow(id - 5))
    }
    let families = store.scopeCache
    #expect(families.count == 1)
    // The element stores alive are the ten held; the family keeps at most twice as many entries.
    let family =
      families[
        ScopeCache.Key(state: \State.rows, action: \Action.AllCasePaths.row, kind: .elements)]
      as! ElementScopes<State, Action, Row, ObservationTrackingTests.RowAction>
    #expect(family.count <= 32)
  }
}

/// How often each level of nested scopes computes its state: once per change that is read, however
/// many times it is read and however often it is scoped again, as the reference's scope call
/// count tests require.
@MainActor
@Suite struct ScopeCallCountTests {
  struct Leaf: Equatable {
    var count = 0
  }

  struct Middle: Equatable {
    var leaf = Leaf()
    var countedLeaf: Leaf {
      ScopeCallCountTests.calls.withLock { $0.append("leaf") }
      return leaf
    }
  }

  struct Root: Equatable {
    var middle = Middle()
    var other = 0
    var countedMiddle: Middle {
      ScopeCallCountTests.calls.withLock { $0.append("middle") }
      return middle
    }
  }

  enum LeafAction: Sendable { case increment }
  enum MiddleAction: Sendable, CasePathable {
    case leaf(LeafAction)
    // The short form, one stored line a case (ObservationTrackingTests has the computed one).
    struct AllCasePaths: Sendable {
      let leaf = CasePath(MiddleAction.leaf)
    }
    static let allCasePaths = AllCasePaths()
  }
  enum RootAction: Sendable, CasePathable {
    case middle(MiddleAction)
    case other
    struct AllCasePaths: Sendable {
      let middle = CasePath(RootAction.middle)
    }
    static let allCasePaths = AllCasePaths()
  }

  nonisolated static let calls = Lock<[String]>([])

  nonisolated static let reducer = Reducer<Root, RootAction, Void> { state, action, _ in
    switch action {
    case .middle(.leaf(.increment)): state.middle.leaf.count += 1
    case .other: state.other += 1
    }
    return .none
  }

  @Test(.serialized, arguments: [false, true])
  func eachLevelComputesItsStateOncePerReadChange(observed: Bool) {
    Self.calls.withLock { $0 = [] }
    let store = Store(initialState: Root(), reducer: Self.reducer, environment: ())
    let middle = store.scope(state: \.countedMiddle, action: \.middle)
    let leaf = middle.scope(state: \.countedLeaf, action: \.leaf)
    #expect(Self.calls.withLock { $0 } == [])
    if observed {
      withObservationTracking {
        _ = leaf.count
      } onChange: {
      }
    } else {
      _ = leaf.count
    }
    #expect(Self.calls.withLock { $0 } == ["middle", "leaf"])
    for _ in 0..<3 {
      _ = leaf.state
      _ =
        store.scope(state: \.countedMiddle, action: \.middle)
        .scope(state: \.countedLeaf, action: \.leaf).count
    }
    #expect(Self.calls.withLock { $0 } == ["middle", "leaf"])
    // Stored case paths name the same store each time, as computed ones do.
    #expect(store.scope(state: \.countedMiddle, action: \.middle) === middle)
    leaf.send(.increment)
    _ = leaf.count
    _ = leaf.count
    // Once for the change; when observed, the check after the batch is that one computation.
    #expect(Self.calls.withLock { $0 } == ["middle", "leaf", "middle", "leaf"])
    #expect(leaf.count == 1)
  }
}

/// The reference library's scope call count, with closures (issue 33, §5): three levels of
/// stores scoped by counting closures, read and observed; an action that changes nothing computes
/// no level again, and one that changes the state computes each level once.
@MainActor
@Suite struct ClosureScopeCallCountTests {
  enum Action: Sendable { case increment, nothing }

  nonisolated static let reducer = Reducer<Int, Action, Void> { state, action, _ in
    if action == .increment { state += 1 }
    return .none
  }

  @Test(arguments: ["read", "observed", "observed by closure"])
  func anActionThatChangesNothingComputesNoScopeAgain(how: String) {
    let calls = ValueLog<Int>()
    let store = Store(initialState: 0, reducer: Self.reducer, environment: ())
    let first = store.makeChildStore(
      state: { (count: Int) -> Int in
        calls.append(1)
        return count
      }, action: { (action: Action) in action })
    let second = first.makeChildStore(
      state: { (count: Int) -> Int in
        calls.append(2)
        return count
      }, action: { (action: Action) in action })
    let third = second.makeChildStore(
      state: { (count: Int) -> Int in
        calls.append(3)
        return count
      }, action: { (action: Action) in action })
    var observation: StoreObservation?
    switch how {
    case "observed":
      withObservationTracking {
        _ = third.state
      } onChange: {
      }
    case "observed by closure": observation = third.observe(\.self) { _ in }
    default: _ = third.state
    }
    #expect(calls.all == [1, 2, 3])
    third.send(.nothing)
    _ = third.state
    #expect(calls.all == [1, 2, 3])
    third.send(.increment)
    _ = third.state
    #expect(calls.all == [1, 2, 3, 1, 2, 3])
    #expect(third.state == 1)
    observation?.cancel()
  }
}

/// A weak reference, to check that something was freed.
@MainActor
final class Weak {
  weak var object: AnyObject?

  init(_ object: AnyObject) {
    self.object = object
  }
}

extension ObservationTrackingTests.State {
  /// The rows, through a computed property, as a filtered list would be.
  var sameRows: IdentifiedArray<ObservationTrackingTests.Row> { rows }
}
