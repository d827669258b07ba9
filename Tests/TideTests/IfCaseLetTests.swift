import Synchronization
import Testing
import TideTestSupport

@testable import Tide

/// A child on one case of an enum state: its effects end when the state leaves the case.
@MainActor
@Suite struct IfCaseLetTests {
  typealias Timer = ChildLifetimeTests.Timer
  typealias TimerAction = ChildLifetimeTests.TimerAction

  /// The phases of an app: a screen with a timer, then another phase without one.
  enum Phase: Equatable {
    case running(Timer)
    case done
  }
  enum PhaseAction: Sendable, Equatable {
    case running(TimerAction)
    case finish
    /// Leaves the case and comes back to it in one step.
    case restart
    /// The parent's own effect, which sends the child an action after a second.
    case relay
  }

  static func phases(clock: ManualClock) -> Reducer<Phase, PhaseAction, Void> {
    Reducer<Phase, PhaseAction, Void> { state, action, _ in
      switch action {
      case .finish:
        state = .done
      case .restart:
        state = .done
        state = .running(Timer(id: 1))
      case .relay:
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.running(.tick))
        }
      case .running:
        break
      }
      return .none
    }
    .ifCaseLet(
      CasePath(Phase.running), action: CasePath(PhaseAction.running), environment: { $0 },
      child: ChildLifetimeTests.timer(clock: clock))
  }

  @Test("The child runs on its case, in place, before the parent")
  func theChildRunsOnItsCase() async {
    let clock = ManualClock()
    let store = Store(
      initialState: Phase.running(Timer(id: 1)), reducer: Self.phases(clock: clock),
      environment: (), drivenBy: clock)
    store.send(.running(.tick))
    store.send(.running(.tick))
    #expect(store.state == .running(Timer(id: 1, ticks: 2)))
  }

  @Test("Leaving the case cancels every effect the child started")
  func leavingTheCaseCancelsTheChildsEffects() async {
    let clock = ManualClock()
    let issues = ReportedIssues()
    let store = Store(
      initialState: Phase.running(Timer(id: 1)), reducer: Self.phases(clock: clock),
      environment: (), drivenBy: clock)
    await IssueReporter.$current.withValue(issues.reporter) {
      store.send(.running(.start))
      store.send(.running(.start))
      await clock.advance(by: .seconds(1))
      #expect(store.state == .running(Timer(id: 1, ticks: 2)))
      #expect(store.runningEffects.count == 2)
      store.send(.finish)
      #expect(store.runningEffects.isEmpty)
      await clock.advance(by: .seconds(5))
    }
    #expect(store.state == .done)
    #expect(issues.all.isEmpty)
  }

  @Test("A step that leaves the case and comes back to it cancels nothing")
  func comingBackToTheCaseInOneStepCancelsNothing() async {
    let clock = ManualClock()
    let store = Store(
      initialState: Phase.running(Timer(id: 1)), reducer: Self.phases(clock: clock),
      environment: (), drivenBy: clock)
    store.send(.running(.start))
    store.send(.restart)
    #expect(store.runningEffects.count == 1)
    await clock.advance(by: .seconds(1))
    #expect(store.state == .running(Timer(id: 1, ticks: 1)))
  }

  @Test("An action sent to the child in another case is reported as sent")
  func anActionSentInAnotherCaseIsReported() {
    let clock = ManualClock()
    let issues = ReportedIssues()
    let store = Store(
      initialState: Phase.done, reducer: Self.phases(clock: clock), environment: (),
      drivenBy: clock)
    IssueReporter.$current.withValue(issues.reporter) {
      store.send(.running(.tick))
    }
    #expect(store.state == .done)
    #expect(
      issues.all == [
        """
        An action was sent to a case of the state that is not the current one.

          Action: .tick
          State: .done
          Reducer: ifCaseLet(ChildLifetimeTests.Timer) at TideTests/IfCaseLetTests.swift:45

        Send it only while the state is in the child's case.
        """
      ])
  }

  @Test("An action an effect sends to the child in another case says an effect sent it")
  func anActionAnEffectSendsInAnotherCaseIsReportedAsSuch() async {
    let clock = ManualClock()
    let issues = ReportedIssues()
    let store = Store(
      initialState: Phase.running(Timer(id: 1)), reducer: Self.phases(clock: clock),
      environment: (), drivenBy: clock)
    await IssueReporter.$current.withValue(issues.reporter) {
      store.send(.relay)
      store.send(.finish)
      await clock.advance(by: .seconds(1))
    }
    #expect(store.state == .done)
    #expect(
      issues.all == [
        """
        An effect sent an action to a case of the state that is not the current one.

          Action: .tick
          State: .done
          Reducer: ifCaseLet(ChildLifetimeTests.Timer) at TideTests/IfCaseLetTests.swift:45

        The child's own effects were cancelled when the state left its case, so this one was \
        started elsewhere (by a parent, or another child): cancel it when the case changes.
        """
      ])
  }
}

/// The same phases, their cases named by key paths into `AllCasePaths`, as a store's `scope`
/// names them.
@MainActor
@Suite struct CasePathKeyTests {
  typealias Phase = IfCaseLetTests.Phase
  typealias PhaseAction = IfCaseLetTests.PhaseAction

  @Test("ifCaseLet by key paths runs the child and cancels its effects on leaving the case")
  func ifCaseLetByKeyPaths() async {
    let clock = ManualClock()
    let reducer = Reducer<Phase, PhaseAction, Void> { state, action, _ in
      if action == .finish { state = .done }
      return .none
    }
    .ifCaseLet(
      \.running, action: \.running, environment: { $0 },
      child: ChildLifetimeTests.timer(clock: clock))
    let store = Store(
      initialState: Phase.running(IfCaseLetTests.Timer(id: 1)), reducer: reducer,
      environment: (), drivenBy: clock)
    store.send(.running(.start))
    await clock.advance(by: .seconds(1))
    #expect(store.state == .running(IfCaseLetTests.Timer(id: 1, ticks: 1)))
    store.send(.finish)
    #expect(store.runningEffects.isEmpty)
  }

  struct Pair: Equatable {
    var timer = IfCaseLetTests.Timer(id: 1)
  }

  @Test("pullback by a key path to the parent's case")
  func pullbackByKeyPath() {
    let reducer: Reducer<Pair, PhaseAction, Void> = ChildLifetimeTests.timer(clock: ManualClock())
      .pullback(state: \.timer, action: \.running, environment: { $0 })
    let store = Store(initialState: Pair(), reducer: reducer, environment: ())
    store.send(.running(.tick))
    #expect(store.state.timer.ticks == 1)
  }

  struct Form: Equatable {
    var name = ""
    var alert: AlertState<Never>?
  }
  enum FormAction: Sendable, CasePathable {
    case binding(BindingAction<Form>)
    case alert(PresentationAction<Never>)
    struct AllCasePaths {
      let binding = CasePath(FormAction.binding)
      let alert = CasePath(FormAction.alert)
    }
    static let allCasePaths = AllCasePaths()
  }

  @Test("A binding and an alert by key paths")
  func aBindingAndAnAlertByKeyPaths() {
    let reducer = Reducer<Form, FormAction, Void> { state, action, _ in
      if case .binding(\.name) = action { state.alert = AlertState(title: "Renamed") }
      return .none
    }
    .binding(action: \.binding)
    .ifLet(\.alert, action: \.alert)
    let store = Store(initialState: Form(), reducer: reducer, environment: ())
    store.binding(\.name, action: \.binding).set("Ada")
    #expect(store.state == Form(name: "Ada", alert: AlertState(title: "Renamed")))
    store.send(.alert(.dismiss))
    #expect(store.state.alert == nil)
  }
}

extension IfCaseLetTests.Phase: CasePathable {
  struct AllCasePaths {
    let running = CasePath(IfCaseLetTests.Phase.running)
  }
  static let allCasePaths = AllCasePaths()
}

extension IfCaseLetTests.PhaseAction: CasePathable {
  struct AllCasePaths {
    let running = CasePath(IfCaseLetTests.PhaseAction.running)
  }
  static let allCasePaths = AllCasePaths()
}

/// Shared values across a change of phase: what the phase left writes in that very step is
/// what the next phase reads, as with `ifLet`.
@MainActor
@Suite struct IfCaseLetSharingTests {
  struct Editor: Equatable, Sendable, SharedState {
    var names = Shared(key: "names", default: [String]())
    static let sharedFields: [SharedField<Self>] = [.field(\.names)]
  }
  enum EditorAction: Sendable, Equatable { case add(String) }
  static let editor = Reducer<Editor, EditorAction, Void> { state, action, _ in
    if case .add(let name) = action { state.names.value.append(name) }
    return .none
  }
  struct Viewer: Equatable, Sendable, SharedState {
    var names = Shared(key: "names", default: [String]())
    static let sharedFields: [SharedField<Self>] = [.field(\.names)]
  }
  enum ViewerAction: Sendable, Equatable { case refresh }
  static let viewer = Reducer<Viewer, ViewerAction, Void> { _, _, _ in .none }

  enum Phase: Equatable, Sendable {
    case editing(Editor)
    case viewing(Viewer)
  }
  enum PhaseAction: Sendable, Equatable {
    case editing(EditorAction)
    case viewing(ViewerAction)
  }
  /// The parent moves on in the step in which the editor adds a name.
  static let movesOn = Reducer<Phase, PhaseAction, Void> { state, action, _ in
    if case .editing(.add) = action { state = .viewing(Viewer()) }
    return .none
  }
  static let phases = movesOn.ifCaseLet(
    CasePath(Phase.editing), action: CasePath(PhaseAction.editing), environment: { $0 },
    child: editor
  )
  .ifCaseLet(
    CasePath(Phase.viewing), action: CasePath(PhaseAction.viewing), environment: { $0 },
    child: viewer)

  /// The same two phases composed the other way round: the operator of the phase left then has
  /// a parent whose type holds copies, in the other phase, which is not there yet.
  static let phasesTheOtherWayRound = movesOn.ifCaseLet(
    CasePath(Phase.viewing), action: CasePath(PhaseAction.viewing), environment: { $0 },
    child: viewer
  )
  .ifCaseLet(
    CasePath(Phase.editing), action: CasePath(PhaseAction.editing), environment: { $0 },
    child: editor)

  /// Two optional screens, the editor's operator outside the viewer's.
  struct Screens: Equatable, Sendable {
    var editor: Editor? = Editor()
    var viewer: Viewer?
  }
  static let screens = Reducer<Screens, PhaseAction, Void> { state, action, _ in
    if case .editing(.add) = action {
      state.editor = nil
      state.viewer = Viewer()
    }
    return .none
  }
  .ifLet(\.viewer, action: CasePath(PhaseAction.viewing), environment: { $0 }, child: viewer)
  .ifLet(\.editor, action: CasePath(PhaseAction.editing), environment: { $0 }, child: editor)

  @Test func aChangeOfAPhaseLeftIsKeptWhicheverOrderThePhasesAreComposedIn() {
    let issues = ReportedIssues()
    let store = Store(
      initialState: Phase.editing(Editor()), reducer: Self.phasesTheOtherWayRound,
      environment: ())
    IssueReporter.$current.withValue(issues.reporter) { store.send(.editing(.add("Rome"))) }
    guard case .viewing(let viewer) = store.state else {
      Issue.record("The phase did not change: \(store.state)")
      return
    }
    #expect(viewer.names.value == ["Rome"])
    #expect(issues.all.isEmpty)
  }

  @Test func aChangeOfAScreenRemovedIsKeptUnderAnIfLetOutsideAnother() {
    let issues = ReportedIssues()
    let store = Store(initialState: Screens(), reducer: Self.screens, environment: ())
    IssueReporter.$current.withValue(issues.reporter) { store.send(.editing(.add("Rome"))) }
    #expect(store.state.viewer?.names.value == ["Rome"])
    #expect(issues.all.isEmpty)
  }

  /// How many times a case path read its case.
  final class Reads: Sendable {
    let count = Mutex(0)
  }

  /// The viewer's case path, counting its reads.
  static func countingViewing(_ reads: Reads) -> CasePath<Phase, Viewer> {
    CasePath(
      embed: Phase.viewing,
      extract: {
        reads.count.withLock { $0 += 1 }
        if case .viewing(let viewer) = $0 { return viewer } else { return nil }
      })
  }

  @Test("A step reads the case three times: before, in place, after")
  func aStepReadsTheCaseThreeTimes() {
    let reads = Reads()
    let reducer = Reducer<Phase, PhaseAction, Void>.empty.ifCaseLet(
      Self.countingViewing(reads), action: CasePath(PhaseAction.viewing), environment: { $0 },
      child: Reducer<Viewer, ViewerAction, Void>.empty)
    let store = Store(initialState: Phase.viewing(Viewer()), reducer: reducer, environment: ())
    reads.count.withLock { $0 = 0 }
    store.send(.viewing(.refresh))
    #expect(reads.count.withLock { $0 } == 3)
  }

  @Test("An action of another case, out of the child's case, reads it once")
  func anActionOutOfTheCaseReadsItOnce() {
    let reads = Reads()
    let reducer = Reducer<Phase, PhaseAction, Void>.empty.ifCaseLet(
      Self.countingViewing(reads), action: CasePath(PhaseAction.viewing), environment: { $0 },
      child: Reducer<Viewer, ViewerAction, Void>.empty)
    let store = Store(initialState: Phase.editing(Editor()), reducer: reducer, environment: ())
    reads.count.withLock { $0 = 0 }
    store.send(.editing(.add("Rome")))
    #expect(reads.count.withLock { $0 } == 1)
  }

  @Test("With copies on both sides, the copies are kept equal without reading the case again")
  func keepingCopiesEqualReadsTheCaseNoMoreOften() {
    let reads = Reads()
    // The editor's operator holds copies, so the viewer's keeps them equal with its own.
    let reducer = Reducer<Phase, PhaseAction, Void>.empty
      .ifCaseLet(
        CasePath(Phase.editing), action: CasePath(PhaseAction.editing), environment: { $0 },
        child: Self.editor
      )
      .ifCaseLet(
        Self.countingViewing(reads), action: CasePath(PhaseAction.viewing),
        environment: { $0 }, child: Self.viewer)
    let store = Store(initialState: Phase.viewing(Viewer()), reducer: reducer, environment: ())
    reads.count.withLock { $0 = 0 }
    store.send(.viewing(.refresh))
    // The three reads of the step, the child's copies stashed once, and the store's own three
    // (a settled look, then collecting and giving every copy its value); the operator's sync
    // reuses the step's read after the child ran (it read the case an eighth time).
    #expect(reads.count.withLock { $0 } == 7)
  }

  @Test func aChangeOfAPhaseThatTheSameStepLeavesIsKept() {
    let issues = ReportedIssues()
    let store = Store(
      initialState: Phase.editing(Editor()), reducer: Self.phases, environment: ())
    IssueReporter.$current.withValue(issues.reporter) { store.send(.editing(.add("Rome"))) }
    guard case .viewing(let viewer) = store.state else {
      Issue.record("The phase did not change: \(store.state)")
      return
    }
    #expect(viewer.names.value == ["Rome"])
    #expect(issues.all.isEmpty)
  }
}
