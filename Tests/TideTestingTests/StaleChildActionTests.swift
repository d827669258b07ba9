import Foundation
import Testing
import Tide
import TideTestSupport

@testable import TideTesting

/// An action an effect sends to a presented child is refused, and reported, when that child was
/// dismissed after the effect started: it was meant for the child that was there then, not for a
/// newer one of the same kind.
@MainActor
@Suite struct StaleChildActionTests {
  let clock = ManualClock()

  static let staleDismissal = """
    An effect sent an action to a child dismissed since the effect started.

      Action: .dismiss
      Reducer: ifLet(\\State.toast) at TideTestSupport/Toasts.swift:\
    \(ToastScreen.ifLetLine)

    The child the action was meant for was dismissed after the effect started, by something \
    other than the effect, and another one is presented now: the action changed nothing, and \
    this reducer did not see it. Cancel the effect when the child goes away (return it from the \
    child's reducer, or make it cancellable and cancel it on dismissal), or have it send an \
    action of the parent that decides.
    """

  /// What a report about an effect's action ends with when the test moved the clock between
  /// two steps: the step that started the effect, where it is reported.
  static func startedBy(_ step: String, line: Int) -> String {
    """


      Started by: \(step) at StaleChildActionTests.swift:\(line)

    The effect's action arrived while the test moved a clock between two steps: this is the \
    step that started the effect.
    """
  }

  @Test func aTimerOfADismissedToastDoesNotHideTheNextOne() async {
    let store = TestStore(
      initialState: ToastScreen.State(), reducer: ToastScreen.reducer, environment: clock)
    await store.send(.showTapped("Saved")) { $0.toast = Toast.State(message: "Saved") }
    let started = #line - 1
    await clock.advance(by: .seconds(1))
    await store.send(.toast(.dismiss)) { $0.toast = nil }
    await store.send(.showTapped("Deleted")) { $0.toast = Toast.State(message: "Deleted") }
    await expectIssues([
      Self.staleDismissal + Self.startedBy("send(.showTapped(\"Saved\"))", line: started)
    ]) {
      await clock.advance(by: .seconds(1))
      await store.receive(.toast(.dismiss))
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.toast(.dismiss)) { $0.toast = nil }
  }

  @Test func anEffectStartedWhileNothingWasShownIsTiedToTheNextDismissal() async {
    let store = TestStore(
      initialState: ToastScreen.State(), reducer: ToastScreen.reducer, environment: clock)
    await store.send(.flashTapped)
    let started = #line - 1
    await store.receive(.present("Hi")) { $0.toast = Toast.State(message: "Hi") }
    await clock.advance(by: .seconds(1))
    await store.send(.toast(.dismiss)) { $0.toast = nil }
    await store.send(.present("Again")) { $0.toast = Toast.State(message: "Again") }
    await expectIssues([Self.staleDismissal + Self.startedBy("send(.flashTapped)", line: started)])
    {
      await clock.advance(by: .seconds(1))
      await store.receive(.toast(.dismiss))
    }
  }

  @Test func aTimerReachesTheToastItWasStartedWithWhileItStays() async {
    let store = TestStore(
      initialState: ToastScreen.State(), reducer: ToastScreen.reducer, environment: clock)
    await store.send(.flashTapped)
    await store.receive(.present("Hi")) { $0.toast = Toast.State(message: "Hi") }
    // Changed in place, not dismissed: the same toast.
    await store.send(.present("Hello")) { $0.toast = Toast.State(message: "Hello") }
    await clock.advance(by: .seconds(2))
    await store.receive(.toast(.dismiss)) { $0.toast = nil }
  }

  @Test func aDismissalInOneRowLeavesTheOtherRowsTimersAlone() async {
    let store = TestStore(
      initialState: ToastList.State(), reducer: ToastList.reducer, environment: clock)
    await store.send(.row(1, .showTapped("One"))) {
      $0.rows[id: 1]?.toast = Toast.State(message: "One")
    }
    let started = #line - 3
    await store.send(.row(2, .showTapped("Two"))) {
      $0.rows[id: 2]?.toast = Toast.State(message: "Two")
    }
    await store.send(.row(1, .toast(.dismiss))) { $0.rows[id: 1]?.toast = nil }
    await store.send(.row(1, .present("One again"))) {
      $0.rows[id: 1]?.toast = Toast.State(message: "One again")
    }
    await expectIssues([
      Self.staleDismissal + Self.startedBy("send(.row(1, .showTapped(\"One\")))", line: started)
    ]) {
      await clock.advance(by: .seconds(2))
      await store.receive(.row(1, .toast(.dismiss)))
    }
    await store.receive(.row(2, .toast(.dismiss))) { $0.rows[id: 2]?.toast = nil }
  }

  @Test func whatAStaleActionOfTheParentSendsIsAFreshStepsAndReachesTheChild() async {
    let store = TestStore(
      initialState: ToastScreen.State(), reducer: ToastScreen.reducer, environment: clock)
    await store.send(.showWithExpiry("Saved")) { $0.toast = Toast.State(message: "Saved") }
    await store.send(.toast(.dismiss)) { $0.toast = nil }
    await store.send(.present("Deleted")) { $0.toast = Toast.State(message: "Deleted") }
    await clock.advance(by: .seconds(2))
    // The timer tells the screen, which decides: its `.send` is its own step's, not the timer's.
    await store.receive(.expired)
    await store.receive(.toast(.dismiss)) { $0.toast = nil }
  }

  @Test func aStaleActionOfTheToastItselfIsRefusedToo() async {
    let store = TestStore(
      initialState: ToastScreen.State(), reducer: ToastScreen.reducer, environment: clock)
    await store.send(.present("Hi")) { $0.toast = Toast.State(message: "Hi") }
    await store.send(.tapLater)
    let started = #line - 1
    await store.send(.toast(.dismiss)) { $0.toast = nil }
    await store.send(.present("Again")) { $0.toast = Toast.State(message: "Again") }
    await expectIssues([
      Self.staleDismissal.replacingOccurrences(of: ".dismiss", with: ".tapped")
        + Self.startedBy("send(.tapLater)", line: started)
    ]) {
      await clock.advance(by: .seconds(1))
      await store.receive(.toast(.presented(.tapped)))
    }
  }

  @Test func anEffectThatShowsAndHidesToastsInTurnReachesEachOne() async {
    let store = TestStore(
      initialState: ToastScreen.State(), reducer: ToastScreen.reducer, environment: clock)
    await store.send(.tourTapped)
    for message in ["One", "Two", "Three"] {
      await store.receive(.present(message)) { $0.toast = Toast.State(message: message) }
      await clock.advance(by: .seconds(1))
      await store.receive(.toast(.dismiss)) { $0.toast = nil }
    }
  }

  @Test func aConcatenationsStepsAreOneEffect() async {
    // Each step is a task of its own: the dismissal one step makes is the whole effect's.
    let store = TestStore(
      initialState: ToastScreen.State(), reducer: ToastScreen.reducer, environment: clock)
    await store.send(.tourInSteps)
    for message in ["One", "Two"] {
      await store.receive(.present(message)) { $0.toast = Toast.State(message: message) }
      await clock.advance(by: .seconds(1))
      await store.receive(.toast(.dismiss)) { $0.toast = nil }
    }
  }

  @Test func theMergedPartsOfOneEffectAreOneEffect() async {
    let store = TestStore(
      initialState: ToastScreen.State(), reducer: ToastScreen.reducer, environment: clock)
    await store.send(.pairTapped) { $0.toast = Toast.State(message: "First") }
    await clock.advance(by: .seconds(1))
    await store.receive(.toast(.dismiss)) { $0.toast = nil }
    await clock.advance(by: .seconds(1))
    await store.receive(.present("Second")) { $0.toast = Toast.State(message: "Second") }
    await clock.advance(by: .seconds(1))
    await store.receive(.toast(.dismiss)) { $0.toast = nil }
  }

  @Test func aDismissalIsOnlyTheOwnOfTheEffectWhoseActionMadeIt() async {
    // Flashed twice: the second flash's effect starts while the first one's toast is shown.
    let store = TestStore(
      initialState: ToastScreen.State(), reducer: ToastScreen.reducer, environment: clock)
    await store.send(.flashTapped)
    await store.receive(.present("Hi")) { $0.toast = Toast.State(message: "Hi") }
    await clock.advance(by: .seconds(1))
    await store.send(.flashTapped)
    let started = #line - 1
    await store.receive(.present("Hi"))
    await clock.advance(by: .seconds(1))
    // The first flash closes the toast (the one it showed, updated by the second): its own doing.
    await store.receive(.toast(.dismiss)) { $0.toast = nil }
    await store.send(.present("Again")) { $0.toast = Toast.State(message: "Again") }
    await expectIssues([Self.staleDismissal + Self.startedBy("send(.flashTapped)", line: started)])
    {
      // For the second flash, the toast it showed was closed by the first one, not by itself:
      // "Again" is someone else's.
      await clock.advance(by: .seconds(1))
      await store.receive(.toast(.dismiss))
    }
  }

  @Test func aLiveStoreKeepsTheNewToastAndReports() async {
    let store = Store(
      initialState: ToastScreen.State(), reducer: ToastScreen.reducer, environment: clock,
      drivenBy: clock)
    let issues = ReportedIssues()
    await IssueReporter.$current.withValue(issues.reporter) {
      store.send(.showTapped("Saved"))
      await clock.advance(by: .seconds(1))
      store.send(.toast(.dismiss))
      store.send(.showTapped("Deleted"))
      await clock.advance(by: .seconds(1))
    }
    #expect(store.state.toast == Toast.State(message: "Deleted"))
    #expect(issues.all == [Self.staleDismissal])
    await clock.advance(by: .seconds(1))
    #expect(store.state.toast == nil)
  }
}
