import Tide
import TideInspect

/// A store for tests that asserts every state transition step by step: each action sent, each
/// action an effect sends back, nothing left unasserted and no effect left running.
///
/// ```swift
/// extension User {
///   static let pritesh = LoginDemoBackend.accounts[0].user
/// }
///
/// @MainActor @Test func loginSucceeds() async {
///   let store = TestStore(
///     initialState: Login.State(username: "pritesh", password: "Secret1"),
///     reducer: Login.reducer,
///     environment: .unimplemented
///   )
///   store.environment.login = { _, _ in .pritesh }
///
///   await store.send(.loginButtonTapped) { $0.isLoading = true }
///   await store.receive(.loginResponse(.success(.pritesh))) {
///     $0.isLoading = false
///     $0.user = .pritesh
///   }
/// }
/// ```
///
/// **Deterministic.** Effects run on an executor the test store controls. Each step runs every
/// piece of effect work that can run before it asserts, so an effect that waits only on injected
/// closures and a `ManualClock` needs no timeout and no polling, and a test gives the same result
/// every time. Real waiting (``timeout``) only applies to effects that wait on something outside,
/// such as a real network.
///
/// **Failures** are reported at the caller's line, under Swift Testing or XCTest, and read like
/// this:
///
/// ```
/// A state change does not match expectation.
///
///       Login.State(
///         username: "pritesh",
///         password: "••••••",
///     −   isLoading: false,
///     +   isLoading: true,
///         user: nil,
///         alert: nil
///       )
///
/// (Expected: −, Actual: +)
///
/// Expected closure: { $0.isLoading = true }
/// ```
///
/// The last line is the assertion that would pass, ready to paste.
@MainActor
public final class TestStore<State: Equatable, Action: Sendable, Environment> {
  /// The current state: the state after the last asserted step.
  public private(set) var state: State

  /// The environment handed to the reducer. Replace a closure mid-test to change what the next
  /// effects meet.
  ///
  /// <!-- example: given store: TestStore<Login.State, Login.Action, Login.Environment> -->
  /// ```swift
  /// store.environment.login = { _, _ in throw LoginServiceError.invalidCredentials }
  /// ```
  public var environment: Environment {
    get { environmentBox.environment }
    set { environmentBox.environment = newValue }
  }

  /// How long ``receive(_:timeout:assert:fileID:filePath:line:column:)-(Action,_,_,_,_,_,_)`` and
  /// ``finish(timeout:fileID:filePath:line:column:)`` wait, in real time, for effects that wait on
  /// something the test does not control. One second unless changed.
  public var timeout: Duration = .seconds(1)

  /// How much the store insists on; ``Exhaustivity/on`` unless changed.
  ///
  /// <!-- example: given store: TestStore<Login.State, Login.Action, Login.Environment> -->
  /// ```swift
  /// store.exhaustivity = .off
  /// ```
  public var exhaustivity: Exhaustivity {
    get { received.exhaustivity }
    set { received.exhaustivity = newValue }
  }

  /// Runs the effects' jobs, only when the store says so. Tests move time on the clocks they
  /// inject; this one's time is never read.
  let scheduler = ManualClock()
  /// The live store: it reduces every action as it arrives, runs the effects on ``scheduler``,
  /// and tells ``log`` of each reduction.
  let store: Store<State, Action>
  let log: ReductionLog<State, Action>
  /// The log's received actions, which the nonisolated deinit reports.
  let received: ReceivedActions<Action>
  let registry: EffectRegistry
  private let environmentBox: EnvironmentBox<Environment>
  let location: SourceCodeLocation
  /// The test's line that ran last, and whether the store is running effects for it now: what
  /// the runtime finds while reducing what effects sent is reported there during a step, and at
  /// the step that started the effect when the test moves a clock between two steps.
  private let lastStep: Lock<LastStep>
  /// What the runtime reported since the last step was checked: a problem the expected state
  /// shows too (the same shared copies set apart) is not reported twice.
  private let reportedSinceCheck = Lock<[String]>([])
  private var stepIndex = 0
  let inspector = Inspector()
  /// What ``checkInvariants(_:)`` asked to check.
  let invariantChecks = InvariantChecks<State, Action>()
  /// Gives every shared copy of a state the newest value of its key: an expected state is made
  /// consistent as the store's states are, so a shared change is asserted once, on any copy.
  let syncShared: (inout State) -> Void
  /// The shared copies the reducer's operators reach in a state, with their ranks.
  let reachedShared: (State) -> ReachedSharedCopies
  /// Whether a state holding shared copies that no operator keeps equal was reported: once a
  /// test store, at the first step that shows one.
  private var reportedUnlistedCopies = false
  /// The keys of the shared copies reported as not kept in step, or as disagreeing: each is
  /// reported once a test store.
  private var reportedSharedKeys: Set<String> = []
  /// Whether a state of this type may hold shared copies at all, decided from the type.
  private static var stateMayHoldCopies: Bool {
    CopyHoldingTypes.kind(of: State.self) != .skipped
  }
  /// Whether the feature dismissed itself: set by a `.dismiss()` that reaches the root.
  private let dismissed = Lock(false)

  /// Whether the feature under test dismissed itself: a child tested alone returned
  /// `.dismiss()`, which its presentation would have turned into its dismissal. As its
  /// presentation would, the dismissal cancels every effect the feature is running (a timer, a
  /// request), once the actions the same step sent are reduced, so none is left running at the
  /// end of the test. It takes no more actions: a send after it fails the test. Only the tested
  /// reducer's own `.dismiss()` counts: one from a child it composes without a presentation (a
  /// plain `pullback`) is reported, as in an app.
  ///
  /// <!-- example: given store: TestStore<Counter.State, Counter.Action, Counter.Environment> -->
  /// ```swift
  /// #expect(store.isDismissed == false)
  /// ```
  public var isDismissed: Bool { dismissed.withLock { $0 } }

  /// Creates a test store for a feature.
  ///
  /// ```swift
  /// let store = TestStore(
  ///   initialState: Login.State(),
  ///   reducer: Login.reducer,
  ///   environment: .unimplemented
  /// )
  /// ```
  ///
  /// The state must be a value: a state that is a class fails the test here, as the state before
  /// a step, the state after it and the state a test expects would be one object (no change
  /// could be seen, and an assertion closure would change the store's state):
  ///
  /// ```
  /// A TestStore's state must be a value, and Counter is a class.
  ///
  /// The state before a step, the state after it and the state the test expects would be one
  /// object: no change could be seen, and an assertion closure would change the store's state.
  /// Make the state a struct (or an enum).
  /// ```
  ///
  /// - Parameters:
  ///   - initialState: The state to start from.
  ///   - reducer: The feature's reducer.
  ///   - environment: The dependencies; start from an unimplemented one and override what the
  ///     test expects to be used.
  ///   - fileID: The file that creates the store, where failures found at release are reported
  ///     when no step is to blame.
  ///   - filePath: The full path of that file.
  ///   - line: The line that creates the store.
  ///   - column: The column that creates the store.
  public init(
    initialState: State,
    reducer: Reducer<State, Action, Environment>,
    environment: Environment,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.syncShared = { reducer.syncShared(&$0) }
    self.reachedShared = { reducer.reachedSharedCopies(in: $0) }
    let location = SourceCodeLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
    self.location = location
    let box = EnvironmentBox(environment)
    self.environmentBox = box
    let log = ReductionLog<State, Action>(
      unknownOrigin: EffectOrigin(step: "the test store", location: location))
    self.log = log
    self.received = log.received
    let store = Store(
      initialState: initialState, reducer: readingEnvironment(reducer), environment: box,
      drivenBy: scheduler,
      onReduce: { action, after, _, origin in log.record(action, after: after, origin: origin) })
    // The store made the initial state's shared copies consistent (and reported what it could
    // not): the first expected state is that one.
    self.state = store.untrackedState
    self.store = store
    self.registry = store.effectRegistry
    let lastStep = Lock(LastStep(location: location))
    self.lastStep = lastStep
    let reported = reportedSinceCheck
    store.receivingReporter = { origin in
      IssueReporter { message, _ in
        reported.withLock { $0.append(message) }
        let step = lastStep.withLock { $0 }
        guard step.runs == 0, let origin, let started = origin.location else {
          TestFailure.record(message, at: step.location)
          return
        }
        TestFailure.record(FailureMessage.betweenSteps(message, startedBy: origin), at: started)
      }
    }
    // Tested alone, a child's dismissal reaches the root: it is the child being dismissed.
    let dismissed = self.dismissed
    store.rootDismissal = { _ in dismissed.withLock { $0 = true } }
    auditSharedCopies(in: state, after: state, at: location)
    if State.self is AnyObject.Type {
      TestFailure.record(FailureMessage.stateIsAClass(State.self), at: location)
    }
  }

  deinit {
    Self.reportLeftovers(
      received.removeAll(), exhaustivity: received.exhaustivity, registry: registry)
    registry.cancelAll()
    // Nobody drains the scheduler from now on: let the cancelled effects wind down elsewhere and
    // free what they hold.
    scheduler.abandonReadyWork()
  }

  // MARK: - Sending

  /// Sends an action and asserts how it changes the state.
  ///
  /// The closure receives a copy of the state *before* the action and must mutate it into the
  /// state *after* it. Without a closure, the state must not change. A closure that changes
  /// nothing is a failure too: omit it instead.
  ///
  /// <!-- example: given store: TestStore<Login.State, Login.Action, Login.Environment> -->
  /// ```swift
  /// await store.send(.usernameChanged("pritesh")) {
  ///   $0.username = "pritesh"
  /// }
  /// ```
  ///
  /// Sending while actions that effects sent back are still unasserted fails:
  ///
  /// ```
  /// Must handle 1 received action before sending an action.
  ///
  ///   .loginResponse(.success(User(…)))  (from send(.loginButtonTapped) at LoginTests.swift:30)
  ///
  /// Assert them with receive(_:), or skip them with skipReceivedActions().
  /// ```
  ///
  /// - Parameters:
  ///   - action: The action to send.
  ///   - updateStateToExpectedResult: A closure that turns the state before the action into the
  ///     state expected after it.
  ///   - fileID: The caller's file, where failures are reported.
  ///   - filePath: The caller's file path.
  ///   - line: The caller's line.
  ///   - column: The caller's column.
  /// - Returns: A handle on the effects the action started.
  @discardableResult
  public func send(
    _ action: Action,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    let location = SourceCodeLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
    await runReadyEffects(at: location)
    if !log.isEmpty {
      switch exhaustivity {
      case .on:
        TestFailure.record(FailureMessage.mustHandle(received.all), at: location)
        // Applied, so that the test goes on from what the store did.
        _ = skipReceived(while: { _ in true }, location: location)
      case .off(let showSkipped):
        applySkipped(showSkipped: showSkipped, location: location)
      }
    }
    stepIndex += 1
    let origin = EffectOrigin(
      step: "send(\(FailureMessage.line(action)))", location: location, index: stepIndex)
    if isDismissed {
      TestFailure.record(
        FailureMessage.sentAfterDismissal(FailureMessage.line(action)), at: location)
      return task(of: EffectTree(scheduler: scheduler, origin: origin))
    }
    var task: StoreTask?
    let after = IssueReporter.$current.withValue(reporter(at: location)) {
      log.recordingSent {
        store.stepOrigin = origin
        defer { store.stepOrigin = nil }
        task = store.send(action)
      }
    }
    if let after {
      check(before: state, after: after, assert: updateStateToExpectedResult, at: location)
      if !invariantChecks.invariants.isEmpty {
        checkTransitionInvariants(before: state, action: action, after: after, at: location)
      }
      state = after
    } else {
      // Only a send made while the store was already sending is queued instead of reduced, and
      // a test store never sends so.
      TestFailure.record(
        "The test store's store did not reduce the action it was sent: a bug in Tide.",
        at: location)
    }
    await runReadyEffects(at: location)
    checkStateInvariants(at: location)
    return self.task(of: task?.effectTree ?? EffectTree(scheduler: scheduler, origin: origin))
  }

  /// The handle of a send's effects: it runs this store's ready effects and waits as long as
  /// this store's timeout, without holding the store.
  private func task(of tree: EffectTree) -> TestStoreTask {
    TestStoreTask(
      tree: tree, registry: registry,
      runReadyEffects: { [weak self] in await self?.runReadyEffects() },
      storeTimeout: { [weak self] in self?.timeout ?? .seconds(1) })
  }

  /// Sends the action a case path makes of `value`, and asserts how it changes the state: how
  /// a test reaches an action nested several enums deep without spelling each level.
  ///
  /// <!-- example: given store: TestStore<App.State, App.Action, App.Environment> -->
  /// ```swift
  /// let usernameChanged = CasePath(App.Action.login)
  ///   .appending(path: CasePath(Login.Action.usernameChanged))
  /// await store.send(usernameChanged, "pritesh") { $0.login?.username = "pritesh" }
  /// ```
  ///
  /// - Parameters:
  ///   - casePath: A case path to the action's case; compose nested cases with
  ///     `CasePath.appending(path:)`.
  ///   - value: The payload.
  ///   - updateStateToExpectedResult: A closure that turns the state before the action into the
  ///     state expected after it.
  ///   - fileID: The caller's file, where failures are reported.
  ///   - filePath: The caller's file path.
  ///   - line: The caller's line.
  ///   - column: The caller's column.
  /// - Returns: A handle on the effects the action started.
  @discardableResult
  public func send<Value>(
    _ casePath: CasePath<Action, Value>,
    _ value: Value,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    await send(
      casePath.embed(value), assert: updateStateToExpectedResult, fileID: fileID,
      filePath: filePath, line: line, column: column)
  }

  /// Sends the action the case a key path names in the action's `AllCasePaths` makes of
  /// `value`, and asserts how it changes the state: the same as
  /// ``send(_:_:assert:fileID:filePath:line:column:)-(CasePath<Action,Value>,_,_,_,_,_,_)`` with
  /// the case path the action lists.
  ///
  /// <!-- example: given store: TestStore<App.State, App.Action, App.Environment> -->
  /// ```swift
  /// await store.send(\.login, .usernameChanged("pritesh")) { $0.login?.username = "pritesh" }
  /// ```
  ///
  /// - Parameters:
  ///   - casePath: A key path to the case's case path in `Action.AllCasePaths`; a case inside a
  ///     case's payload is reached through it when that payload is `CasePathable` too.
  ///   - value: The payload.
  ///   - updateStateToExpectedResult: A closure that turns the state before the action into the
  ///     state expected after it.
  ///   - fileID: The caller's file, where failures are reported.
  ///   - filePath: The caller's file path.
  ///   - line: The caller's line.
  ///   - column: The caller's column.
  /// - Returns: A handle on the effects the action started.
  @discardableResult
  public func send<Value>(
    _ casePath: KeyPath<Action.AllCasePaths, CasePath<Action, Value>>,
    _ value: Value,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask where Action: CasePathable {
    await send(
      Action.allCasePaths[keyPath: casePath], value, assert: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Sends the action a key path names in the action's `AllCasePaths` when its case carries no
  /// payload, and asserts how it changes the state: how a test taps a button of one element of a
  /// list, `\.memo[id: 2].playTapped`, or of a screen several enums deep.
  ///
  /// <!-- example: given store: TestStore<App.State, App.Action, App.Environment> -->
  /// ```swift
  /// await store.send(\.savedLocation[id: 2_988_507].openTapped)
  /// ```
  ///
  /// - Parameters:
  ///   - casePath: A key path to the case's case path in `Action.AllCasePaths`, whose payload is
  ///     `Void`.
  ///   - updateStateToExpectedResult: A closure that turns the state before the action into the
  ///     state expected after it.
  ///   - fileID: The caller's file, where failures are reported.
  ///   - filePath: The caller's file path.
  ///   - line: The caller's line.
  ///   - column: The caller's column.
  /// - Returns: A handle on the effects the action started.
  @discardableResult
  public func send(
    _ casePath: KeyPath<Action.AllCasePaths, CasePath<Action, Void>>,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask where Action: CasePathable {
    await send(
      Action.allCasePaths[keyPath: casePath].embed(()), assert: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  // MARK: - Steps

  /// Reports what the runtime finds (an effect's unhandled error, an unimplemented dependency,
  /// an action for a missing child) as a failure of the test at `location`: the step that ran
  /// the work. Effects inherit it from the step that started them.
  func reporter(at location: SourceCodeLocation) -> IssueReporter {
    let reported = reportedSinceCheck
    return IssueReporter { message, _ in
      reported.withLock { $0.append(message) }
      TestFailure.record(message, at: location)
    }
  }

  /// Takes a received action and the state after it as asserted: the state moves on, and the
  /// transition invariants are checked.
  func apply(
    _ received: ReceivedAction<Action>, after: State, at location: SourceCodeLocation,
    audited: Bool = false
  ) {
    if !invariantChecks.invariants.isEmpty {
      checkTransitionInvariants(
        before: state, action: received.action, after: after, at: location)
    }
    // A received action taken without an assertion is a step all the same.
    if !audited { auditSharedCopies(in: after, after: state, at: location) }
    state = after
  }

  func check(
    before: State,
    after: State,
    assert: ((inout State) throws -> Void)?,
    at location: SourceCodeLocation
  ) {
    auditSharedCopies(in: after, after: before, at: location)
    switch exhaustivity {
    case .on:
      var expected = before
      do {
        try assert?(&expected)
      } catch {
        TestFailure.record(FailureMessage.threw(error), at: location)
        return
      }
      reportProblems(syncExpected(&expected), at: location)
      if expected != after {
        TestFailure.record(
          FailureMessage.stateMismatch(
            expected: expected, actual: after, before: before, changed: after != before),
          at: location)
      } else if assert != nil && after == before {
        TestFailure.record(FailureMessage.noChange, at: location)
      }
    case .off(let showSkipped):
      // Only what the closure touches is checked: apply it to the actual state and compare.
      var expected = after
      do {
        try assert?(&expected)
      } catch {
        TestFailure.record(FailureMessage.threw(error), at: location)
        return
      }
      reportProblems(syncExpected(&expected), at: location)
      if expected != after {
        TestFailure.record(
          FailureMessage.stateMismatch(
            expected: expected, actual: after, before: before, changed: after != before),
          at: location)
      } else if showSkipped {
        var asserted = before
        try? assert?(&asserted)
        _ = syncExpected(&asserted)
        if asserted != after {
          TestFailure.record(
            FailureMessage.skippedStateChange(before: asserted, after: after), at: location,
            isKnown: true)
        }
      }
    }
  }

  /// Makes an expected state consistent as the store makes its states, and returns the problems
  /// that found (copies of one value set apart by the assertion, say) instead of reporting them
  /// where the test store was made: see ``reportProblems(_:at:)``.
  func syncExpected(_ state: inout State) -> [String] {
    let problems = Lock<[String]>([])
    let collecting = IssueReporter { message, _ in problems.withLock { $0.append(message) } }
    IssueReporter.$current.withValue(collecting) { syncShared(&state) }
    return problems.withLock { $0 }
  }

  /// Reports at the step the problems an expected state showed, except those the runtime
  /// reported since the last check (the step itself set the same copies apart): an assertion
  /// that sets two copies apart fails even when the copy kept matches.
  func reportProblems(_ problems: [String], at location: SourceCodeLocation) {
    let reported = reportedSinceCheck.withLock { reported in
      defer { reported = [] }
      return reported
    }
    for problem in problems where !reported.contains(problem) {
      TestFailure.record(FailureMessage.expectedStateProblem(problem), at: location)
    }
  }

  /// Reports the shared copies a state holds that no operator keeps equal (held by a state that
  /// is not `SharedState`, or that does not list them), once a test store; and, once for each
  /// key, copies that disagree at the end of a step (a change made where no operator reached).
  /// Nothing else would say so: such a copy just never changes with the others.
  func auditSharedCopies(in state: State, after before: State, at location: SourceCodeLocation) {
    // A state whose type cannot hold a copy (numbers, strings, structs of such) has none.
    guard Self.stateMayHoldCopies else { return }
    if !reportedUnlistedCopies, let problem = SharedCopyAudit.problem(in: state) {
      reportedUnlistedCopies = true
      // Copies no operator keeps equal come to disagree too: this report said why.
      reportedSharedKeys.formUnion(problem.keys)
      TestFailure.record(problem.message, at: location)
    }
    guard
      let problem = SharedCopyAudit.disagreement(
        in: state, before: before, reached: { self.reachedShared(state) },
        skipping: reportedSharedKeys)
    else { return }
    reportedSharedKeys.formUnion(problem.keys)
    TestFailure.record(problem.message, at: location)
  }

  /// Takes the received actions as they are, without asserting them.
  func applySkipped(showSkipped: Bool, location: SourceCodeLocation) {
    let skipped = skipReceived(while: { _ in true }, location: location)
    if showSkipped && !skipped.isEmpty {
      TestFailure.record(FailureMessage.skippedReceived(skipped), at: location, isKnown: true)
    }
  }

  /// Takes received actions as they are, from the oldest, while `shouldSkip` accepts the first.
  ///
  /// - Returns: The actions skipped, oldest first.
  func skipReceived(
    while shouldSkip: (Action) -> Bool, location: SourceCodeLocation
  ) -> [ReceivedAction<Action>] {
    var skipped: [ReceivedAction<Action>] = []
    while let first = log.first, shouldSkip(first.action), let taken = log.removeFirst() {
      skipped.append(taken.received)
      apply(taken.received, after: taken.after, at: location)
    }
    return skipped
  }

  /// Runs every piece of effect work that can run now, on the store's scheduler.
  ///
  /// Effects that wait only on injected closures and a `ManualClock` have all reached their next
  /// wait when it returns. A step that runs a million jobs without any of them waiting is an effect
  /// spinning (a loop on `Task.yield()`): real effects run a handful of jobs per step, so the
  /// bound is far above any of them, and hitting it is reported instead of hanging the test.
  ///
  /// - Parameter location: The test's line that runs it, where what the work reports fails the
  ///   test; where the store was created when `nil`.
  /// - Returns: Whether the effects ran away (and that was reported).
  @discardableResult
  func runReadyEffects(at location: SourceCodeLocation? = nil) async -> Bool {
    let limit = 1_000_000
    let location = lastStep.withLock { step in
      if let location { step.location = location }
      step.runs += 1
      return step.location
    }
    let ran = await IssueReporter.$current.withValue(reporter(at: location)) {
      await scheduler.runReadyWork(jobLimit: limit)
    }
    lastStep.withLock { $0.runs -= 1 }
    guard ran >= limit else { return false }
    TestFailure.record(
      """
      Effects keep running without ever waiting.

      A million jobs ran in this step and more were ready. An effect probably loops without \
      suspending on anything the test controls: on Task.yield(), on a clock that never sleeps \
      (ImmediateClock), or sending actions whose reductions start it again.
      """, at: location)
    return true
  }
}

/// The environment a ``TestStore`` reduces with, read at each reduction, so that a closure the
/// test replaces is the one the next reductions' effects meet.
final class EnvironmentBox<Environment> {
  var environment: Environment

  init(_ environment: Environment) {
    self.environment = environment
  }
}

/// The reducer, reading the environment from its box at each reduction: a closure the test
/// replaces is the one the next reductions' effects meet.
private func readingEnvironment<State, Action: Sendable, Environment>(
  _ reducer: Reducer<State, Action, Environment>
) -> Reducer<State, Action, EnvironmentBox<Environment>> {
  reducer.withBody { state, action, box in
    reducer.reduce(into: &state, action: action, environment: box.environment)
  }
}
