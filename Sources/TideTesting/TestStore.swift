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
/// closures and a ``TestClock`` needs no timeout and no polling, and a test gives the same result
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
public final class TestStore<State: Equatable, Action: Equatable & Sendable, Environment> {
  /// The current state: the state after the last asserted step.
  public private(set) var state: State

  /// The environment handed to the reducer. Replace a closure mid-test to change what the next
  /// effects meet.
  ///
  /// <!-- example: given store: TestStore<Login.State, Login.Action, Login.Environment> -->
  /// ```swift
  /// store.environment.login = { _, _ in throw LoginServiceError.invalidCredentials }
  /// ```
  public var environment: Environment

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
    get { inbox.exhaustivity }
    set { inbox.exhaustivity = newValue }
  }

  private let reducer: Reducer<State, Action, Environment>
  /// Runs the effects' jobs, only when the store says so. Tests move time on the clocks they
  /// inject; this one's time is never read.
  let scheduler = ManualClock()
  let runner: EffectRunner<Action>
  let inbox = TestStoreInbox<Action>()
  let location: SourceCodeLocation
  private var stepIndex = 0
  let inspector = Inspector()
  /// What ``checkInvariants(_:)`` asked to check.
  let invariantChecks = InvariantChecks<State, Action>()

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
    self.state = initialState
    self.reducer = reducer
    self.environment = environment
    self.runner = EffectRunner(scheduler: scheduler)
    self.location = SourceCodeLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  deinit {
    Self.reportLeftovers(inbox: inbox, registry: runner.registry)
    runner.registry.cancelAll()
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
    await runReadyEffects()
    let unasserted = inbox.received
    if !unasserted.isEmpty {
      switch exhaustivity {
      case .on:
        TestFailure.record(FailureMessage.mustHandle(unasserted), at: location)
      case .off(let showSkipped):
        applySkipped(showSkipped: showSkipped, location: location)
      }
    }
    let origin = nextOrigin("send(\(inspector.line(action)))", at: location)
    let tree = EffectTree(scheduler: scheduler)
    step(action, origin: origin, tree: tree, assert: updateStateToExpectedResult)
    await runReadyEffects()
    checkStateInvariants(at: location)
    return TestStoreTask(
      tree: tree, registry: runner.registry,
      runReadyEffects: { [weak self] in
        await self?.runReadyEffects()
      })
  }

  // MARK: - Steps

  func nextOrigin(_ step: String, at location: SourceCodeLocation) -> EffectOrigin {
    stepIndex += 1
    return EffectOrigin(step: step, location: location, index: stepIndex)
  }

  /// Reduces one action, starts its effects on the store's scheduler, and checks the state.
  ///
  /// The reducer works on a copy, so an assertion closure that reads ``state`` sees the state
  /// before the action. The action's synchronous `.send`s join the synchronous follow-ups still
  /// waiting, first in, first out, ahead of any action effects sent: a live store reduces them in
  /// that order before its `send` returns.
  /// - Parameter tree: The tree the step's effects join: the sent action's own, or, for a
  ///   received one, that of the send it came from.
  func step(
    _ action: Action,
    origin: EffectOrigin,
    tree: EffectTree,
    assert: ((inout State) throws -> Void)?,
    checksState: Bool = true
  ) {
    let location = origin.location ?? self.location
    let reporter = IssueReporter { message, _ in TestFailure.record(message, at: location) }
    let before = state
    var after = state
    let started = IssueReporter.$current.withValue(reporter) {
      let effect = reducer.reduce(into: &after, action: action, environment: environment)
      let inbox = self.inbox
      let registry = runner.registry
      let scheduler = self.scheduler
      return runner.start(effect, origin: origin, tree: tree) { action, sender, _ in
        // Exactly as a store driven by a clock delivers: a main-actor item in the clock's queue
        // that the effect waits for, so effects interleave as they do live; and nothing a
        // cancelled effect sends is received.
        await scheduler.runOnMainActor {
          if let sender, !registry.isLive(sender) { return }
          inbox.append(action, from: origin, in: tree)
        }
      }
    }
    inbox.insertFollowUps(started.actions, from: origin, in: tree)
    if checksState { check(before: before, after: after, assert: assert, at: location) }
    state = after
    if !invariantChecks.invariants.isEmpty {
      checkTransitionInvariants(before: before, action: action, after: after, at: location)
    }
  }

  private func check(
    before: State,
    after: State,
    assert: ((inout State) throws -> Void)?,
    at location: SourceCodeLocation
  ) {
    switch exhaustivity {
    case .on:
      var expected = before
      do {
        try assert?(&expected)
      } catch {
        TestFailure.record(FailureMessage.threw(error), at: location)
        return
      }
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
      if expected != after {
        TestFailure.record(
          FailureMessage.stateMismatch(
            expected: expected, actual: after, before: before, changed: after != before),
          at: location)
      } else if showSkipped {
        var asserted = before
        try? assert?(&asserted)
        if asserted != after {
          TestFailure.record(
            FailureMessage.skippedStateChange(before: asserted, after: after), at: location,
            isKnown: true)
        }
      }
    }
  }

  /// Reduces the received actions without asserting them.
  func applySkipped(showSkipped: Bool, location: SourceCodeLocation) {
    let skipped = skipReceived(while: { _ in true }, location: location)
    if showSkipped && !skipped.isEmpty {
      TestFailure.record(FailureMessage.skippedReceived(skipped), at: location, isKnown: true)
    }
  }

  /// Reduces received actions without asserting them, from the front, while `shouldSkip` accepts
  /// the first: one at a time, so that each one's synchronous follow-ups (which go to the front)
  /// are reduced before the actions after it, as a live store reduces them.
  ///
  /// - Returns: The actions skipped, in the order they were reduced.
  func skipReceived(
    while shouldSkip: (Action) -> Bool, location: SourceCodeLocation
  ) -> [TestStoreInbox<Action>.Received] {
    var skipped: [TestStoreInbox<Action>.Received] = []
    while let first = inbox.received.first, shouldSkip(first.action) {
      let received = inbox.removeFirst()!
      skipped.append(received)
      step(
        received.action, origin: nextOrigin("skipped", at: location), tree: received.tree,
        assert: nil, checksState: false)
    }
    return skipped
  }

  /// Runs every piece of effect work that can run now, on the store's scheduler.
  ///
  /// Effects that wait only on injected closures and a `TestClock` have all reached their next
  /// wait when it returns. A step that runs a million jobs without any of them waiting is an effect
  /// spinning (a loop on `Task.yield()`): real effects run a handful of jobs per step, so the
  /// bound is far above any of them, and hitting it is reported instead of hanging the test.
  func runReadyEffects() async {
    let limit = 1_000_000
    guard await scheduler.runReadyWork(jobLimit: limit) >= limit else { return }
    TestFailure.record(
      """
      Effects keep running without ever waiting.

      A million jobs ran in one step; an effect probably loops on Task.yield() or similar.
      """, at: location)
  }
}
