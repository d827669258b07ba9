import Testing
import TideTestSupport
import TideTesting

@testable import Tide

/// A child removed by a reducer other than the one its operator is called on (a reducer combined
/// with it, or one above it): nothing cancels its effects then, so the first action one of them
/// sends cancels them all, with a report that says where to remove the child instead.
@MainActor
@Suite struct OrphanedEffectTests {
  typealias Timer = ChildLifetimeTests.Timer
  typealias TimerAction = ChildLifetimeTests.TimerAction

  struct Host: Equatable {
    var detail: Timer? = Timer(id: 0)
    var sheet: Timer? = Timer(id: 0)
    var rows: IdentifiedArray<Timer> = [Timer(id: 1), Timer(id: 2)]
    var path = StackState<Timer>([Timer(id: 0)])
  }
  enum HostAction: Sendable, Equatable {
    case detail(TimerAction)
    case sheet(PresentationAction<TimerAction>)
    case row(id: Int, action: TimerAction)
    case path(StackAction<Timer, TimerAction>)
    /// What the sibling reducer does.
    case closeDetail, closeSheet
    case removeRow(Int)
    case popAll
    case openSheet(id: Int)
    case replaceRows
  }

  /// Removes children outside the reducer their operators are called on.
  static let sibling = Reducer<Host, HostAction, Void> { state, action, _ in
    switch action {
    case .closeDetail: state.detail = nil
    case .closeSheet: state.sheet = nil
    case .removeRow(let id): state.rows.remove(id: id)
    case .popAll: state.path.removeAll()
    case .openSheet(let id): state.sheet = Timer(id: id)
    case .replaceRows: state.rows = [Timer(id: 2)]
    default: break
    }
    return .none
  }

  /// What an orphaned effect of the detail reports, word for word.
  nonisolated static var detailReport: String {
    """
    An effect of a child sent it an action after its state became nil.

      Action: .tick
      Reducer: ifLet(\\Host.detail) at TideTests/OrphanedEffectTests.swift:\(line)

    The state was set to nil outside the reducer that ifLet(\\Host.detail) is called on and the \
    reducers combined with it (by a reducer above them), so its effects went on running; they \
    are cancelled now. Set it to nil in the reducer that ifLet(\\Host.detail) is called on, or \
    one combined with it, where the effects end at once.
    """
  }

  nonisolated static let line = #line + 4
  static func operators(clock: ManualClock) -> Reducer<Host, HostAction, Void> {
    let timer = ChildLifetimeTests.timer(clock: clock)
    return Reducer<Host, HostAction, Void>.empty
      .ifLet(\.detail, action: CasePath(HostAction.detail), environment: { $0 }, child: timer)
      .ifLet(\.sheet, action: CasePath(HostAction.sheet), environment: { $0 }, child: timer)
      .forEach(\.rows, action: CasePath(HostAction.row), environment: { $0 }, child: timer)
      .forEach(\.path, action: CasePath(HostAction.path), environment: { $0 }, child: timer)
  }

  /// The operators and the sibling, in a reducer of the app's own that runs the operators
  /// through `reduce(into:action:environment:)`: a composition no `combine` looks around, as a
  /// reducer above the parent is (`combined(clock:siblingFirst:)` is the other case).
  static func store(clock: ManualClock, siblingFirst: Bool) -> Store<Host, HostAction> {
    let operators = operators(clock: clock)
    let hidden = Reducer<Host, HostAction, Void> { state, action, environment in
      operators.reduce(into: &state, action: action, environment: environment)
    }
    return Store(
      initialState: Host(),
      reducer: siblingFirst ? .combine(sibling, hidden) : .combine(hidden, sibling),
      environment: (), drivenBy: clock)
  }

  /// The operators and the sibling combined: the combine looks at the operators' children
  /// around the step, and cancels the effects of what the sibling removed in that step.
  static func combined(clock: ManualClock, siblingFirst: Bool) -> Store<Host, HostAction> {
    let operators = operators(clock: clock)
    return Store(
      initialState: Host(),
      reducer: siblingFirst ? .combine(sibling, operators) : .combine(operators, sibling),
      environment: (), drivenBy: clock)
  }

  /// Sends `actions` to `store`, then lets a second pass on `clock`: what was reported.
  func reports(
    _ store: Store<Host, HostAction>, clock: ManualClock, after actions: HostAction...
  ) async -> [String] {
    let issues = ReportedIssues()
    await IssueReporter.$current.withValue(issues.reporter) {
      for action in actions { store.send(action) }
      await clock.advance(by: .seconds(1))
    }
    return issues.all
  }

  @Test(
    "A sibling combined with the operators: the effects of what it removes end in its step",
    arguments: [false, true])
  func combinedSiblingCancelsAtOnce(siblingFirst: Bool) async {
    let clock = ManualClock()
    let store = Self.combined(clock: clock, siblingFirst: siblingFirst)
    let issues = ReportedIssues()
    await IssueReporter.$current.withValue(issues.reporter) {
      store.send(.detail(.start))
      store.send(.sheet(.presented(.start)))
      store.send(.row(id: 1, action: .start))
      store.send(.row(id: 2, action: .start))
      store.send(.path(.element(id: 0, action: .start)))
      #expect(store.runningEffects.count == 5)
      store.send(.closeDetail)
      store.send(.closeSheet)
      store.send(.removeRow(1))
      store.send(.popAll)
      #expect(store.runningEffects.count == 1)
      await clock.advance(by: .seconds(2))
    }
    #expect(store.state.rows.map(\.ticks) == [2])
    #expect(issues.all.isEmpty, "\(issues.all)")
    store.send(.removeRow(2))
    #expect(store.runningEffects.isEmpty)
  }

  @Test(
    "A child set to nil where no combine looks: its effect's next action cancels its effects",
    arguments: [false, true])
  func ifLet(siblingFirst: Bool) async {
    let clock = ManualClock()
    let store = Self.store(clock: clock, siblingFirst: siblingFirst)
    let issues = await reports(store, clock: clock, after: .detail(.start), .closeDetail)
    #expect(store.runningEffects.isEmpty)
    #expect(
      issues == [Self.detailReport])
    await clock.advance(by: .seconds(5))
    #expect(store.state.detail == nil)
  }

  /// A collection replaced whole: the combine compares the identifiers before and after.
  @Test("Rows replaced whole by a combined sibling: a removed row's effects end in that step")
  func combinedRowsReplacedWhole() async {
    let clock = ManualClock()
    let store = Self.combined(clock: clock, siblingFirst: false)
    store.send(.row(id: 1, action: .start))
    store.send(.row(id: 2, action: .start))
    store.send(.replaceRows)
    #expect(store.runningEffects.count == 1)
    store.send(.removeRow(2))
    #expect(store.runningEffects.isEmpty)
  }

  @Test("A presented child set to nil where no combine looks")
  func presentation() async {
    let clock = ManualClock()
    let store = Self.store(clock: clock, siblingFirst: false)
    let issues = await reports(store, clock: clock, after: .sheet(.presented(.start)), .closeSheet)
    #expect(store.runningEffects.isEmpty)
    #expect(issues.count == 1, "\(issues)")
    #expect(
      issues.first?.hasPrefix(
        """
        An effect of a child sent it an action after its state became nil.

          Action: .tick
          Reducer: ifLet(\\Host.sheet) at TideTests/OrphanedEffectTests.swift:\(Self.line + 1)
        """) == true)
  }

  /// What the first check cannot see: a sibling dismisses the sheet and presents another, so
  /// the old one's effect finds a child there. It must not reach it.
  @Test(
    "A presented child replaced where no combine looks: the new one never gets the old one's action"
  )
  func presentationReplaced() async {
    let clock = ManualClock()
    let store = Self.store(clock: clock, siblingFirst: false)
    let issues = ReportedIssues()
    await IssueReporter.$current.withValue(issues.reporter) {
      store.send(.sheet(.presented(.start)))
      store.send(.closeSheet)
      store.send(.openSheet(id: 9))
      await clock.advance(by: .seconds(1))
    }
    #expect(store.state.sheet == Timer(id: 9))
    #expect(store.runningEffects.isEmpty)
    #expect(
      issues.all == [
        """
        An effect of a dismissed child sent an action to the child presented now.

          Action: .tick
          Reducer: ifLet(\\Host.sheet) at TideTests/OrphanedEffectTests.swift:\(Self.line + 1)

        The child it belongs to was dismissed outside the reducer that ifLet(\\Host.sheet) is \
        called on and the reducers combined with it (by a reducer above them), so its effects went \
        on running; they are cancelled now. Dismiss it in the reducer that ifLet(\\Host.sheet) is \
        called on, or one combined with it, where the effects end at once. The child presented now \
        did not receive the action.
        """
      ])
    // The new child's own effects are its own.
    await IssueReporter.$current.withValue(issues.reporter) {
      store.send(.sheet(.presented(.start)))
      await clock.advance(by: .seconds(2))
    }
    #expect(store.state.sheet?.ticks == 2)
    #expect(issues.all.count == 1)
    store.send(.sheet(.dismiss))
  }

  @Test("An element removed where no combine looks; the other element's effects go on")
  func forEach() async {
    let clock = ManualClock()
    let store = Self.store(clock: clock, siblingFirst: false)
    let issues = ReportedIssues()
    await IssueReporter.$current.withValue(issues.reporter) {
      store.send(.row(id: 1, action: .start))
      store.send(.row(id: 2, action: .start))
      store.send(.removeRow(1))
      await clock.advance(by: .seconds(1))
    }
    #expect(store.runningEffects.count == 1)
    #expect(store.state.rows.map(\.ticks) == [1])
    #expect(
      issues.all == [
        """
        An effect of an element sent it an action after the element was removed.

          Action: .tick
          ID: 1
          Reducer: forEach(\\Host.rows) at TideTests/OrphanedEffectTests.swift:\(Self.line + 2)

        The element was removed outside the reducer that forEach(\\Host.rows) is called on and the \
        reducers combined with it (by a reducer above them), so its effects went on running; they \
        are cancelled now. Remove elements in the reducer that forEach(\\Host.rows) is called on, \
        or one combined with it, where the effects end at once.
        """
      ])
    store.send(.removeRow(2))
  }

  @Test("A screen popped where no combine looks")
  func stack() async {
    let clock = ManualClock()
    let store = Self.store(clock: clock, siblingFirst: true)
    let issues = await reports(
      store, clock: clock, after: .path(.element(id: 0, action: .start)), .popAll)
    #expect(store.runningEffects.isEmpty)
    #expect(
      issues == [
        """
        An effect of a screen sent it an action after the screen was popped.

          Action: .tick
          ID: #0
          Reducer: forEach(\\Host.path) at TideTests/OrphanedEffectTests.swift:\(Self.line + 3)

        The screen was popped outside the reducer that forEach(\\Host.path) is called on and the \
        reducers combined with it (by a reducer above them), so its effects went on running; they \
        are cancelled now. Pop screens in the reducer that forEach(\\Host.path) is called on, or \
        one combined with it, where the effects end at once.
        """
      ])
  }

  /// A state of two cases, the first with a child.
  enum Phase: Equatable {
    case running(Timer)
    case done
  }
  enum PhaseAction: Sendable, Equatable {
    case running(TimerAction)
    case finish
  }

  @Test("A case changed where no combine looks")
  func ifCaseLet() async {
    let clock = ManualClock()
    let cases = Reducer<Phase, PhaseAction, Void>.empty.ifCaseLet(
      CasePath(
        embed: Phase.running, extract: { if case .running(let timer) = $0 { timer } else { nil } }),
      action: CasePath(PhaseAction.running), environment: { $0 },
      child: ChildLifetimeTests.timer(clock: clock))
    let line = #line - 5
    let finisher = Reducer<Phase, PhaseAction, Void> { state, action, _ in
      if action == .finish { state = .done }
      return .none
    }
    let store = Store(
      initialState: Phase.running(Timer(id: 0)),
      reducer: .combine(Reducer { cases.reduce(into: &$0, action: $1, environment: $2) }, finisher),
      environment: (), drivenBy: clock)
    let issues = ReportedIssues()
    await IssueReporter.$current.withValue(issues.reporter) {
      store.send(.running(.start))
      store.send(.finish)
      await clock.advance(by: .seconds(1))
    }
    #expect(store.runningEffects.isEmpty)
    #expect(
      issues.all == [
        """
        An effect of a child sent it an action after the state left the child's case.

          Action: .tick
          State: .done
          Reducer: ifCaseLet(ChildLifetimeTests.Timer) at TideTests/OrphanedEffectTests.swift:\(line)

        The case was changed outside the reducer that ifCaseLet(ChildLifetimeTests.Timer) is \
        called on and the reducers combined with it (by a reducer above them), so its effects went \
        on running; they are cancelled now. Change it in the reducer that \
        ifCaseLet(ChildLifetimeTests.Timer) is called on, or one combined with it, where the \
        effects end at once.
        """
      ])
  }

  @Test("A case changed by a reducer combined with ifCaseLet: its effects end in that step")
  func combinedCaseChangeCancelsAtOnce() async {
    let clock = ManualClock()
    let cases = Reducer<Phase, PhaseAction, Void>.empty.ifCaseLet(
      CasePath(
        embed: Phase.running, extract: { if case .running(let timer) = $0 { timer } else { nil } }),
      action: CasePath(PhaseAction.running), environment: { $0 },
      child: ChildLifetimeTests.timer(clock: clock))
    let finisher = Reducer<Phase, PhaseAction, Void> { state, action, _ in
      if action == .finish { state = .done }
      return .none
    }
    let store = Store(
      initialState: Phase.running(Timer(id: 0)), reducer: .combine(finisher, cases),
      environment: (), drivenBy: clock)
    store.send(.running(.start))
    store.send(.finish)
    #expect(store.runningEffects.isEmpty)
  }

  @Test("In a test store the report is the test's failure, and no effect is left running")
  func testStore() async {
    let clock = ManualClock()
    let operators = Self.operators(clock: clock)
    let store = TestStore(
      initialState: Host(),
      reducer: .combine(
        Reducer { operators.reduce(into: &$0, action: $1, environment: $2) }, Self.sibling),
      environment: ())
    await store.send(.detail(.start))
    let startLine = #line - 1
    await store.send(.closeDetail) { $0.detail = nil }
    await withKnownIssue {
      await clock.advance(by: .seconds(1))
    } matching: { issue in
      issue.sourceLocation?.line == startLine
        && issue.comments.map(\.rawValue).joined() == Self.detailReport + """


            Started by: send(.detail(.start)) at OrphanedEffectTests.swift:\(startLine)

          The effect's action arrived while the test moved a clock between two steps: this is \
          the step that started the effect.
          """
    }
    // The action reached the store, and the test asserts it like any other.
    await store.receive(.detail(.tick))
    #expect(store.runningEffects.isEmpty)
  }

  @Test("An effect a parent started, sending to a child it closed, keeps its own report")
  func parentEffect() async {
    let clock = ManualClock()
    let relay = Reducer<Host, HostAction, Void> { _, action, _ in
      guard action == .closeDetail else { return .none }
      return .run { send in await send(.detail(.tick)) }
    }
    let store = Store(
      initialState: Host(),
      reducer: .combine(Self.operators(clock: clock), Self.sibling, relay), environment: (),
      drivenBy: clock)
    let issues = ReportedIssues()
    await IssueReporter.$current.withValue(issues.reporter) {
      store.send(.closeDetail)
      await clock.advance()
    }
    #expect(
      issues.all.first?.hasPrefix("An effect sent an action to a child whose state is nil.") == true
    )
  }
}
