import Testing
import Tide
import TideInspect
import TideTestSupport
import TideTesting

/// A shared change is asserted once, on any copy: the expected state is made consistent as the
/// store's states are. Forgetting it fails with a diff that shows the change once.
@MainActor
@Suite struct SharedStateTests {
  @Test func aSharedChangeIsAssertedOnceOnAnyCopy() async {
    let store = TestStore(initialState: Saved.State(), reducer: Saved.reducer, environment: ())
    await store.send(.searchTapped) { $0.search = Saved.Search.State() }
    // On the search's copy, the one the action changed.
    await store.send(.search(.add("Paris"))) {
      $0.added = 1
      $0.search?.saved.value = ["Paris"]
    }
    // On the root's copy: the root sorted what the search added.
    await store.send(.search(.add("Berlin"))) {
      $0.added = 2
      $0.saved.value = ["Berlin", "Paris"]
    }
    // Through a row's copy, by the list's.
    await store.send(.rowAdded("Rome")) { $0.rows.append(Saved.Row.State(id: "Rome")) }
    await store.send(.row("Rome", .toggle)) { $0.list.saved.value.append("Rome") }
  }

  @Test func aForgottenSharedChangeFailsWithTheCopiesInTheDiff() async {
    let store = TestStore(initialState: Saved.State(), reducer: Saved.reducer, environment: ())
    await store.send(.rowAdded("Rome")) { $0.rows.append(Saved.Row.State(id: "Rome")) }
    await withKnownIssue {
      await store.send(.row("Rome", .toggle))
    } matching: { issue in
      // The change once, on the first copy; the copies that changed with it are not repeated,
      // and the suggested closure changes the value once.
      issue.comments.map(\.rawValue).joined() == forgottenSharedChange
    }
    // The suggested closure passes.
    await store.send(.rowAdded("Oslo")) { $0.rows.append(Saved.Row.State(id: "Oslo")) }
    await store.send(.row("Oslo", .toggle)) { $0.saved.value = ["Oslo", "Rome"] }
  }

  @Test func aForgottenSharedChangeInsideAStackIsShownOnce() async {
    // A stack prints as its screens: the diff goes into them, so a screen's copy that changed as
    // the first one did is not shown again, and the closure changes the value once.
    let store = TestStore(initialState: Saved.State(), reducer: Saved.reducer, environment: ())
    await store.send(.path(.push(id: 0, state: Saved.Row.State(id: "Oslo")))) {
      $0.path.append(Saved.Row.State(id: "Oslo"))
    }
    await withKnownIssue {
      await store.send(.path(.element(id: 0, action: .toggle)))
    } matching: { issue in
      issue.comments.map(\.rawValue).joined() == forgottenSharedChangeInAStack
    }
    await store.send(.path(.element(id: 0, action: .toggle))) { $0.saved.value = [] }
  }

  /// An expected state may give a copy whole: a new copy is the newest, as in a reducer.
  @Test func aSharedChangeIsAssertedWithAWholeNewCopy() async {
    let store = TestStore(initialState: Saved.State(), reducer: Saved.reducer, environment: ())
    await store.send(.rowAdded("Rome")) { $0.rows.append(Saved.Row.State(id: "Rome")) }
    await store.send(.row("Rome", .toggle)) {
      $0.rows[id: "Rome"]?.saved = Shared(key: "saved", value: ["Rome"])
    }
  }

  /// A screen presented with its copy of an unchanged value shows it as a reference, not whole:
  /// a saved list would otherwise print in full each time a screen that shares it comes or goes.
  @Test func aPresentedCopyOfAnUnchangedValueIsShownAsAReference() {
    var before = Saved.State()
    before.saved.value = ["Oslo", "Rome"]
    var after = before
    after.search = Saved.Search.State()
    after.search?.saved.value = ["Oslo", "Rome"]
    let diff = Inspector().diff(before, after) ?? ""
    #expect(diff.contains(#"+     saved: Shared(key: "saved"), unchanged"#), "\(diff)")
    #expect(!diff.contains(#""Oslo""#), "\(diff)")
    // Presented as the value changes: the copy holds what changed, and is shown whole.
    after.saved.value.append("Paris")
    after.search?.saved.value.append("Paris")
    let changed = Inspector().diff(before, after) ?? ""
    #expect(changed.contains(#"+       [2]: "Paris""#), "\(changed)")
    #expect(!changed.contains("unchanged"), "\(changed)")
    // Printed alone, not in a diff, every copy is whole.
    #expect(Inspector().dump(after).contains(#""Oslo""#))
  }

  /// A child whose reducer the parent runs by hand, in a closure, is out of every operator's
  /// reach: its copy changes alone. A test store says so at the step that sets the copies apart,
  /// though the step's assertion matched what the store did.
  @Test func copiesSetApartByAChildRunByHandFailTheTest() async {
    struct State: Equatable, Sendable, SharedState {
      var saved = Shared(key: "saved", default: [String]())
      var child = NameList.State()
      static let sharedFields: [SharedField<Self>] = [.field(\.saved)]
    }
    let byHand = Reducer<State, String, Void> { state, name, _ in
      _ = NameList.reducer.reduce(into: &state.child, action: name, environment: ())
      return .none
    }
    let store = TestStore(initialState: State(), reducer: byHand, environment: ())
    await withKnownIssue {
      await store.send("Rome") { $0.child.saved.value = ["Rome"] }
    } matching: { issue in
      issue.comments.map(\.rawValue).joined() == """
        The state holds copies of a shared value that disagree at the end of the step.

          saved: []
          child.saved: ["Rome"]

        Copies are kept equal by pullback, ifLet, forEach and combine, and by the store after \
        each step: a copy changed where none of them reaches (in a child whose reducer runs by \
        hand, in a closure) changes alone. Compose that child with one of them.
        """
    }
    // Once a test store: the next steps are checked as usual.
    await store.send("Oslo") { $0.child.saved.value = ["Rome", "Oslo"] }
  }

  /// Copies kept from before (an undo history in the state) are older than the ones the
  /// operators reach: they are not compared, and an undo that assigns a kept copy's value is
  /// asserted as usual.
  @Test func copiesKeptForAnUndoAreNotReportedAsDisagreeing() async {
    struct State: Equatable, Sendable, SharedState {
      var saved = Shared(key: "saved", default: [String]())
      var editor = NameList.State()
      var history: [NameList.State] = []
      static let sharedFields: [SharedField<Self>] = [.field(\.saved)]
    }
    enum Action: Equatable, Sendable {
      case editor(String)
      case undo
    }
    let reducer = Reducer<State, Action, Void>.combine(
      Reducer { state, action, _ in
        switch action {
        case .editor: state.history.append(state.editor)
        case .undo:
          if let last = state.history.popLast() { state.editor.saved.value = last.saved.value }
        }
        return .none
      },
      NameList.reducer.pullback(
        state: \.editor, action: CasePath(Action.editor), environment: { $0 }))
    let store = TestStore(initialState: State(), reducer: reducer, environment: ())
    await store.send(.editor("Rome")) {
      $0.history = [NameList.State()]
      $0.saved.value = ["Rome"]
    }
    await store.send(.editor("Oslo")) {
      $0.history.append($0.editor)
      $0.history[1].saved.value = ["Rome"]
      $0.saved.value = ["Rome", "Oslo"]
    }
    await store.send(.undo) {
      $0.history.removeLast()
      $0.saved.value = ["Rome"]
    }
  }

  /// Each key is reported once: a copy reported as not kept in step does not silence a
  /// disagreement of another key, and a received action skipped without an assertion is checked
  /// like any step.
  @Test func eachKeyIsReportedOnceWhateverWasReportedBefore() async {
    struct Theme: Equatable, Sendable { var name = Shared(key: "theme", default: "light") }
    struct State: Equatable, Sendable, SharedState {
      var saved = Shared(key: "saved", default: [String]())
      var child = NameList.State()
      var theme = Theme()
      static let sharedFields: [SharedField<Self>] = [.field(\.saved)]
    }
    enum Action: Equatable, Sendable {
      case start
      case loaded(String)
    }
    let reducer = Reducer<State, Action, Void> { state, action, _ in
      switch action {
      case .start: return .send(.loaded("Rome"))
      case .loaded(let name):
        // The child's reducer, run by hand.
        state.child.saved.value.append(name)
        return .none
      }
    }
    var made: TestStore<State, Action, Void>?
    withKnownIssue {
      made = TestStore(initialState: State(), reducer: reducer, environment: ())
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains(#"theme.name: Shared(key: "theme")"#)
    }
    guard let store = made else { return }
    store.exhaustivity = .off
    await store.send(.start)
    await withKnownIssue {
      await store.skipReceivedActions()
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().hasPrefix(
        "The state holds copies of a shared value that disagree at the end of the step.")
    }
  }

  /// A shared value whose own type lists the copies it holds has them kept in step with the
  /// others: a change to the inner copy reaches the copy beside it in the same step, and is
  /// asserted once (the reference's `Profile` holding `@Shared var stats`).
  @Test func aCopyInsideASharedValueThatListsItIsKeptInStep() async {
    struct Card: Equatable, Sendable, SharedState {
      var views = Shared(key: "views", default: 0)
      static let sharedFields: [SharedField<Self>] = [.field(\.views)]
    }
    struct State: Equatable, Sendable, SharedState {
      var card = Shared(key: "card", default: Card())
      var views = Shared(key: "views", default: 0)
      static let sharedFields: [SharedField<Self>] = [.field(\.card), .field(\.views)]
    }
    enum Action { case viewedInside, viewedBeside }
    let reducer = Reducer<State, Action, Void> { state, action, _ in
      switch action {
      case .viewedInside: state.card.value.views.value += 1
      case .viewedBeside: state.views.value += 1
      }
      return .none
    }
    let store = TestStore(initialState: State(), reducer: reducer, environment: ())
    await store.send(.viewedInside) { $0.views.value = 1 }
    #expect(store.state.card.value.views.value == 1)
    await store.send(.viewedBeside) { $0.card.value.views.value = 2 }
    #expect(store.state.views.value == 2)
  }

  /// A copy inside a shared value whose type does not list it is out of every operator's reach:
  /// a test store says so where it is made. (Its change is not reported lost: it is kept where
  /// it was made.)
  @Test func aCopyInsideASharedValueThatDoesNotListItFailsTheTest() async {
    struct Card: Equatable, Sendable { var views = Shared(key: "views", default: 0) }
    struct State: Equatable, Sendable, SharedState {
      var card = Shared(key: "card", default: Card())
      var views = Shared(key: "views", default: 0)
      static let sharedFields: [SharedField<Self>] = [.field(\.card), .field(\.views)]
    }
    let reducer = Reducer<State, Bool, Void> { state, _, _ in
      state.card.value.views.value += 1
      return .none
    }
    var store: TestStore<State, Bool, Void>?
    withKnownIssue {
      store = TestStore(initialState: State(), reducer: reducer, environment: ())
    } matching: { issue in
      issue.comments.map(\.rawValue).joined() == #"""
        The state holds shared copies that are not kept in step with the others.

          card.value.views: Shared(key: "views"), inside the shared value "card", SharedStateTests.Card is not SharedState

        A copy takes the others' changes, and they its, only when the state that holds it conforms to SharedState and lists the field in sharedFields: static let sharedFields: [SharedField<Self>] = [.field(\.name)].
        """#
    }
    await store?.send(true) { $0.card.value.views.value = 1 }
    #expect(store?.state.views.value == 0)
  }

  /// A copy held by a state that does not list it never changes with the others, and nothing
  /// at run time says so: a test store does, once, at the first step that shows it.
  @Test func aCopyInAStateThatDoesNotListItFailsTheTest() async {
    enum Editor {
      // Holds a copy, but is not SharedState: the mistake.
      struct State: Equatable, Sendable { var titles = Shared(key: "titles", default: [String]()) }
      enum Action: Equatable, Sendable { case add(String) }
      static let reducer = Reducer<State, Action, Void> { state, action, _ in
        if case .add(let title) = action { state.titles.value.append(title) }
        return .none
      }
    }
    struct State: Equatable, Sendable, SharedState {
      var titles = Shared(key: "titles", default: [String]())
      var editor: Editor.State?
      var drafts: [Shared<[String]>] = []
      static let sharedFields: [SharedField<Self>] = [.field(\.titles)]
    }
    enum Action: Equatable, Sendable {
      case open
      case editor(Editor.Action)
    }
    let reducer = Reducer<State, Action, Void> { state, action, _ in
      if action == .open { state.editor = Editor.State() }
      return .none
    }
    .ifLet(\.editor, action: CasePath(Action.editor), environment: { _ in }, child: Editor.reducer)
    let store = TestStore(initialState: State(), reducer: reducer, environment: ())
    await withKnownIssue {
      await store.send(.open) { $0.editor = Editor.State() }
    } matching: { issue in
      issue.comments.map(\.rawValue).joined() == unlistedCopyFailure
    }
    // Once a test store: the next steps are checked as usual.
    await store.send(.editor(.add("Milk"))) { $0.editor?.titles.value = ["Milk"] }
    // A state that lists fewer copies than it holds is named too, at the test store's creation.
    withKnownIssue {
      _ = TestStore(
        initialState: State(drafts: [Shared(key: "titles", default: [])]), reducer: reducer,
        environment: ())
    } matching: { issue in
      issue.comments.map(\.rawValue).joined().contains(
        """
          titles: Shared(key: "titles"), SharedStateTests.State holds 2 and lists 1 in sharedFields
          drafts[0]: Shared(key: "titles"), SharedStateTests.State holds 2 and lists 1 in sharedFields
        """)
    }
  }

  /// A child is tested alone, with the shared value as part of its own state.
  @Test func aChildIsTestedAloneWithItsCopy() async {
    let store = TestStore(
      initialState: Saved.Search.State(), reducer: Saved.Search.reducer, environment: ())
    await store.send(.add("Paris")) { $0.saved.value = ["Paris"] }
    await store.send(.add("Paris"))
  }
}

/// What forgetting a shared change prints: the change once, on the first copy (the copies that
/// changed with it are not repeated), and a suggested closure that changes the value once.
/// Quoted in the Sharing state article, which checks it against this file.
// swift-format-ignore
let forgottenSharedChange = """
A state change does not match expectation.

      Saved.State(
        saved: Shared<Array<String>>(
          key: "saved",
          value: [
    +       [0]: "Rome"
          ]
        ),
        list: Saved.List.State(…),
        search: nil,
        … (3 unchanged)
      )

(Expected: −, Actual: +)

Expected closure: { $0.saved.value = ["Rome"] }
"""

/// What a copy in a state that does not list it fails a test with. Quoted in the Sharing state
/// article, which checks it against this file.
// swift-format-ignore
let unlistedCopyFailure = #"""
The state holds shared copies that are not kept in step with the others.

  editor?.titles: Shared(key: "titles"), SharedStateTests.Editor.State is not SharedState

A copy takes the others' changes, and they its, only when the state that holds it conforms to SharedState and lists the field in sharedFields: static let sharedFields: [SharedField<Self>] = [.field(\.name)].
"""#

let forgottenSharedChangeInAStack = """
  A state change does not match expectation.

        Saved.State(
          saved: Shared<Array<String>>(
            key: "saved",
            value: [
      +       [0]: "Oslo"
            ]
          ),
          list: Saved.List.State(…),
          search: nil,
          … (3 unchanged)
        )

  (Expected: −, Actual: +)

  Expected closure: { $0.saved.value = ["Oslo"] }
  """

/// A child feature that appends each name it is sent to its copy of the shared list "saved".
enum NameList {
  struct State: Equatable, Sendable, SharedState {
    var saved = Shared(key: "saved", default: [String]())
    static let sharedFields: [SharedField<Self>] = [.field(\.saved)]
  }
  static let reducer = Reducer<State, String, Void> { state, name, _ in
    state.saved.value.append(name)
    return .none
  }
}
