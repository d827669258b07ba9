import Foundation
import Observation
import Testing
import TideInspect
import TideTestSupport

@testable import Tide

/// Navigation in a live store: what a view sees, and the values navigation is made of.
@MainActor
@Suite struct NavigationStoreTests {
  let clock = ManualClock()

  func makeStore() -> Store<Places.State, Places.Action> {
    Store(
      initialState: Places.State(), reducer: Places.reducer,
      environment: Places.Environment(clock: clock), drivenBy: clock)
  }

  @Test func aDismissedSheetsRequestNeverArrives() async {
    let store = makeStore()
    store.send(.renameTapped(0))
    store.send(.destination(.presented(.rename(.saveTapped))))
    #expect(store.runningEffects.count == 1)
    store.send(.destination(.dismiss))
    #expect(store.runningEffects.isEmpty)
    await clock.advance(by: .seconds(5))
    #expect(store.state.destination == nil)
    #expect(store.state.names == ["Home", "Work"])
  }

  @Test func aSheetThatSavesDismissesItself() async {
    let store = makeStore()
    store.send(.renameTapped(0))
    store.send(.destination(.presented(.rename(.nameChanged("House")))))
    store.send(.destination(.presented(.rename(.saveTapped))))
    await clock.advance(by: .seconds(1))
    #expect(store.state.names == ["House", "Work"])
    #expect(store.state.destination == nil)
  }

  @Test func aPoppedScreensTimerStops() async {
    let store = makeStore()
    store.send(.placeTapped(0))
    store.send(.path(.element(id: 0, action: .appeared)))
    await clock.advance(by: .seconds(2))
    #expect(store.state.path[id: 0]?.seconds == 2)
    store.send(.path(.element(id: 0, action: .closeTapped)))
    #expect(store.state.path.isEmpty)
    #expect(store.runningEffects.isEmpty)
  }

  @Test func aPresentedChildsStoreIsTheSameWhilePresentedNilAfterAndNewWhenPresentedAgain() {
    let store = makeStore()
    #expect(store.scope(state: \.destination, action: \.destination) == nil)
    let view = RenderCounter { _ = store.scope(state: \.destination, action: \.destination) }
    store.send(.renameTapped(0))
    #expect(view.changes == 1)
    let first = store.scope(state: \.destination, action: \.destination)
    #expect(first != nil)
    first?.send(.rename(.nameChanged("House")))
    #expect(store.state.destination == .rename(Rename.State(id: 0, name: "House")))
    #expect(store.scope(state: \.destination, action: \.destination) === first)
    store.send(.destination(.dismiss))
    #expect(store.scope(state: \.destination, action: \.destination) == nil)
    store.send(.renameTapped(1))
    let second = store.scope(state: \.destination, action: \.destination)
    #expect(second != nil && second !== first)
  }

  @Test func aChildsCancellationIdentifiersAreItsOwn() async {
    // The parent and the presented child both run an effect under "timer"; the child
    // cancelling its own never reaches the parent's.
    enum Child {
      enum Action: Sendable, Equatable { case start, stop, tick }
      static let reducer = Reducer<Int, Action, ManualClock> { count, action, clock in
        switch action {
        case .start:
          return .run(name: "child") { send in
            try await clock.sleep(for: .seconds(10))
            await send(.tick)
          }
          .cancellable(id: "timer")
        case .stop: return .cancel(id: "timer")
        case .tick:
          count += 1
          return .none
        }
      }
    }
    struct Parent: Equatable {
      var child: Int? = 0
      var ticks = 0
    }
    enum Action: Sendable, Equatable {
      case start, tick
      case child(PresentationAction<Child.Action>)
    }
    let reducer = Reducer<Parent, Action, ManualClock> { state, action, clock in
      switch action {
      case .start:
        return .run(name: "parent") { send in
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
        .cancellable(id: "timer")
      case .tick:
        state.ticks += 1
        return .none
      case .child: return .none
      }
    }
    .ifLet(\.child, action: CasePath(Action.child), environment: { $0 }, child: Child.reducer)
    let store = Store(initialState: Parent(), reducer: reducer, environment: clock, drivenBy: clock)
    store.send(.start)
    store.send(.child(.presented(.start)))
    store.send(.child(.presented(.stop)))
    #expect(store.runningEffects.map(\.description) == [".run(\"parent\")"])
    await clock.advance(by: .seconds(1))
    #expect(store.state.ticks == 1)
  }

  // MARK: - Effects

  @Test func aDismissalPrintsAndHasAShape() {
    let effect = Effect<Int>.concatenate(.run(name: "save") { _ in }, .dismiss())
    #expect(effect.description == ".concatenate(.run(\"save\"), .dismiss())")
    guard case .dismiss = Effect<Int>.dismiss().shape else {
      Issue.record("not a dismissal")
      return
    }
  }

  // MARK: - Stack state

  @Test func aStackPrintsItsScreensWithTheirIdentifiers() {
    var path = StackState(["List"])
    path.append("Detail")
    #expect(
      Inspector().line(path) == #"[(id: 0, screen: "List"), (id: 1, screen: "Detail")]"#)
    #expect(
      Inspector().source(path) == #"StackState(ids: [0, 1], elements: ["List", "Detail"])"#)
  }

  @Test func aStackPopsToAScreenAndRemovesOne() {
    var path = StackState(["A", "B", "C", "D"])
    let popped = path.pop(to: 1)
    #expect(popped)
    #expect(Array(path) == ["A", "B"])
    path.append("E")
    path[id: 0] = nil
    #expect(path.ids == [1, 4])
    let poppedToMissing = path.pop(to: 0)
    let poppedFromMissing = path.pop(from: 9)
    #expect(!poppedToMissing && !poppedFromMissing)
    let last = path.popLast()
    #expect(last == "E")
    #expect(path.index(id: 1) == 0)
  }

  /// Setting a screen for an identifier the stack has not given pushes it, as a push action
  /// does; one it gave already, or above the largest, is reported and adds nothing.
  @Test func settingAScreenForANewIdentifierPushesIt() {
    var path = StackState(["List"])
    path[id: 3] = "Detail"
    #expect(path.ids == [0, 3])
    #expect(path[id: 3] == "Detail")
    #expect(path.append("Next") == 4)
    path[id: 4] = "Replaced"
    #expect(Array(path) == ["List", "Detail", "Replaced"])
    path[id: 9] = nil
    #expect(path.ids == [0, 3, 4])
    path.pop(from: 3)
    withKnownIssue {
      path[id: 3] = "Again"
    } matching: { issue in
      issue.comments.first?.rawValue == """
        A screen was set for #3, which this stack cannot push: it is below #5, the next \
        identifier the stack gives (none is given twice). The screen was not added.
        """
    }
    withKnownIssue {
      path[id: StackElementID(rawValue: Int.max)] = "Far"
    } matching: { issue in
      issue.comments.first?.rawValue == """
        A screen was set for #\(Int.max), which this stack cannot push: it is above the \
        largest, #\(Int.max / 2). The screen was not added.
        """
    }
    #expect(Array(path) == ["List"])
  }

  struct Screens: Equatable { var path = StackState<String>() }

  /// A suggested assertion names a pushed screen by its identifier only when the stack can give
  /// it: a stack rebuilt whole, its identifiers counted from #0 again below the next one, is
  /// assigned whole, so that the suggestion passes when pasted.
  @Test func aRebuiltStackIsSuggestedWhole() {
    var before = Screens()
    before.path.append("A")
    before.path.append("B")
    before.path.popLast()
    before.path.popLast()
    var pushed = before
    pushed.path.append("C")
    #expect(Inspector().closure(from: before, to: pushed) == #"{ $0.path[id: 2] = "C" }"#)
    let rebuilt = Screens(path: StackState(["X", "Y"]))
    #expect(
      Inspector().closure(from: before, to: rebuilt)
        == #"{ $0.path = StackState(ids: [0, 1], elements: ["X", "Y"]) }"#)
  }

  @Test func aStackFindsEveryScreenByIdentifier() {
    var path = StackState<Int>()
    for value in 0..<1000 { path.append(value) }
    for value in stride(from: 0, to: 1000, by: 3) {
      path[id: StackElementID(rawValue: value)] = nil
    }
    for id in path.ids { #expect(path[id: id] == id.rawValue) }
    #expect(path.index(id: 3) == nil)
    #expect(path.index(id: 1000) == nil)
  }

  @Test func aStackRoundTripsThroughJSON() throws {
    var path = StackState(["List", "Detail"])
    path.pop(from: 1)
    path.append("Other")
    let data = try JSONEncoder().encode(path)
    let decoded = try JSONDecoder().decode(StackState<String>.self, from: data)
    #expect(decoded == path)
    #expect(decoded.nextID == 3)
  }

  @Test(arguments: [
    (
      #"{"ids": [0], "elements": ["A", "B"]}"#,
      "A stack has 1 identifiers for 2 screens."
    ),
    (
      #"{"ids": [1, 1], "elements": ["A", "B"]}"#,
      "A stack's identifiers must increase; #1 follows #1."
    ),
    (
      #"{"ids": [0, 4], "elements": ["A", "B"], "nextID": 2}"#,
      "A stack's next identifier #2 is not above its last, #4."
    ),
    (
      #"{"ids": [], "elements": [], "nextID": -3}"#,
      "A stack's next identifier #-3 is negative; a stack counts from #0."
    ),
    (
      #"{"ids": [-5], "elements": ["A"]}"#,
      "A stack's identifier #-5 is negative; a stack counts from #0."
    ),
    (
      #"{"ids": [9223372036854775807], "elements": ["A"]}"#,
      "A stack's identifier #9223372036854775807 is Int.max, which leaves no identifier for a next screen."
    ),
  ])
  func aMalformedStackIsAClearError(json: String, message: String) {
    #expect {
      try JSONDecoder().decode(StackState<String>.self, from: Data(json.utf8))
    } throws: { error in
      guard case DecodingError.dataCorrupted(let context) = error else { return false }
      return context.debugDescription == message
    }
  }

  // MARK: - Alerts

  @Test func anAlertIsPrintedAndComparedAsState() throws {
    enum Alert: String, Sendable, Equatable, Codable { case delete }
    let alert = AlertState<Alert>(title: "Delete?", message: "For good.") {
      ButtonState(role: .destructive, "Delete", action: .delete)
      ButtonState(role: .cancel, "Cancel")
    }
    #expect(
      Inspector().line(alert)
        == #"AlertState<NavigationStoreTests.Alert>(title: "Delete?", message: "For good.", buttons: [ButtonState<NavigationStoreTests.Alert>(role: .destructive, label: "Delete", action: .delete), ButtonState<NavigationStoreTests.Alert>(role: .cancel, label: "Cancel", action: nil)])"#
    )
    // The source a test's suggestion pastes calls the initialisers, and compiles.
    #expect(
      Inspector().source(alert)
        == #"AlertState(title: "Delete?", message: "For good.", buttons: [ButtonState(role: .destructive, "Delete", action: .delete), ButtonState(role: .cancel, "Cancel")])"#
    )
    #expect(
      alert
        == AlertState(
          title: "Delete?", message: "For good.",
          buttons: [
            ButtonState(role: .destructive, "Delete", action: .delete),
            ButtonState(role: .cancel, "Cancel"),
          ]))
    let decoded = try JSONDecoder().decode(
      AlertState<Alert>.self, from: JSONEncoder().encode(alert))
    #expect(decoded == alert)
    #expect(alert.buttons.map(\.tapAction) == [.presented(.delete), .dismiss])
  }

  /// An alert a computed property makes from other state is a new value at each read, and
  /// equal to the last: its button dismisses it, as any alert the parent leaves as it was.
  @Test func anAlertMadeByAComputedPropertyIsDismissedByItsButton() {
    enum Button: Sendable, Equatable { case ok }
    struct State: Equatable {
      var error: String?
      var alert: AlertState<Button>? {
        get { error.map { AlertState(title: $0) { ButtonState("OK", action: .ok) } } }
        set { if newValue == nil { error = nil } }
      }
    }
    enum Action: Sendable, Equatable {
      case fail
      case alert(PresentationAction<Button>)
    }
    let reducer = Reducer<State, Action, Void> { state, action, _ in
      if action == .fail { state.error = "Boom" }
      return .none
    }
    .ifLet(\.alert, action: CasePath(Action.alert))
    let store = Store(initialState: State(), reducer: reducer, environment: ())
    store.send(.fail)
    store.send(.alert(.presented(.ok)))
    #expect(store.state.error == nil)
  }

  /// In a live store, as in a test: an alert's button that shows another alert keeps it.
  @Test func anAlertsButtonThatShowsAnotherAlertKeepsItInALiveStore() {
    enum Button: Sendable, Equatable { case increment }
    struct State: Equatable { var count = 0, alert: AlertState<Button>? }
    enum Action: Sendable, Equatable {
      case show
      case alert(PresentationAction<Button>)
    }
    let reducer = Reducer<State, Action, Void> { state, action, _ in
      switch action {
      case .show:
        state.alert = AlertState(title: "Increment?") {
          ButtonState("Increment", action: .increment)
        }
      case .alert(.presented(.increment)):
        state.count += 1
        state.alert = AlertState(title: "Incremented!")
      case .alert(.dismiss):
        break
      }
      return .none
    }
    .ifLet(\.alert, action: CasePath(Action.alert))
    let store = Store(initialState: State(), reducer: reducer, environment: ())
    store.send(.show)
    store.send(.alert(.presented(.increment)))
    #expect(store.state == State(count: 1, alert: AlertState(title: "Incremented!")))
    store.send(.alert(.dismiss))
    #expect(store.state == State(count: 1, alert: nil))
  }

  // MARK: - What SwiftUI binds to

  @Test func aPresentationBindingTellsWhenTheChildComesAndGoesAndDismisses() {
    let store = makeStore()
    let isPresented = store.isPresenting(\.destination, action: \.destination)
    let view = RenderCounter { _ = isPresented.value }
    #expect(!isPresented.value)
    store.send(.renameTapped(0))
    #expect(isPresented.value)
    // A change inside the sheet is not a change of its presence.
    store.send(.destination(.presented(.rename(.nameChanged("House")))))
    #expect(view.changes == 1)
    isPresented.set(false)
    #expect(store.state.destination == nil)
    #expect(view.changes == 2)
    // Setting true presents nothing: presenting is the feature's to do.
    isPresented.set(true)
    #expect(store.state.destination == nil)
  }

  @Test func aStoresCoreIsNeverWeaklyReferencedWhateverAViewUses() throws {
    // A weakly referenced object's counts move to a side table, and every retain and release
    // of it takes the runtime's slow path: the core is retained on every send (a stack path
    // binding's weak reference to it made a root send cost 476 instructions instead of 349).
    // A Swift class: an Objective-C object on Apple platforms keeps its counts elsewhere.
    final class Witness {}
    let witness = Witness()
    weak let weakWitness = witness
    #expect(weakWitness != nil && hasSideTable(witness))
    let store = makeStore()
    let core = try #require(store.rootCore)
    #expect(!hasSideTable(core))
    let path = store.stackPath(\.path, action: \.path)
    let isPresented = store.isPresenting(\.destination, action: \.destination)
    let observation = store.observe(\.names) { _ in }
    withObservationTracking {
      _ = store.state.names
      _ = store.scope(state: \.destination, action: \.destination)
      _ = path.value
      _ = isPresented.value
    } onChange: {
    }
    store.send(.placeTapped(0))
    store.send(.renameTapped(0))
    path.set([])
    _ = store.scope(state: \.destination, action: \.destination)?.state
    #expect(!hasSideTable(core))
    observation.cancel()
  }

  @Test func aStackPathBindingPopsWhatTheViewWentBackFrom() {
    let store = makeStore()
    let path = store.stackPath(\.path, action: \.path)
    store.send(.placeTapped(0))
    store.send(.placeTapped(1))
    store.send(.placeTapped(0))
    #expect(path.value == [0, 1, 2])
    path.set([0])
    #expect(store.state.path.ids == [0])
  }

  @Test func aStackPathSetToScreensItDoesNotHoldIsReported() {
    let store = makeStore()
    let path = store.stackPath(\.path, action: \.path)
    store.send(.placeTapped(0))
    let issues = ReportedIssues()
    IssueReporter.$current.withValue(issues.reporter) {
      path.set([0, 7])
    }
    #expect(store.state.path.ids == [0])
    #expect(
      issues.all == [Self.pathRefused(path: "[#0]", setTo: "[#0, #7]")])
  }

  nonisolated static func pathRefused(path: String, setTo: String) -> String {
    """
    A navigation stack's path was set to screens it does not hold.

      Path: \(path)
      Set to: \(setTo)

    A view goes back (a shorter path) or pushes (a link's .push(state), after the screens the \
    stack holds); it cannot add a screen the stack does not hold or reorder the stack.
    """
  }

  /// A link's `.push(state)` appended to the path, from any screen, pushes through the store
  /// with the stack's next identifier; going back and pushing in one set does both, in order.
  @Test func aStackPathBindingPushesWhatALinkAppends() {
    let store = makeStore()
    let path = store.stackPath(\.path, action: \.path)
    store.send(.placeTapped(0))
    let pushed = store.state.path[0]
    path.set(path.value + [.push(pushed)])
    #expect(store.state.path.ids == [0, 1])
    #expect(path.value.map(\.id) == [0, 1])
    path.set([0, .push(pushed), .push(pushed)])
    #expect(store.state.path.ids == [0, 2, 3])
    #expect(Array(store.state.path) == [pushed, pushed, pushed])
  }

  /// The screen a link pushed is shown as the link's entry, so SwiftUI sees the entry it
  /// appended become the screen; a path written back with that entry still in it (from before
  /// the push was reduced) keeps the screen rather than pushing it again.
  @Test func aLinksEntryStaysTheScreenItPushed() {
    let store = makeStore()
    let path = store.stackPath(\.path, action: \.path)
    store.send(.placeTapped(0))
    let pushed = store.state.path[0]
    let link = StackPathElement.push(pushed)
    path.set([0, link])
    #expect(path.value == [0, link])
    #expect(path.value.last?.id == 1)
    #expect(path.value.last.map { Set([$0, link]).count } == 1)
    let second = StackPathElement.push(pushed)
    path.set([0, link, second])
    #expect(store.state.path.ids == [0, 1, 2])
    #expect(path.value == [0, link, second])
    // Back to the first screen, then a stale path with the popped link's entry: that screen is
    // gone, so the entry is a push again, of a new screen.
    path.set([0])
    path.set([0, link])
    #expect(store.state.path.ids == [0, 3])
  }

  /// A push that is not after the screens the stack holds, or after a screen it does not hold,
  /// changes nothing and is reported.
  @Test func aStackPathBindingRefusesAPushOutOfPlace() {
    let store = makeStore()
    let path = store.stackPath(\.path, action: \.path)
    store.send(.placeTapped(0))
    let pushed = store.state.path[0]
    let issues = ReportedIssues()
    IssueReporter.$current.withValue(issues.reporter) {
      path.set([.push(pushed), 0])
      path.set([0, 5, .push(pushed)])
    }
    #expect(store.state.path.ids == [0])
    let entry = "push(\(Inspector().line(pushed)))"
    #expect(
      issues.all == [
        Self.pathRefused(path: "[#0]", setTo: "[\(entry), #0]"),
        Self.pathRefused(path: "[#0]", setTo: "[#0, #5, \(entry)]"),
      ])
  }

  /// A stack whose parent keeps its screens while `isLocked` (a form with unsaved changes):
  /// it reduces the stack's actions itself.
  enum Locked {
    struct State: Equatable {
      var path = StackState(["List", "Form"])
      var isLocked = true
    }
    enum Action: Sendable, CasePathable {
      case path(StackAction<String, Never>)
      case unlock
      struct AllCasePaths { let path = CasePath(Action.path) }
      static let allCasePaths = AllCasePaths()
    }
    static let reducer = Reducer<State, Action, Void> { state, action, _ in
      switch action {
      case .path(.popFrom(let id)):
        if !state.isLocked { state.path.pop(from: id) }
      case .path(.push(let id, let screen)):
        state.path[id: id] = screen
      case .path(.element):
        break
      case .unlock:
        state.isLocked = false
      }
      return .none
    }
  }

  /// Going back and pushing in one set (a link that replaces the top screen) pushes on top of
  /// the screens the view kept: when the parent refuses the pop, nothing is pushed on top of
  /// the screen it kept, and the path reads what the stack holds.
  @Test func aStackPathPushesNothingOnTopOfAScreenWhosePopWasRefused() {
    let store = Store(initialState: Locked.State(), reducer: Locked.reducer, environment: ())
    let path = store.stackPath(\.path, action: \.path)
    path.set([0, .push("Settings")])
    #expect(Array(store.state.path) == ["List", "Form"])
    #expect(path.value == [0, 1])
    path.set([.push("Settings")])
    #expect(Array(store.state.path) == ["List", "Form"])
    // Unlocked, the same set pops the form and pushes on top of the list.
    store.send(.unlock)
    path.set([0, .push("Settings"), .push("About")])
    #expect(Array(store.state.path) == ["List", "Settings", "About"])
    #expect(store.state.path.ids == [0, 2, 3])
  }

  /// The same write made while the store is sending (from an observer) queues its pop, and
  /// its pushes queue behind it: the stack ends as a direct write leaves it.
  @Test func aStackPathWrittenWhileTheStoreSendsQueuesItsPushesBehindThePop() {
    let store = Store(initialState: Locked.State(), reducer: Locked.reducer, environment: ())
    let path = store.stackPath(\.path, action: \.path)
    let settings = StackPathElement.push("Settings")
    let about = StackPathElement.push("About")
    let observation = store.observe(\.isLocked) { isLocked in
      if !isLocked { path.set([0, settings, about]) }
    }
    store.send(.unlock)
    #expect(Array(store.state.path) == ["List", "Settings", "About"])
    #expect(store.state.path.ids == [0, 2, 3])
    // The links' entries stand for the screens they pushed, as after a direct write.
    #expect(path.value == [0, settings, about])
    observation.cancel()
  }

  /// An entry to push is equal only to itself: two links to equal states are two pushes.
  @Test func entriesToPushAreEqualOnlyToThemselves() {
    let first = StackPathElement.push("Detail")
    let second = StackPathElement.push("Detail")
    #expect(first == first)
    #expect(first != second)
    #expect(Set([first, second, first]).count == 2)
    #expect(StackPathElement<String>.screen(3) == 3)
    #expect(first.id == nil)
    #expect("\([first, 3])" == #"[push("Detail"), #3]"#)
  }

  @Test func aCasePullbackReportsAnActionForAnotherCase() {
    let store = Store(
      initialState: Places.Destination.State.alert(AlertState(title: "Gone?")),
      reducer: Places.Destination.reducer, environment: Places.Environment(clock: clock))
    let issues = ReportedIssues()
    IssueReporter.$current.withValue(issues.reporter) {
      store.send(.rename(.nameChanged("Park")))
    }
    #expect(issues.all.count == 1)
    #expect(
      issues.all.first?.hasPrefix(
        """
        An action was sent to a case of the state that is not the current one.

          Action: .nameChanged("Park")
          State: .alert
          Reducer: pullback(state: Rename.State) at TideTestSupport/Places.swift:
        """) == true)
    #expect(
      issues.all.first?.hasSuffix(
        """

        Send it only while the state is in the child's case.
        """) == true)
  }

  @Test func aScreensStoreIsTheSameWhileItStaysAndNilOncePopped() {
    let store = makeStore()
    store.send(.placeTapped(0))
    store.send(.placeTapped(1))
    let work = store.scope(state: \.path, id: 1, action: \.path)
    #expect(work?.state == Detail.State(name: "Work"))
    #expect(store.scope(state: \.path, id: 1, action: \.path) === work)
    #expect(store.scope(state: \.path, id: 7, action: \.path) == nil)
    work?.send(.tick)
    #expect(store.state.path[id: 1]?.seconds == 1)
    #expect(store.state.path[id: 0]?.seconds == 0)
    let view = RenderCounter { _ = store.scope(state: \.path, id: 1, action: \.path) }
    store.send(.path(.popFrom(id: 1)))
    #expect(view.changes == 1)
    #expect(store.scope(state: \.path, id: 1, action: \.path) == nil)
    // A view that still holds the popped screen's store: its sends are reported, not sent.
    let issues = ReportedIssues()
    IssueReporter.$current.withValue(issues.reporter) { work?.send(.tick) }
    #expect(
      issues.all == [
        """
        A store sent an action after its state was gone.

          Action: .tick
          Store: a screen popped from its stack

        The store keeps answering with the last state it saw; the action was not sent. Scope \
        again for a store of what is there now.
        """
      ])
  }

  @Test func aPresentedChildWhoseStateIsAnEnumButNotADestinationGetsEveryAction() {
    // A loading screen: its state's cases are phases, and its actions are named otherwise.
    enum Loading: Equatable {
      case waiting
      case loaded(String)
    }
    enum LoadingAction: Sendable, Equatable {
      case finished(String)
      case retry
    }
    struct Parent: Equatable { var loading: Loading? = .waiting }
    enum Action: Sendable, Equatable { case loading(PresentationAction<LoadingAction>) }
    let child = Reducer<Loading, LoadingAction, Void> { state, action, _ in
      switch action {
      case .finished(let text): state = .loaded(text)
      case .retry: state = .waiting
      }
      return .none
    }
    let reducer = Reducer<Parent, Action, Void> { _, _, _ in .none }
      .ifLet(\.loading, action: CasePath(Action.loading), environment: { _ in }, child: child)
    let store = Store(initialState: Parent(), reducer: reducer, environment: ())
    let issues = ReportedIssues()
    IssueReporter.$current.withValue(issues.reporter) {
      store.send(.loading(.presented(.finished("Done"))))
      store.send(.loading(.presented(.retry)))
    }
    #expect(issues.all.isEmpty)
    #expect(store.state.loading == .waiting)
  }

  @Test func anIdentifiableChildReplacedByAnotherIdHasItsEffectsCancelled() async {
    struct Parent: Equatable { var sheet: Rename.State? }
    enum Action: Sendable, Equatable {
      case open(Int)
      case rename(Int)
      case sheet(PresentationAction<Rename.Action>)
    }
    let reducer = Reducer<Parent, Action, any Clock<Duration>> { state, action, _ in
      switch action {
      case .open(let id): state.sheet = Rename.State(id: id, name: "Place \(id)")
      // The same sheet, renamed in place: an update, not a new presentation.
      case .rename(let id): state.sheet?.name = "Renamed \(id)"
      case .sheet: break
      }
      return .none
    }
    .ifLet(\.sheet, action: CasePath(Action.sheet), environment: { $0 }, child: Rename.reducer)
    let store = Store(initialState: Parent(), reducer: reducer, environment: clock, drivenBy: clock)
    store.send(.open(1))
    store.send(.sheet(.presented(.saveTapped)))
    store.send(.rename(1))
    #expect(store.runningEffects.count == 1)
    store.send(.open(2))
    #expect(store.runningEffects.isEmpty)
    await clock.advance(by: .seconds(5))
    #expect(store.state.sheet == Rename.State(id: 2, name: "Place 2"))
  }

  @Test func aPresentedEnumWithAnAlertThatIsNotADestinationIsReportedOnce() {
    enum Shown: Equatable {
      case sheet(String)
      case alert(AlertState<Never>)
    }
    enum ShownAction: Sendable, Equatable {
      case sheet(String)
      case alert(Never)
    }
    struct Parent: Equatable { var shown: Shown? = .alert(AlertState(title: "Gone?")) }
    enum Action: Sendable, Equatable { case shown(PresentationAction<ShownAction>) }
    let reducer = Reducer<Parent, Action, Void> { _, _, _ in .none }
      .ifLet(
        \.shown, action: CasePath(Action.shown), environment: { _ in },
        child: Reducer<Shown, ShownAction, Void> { _, _, _ in .none })
    let line = #line - 3
    let store = Store(initialState: Parent(), reducer: reducer, environment: ())
    let issues = ReportedIssues()
    IssueReporter.$current.withValue(issues.reporter) {
      store.send(.shown(.presented(.sheet("a"))))
      store.send(.shown(.presented(.sheet("b"))))
    }
    #expect(
      issues.all == [
        """
        A presented enum holds an alert or a dialog, but is not a DestinationState.

          State: NavigationStoreTests.Shown
          Reducer: ifLet(\\Parent.shown) at TideTests/NavigationStoreTests.swift:\(line)

        Conform it to DestinationState, and name its state's and action's cases alike: then its \
        buttons dismiss it, and an action for a case that is not presented is refused. Without \
        it, the alert stays after a button is tapped.
        """
      ])
  }

  @Test func scopesOfAThousandScreensLeaveTheCacheWhenTheScreensArePopped() {
    let store = makeStore()
    for _ in 0..<1_000 { store.send(.placeTapped(0)) }
    var held: [Store<Detail.State, Detail.Action>] = []
    for id in store.state.path.ids {
      held.append(store.scope(state: \.path, id: id, action: \.path)!)
    }
    #expect(store.scopeCache.count >= 1_000)
    store.send(.popToRootTapped)
    // Each store is gone from the cache once its screen is: none is found again.
    #expect(store.scope(state: \.path, id: 500, action: \.path) == nil)
    #expect(store.scopeCache.count == 0)
    #expect(held.count == 1_000)
  }

  @Test func aRootLetGoWhileAScreensTimerRunsAndAReadOfItsScreenWaitsIsFreed() async {
    weak var weakStore: Store<Places.State, Places.Action>?
    let told = ValueLog<String>()
    do {
      let store = makeStore()
      weakStore = store
      store.send(.placeTapped(0))
      store.send(.path(.element(id: 0, action: .appeared)))
      #expect(store.runningEffects.count == 1)
      // A view read the screen through its store, then went with the rest of the app.
      let screen = store.scope(state: \.path, id: 0, action: \.path)
      withObservationTracking {
        _ = screen?.seconds
      } onChange: {
        told.append("told")
      }
    }
    // What waits is the read, not the store: the root goes, and the screen's timer with it.
    #expect(weakStore == nil)
    await clock.advance(by: .seconds(3))
    #expect(told.all.isEmpty)
  }
}

/// A stack holds any identifier up to the one before `Int.max`: what it holds, it reads back;
/// past that, a push is reported, never a crash.
@Suite struct StackIdentifierLimitTests {
  @Test func aStackJustBelowIntMaxReadsBackAndRefusesAnotherScreen() throws {
    let last = StackElementID(rawValue: Int.max - 1)
    var stack = StackState(ids: [last], elements: ["A"])
    let json = try JSONEncoder().encode(stack)
    #expect(try JSONDecoder().decode(StackState<String>.self, from: json) == stack)
    let issues = ReportedIssues()
    let refused = IssueReporter.$current.withValue(issues.reporter) { stack.append("B") }
    #expect(refused == stack.nextID && stack[id: refused] == nil)
    #expect(
      issues.all == [
        "A stack has given every identifier up to Int.max, so the screen was not pushed."
      ])
    #expect(stack == StackState(ids: [last], elements: ["A"]))
  }
}

/// The bookkeeping that refuses a stale action for a presented child keeps nothing for slots no
/// running effect watches.
@MainActor
@Suite struct StaleChildActionBoundsTests {
  let clock = ManualClock()

  @Test func aStoreKeepsAnEpochOnlyWhileAnEffectWatchesTheSlot() async {
    let store = Store(
      initialState: ToastList.State(), reducer: ToastList.reducer, environment: clock,
      drivenBy: clock)
    let issues = ReportedIssues()
    await IssueReporter.$current.withValue(issues.reporter) {
      for round in 1...50 {
        for row in [1, 2] { store.send(.row(row, .showTapped("\(round)"))) }
        // Two rows, one slot each: however many timers run, one epoch per slot.
        #expect(store.core.effects.watchedSlotCount == 2)
        for row in [1, 2] { store.send(.row(row, .toast(.dismiss))) }
        // A dismissal ends its slot's epoch; the timers hold it until they end.
        #expect(store.core.effects.watchedSlotCount == 0)
      }
      await clock.advance(by: .seconds(2))
    }
    // Every timer's dismissal reached a dismissed slot: reported, and nothing is kept.
    #expect(issues.all.count == 100)
    #expect(store.runningEffects.isEmpty)
    #expect(store.core.effects.watchedSlotCount == 0)
  }
}

extension StaleChildActionBoundsTests {
  @Test func aStoreReleasedWhileWatchingTimersWaitIsFreedAndTheirTasksEnd() async {
    // Timers tied to a toast's presentations, one of them stale, wait on the clock when the
    // app lets go of the store: nothing the bookkeeping holds keeps the store, and the timers
    // are cancelled with it.
    weak var weakStore: Store<ToastList.State, ToastList.Action>?
    do {
      let store = Store(
        initialState: ToastList.State(), reducer: ToastList.reducer, environment: clock,
        drivenBy: clock)
      weakStore = store
      store.send(.row(1, .showTapped("One")))
      store.send(.row(1, .toast(.dismiss)))
      store.send(.row(2, .showTapped("Two")))
      await clock.advance()
      #expect(clock.sleeperCount == 2)
    }
    #expect(weakStore == nil)
    await clock.advance()
    #expect(clock.sleeperCount == 0)
  }
}

/// One feature with a sheet, composed twice into a parent: the two copies' presentations are
/// apart, whatever one of them does.
@MainActor
@Suite struct TwoCopiesOfAPresentingFeatureTests {
  enum PairAction: Equatable, Sendable {
    case left(Places.Action)
    case right(Places.Action)
  }

  struct Pair: Equatable, Sendable {
    var left = Places.State()
    var right = Places.State()

    static let reducer = Reducer<Self, PairAction, Places.Environment>.combine(
      Places.reducer.pullback(
        state: \.left, action: CasePath(PairAction.left), environment: { $0 }),
      Places.reducer.pullback(
        state: \.right, action: CasePath(PairAction.right), environment: { $0 })
    )
  }

  struct OptionalPair: Equatable, Sendable {
    var left: Places.State? = Places.State()
    var right: Places.State? = Places.State()

    static let reducer = Reducer<Self, PairAction, Places.Environment>.empty
      .ifLet(\.left, action: CasePath(PairAction.left), environment: { $0 }, child: Places.reducer)
      .ifLet(
        \.right, action: CasePath(PairAction.right), environment: { $0 }, child: Places.reducer)
  }

  /// The left copy saves a rename while the right copy's sheet is opened and closed: the left
  /// copy's save must go on, and land.
  func closeTheRightSheetWhileTheLeftSaves<State>(
    _ initialState: State, _ reducer: Reducer<State, PairAction, Places.Environment>,
    leftNames: (State) -> [String]?
  ) async {
    let clock = ManualClock()
    let store = Store(
      initialState: initialState, reducer: reducer,
      environment: Places.Environment(clock: clock), drivenBy: clock)
    store.send(.left(.renameTapped(0)))
    store.send(.left(.destination(.presented(.rename(.nameChanged("House"))))))
    store.send(.left(.destination(.presented(.rename(.saveTapped)))))
    store.send(.right(.renameTapped(0)))
    store.send(.right(.destination(.dismiss)))
    #expect(store.runningEffects.count == 1)
    await clock.advance(by: .seconds(1))
    #expect(leftNames(store.state) == ["House", "Work"])
  }

  @Test func closingOneCopysSheetLeavesTheOthersSaveRunning() async {
    await closeTheRightSheetWhileTheLeftSaves(Pair(), Pair.reducer) { $0.left.names }
  }

  @Test func twoOptionalCopiesKeepTheirSheetsApartToo() async {
    await closeTheRightSheetWhileTheLeftSaves(OptionalPair(), OptionalPair.reducer) {
      $0.left?.names
    }
  }

  enum Toasts {
    struct State: Equatable, Sendable {
      var left = ToastScreen.State()
      var right = ToastScreen.State()
    }
    enum Action: Equatable, Sendable {
      case left(ToastScreen.Action)
      case right(ToastScreen.Action)
    }
    static let reducer = Reducer<State, Action, ManualClock>.combine(
      ToastScreen.reducer.pullback(
        state: \.left, action: CasePath(Action.left), environment: { $0 }),
      ToastScreen.reducer.pullback(
        state: \.right, action: CasePath(Action.right), environment: { $0 })
    )
  }

  @Test func closingOneCopysToastLeavesTheOthersTimerInReach() async {
    let clock = ManualClock()
    let store = Store(
      initialState: Toasts.State(), reducer: Toasts.reducer, environment: clock, drivenBy: clock)
    let issues = ReportedIssues()
    await IssueReporter.$current.withValue(issues.reporter) {
      store.send(.left(.showTapped("L")))
      store.send(.right(.present("R")))
      store.send(.right(.toast(.dismiss)))
      await clock.advance(by: .seconds(2))
    }
    #expect(store.state.left.toast == nil)
    #expect(issues.all.isEmpty)
  }
}

/// Whether the runtime keeps `object`'s reference counts in a side table, which it makes once
/// anything holds a weak reference to the object (64-bit layout: the inline counts' two top bits).
func hasSideTable(_ object: AnyObject) -> Bool {
  let counts = Unmanaged.passUnretained(object).toOpaque()
    .load(fromByteOffset: MemoryLayout<UInt>.size, as: UInt64.self)
  return counts >> 62 == 0b11
}
