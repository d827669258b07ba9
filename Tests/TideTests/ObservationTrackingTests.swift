import Observation
import Testing
import TideTestSupport

@testable import Tide

/// Observation by what is read: a reader is told when a value it read through a store changes,
/// and never otherwise. Each test reads inside `withObservationTracking`, the mechanism SwiftUI
/// uses, and counts how often `onChange` runs.
@MainActor
@Suite struct ObservationTrackingTests {
  struct Search: Equatable {
    var query = ""
    var results: [String] = []
  }

  struct Home: Equatable {
    var search = Search()
    var title = "Home"
  }

  struct Row: Identifiable, Equatable {
    let id: Int
    var title: String
  }

  struct State: Equatable {
    var draft = ""
    var sync = 0
    var home: Home? = Home()
    var rows: IdentifiedArray<Row> = [Row(id: 1, title: "one"), Row(id: 2, title: "two")]
    var left = Counter()
    var right = Counter()

    var draftIsEmpty: Bool { draft.isEmpty }
  }

  struct Counter: Equatable {
    var count = 0
  }

  enum CounterAction: Sendable, Equatable {
    case increment
  }

  enum RowAction: Sendable, Equatable {
    case rename(String)
  }

  enum HomeAction: Sendable, Equatable {
    case queryChanged(String)
    case resultsArrived([String])
    case retitled(String)
  }

  enum Action: Sendable, Equatable, CasePathable {
    case draftChanged(String)
    case synced
    case nothing
    case home(HomeAction)
    case dismissHome
    case presentHome
    case row(Int, RowAction)
    case addRow(Int)
    case removeRow(Int)
    case left(CounterAction)
    case right(CounterAction)

    struct AllCasePaths {
      var home: CasePath<Action, HomeAction> { CasePath(Action.home) }
      var row: CasePath<Action, (Int, RowAction)> { CasePath(Action.row) }
      var left: CasePath<Action, CounterAction> { CasePath(Action.left) }
      var right: CasePath<Action, CounterAction> { CasePath(Action.right) }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }

  nonisolated static let reducer = Reducer<State, Action, Void> { state, action, _ in
    switch action {
    case .draftChanged(let draft): state.draft = draft
    case .synced: state.sync += 1
    case .nothing: break
    case .home(.queryChanged(let query)): state.home?.search.query = query
    case .home(.resultsArrived(let results)): state.home?.search.results = results
    case .home(.retitled(let title)): state.home?.title = title
    case .dismissHome: state.home = nil
    case .presentHome: state.home = Home()
    case .row(let id, .rename(let title)): state.rows[id: id]?.title = title
    case .addRow(let id): state.rows.append(Row(id: id, title: "row \(id)"))
    case .removeRow(let id): state.rows.remove(id: id)
    case .left(.increment): state.left.count += 1
    case .right(.increment): state.right.count += 1
    }
    return .none
  }

  func makeStore() -> Store<State, Action> {
    Store(initialState: State(), reducer: Self.reducer, environment: ())
  }

  /// A reader of values through a store: it reads again each time it is told of a change.
  typealias Reader = RenderCounter

  @Test func aReaderOfOneFieldIsToldOfItsChangesAndOfNothingElse() {
    let store = makeStore()
    let reader = Reader { _ = store.draft }
    store.send(.synced)
    store.send(.nothing)
    store.send(.home(.queryChanged("Brus")))
    #expect(reader.changes == 0)
    store.send(.draftChanged("hello"))
    #expect(reader.changes == 1)
    store.send(.draftChanged("hello"))
    #expect(reader.changes == 1)
    store.send(.draftChanged("hello!"))
    #expect(reader.changes == 2)
  }

  @Test func anActionThatChangesNothingTellsNobody() {
    let store = makeStore()
    let readers = [
      Reader { _ = store.draft }, Reader { _ = store.state }, Reader { _ = store.home },
      Reader { _ = store[\.rows[id: 1]] },
    ]
    store.send(.nothing)
    store.send(.draftChanged(""))
    store.send(.row(9, .rename("nobody")))
    #expect(readers.map(\.changes) == [0, 0, 0, 0])
  }

  @Test func aNestedPathIsToldOnlyWhenItsValueChanges() {
    let store = makeStore()
    let query = Reader { _ = store[\.home?.search.query] }
    let home = Reader { _ = store.home }
    store.send(.home(.resultsArrived(["Brussels"])))
    store.send(.home(.retitled("Start")))
    #expect(query.changes == 0)
    #expect(home.changes == 2)
    store.send(.home(.queryChanged("Brus")))
    #expect(query.changes == 1)
    store.send(.dismissHome)
    #expect(query.changes == 2)
  }

  @Test func anElementReadByIdentifierIsToldOnlyOfThatElement() {
    let store = makeStore()
    let second = Reader { _ = store[\.rows[id: 2]] }
    let ids = Reader { _ = store[\.rows.ids] }
    store.send(.row(1, .rename("first")))
    #expect(second.changes == 0)
    #expect(ids.changes == 0)
    store.send(.row(2, .rename("second")))
    #expect(second.changes == 1)
    store.send(.removeRow(2))
    #expect(second.changes == 2)
    #expect(ids.changes == 1)
  }

  @Test func aComputedValueIsToldOnlyWhenItsResultChanges() {
    let store = makeStore()
    let reader = Reader { _ = store.draftIsEmpty }
    store.send(.draftChanged("a"))
    #expect(reader.changes == 1)
    store.send(.draftChanged("ab"))
    store.send(.draftChanged("abc"))
    #expect(reader.changes == 1)
    store.send(.draftChanged(""))
    #expect(reader.changes == 2)
  }

  @Test func aScopedStoreTracksItsOwnStateAndNotItsSiblings() {
    let store = makeStore()
    let left = store.scope(state: \.left, action: \.left)
    let right = store.scope(state: \.right, action: \.right)
    let closureScope = store.makeChildStore(state: { $0.right }, action: Action.right)
    let leftReader = Reader { _ = left.count }
    let rightReader = Reader { _ = closureScope.count }
    let wholeLeft = Reader { _ = left.state }
    right.send(.increment)
    store.send(.synced)
    #expect(leftReader.changes == 0)
    #expect(wholeLeft.changes == 0)
    #expect(rightReader.changes == 1)
    left.send(.increment)
    #expect(leftReader.changes == 1)
    #expect(wholeLeft.changes == 1)
    #expect(rightReader.changes == 1)
  }

  @Test func aReadThroughAScopeOfAScopeTracksRelativeToIt() {
    let store = makeStore()
    let home = store.scope(state: \.home, action: \.home)!
    let search = home.makeChildStore(state: { $0.search }, action: { $0 })
    let query = Reader { _ = search.query }
    store.send(.home(.resultsArrived(["x"])))
    store.send(.home(.retitled("t")))
    #expect(query.changes == 0)
    store.send(.home(.queryChanged("q")))
    #expect(query.changes == 1)
  }

  @Test func aValueThatIsNotEquatableIsToldAfterEveryBatch() {
    struct Opaque { var value = 0 }
    let store = Store(
      initialState: Opaque(), reducer: Reducer<Opaque, Int, Void> { _, _, _ in .none },
      environment: ())
    let reader = Reader { _ = store.state }
    store.send(1)
    store.send(2)
    #expect(reader.changes == 2)
  }

  @Test func sliceObserversFollowTheSameRule() {
    let store = makeStore()
    var drafts: [String] = []
    var states = 0
    let left = store.scope(state: \.left, action: \.left)
    var lefts: [Int] = []
    store.observe(\.draft) { drafts.append($0) }
    store.observe { _ in states += 1 }
    left.observe(\.count) { lefts.append($0) }
    store.send(.synced)
    store.send(.nothing)
    store.send(.right(.increment))
    store.send(.draftChanged("a"))
    #expect(drafts == ["", "a"])
    #expect(lefts == [0])
    // The whole state of an Equatable state: told when it changed.
    #expect(states == 1 + 3)
  }

  @Test func aReaderGoneBeforeAChangeCostsNothingAfterIt() {
    let store = makeStore()
    withObservationTracking {
      _ = store.draft
    } onChange: {
    }
    store.send(.draftChanged("x"))
    // The read fired once and was forgotten: nothing is left to look at.
    #expect(store.watch.reads.isEmpty == true)
  }
}
