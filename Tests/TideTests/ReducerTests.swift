import Testing
import TideTestSupport

@testable import Tide

@MainActor
@Suite struct ReducerTests {
  struct Child: Equatable, Identifiable {
    var id: Int
    var count = 0
  }
  enum ChildAction: Sendable, Equatable {
    case increment
    case incrementLater
  }
  static let child = Reducer<Child, ChildAction, Int> { state, action, step in
    switch action {
    case .increment:
      state.count += step
      return .none
    case .incrementLater:
      return .send(.increment)
    }
  }

  struct Parent: Equatable {
    var child = Child(id: 0)
    var optional: Child?
    var rows: IdentifiedArray<Child> = []
    var log: [String] = []
  }
  enum ParentAction: Sendable, Equatable {
    case child(ChildAction)
    case optional(ChildAction)
    case row(id: Int, action: ChildAction)
    case other
  }

  static let parent = Reducer<Parent, ParentAction, Int> { state, action, _ in
    state.log.append("\(action)")
    return .none
  }
  .ifLet(
    \.optional, action: CasePath(ParentAction.optional), environment: { $0 * 10 }, child: child
  )
  .forEach(\.rows, action: CasePath(ParentAction.row), environment: { $0 }, child: child)
  .combined(
    with: child.pullback(
      state: \.child, action: CasePath(ParentAction.child), environment: { $0 }))

  @Test func combineRunsEveryReducerInOrder() {
    var state = Parent()
    _ = Self.parent.reduce(into: &state, action: .child(.increment), environment: 2)
    #expect(state.child.count == 2)
    #expect(state.log == ["child(TideTests.ReducerTests.ChildAction.increment)"])
  }

  @Test func pullbackIgnoresOtherActionsAndMapsEffects() async {
    let store = Store(initialState: Parent(), reducer: Self.parent, environment: 3)
    await store.send(.child(.incrementLater)).finish()
    #expect(store.state.child.count == 3)
    store.send(.other)
    #expect(store.state.child.count == 3)
  }

  @Test func optionalRunsOnlyWhileStateExists() {
    let issues = ReportedIssues()
    var state = Parent()
    IssueReporter.$current.withValue(issues.reporter) {
      _ = Self.parent.reduce(into: &state, action: .optional(.increment), environment: 1)
    }
    #expect(state.optional == nil)
    #expect(issues.all.count == 1)
    #expect(
      issues.all.first?.hasPrefix(
        """
        An action was sent to a child whose state is nil.

          Action: .increment
          Reducer: ifLet(\\Parent.optional) at TideTests/ReducerTests.swift:
        """) == true)
    state.optional = Child(id: 9)
    _ = Self.parent.reduce(into: &state, action: .optional(.increment), environment: 1)
    #expect(state.optional?.count == 10)
  }

  @Test func forEachRunsTheElementWithTheIdentifier() {
    let issues = ReportedIssues()
    var state = Parent(rows: [Child(id: 1), Child(id: 2)])
    _ = Self.parent.reduce(into: &state, action: .row(id: 2, action: .increment), environment: 5)
    #expect(state.rows == [Child(id: 1), Child(id: 2, count: 5)])
    IssueReporter.$current.withValue(issues.reporter) {
      _ = Self.parent.reduce(into: &state, action: .row(id: 3, action: .increment), environment: 5)
    }
    #expect(state.rows == [Child(id: 1), Child(id: 2, count: 5)])
    #expect(issues.all.first?.contains("  ID: 3\n") == true)
    #expect(
      issues.all.first?.hasPrefix(
        "An action was sent to an element that is not in the collection.") == true)
  }

  @Test func forEachMapsEffectsBackWithTheIdentifier() async {
    let store = Store(
      initialState: Parent(rows: [Child(id: 1), Child(id: 2)]), reducer: Self.parent,
      environment: 1)
    await store.send(.row(id: 1, action: .incrementLater)).finish()
    #expect(store.state.rows.map(\.count) == [1, 0])
  }

  /// Pulled back by its environment alone, a reducer keeps its state, actions and effects, and
  /// reads what the larger environment gives it.
  @Test func pullbackByEnvironmentRunsTheSameReducerWithTheDerivedEnvironment() async {
    struct Larger: Sendable {
      var step: Int
      var name: String
    }
    let reducer: Reducer<Child, ChildAction, Larger> = Self.child.pullback(
      environment: { $0.step })
    let store = Store(
      initialState: Child(id: 0), reducer: reducer, environment: Larger(step: 4, name: "four"))
    await store.send(.incrementLater).finish()
    #expect(store.state.count == 4)
    store.send(.increment)
    #expect(store.state.count == 8)
  }

  /// A feature whose copies of a shared value are kept equal still keeps them equal when it is
  /// pulled back by its environment: a child's change reaches the root's copy in the same step.
  @Test func pullbackByEnvironmentKeepsSharedCopiesEqual() {
    let list: Reducer<Saved.List.State, Saved.List.Action, Int> = Saved.List.reducer.pullback(
      environment: { _ in () })
    let reducer = Reducer.combine(
      Saved.core.pullback(environment: { (_: Int) in () }),
      list.pullback(state: \.list, action: CasePath(Saved.Action.list), environment: { $0 }))
    var initial = Saved.State()
    initial.saved.value = ["Oslo", "Rome"]
    let store = Store(initialState: initial, reducer: reducer, environment: 7)
    store.send(.list(.remove("Oslo")))
    #expect(Saved.copies(store.state) == [["Rome"], ["Rome"]])
  }

  @Test func emptyReducerChangesNothing() {
    var state = 1
    let effect = Reducer<Int, Int, Void>.empty.reduce(into: &state, action: 5, environment: ())
    #expect(state == 1)
    #expect(effect.isNone)
  }
}
