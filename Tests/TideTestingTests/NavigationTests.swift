import Foundation
import Testing
import Tide
import TideTestSupport

@testable import TideTesting

/// Presentation, destinations, alerts and stacks in a TestStore: every way a screen goes away
/// cancels what it started, exhaustively asserted.
@MainActor
@Suite struct NavigationTests {
  let clock = ManualClock()

  func makeStore(_ state: Places.State = Places.State()) -> TestStore<
    Places.State, Places.Action, Places.Environment
  > {
    TestStore(
      initialState: state, reducer: Places.reducer,
      environment: Places.Environment(clock: clock))
  }

  // MARK: - Presentation

  @Test func aSheetThatSavesDismissesItselfAndTheParentSeesIt() async {
    let store = makeStore()
    await store.send(.renameTapped(0)) {
      $0.destination = .rename(Rename.State(id: 0, name: "Home"))
    }
    await store.send(.destination(.presented(.rename(.nameChanged("House"))))) {
      $0.destination = .rename(Rename.State(id: 0, name: "House"))
    }
    await store.send(.destination(.presented(.rename(.saveTapped)))) {
      $0.destination = .rename(Rename.State(id: 0, name: "House", isSaving: true))
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.destination(.presented(.rename(.saved)))) {
      $0.destination = .rename(Rename.State(id: 0, name: "House"))
      $0.names[0] = "House"
    }
    await store.receive(.destination(.dismiss)) { $0.destination = nil }
  }

  @Test func dismissingASheetMidRequestCancelsTheRequest() async {
    let store = makeStore()
    await store.send(.renameTapped(1)) {
      $0.destination = .rename(Rename.State(id: 1, name: "Work"))
    }
    await store.send(.destination(.presented(.rename(.saveTapped)))) {
      $0.destination = .rename(Rename.State(id: 1, name: "Work", isSaving: true))
    }
    #expect(store.runningEffects.count == 1)
    await store.send(.destination(.dismiss)) { $0.destination = nil }
    #expect(store.runningEffects.isEmpty)
    await clock.advance(by: .seconds(5))
    // Nothing arrives: the test would fail on an unasserted action.
  }

  @Test func theParentSettingNilCancelsTheChildsEffects() async {
    let store = makeStore()
    await store.send(.renameTapped(0)) {
      $0.destination = .rename(Rename.State(id: 0, name: "Home"))
    }
    await store.send(.destination(.presented(.rename(.saveTapped)))) {
      $0.destination = .rename(Rename.State(id: 0, name: "Home", isSaving: true))
    }
    // The parent replaces the sheet by an alert: another case of the destination.
    await store.send(.deleteTapped(0)) {
      $0.destination = .alert(Self.deleteAlert(0, "Home"))
    }
    #expect(store.runningEffects.isEmpty)
    await clock.advance(by: .seconds(5))
  }

  @Test func replacingASheetWithAnotherIdentityCancelsTheFirstOnesEffects() async {
    let store = makeStore()
    await store.send(.renameTapped(0)) {
      $0.destination = .rename(Rename.State(id: 0, name: "Home"))
    }
    await store.send(.destination(.presented(.rename(.saveTapped)))) {
      $0.destination = .rename(Rename.State(id: 0, name: "Home", isSaving: true))
    }
    // The same kind of sheet, for another place: a new presentation.
    await store.send(.renameTapped(1)) {
      $0.destination = .rename(Rename.State(id: 1, name: "Work"))
    }
    #expect(store.runningEffects.isEmpty)
    await clock.advance(by: .seconds(5))
  }

  // MARK: - Alerts

  static func deleteAlert(_ index: Int, _ name: String) -> AlertState<Places.Destination.Alert> {
    AlertState(title: "Delete \(name)?") {
      ButtonState(role: .destructive, "Delete", action: .confirmDeletion(index))
      ButtonState(role: .cancel, "Cancel")
    }
  }

  @Test func anAlertsButtonActsAndDismissesTheAlertInTheSameStep() async {
    let store = makeStore()
    await store.send(.deleteTapped(0)) {
      $0.destination = .alert(Self.deleteAlert(0, "Home"))
    }
    let delete = Self.deleteAlert(0, "Home").buttons[0]
    await store.send(.destination(delete.tapAction.map { .alert($0) })) {
      $0.names = ["Work"]
      $0.destination = nil
    }
  }

  @Test func anAlertsCancelButtonDismisses() async {
    let store = makeStore()
    await store.send(.deleteTapped(1)) {
      $0.destination = .alert(Self.deleteAlert(1, "Work"))
    }
    let cancel = Self.deleteAlert(1, "Work").buttons[1]
    #expect(cancel.tapAction == .dismiss)
    await store.send(.destination(.dismiss)) { $0.destination = nil }
  }

  /// A button whose action shows another alert in the same field: the new alert stays; one
  /// equal to the alert shown is the alert shown, and goes, as with a button that shows none.
  @Test func anAlertsButtonThatShowsAnotherAlertKeepsIt() async {
    let store = TestStore(initialState: Chained.State(), reducer: Chained.reducer, environment: ())
    await store.send(.showTapped) { $0.alert = Chained.question() }
    await store.send(.alert(.presented(.increment))) {
      $0.count = 1
      $0.alert = AlertState(title: "Incremented!")
    }
    await store.send(.alert(.dismiss)) { $0.alert = nil }
    await store.send(.showTapped) { $0.alert = Chained.question() }
    // The question asked again, made anew, equal to the one shown: dismissed.
    await store.send(.alert(.presented(.askAgain))) { $0.alert = nil }
    await store.send(.showTapped) { $0.alert = Chained.question() }
    await store.send(.alert(.presented(.increment))) {
      $0.count = 2
      $0.alert = AlertState(title: "Incremented!")
    }
    await store.send(.alert(.presented(.nothing))) { $0.alert = nil }
  }

  /// What stays is what differs from the alert shown: the shown alert kept in a constant and
  /// put back goes; the shown alert changed in place stays, changed.
  @Test func anAlertThatDiffersFromTheOneShownStays() async {
    let store = TestStore(initialState: Chained.State(), reducer: Chained.reducer, environment: ())
    await store.send(.showKeptTapped) { $0.alert = Chained.kept }
    await store.send(.alert(.presented(.askAgain))) { $0.alert = nil }
    await store.send(.showKeptTapped) { $0.alert = Chained.kept }
    await store.send(.alert(.presented(.increment))) {
      $0.count = 1
      $0.alert?.message = "Changed"
    }
    await store.send(.alert(.dismiss)) { $0.alert = nil }
  }

  /// The same in a destination: an alert put in place of the dialog or alert shown stays; an
  /// equal one, or a button that shows nothing, dismisses.
  @Test func aDestinationsAlertReplacedByAnotherAlertKeepsIt() async {
    let store = TestStore(initialState: Chained.State(), reducer: Chained.reducer, environment: ())
    await store.send(.confirmTapped) { $0.destination = .dialog(Chained.confirmation) }
    await store.send(.destination(.presented(.dialog(.increment)))) {
      $0.count = 1
      $0.destination = .alert(AlertState(title: "Incremented!"))
    }
    await store.send(.destination(.presented(.alert(.increment)))) {
      $0.count = 2
      $0.destination = .alert(AlertState(title: "Incremented twice!"))
    }
    await store.send(.destination(.presented(.alert(.askAgain)))) { $0.destination = nil }
    await store.send(.confirmTapped) { $0.destination = .dialog(Chained.confirmation) }
    await store.send(.destination(.presented(.dialog(.nothing)))) { $0.destination = nil }
  }

  // MARK: - Stacks

  @Test func aPushedScreenThatClosesItselfIsPoppedAndItsTimerCancelled() async {
    let store = makeStore()
    await store.send(.placeTapped(0)) { $0.path.append(Detail.State(name: "Home")) }
    await store.send(.path(.element(id: 0, action: .appeared)))
    await clock.advance(by: .seconds(2))
    await store.receive(.path(.element(id: 0, action: .tick))) { $0.path[id: 0]?.seconds = 1 }
    await store.receive(.path(.element(id: 0, action: .tick))) { $0.path[id: 0]?.seconds = 2 }
    await store.send(.path(.element(id: 0, action: .closeTapped)))
    await store.receive(.path(.popFrom(id: 0))) { $0.path.pop(from: 0) }
    #expect(store.runningEffects.isEmpty)
    await clock.advance(by: .seconds(5))
  }

  @Test func poppingToTheRootMidEffectCancelsEveryScreensEffects() async {
    let store = makeStore()
    await store.send(.placeTapped(0)) { $0.path.append(Detail.State(name: "Home")) }
    await store.send(.placeTapped(1)) { $0.path.append(Detail.State(name: "Work")) }
    await store.send(.path(.element(id: 0, action: .appeared)))
    await store.send(.path(.element(id: 1, action: .appeared)))
    #expect(store.runningEffects.count == 2)
    await store.send(.popToRootTapped) { $0.path.removeAll() }
    #expect(store.runningEffects.isEmpty)
    await clock.advance(by: .seconds(5))
  }

  @Test func poppingFromAScreenPopsTheScreensAboveAndOnlyCancelsTheirs() async {
    let store = makeStore()
    await store.send(.placeTapped(0)) { $0.path.append(Detail.State(name: "Home")) }
    await store.send(.placeTapped(1)) { $0.path.append(Detail.State(name: "Work")) }
    await store.send(.path(.element(id: 0, action: .appeared)))
    await store.send(.path(.element(id: 1, action: .appeared)))
    await store.send(.path(.popFrom(id: 1))) { $0.path.pop(from: 1) }
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 0, action: .tick))) { $0.path[id: 0]?.seconds = 1 }
    await store.send(.path(.popFrom(id: 0))) { $0.path.removeAll() }
  }

  @Test func aPushActionPushesWithItsIdentifier() async {
    let store = makeStore()
    await store.send(.path(.push(id: 4, state: Detail.State(name: "Park")))) {
      $0.path = StackState(ids: [4], elements: [Detail.State(name: "Park", seconds: 0)])
    }
    #expect(store.state.path.ids == [4])
    #expect(store.state.path.nextID == 5)
  }

  @Test func aParentSeesAPushedScreenAndCanRefuseIt() async {
    let store = TestStore(initialState: Gate.State(), reducer: Gate.reducer, environment: ())
    // Refused: the parent pops it in the step that pushed it, so it is never shown.
    await store.send(.path(.push(id: 0, state: Gate.Screen(name: "Locked"))))
    #expect(store.state.path.nextID == 1)
    // Accepted, and changed by the parent as it arrives.
    await store.send(.path(.push(id: 1, state: Gate.Screen(name: "Open")))) {
      $0.path = StackState(ids: [1], elements: [Gate.Screen(name: "Open", visits: 1)])
    }
  }

  @Test func aScreenPushedAfterAPopGetsANewIdentifier() async {
    let store = makeStore()
    await store.send(.placeTapped(0)) { $0.path.append(Detail.State(name: "Home")) }
    await store.send(.path(.popFrom(id: 0))) { $0.path.removeAll() }
    await store.send(.placeTapped(0)) { $0.path.append(Detail.State(name: "Home")) }
    #expect(store.state.path.ids == [1])
  }
}

/// The exact text of every navigation mistake a TestStore reports.
@MainActor
@Suite struct NavigationFailureTests {
  let clock = ManualClock()

  /// The line of `Places.swift` where a composition operator is called: what a report names.
  static func placesLine(of call: String) -> Int {
    let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("TideTestSupport/Places.swift")
    let lines =
      (try? String(contentsOf: source, encoding: .utf8))?.split(
        separator: "\n", omittingEmptySubsequences: false) ?? []
    return (lines.firstIndex { $0.contains(call) } ?? -1) + 1
  }
  static let ifLetLine = placesLine(of: "  .ifLet(")
  static let forEachLine = placesLine(of: "  .forEach(")
  static let pullbackLine = placesLine(of: "Rename.reducer.pullback(")

  func makeStore(_ state: Places.State = Places.State()) -> TestStore<
    Places.State, Places.Action, Places.Environment
  > {
    TestStore(
      initialState: state, reducer: Places.reducer,
      environment: Places.Environment(clock: clock))
  }

  @Test func anActionForADismissedSheet() async {
    let store = makeStore()
    await expectIssues([
      """
      An action was sent to a child whose state is nil.

        Action: .rename(.saveTapped)
        Reducer: ifLet(\\State.destination) at TideTestSupport/Places.swift:\(Self.ifLetLine)

      Its state is nil: it was dismissed, or never presented. A child's effects are cancelled \
      when its state becomes nil; stop sending to it.
      """
    ]) {
      await store.send(.destination(.presented(.rename(.saveTapped))))
    }
  }

  @Test func dismissingWhatIsNotPresented() async {
    let store = makeStore()
    await expectIssues([
      """
      An action was sent to a child whose state is nil.

        Action: .dismiss
        Reducer: ifLet(\\State.destination) at TideTestSupport/Places.swift:\(Self.ifLetLine)

      Its state is nil: it was dismissed, or never presented. A child's effects are cancelled \
      when its state becomes nil; stop sending to it.
      """
    ]) {
      await store.send(.destination(.dismiss))
    }
  }

  @Test func anActionForTheSheetWhileTheAlertIsShown() async {
    let store = makeStore()
    await store.send(.deleteTapped(0)) {
      $0.destination = .alert(NavigationTests.deleteAlert(0, "Home"))
    }
    await expectIssues([
      """
      An action was sent to a destination that is not the one presented.

        Action: .rename(.nameChanged("Park"))
        Presented: .alert
        Reducer: ifLet(\\State.destination) at TideTestSupport/Places.swift:\(Self.ifLetLine)

      The action is for .rename, which is not presented (sent while it was, it may have arrived \
      after it was dismissed): it changed nothing, and this reducer did not see it. A \
      destination's state and action name their cases alike: if .rename and .alert are meant to \
      be one case, give them the same name.
      """
    ]) {
      await store.send(.destination(.presented(.rename(.nameChanged("Park")))))
    }
  }

  @Test func anActionForAScreenThatIsNotInTheStack() async {
    let store = makeStore()
    await expectIssues([
      """
      An action was sent to a screen that is not in the stack.

        Action: .tick
        ID: #3
        Reducer: forEach(\\State.path) at TideTestSupport/Places.swift:\(Self.forEachLine)

      No screen has this identifier: it was popped, or never pushed. A screen's effects are \
      cancelled when it is popped; stop sending to it.
      """
    ]) {
      await store.send(.path(.element(id: 3, action: .tick)))
    }
  }

  @Test func poppingAScreenThatIsNotInTheStack() async {
    let store = makeStore()
    await expectIssues([
      """
      A pop named a screen that is not in the stack.

        ID: #3
        Reducer: forEach(\\State.path) at TideTestSupport/Places.swift:\(Self.forEachLine)

      No screen has this identifier: it was popped already, or never pushed. Nothing was popped.
      """
    ]) {
      await store.send(.path(.popFrom(id: 3)))
    }
  }

  @Test func pushingWithAnIdentifierTheStackHasGiven() async {
    let store = makeStore()
    await store.send(.placeTapped(0)) { $0.path.append(Detail.State(name: "Home")) }
    await expectIssues([
      """
      A screen was pushed with an identifier the stack has already given.

        ID: #0
        Next identifier: #1
        Reducer: forEach(\\State.path) at TideTestSupport/Places.swift:\(Self.forEachLine)

      Each pushed screen needs a new identifier, so that no action meant for an earlier screen \
      reaches it: push with #1 or above, or append to the stack in the reducer.
      """
    ]) {
      await store.send(.path(.push(id: 0, state: Detail.State(name: "Again"))))
    }
  }

  @Test func pushingWithAnIdentifierTooLargeToCountOnFrom() async throws {
    let store = makeStore()
    await expectIssues([
      """
      A screen was pushed with an identifier above the largest a stack takes.

        ID: #9223372036854775807
        Largest: #4611686018427387903
        Reducer: forEach(\\State.path) at TideTestSupport/Places.swift:\(Self.forEachLine)

      Push with the stack's next identifier, or append to the stack in the reducer.
      """
    ]) {
      await store.send(
        .path(.push(id: StackElementID(rawValue: .max), state: Detail.State(name: "Far"))))
    }
    // The largest is taken, and counting on from it does not overflow.
    await store.send(.path(.push(id: .largest, state: Detail.State(name: "Last")))) {
      $0.path = StackState(ids: [.largest], elements: [Detail.State(name: "Last")])
    }
    await store.send(.placeTapped(0)) { $0.path.append(Detail.State(name: "Home")) }
    // A stack counted on past the largest is written as a test writes it, and read back.
    let past = StackElementID(rawValue: StackElementID.largest.rawValue + 1)
    #expect(
      store.state.path
        == StackState(
          ids: [.largest, past], elements: [Detail.State(name: "Last"), Detail.State(name: "Home")])
    )
    let json = try JSONEncoder().encode(StackState(ids: [.largest, past], elements: ["A", "B"]))
    #expect(
      try JSONDecoder().decode(StackState<String>.self, from: json)
        == StackState(ids: [.largest, past], elements: ["A", "B"]))
  }

  /// Tested alone, a feature's dismissal is the feature being dismissed: the test store notes
  /// it, and a send after it fails.
  @Test func aChildTestedAloneDismissesItself() async {
    let store = TestStore(
      initialState: Rename.State(id: 0, name: "Home"), reducer: Rename.reducer,
      environment: clock)
    #expect(!store.isDismissed)
    await store.send(.cancelTapped)
    #expect(store.isDismissed)
    await withKnownIssue {
      await store.send(.nameChanged("Work"))
    } matching: { issue in
      issue.comments.map(\.rawValue).joined() == """
        An action was sent after the feature dismissed itself.

          Action: .nameChanged("Work")

        Tested alone, a feature that returns .dismiss() is dismissed, as its presentation would \
        dismiss it, and takes no more actions: end its test there, with #expect(store.isDismissed).
        """
    }
    #expect(store.state.name == "Home")
  }

  @Test func aChildTestedAloneThatDismissesItselfLeavesNoEffectRunning() async {
    // A pushed screen with a timer, tested alone: its dismissal cancels the timer, as popping
    // it would, so the test ends with nothing running.
    let store = TestStore(
      initialState: Detail.State(name: "Park"), reducer: Detail.reducer, environment: clock)
    await store.send(.appeared)
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.seconds = 1 }
    await store.send(.closeTapped)
    #expect(store.isDismissed)
    #expect(store.runningEffects.isEmpty)
    await clock.advance(by: .seconds(5))
  }

  @Test func aChildTestedAloneIsDismissedAfterWhatItSentInTheSameStep() async {
    // As presented, `.dismiss()` arrives after the step's `.send`s: what they start is the
    // child's too, and is cancelled with it.
    let store = TestStore(
      initialState: Closing.State(), reducer: Closing.reducer, environment: clock)
    await store.send(.closeTapped)
    await store.receive(.closing) { $0.isClosing = true }
    #expect(store.isDismissed)
    #expect(store.runningEffects.isEmpty)
  }

  @Test func aDismissalFromAChildThatNothingPresentsIsReportedInAParentsTest() async {
    // Composed with a plain pullback, the child's `.dismiss()` reaches the parent's root: that
    // is a wiring mistake, reported as in an app, not the parent dismissing itself.
    let store = TestStore(
      initialState: Closing.Parent(), reducer: Closing.parentReducer, environment: clock)
    await store.send(.timer(.appeared))
    let line = #line + 2
    await withKnownIssue {
      await store.send(.child(.closeTapped))
    } matching: { issue in
      issue.comments.map(\.rawValue).joined() == """
        An effect asked to dismiss a screen, but nothing presents it.

          Effect: .dismiss()
          Started by: send(.child(.closeTapped)) at NavigationTests.swift:\(line)

        .dismiss() reaches the nearest ifLet over a PresentationAction, or forEach over a \
        StackAction, above the reducer that returns it; this one runs under neither.
        """
    }
    await store.receive(.child(.closing)) { $0.child.isClosing = true }
    #expect(!store.isDismissed)
    // The sibling's timer still runs: nothing was dismissed.
    #expect(store.runningEffects.count == 2)
    await store.skipInFlightEffects()
  }

  /// In an app, a dismissal that nothing presents dismisses nothing, and is reported.
  @Test func aDismissalThatNothingPresents() async {
    let issues = ReportedIssues()
    let store = Store(
      initialState: Rename.State(id: 0, name: "Home"), reducer: Rename.reducer,
      environment: clock)
    IssueReporter.$current.withValue(issues.reporter) { store.send(.cancelTapped) }
    #expect(
      issues.all == [
        """
        An effect asked to dismiss a screen, but nothing presents it.

          Effect: .dismiss()

        .dismiss() reaches the nearest ifLet over a PresentationAction, or forEach over a \
        StackAction, above the reducer that returns it; this one runs under neither.
        """
      ])
  }

  @Test func aForgottenAlertIsSuggestedAsCodeThatCompiles() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.deleteTapped(0))
    } matching: { issue in
      (issue.comments.first?.rawValue ?? "").hasSuffix(
        """
        Expected closure: {
          $0.destination = .alert(
            AlertState(
              title: "Delete Home?",
              message: nil,
              buttons: [
                ButtonState(
                  role: .destructive,
                  "Delete",
                  action: .confirmDeletion(0)
                ),
                ButtonState(role: .cancel, "Cancel")
              ]
            )
          )
        }
        """)
    }
    // The suggestion, pasted into the next step (the same alert, shown again), passes.
    await store.send(.destination(.dismiss)) { $0.destination = nil }
    await store.send(.deleteTapped(0)) {
      $0.destination = .alert(
        AlertState(
          title: "Delete Home?", message: nil,
          buttons: [
            ButtonState(role: .destructive, "Delete", action: .confirmDeletion(0)),
            ButtonState(role: .cancel, "Cancel"),
          ]))
    }
  }

  @Test func aForgottenPushIsSuggestedAsCodeThatCompiles() async {
    let store = makeStore(Places.State(names: ["Home", "Work", "Park"]))
    await withKnownIssue {
      await store.send(.placeTapped(1))
    } matching: { issue in
      (issue.comments.first?.rawValue ?? "").hasSuffix(
        """
        Expected closure: { $0.path[id: 0] = Detail.State(name: "Work", seconds: 0) }
        """)
    }
    // Pasted, the suggestion pushes with that identifier; onto a stack of screens too, where
    // the suggestion names only the screen pushed.
    await store.send(.popToRootTapped) { $0.path[id: 0] = nil }
    await store.send(.placeTapped(1)) { $0.path[id: 1] = Detail.State(name: "Work", seconds: 0) }
    await withKnownIssue {
      await store.send(.placeTapped(2))
    } matching: { issue in
      (issue.comments.first?.rawValue ?? "").hasSuffix(
        """
        Expected closure: { $0.path[id: 2] = Detail.State(name: "Park", seconds: 0) }
        """)
    }
    await store.send(.placeTapped(0)) { $0.path[id: 3] = Detail.State(name: "Home", seconds: 0) }
    await withKnownIssue {
      await store.send(.popToRootTapped)
    } matching: { issue in
      (issue.comments.first?.rawValue ?? "").hasSuffix(
        """
        Expected closure: {
          $0.path[id: 1] = nil
          $0.path[id: 2] = nil
          $0.path[id: 3] = nil
        }
        """)
    }
  }

  @Test func aForgottenChangeInsideAPushedScreenIsSuggestedThroughItsPosition() async {
    var state = Places.State()
    for name in ["Home", "Work", "Park"] { state.path.append(Detail.State(name: name)) }
    let store = makeStore(state)
    await withKnownIssue {
      await store.send(.path(.element(id: 1, action: .tick)))
    } matching: { issue in
      (issue.comments.first?.rawValue ?? "").hasSuffix(
        "Expected closure: { $0.path[1].seconds = 1 }")
    }
    // The suggestion, pasted into the next step, passes.
    await store.send(.path(.element(id: 1, action: .tick))) { $0.path[1].seconds = 2 }
  }
}

/// A stack whose parent refuses pushes of locked screens and counts a visit on the others: what a
/// parent can do because a push is applied before it runs.
private enum Gate {
  struct Screen: Equatable, Sendable {
    var name: String
    var visits = 0
  }
  struct State: Equatable, Sendable {
    var path = StackState<Screen>()
  }
  enum Action: Equatable, Sendable {
    case path(StackAction<Screen, Never>)
  }
  static let reducer = Reducer<State, Action, Void> { state, action, _ in
    if case .path(.push(let id, let screen)) = action {
      if screen.name == "Locked" {
        state.path.pop(from: id)
      } else {
        state.path[id: id]?.visits += 1
      }
    }
    return .none
  }
  .forEach(\.path, action: CasePath(Action.path), environment: { _ in }, child: .empty)
}

/// A screen that closes itself and, in the same step, starts an effect; and a parent that
/// composes it with a plain pullback beside a timer screen.
private enum Closing {
  struct State: Equatable, Sendable {
    var isClosing = false
  }
  enum Action: Equatable, Sendable { case closeTapped, closing }
  static let reducer = Reducer<State, Action, ManualClock> { state, action, clock in
    switch action {
    case .closeTapped:
      return .merge(.send(.closing), .dismiss())
    case .closing:
      state.isClosing = true
      return .run(name: "farewell") { _ in try await clock.sleep(for: .seconds(10)) }
    }
  }

  struct Parent: Equatable, Sendable {
    var child = State()
    var timer = Detail.State(name: "Timer")
  }
  enum ParentAction: Equatable, Sendable {
    case child(Action)
    case timer(Detail.Action)
  }
  static let parentReducer = Reducer<Parent, ParentAction, ManualClock>.combine(
    reducer.pullback(state: \.child, action: CasePath(ParentAction.child), environment: { $0 }),
    Detail.reducer.pullback(
      state: \.timer, action: CasePath(ParentAction.timer), environment: { $0 })
  )
}

/// Alerts whose buttons show other alerts: an "Incremented!" alert after the question's
/// button, the question again, or nothing.
private enum Chained {
  enum Button: Equatable, Sendable { case increment, askAgain, nothing }
  enum Destination {
    enum State: Equatable, Sendable, DestinationState {
      case alert(AlertState<Button>)
      case dialog(ConfirmationDialogState<Button>)
    }
    enum Action: Equatable, Sendable {
      case alert(Button)
      case dialog(Button)
    }
  }
  struct State: Equatable, Sendable {
    var count = 0
    var alert: AlertState<Button>?
    var destination: Destination.State?
  }
  enum Action: Equatable, Sendable {
    case showTapped
    case showKeptTapped
    case confirmTapped
    case alert(PresentationAction<Button>)
    case destination(PresentationAction<Destination.Action>)
  }
  static func question() -> AlertState<Button> {
    AlertState(title: "Increment?") {
      ButtonState("Increment", action: .increment)
      ButtonState("Ask again", action: .askAgain)
    }
  }
  /// An alert kept in a constant, whose buttons put it back or change it.
  static let kept = AlertState<Button>(title: "Kept") {
    ButtonState("Increment", action: .increment)
    ButtonState("Ask again", action: .askAgain)
  }
  static let confirmation = ConfirmationDialogState<Button>(title: "Increment?") {
    ButtonState("Increment", action: .increment)
    ButtonState("Nothing", action: .nothing)
  }
  static let reducer = Reducer<State, Action, Void> { state, action, _ in
    switch action {
    case .showTapped:
      state.alert = question()
    case .showKeptTapped:
      state.alert = kept
    case .confirmTapped:
      state.destination = .dialog(confirmation)
    case .alert(.presented(.increment)):
      state.count += 1
      if state.alert?.title == "Kept" {
        state.alert?.message = "Changed"
      } else {
        state.alert = AlertState(title: "Incremented!")
      }
    case .alert(.presented(.askAgain)):
      state.alert = state.alert?.title == "Kept" ? kept : question()
    case .destination(.presented(.dialog(.increment))):
      state.count += 1
      state.destination = .alert(AlertState(title: "Incremented!"))
    case .destination(.presented(.alert(.increment))):
      state.count += 1
      state.destination = .alert(AlertState(title: "Incremented twice!"))
    case .destination(.presented(.alert(.askAgain))):
      // An alert equal to the one shown: the one shown, dismissed by its button.
      state.destination = .alert(AlertState(title: "Incremented twice!"))
    case .alert, .destination:
      break
    }
    return .none
  }
  .ifLet(\.alert, action: CasePath(Action.alert))
  .ifLet(
    \.destination, action: CasePath(Action.destination), environment: { $0 },
    child: Reducer<Destination.State, Destination.Action, Void>.empty)
}
