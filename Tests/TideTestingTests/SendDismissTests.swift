import Synchronization
import Testing
import Tide
import TideTestSupport
import TideTesting

/// `send.dismiss()` inside a `.run` dismisses the screen whose effect it is, once the work
/// before it succeeded: a presented child, a stack's screen, or the feature a test store tests
/// alone; where nothing presents the screen, it is reported.
@MainActor
@Suite struct SendDismissTests {
  /// A form that saves, then dismisses itself from inside the save's effect.
  enum Form {
    struct State: Equatable, Sendable {
      var text = ""
      var failure: String?
    }
    enum Action: Equatable, Sendable {
      case saveTapped
      case saveFailed(String)
    }
    struct SaveError: Error, CustomStringConvertible {
      var description: String { "offline" }
    }
    struct Environment: Sendable {
      var clock: any Clock<Duration>
      var save: @Sendable (String) async throws -> Void
    }
    static let reducer = Reducer<State, Action, Environment> { state, action, environment in
      switch action {
      case .saveTapped:
        return .run(name: "save") { [text = state.text] send in
          try await environment.clock.sleep(for: .seconds(1))
          try await environment.save(text)
          await send.dismiss()
        } catch: { error, send in
          await send(.saveFailed("\(error)"))
        }
      case .saveFailed(let reason):
        state.failure = reason
        return .none
      }
    }
  }

  /// A screen that holds the form as a sheet, and a stack of forms.
  enum Screen {
    struct State: Equatable, Sendable {
      var sheet: Form.State?
      var path = StackState<Form.State>()
    }
    enum Action: Equatable, Sendable {
      case sheet(PresentationAction<Form.Action>)
      case path(StackAction<Form.State, Form.Action>)
    }
    static let reducer = Reducer<State, Action, Form.Environment> { _, _, _ in .none }
      .ifLet(
        \.sheet, action: CasePath(Action.sheet), environment: { $0 }, child: Form.reducer
      )
      .forEach(\.path, action: CasePath(Action.path), environment: { $0 }, child: Form.reducer)
  }

  let clock = ManualClock()

  /// `Screen` with `form` as its sheet.
  static func screen(
    presenting form: Reducer<Form.State, Form.Action, Form.Environment>
  ) -> Reducer<Screen.State, Screen.Action, Form.Environment> {
    Reducer<Screen.State, Screen.Action, Form.Environment> { _, _, _ in .none }
      .ifLet(\.sheet, action: CasePath(Screen.Action.sheet), environment: { $0 }, child: form)
  }

  func environment(failing: Bool = false) -> Form.Environment {
    Form.Environment(
      clock: clock, save: { _ in if failing { throw Form.SaveError() } })
  }

  @Test func aPresentedChildDismissesItselfOnceItsWorkSucceeded() async {
    let store = TestStore(
      initialState: Screen.State(sheet: Form.State(text: "Lima")), reducer: Screen.reducer,
      environment: environment())
    await store.send(.sheet(.presented(.saveTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.sheet(.dismiss)) { $0.sheet = nil }
  }

  @Test func aChildWhoseWorkFailsStaysPresented() async {
    let store = TestStore(
      initialState: Screen.State(sheet: Form.State(text: "Lima")), reducer: Screen.reducer,
      environment: environment(failing: true))
    await store.send(.sheet(.presented(.saveTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.sheet(.presented(.saveFailed("offline")))) {
      $0.sheet?.failure = "offline"
    }
  }

  @Test func aStacksScreenPopsItself() async {
    var state = Screen.State()
    state.path.append(Form.State(text: "Oslo"))
    state.path.append(Form.State(text: "Rome"))
    let store = TestStore(
      initialState: state, reducer: Screen.reducer, environment: environment())
    await store.send(.path(.element(id: 0, action: .saveTapped)))
    await clock.advance(by: .seconds(1))
    // The screen that saved goes, with those above it.
    await store.receive(.path(.popFrom(id: 0))) { $0.path = StackState() }
  }

  @Test func aFeatureTestedAloneIsDismissed() async {
    let store = TestStore(
      initialState: Form.State(text: "Lima"), reducer: Form.reducer, environment: environment())
    await store.send(.saveTapped)
    #expect(!store.isDismissed)
    await clock.advance(by: .seconds(1))
    #expect(store.isDismissed)
  }

  /// An inner presentation's child dismisses itself, not the screen that presents it.
  @Test func theNearestPresentationDismisses() async {
    enum Outer {
      struct State: Equatable, Sendable { var screen: Screen.State? }
      enum Action: Equatable, Sendable { case screen(PresentationAction<Screen.Action>) }
      static let reducer = Reducer<State, Action, Form.Environment> { _, _, _ in .none }
        .ifLet(
          \.screen, action: CasePath(Action.screen), environment: { $0 }, child: Screen.reducer)
    }
    let store = TestStore(
      initialState: Outer.State(screen: Screen.State(sheet: Form.State(text: "Lima"))),
      reducer: Outer.reducer, environment: environment())
    await store.send(.screen(.presented(.sheet(.presented(.saveTapped)))))
    await clock.advance(by: .seconds(1))
    await store.receive(.screen(.presented(.sheet(.dismiss)))) { $0.screen?.sheet = nil }
  }

  /// A child composed with `pullback` in a store's feature: nothing presents it.
  @Test func aDismissalNothingPresentsIsReported() async {
    struct Holder: Equatable, Sendable { var form = Form.State() }
    enum HolderAction: Equatable, Sendable { case form(Form.Action) }
    let reducer = Form.reducer.pullback(
      state: \Holder.form, action: CasePath(HolderAction.form), environment: { $0 })
    let store = TestStore(initialState: Holder(), reducer: reducer, environment: environment())
    let sendLine = #line + 2
    await withKnownIssue {
      await store.send(.form(.saveTapped))
      await clock.advance(by: .seconds(1))
    } matching: { issue in
      issue.comments.first?.rawValue == """
        An effect asked to dismiss a screen, but nothing presents it.

          Effect: .run("save")
          Started by: send(.form(.saveTapped)) at SendDismissTests.swift:\(sendLine)

        send.dismiss() reaches the nearest ifLet over a PresentationAction, or forEach over a \
        StackAction, above the reducer whose effect calls it; this one runs under neither.
        """
    }
    #expect(!store.isDismissed)
  }

  /// A `Send` made by hand dismisses through the closure it was given; one made without
  /// reports the call.
  @Test func aSendMadeByHand() async {
    let dismissed = ValueLog<Bool>()
    let send = Send<Form.Action>(send: { _ in }, dismiss: { dismissed.append(true) })
    await send.dismiss()
    #expect(dismissed.all == [true])
    // From a task that was cancelled, nothing.
    let cancelled = Task {
      while !Task.isCancelled { await Task.yield() }
      await send.dismiss()
    }
    cancelled.cancel()
    await cancelled.value
    #expect(dismissed.all == [true])
    await withKnownIssue {
      await Send<Form.Action> { _ in }.dismiss()
    } matching: { issue in
      issue.comments.first?.rawValue == """
        An effect asked to dismiss a screen, but nothing presents it.

        This Send was made by hand without a dismissal: make it with Send(send:dismiss:).
        """
    }
  }
}

extension SendDismissTests {
  /// A live store runs the same: the sheet goes, and the work after the call does not run.
  @Test func aLiveStoresChildDismissesItself() async {
    let store = Store(
      initialState: Screen.State(sheet: Form.State(text: "Lima")), reducer: Screen.reducer,
      environment: environment(), drivenBy: clock)
    store.send(.sheet(.presented(.saveTapped)))
    #expect(store.runningEffects.count == 1)
    await clock.advance(by: .seconds(1))
    await clock.advanceUntilIdle()
    #expect(store.state.sheet == nil)
    #expect(store.runningEffects.isEmpty)
  }
}

extension SendDismissTests {
  /// The reference's intermediate child that dismisses itself after a wait: a screen that pops
  /// itself pops the screens above it, and their waits end with them.
  enum Waiter {
    struct State: Equatable, Sendable { var seconds: Int }
    enum Action: Equatable, Sendable { case appeared }
    static let reducer = Reducer<State, Action, any Clock<Duration>> { state, _, clock in
      .run(name: "wait") { [seconds = state.seconds] send in
        try await clock.sleep(for: .seconds(seconds))
        await send.dismiss()
      }
    }
  }
  enum Waiters {
    struct State: Equatable, Sendable { var path = StackState<Waiter.State>() }
    enum Action: Equatable, Sendable { case path(StackAction<Waiter.State, Waiter.Action>) }
    static let reducer = Reducer<State, Action, any Clock<Duration>> { _, _, _ in .none }
      .forEach(
        \.path, action: CasePath(Action.path), environment: { $0 }, child: Waiter.reducer)
  }

  @Test func aScreenThatPopsItselfPopsThoseAboveAndEndsTheirWork() async {
    var state = Waiters.State()
    for seconds in [1, 5, 5] { state.path.append(Waiter.State(seconds: seconds)) }
    let store = TestStore(initialState: state, reducer: Waiters.reducer, environment: clock)
    for id in 0..<3 {
      await store.send(.path(.element(id: StackElementID(rawValue: id), action: .appeared)))
    }
    #expect(store.runningEffects.count == 3)
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.popFrom(id: 0))) { $0.path = StackState() }
    #expect(store.runningEffects.isEmpty)
  }
}

extension SendDismissTests {
  /// What follows the call runs in a cancelled task: a send there is dropped.
  @Test func aSendAfterTheCallIsDropped() async {
    let form = Reducer<Form.State, Form.Action, Form.Environment> { _, action, _ in
      guard action == .saveTapped else { return .none }
      return .run(name: "save") { send in
        await send.dismiss()
        await send(.saveFailed("after"))
      }
    }
    let store = TestStore(
      initialState: Screen.State(sheet: Form.State()), reducer: Self.screen(presenting: form),
      environment: environment())
    await store.send(.sheet(.presented(.saveTapped)))
    await store.receive(.sheet(.dismiss)) { $0.sheet = nil }
    // An exhaustive test store fails on an action it was not told of: none comes.
  }
}

extension SendDismissTests {
  /// A send that escaped its operation (kept, or handed to an unstructured task), called after
  /// the effect ended, dismisses nothing, and says so: a sheet shown since in the same place
  /// must not close for it, nor a feature tested alone end.
  @Test func aSendThatEscapedItsEffectDismissesNothingOnceTheEffectEnded() async {
    let kept = Mutex<Send<Form.Action>?>(nil)
    let form = Reducer<Form.State, Form.Action, Form.Environment> { _, action, _ in
      guard action == .saveTapped else { return .none }
      return .run(name: "keep") { send in kept.withLock { $0 = send } }
    }
    let alone = TestStore(initialState: Form.State(), reducer: form, environment: environment())
    await alone.send(.saveTapped)
    let heading = "An effect asked to dismiss its screen after it had ended."
    await withKnownIssue {
      await kept.withLock { $0 }?.dismiss()
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(heading) == true
        && issue.comments.first?.rawValue.hasSuffix(
          "Nothing was dismissed: the effect's send escaped its operation. Call send.dismiss() "
            + "inside the operation, so that the effect lasts until it does.") == true
    }
    #expect(!alone.isDismissed)
    // A sheet: it stays.
    let store = TestStore(
      initialState: Screen.State(sheet: Form.State()), reducer: Self.screen(presenting: form),
      environment: environment())
    await store.send(.sheet(.presented(.saveTapped)))
    await withKnownIssue {
      await kept.withLock { $0 }?.dismiss()
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(heading) == true
    }
  }
}
