import Observation
import Testing
import TideTestSupport

@testable import Tide

/// What a hostile review of observation by what is read found, each now a test: reads through
/// stores nobody holds, key paths that trap when evaluated again, an element removed and added in
/// one batch, observers registered inside a view body, and bookkeeping that must stay bounded.
@MainActor
@Suite struct ObservationReviewTests {
  typealias State = ObservationTrackingTests.State
  typealias Action = ObservationTrackingTests.Action
  typealias Reader = ObservationTrackingTests.Reader

  func makeStore(
    _ reducer: Reducer<State, Action, Void> = ObservationTrackingTests.reducer
  ) -> Store<State, Action> {
    Store(initialState: State(), reducer: reducer, environment: ())
  }

  @Test func aReadThroughAScopeNobodyHoldsIsStillTold() {
    let store = makeStore()
    // A view body that scopes, reads and lets go of the store at once.
    let home = Reader {
      if let home = store.scope(state: \.home, action: \.home) { _ = home.title }
    }
    let rows = Reader {
      for id in store[\.rows.ids] {
        if let row = store.scope(state: \.rows, id: id, action: \.row) { _ = row.title }
      }
    }
    let left = Reader { _ = store.scope(state: \.left, action: \.left).count }
    store.send(.home(.retitled("new")))
    store.send(.row(2, .rename("x")))
    store.send(.left(.increment))
    #expect([home.changes, rows.changes, left.changes] == [1, 1, 1])
    store.send(.synced)
    #expect([home.changes, rows.changes, left.changes] == [1, 1, 1])
  }

  @Test func aStoreNobodyHoldsIsFreedAndWhatItsReadsWaitOnGoesOnceTheyFire() {
    let store = makeStore()
    weak var left: Store<ObservationTrackingTests.Counter, ObservationTrackingTests.CounterAction>?
    weak var watch: StoreWatch<ObservationTrackingTests.Counter>?
    let told = ValueLog<String>()
    withObservationTracking {
      let scoped = store.scope(state: \.left, action: \.left)
      left = scoped
      watch = scoped.watch
      _ = scoped.count
    } onChange: {
      told.append("count")
    }
    #expect(left == nil)  // the store is not kept for its read
    #expect(watch != nil)  // what the read waits on is
    store.send(.left(.increment))
    #expect(told.all == ["count"])
    #expect(watch == nil)  // told, so let go
    #expect(store.watch.children.isEmpty)
  }

  @Test func aForceUnwrapInAReadKeyPathIsReported() {
    let store = makeStore()
    let issues = ReportedIssues()
    IssueReporter.$current.withValue(issues.reporter) {
      _ = store[\.home!.title]
      _ = store[\.home!.title]  // once a path
      _ = store[\.home?.title]
    }
    #expect(
      issues.all == [
        """
        A value read through a store has a force unwrap in its key path.

          Key path: \\State.home!.title

        The store evaluates the path again after each batch of actions, on the new state, while \
        a reader waits for a change: once that value is nil, the unwrap traps inside send. Read \
        through ?. instead, and a collection's elements by identifier (rows[id: id]), not by \
        position; bind an element's field with Store.binding(_:id:_:action:).
        """
      ])
  }

  @Test func anElementRemovedAndAddedInOneBatchGetsANewStore() {
    let store = makeStore(
      Reducer { state, action, environment in
        if action == .synced {
          state.rows.remove(id: 2)
          state.rows.append(ObservationTrackingTests.Row(id: 2, title: "again"))
          return .none
        }
        return ObservationTrackingTests.reducer.reduce(
          into: &state, action: action, environment: environment)
      })
    let row = store.scope(state: \.rows, id: 2, action: \.row)!
    withObservationTracking {
      _ = row.title
    } onChange: {
    }
    store.send(.synced)
    let again = store.scope(state: \.rows, id: 2, action: \.row)
    #expect(again !== row)
    #expect(again?.title == "again")
    #expect(row.title == "two")
  }

  @Test func observingInsideAViewBodyDoesNotTrackTheState() {
    let store = makeStore()
    var observations: [StoreObservation] = []
    let body = Reader { observations.append(store.observe(\.draft) { _ in }) }
    store.send(.synced)
    #expect(body.changes == 0)
    for observation in observations { observation.cancel() }
  }

  @Test func keyPathsKeptForReadsStayBounded() {
    // A long list read by identifier, rows coming and going: each path is read, told, gone.
    var state = State()
    state.rows = IdentifiedArray((0..<5_000).map { .init(id: $0, title: "\($0)") })
    let store = Store(
      initialState: state, reducer: ObservationTrackingTests.reducer, environment: ())
    for id in 0..<5_000 {
      withObservationTracking {
        _ = store[\.rows[id: id]?.title]
      } onChange: {
      }
      store.send(.removeRow(id))
    }
    #expect(store.watch.reads.isEmpty == true)
    #expect(store.watch.subjectPaths.count <= 64)
  }

  @Test func aDismissedChildsStoreLeavesItsParentsList() {
    let store = makeStore()
    let home = store.scope(state: \.home, action: \.home)!
    withObservationTracking {
      _ = home.title
    } onChange: {
    }
    store.send(.dismissHome)
    store.send(.synced)
    #expect(store.watch.children.isEmpty == true)
    #expect(home.title == "Home")
  }
}
