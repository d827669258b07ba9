import Testing
import Tide

@testable import TideTesting

/// The phases of an app as one enum, tested exhaustively: leaving a phase stops its requests,
/// and what an effect sends to a phase that is over fails the test at the step that started it.
@MainActor
@Suite struct IfCaseLetTestStoreTests {
  enum SignIn {
    struct State: Equatable, Sendable {
      var isSigningIn = false
    }
    enum Action: Equatable, Sendable {
      case signInTapped
      case signedIn(String)
    }
    static func reducer(clock: ManualClock) -> Reducer<State, Action, Void> {
      Reducer { state, action, _ in
        switch action {
        case .signInTapped:
          state.isSigningIn = true
          return .run(name: "signIn") { send in
            try await clock.sleep(for: .seconds(1))
            await send(.signedIn("token"))
          }
        case .signedIn:
          state.isSigningIn = false
          return .none
        }
      }
    }
  }

  enum Phase: Equatable, Sendable {
    case signIn(SignIn.State)
    case guest
  }
  enum PhaseAction: Equatable, Sendable {
    case signIn(SignIn.Action)
    case continueAsGuestTapped
    /// The parent's own effect, which sends the sign-in screen an action a second later.
    case remindLater
  }

  static func reducer(clock: ManualClock, cancelsOnLeaving: Bool = true) -> Reducer<
    Phase, PhaseAction, Void
  > {
    let core = Reducer<Phase, PhaseAction, Void> { state, action, _ in
      switch action {
      case .continueAsGuestTapped:
        state = .guest
        return .none
      case .remindLater:
        return .run(name: "reminder") { send in
          try await clock.sleep(for: .seconds(1))
          await send(.signIn(.signInTapped))
        }
      case .signIn:
        return .none
      }
    }
    let signIn = SignIn.reducer(clock: clock)
    return cancelsOnLeaving
      ? core.ifCaseLet(
        CasePath(Phase.signIn), action: CasePath(PhaseAction.signIn), environment: { $0 },
        child: signIn)
      : Reducer.combine(
        signIn.pullback(
          state: CasePath(Phase.signIn), action: CasePath(PhaseAction.signIn),
          environment: { $0 }),
        core)
  }

  @Test func leavingAPhaseMidRequestLeavesNothingRunning() async {
    let clock = ManualClock()
    let store = TestStore(
      initialState: Phase.signIn(SignIn.State()), reducer: Self.reducer(clock: clock),
      environment: ())
    await store.send(.signIn(.signInTapped)) { $0 = .signIn(SignIn.State(isSigningIn: true)) }
    await store.send(.continueAsGuestTapped) { $0 = .guest }
    #expect(store.runningEffects.isEmpty)
    await clock.advance(by: .seconds(5))
    // Nothing arrives and nothing is left running: the test would fail on either.
  }

  /// What `ifCaseLet` replaces: a `pullback` by case path leaves the request running.
  @Test func aPullbackByCasePathLeavesTheRequestRunning() async {
    let clock = ManualClock()
    let store = TestStore(
      initialState: Phase.signIn(SignIn.State()),
      reducer: Self.reducer(clock: clock, cancelsOnLeaving: false), environment: ())
    await store.send(.signIn(.signInTapped)) { $0 = .signIn(SignIn.State(isSigningIn: true)) }
    await store.send(.continueAsGuestTapped) { $0 = .guest }
    #expect(store.runningEffects.count == 1)
    await store.skipInFlightEffects()
  }

  @Test func anActionForAPhaseThatIsOverFailsAtTheStepThatStartedItsEffect() async {
    let clock = ManualClock()
    let store = TestStore(
      initialState: Phase.signIn(SignIn.State()), reducer: Self.reducer(clock: clock),
      environment: ())
    await store.send(.remindLater)
    let reminderLine = #line - 1
    await store.send(.continueAsGuestTapped) { $0 = .guest }
    await withKnownIssue {
      await clock.advance(by: .seconds(1))
    } matching: { issue in
      issue.sourceLocation?.line == reminderLine
        && issue.comments.map(\.rawValue).joined() == """
          An effect sent an action to a case of the state that is not the current one.

            Action: .signInTapped
            State: .guest
            Reducer: ifCaseLet(IfCaseLetTestStoreTests.SignIn.State) at TideTestingTests/IfCaseLetTestStoreTests.swift:65

          The child's own effects were cancelled when the state left its case, so this one was \
          started elsewhere (by a parent, or another child): cancel it when the case changes.

            Started by: send(.remindLater) at IfCaseLetTestStoreTests.swift:\(reminderLine)

          The effect's action arrived while the test moved a clock between two steps: this is \
          the step that started the effect.
          """
    }
    await store.receive(.signIn(.signInTapped))
  }
}
