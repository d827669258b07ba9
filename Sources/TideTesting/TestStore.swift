import Tide
import TideInspect

/// A store for tests that asserts every state transition step by step: each action sent, each
/// action an effect sends back, nothing left unasserted and no effect left running.
///
/// ```swift
/// @Test func loginSucceeds() async {
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
///     −   isLoading: false,
///     +   isLoading: true,
///         password: "••••••",
///         username: "pritesh"
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
  /// ```swift
  /// store.exhaustivity = .off
  /// ```
  public var exhaustivity: Exhaustivity {
    get { inbox.exhaustivity }
    set { inbox.exhaustivity = newValue }
  }

  private let reducer: Reducer<State, Action, Environment>
  private let executor = ManualExecutor()
  private let runner: EffectRunner<Action>
  private let inbox = TestStoreInbox<Action>()
  private let location: SourceCodeLocation
  private var stepIndex = 0
  private let inspector = Inspector()

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
    self.runner = EffectRunner(executor: executor)
    self.location = SourceCodeLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  deinit {
    Self.reportLeftovers(inbox: inbox, registry: runner.registry)
    runner.registry.cancelAll()
  }

  // MARK: - Sending

  /// Sends an action and asserts how it changes the state.
  ///
  /// The closure receives a copy of the state *before* the action and must mutate it into the
  /// state *after* it. Without a closure, the state must not change. A closure that changes
  /// nothing is a failure too: omit it instead.
  ///
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
    await settle()
    let unasserted = inbox.received
    if !unasserted.isEmpty {
      switch exhaustivity {
      case .on:
        TestFailure.record(Messages.mustHandle(unasserted), at: location)
      case .off(let showSkipped):
        applySkipped(showSkipped: showSkipped, location: location)
      }
    }
    let origin = nextOrigin("send(\(inspector.line(action)))", at: location)
    let tasks = step(action, origin: origin, assert: updateStateToExpectedResult)
    await settle()
    return TestStoreTask(
      origin: origin, tasks: tasks, registry: runner.registry,
      settle: { [weak self] in
        await self?.settle()
      })
  }

  // MARK: - Receiving

  /// Asserts that an effect sent `expected` back, then reduces it and asserts how it changes the
  /// state, as ``send(_:assert:fileID:filePath:line:column:)`` does.
  ///
  /// Actions that effects send are queued, not reduced, until a `receive` asserts them, in the
  /// order they were sent. Failures:
  ///
  /// ```
  /// Expected to receive .loginResponse(.success(User(…))), but received none.
  ///
  ///   Still running: .run("login") started by send(.loginButtonTapped) at LoginTests.swift:30
  ///
  /// Waited 1.0 seconds of real time. Advance the TestClock the effect sleeps on, or raise timeout if it waits on something real.
  /// ```
  ///
  /// ```
  /// Received unexpected action.
  ///
  ///     − .loginResponse(.success(User(…)))
  ///     + .loginResponse(.failure(.invalidCredentials))
  ///
  /// (Expected: −, Received: +)
  ///
  ///   Sent by an effect of send(.loginButtonTapped) at LoginTests.swift:30
  /// ```
  ///
  /// - Parameters:
  ///   - expected: The action an effect should have sent.
  ///   - timeout: How long to wait, in real time, if it has not arrived and effects that might
  ///     send it are still running; ``timeout`` when `nil`.
  ///   - updateStateToExpectedResult: A closure that turns the state before the action into the
  ///     state expected after it.
  ///   - fileID: The caller's file, where failures are reported.
  ///   - filePath: The caller's file path.
  ///   - line: The caller's line.
  ///   - column: The caller's column.
  public func receive(
    _ expected: Action,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = SourceCodeLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
    await receive(
      description: inspector.line(expected), matching: { $0 == expected },
      unexpected: {
        Messages.unexpected(expected: expected, received: $0.action, origin: $0.origin)
      },
      timeout: timeout, assert: updateStateToExpectedResult, location: location)
  }

  /// Asserts that an effect sent back an action that `isMatching` accepts, then reduces it and
  /// asserts how it changes the state.
  ///
  /// Use it for actions whose payload is hard to build in a test (an error from a real client).
  ///
  /// ```swift
  /// await store.receive(
  ///   { if case .loginResponse(.failure) = $0 { true } else { false } },
  ///   assert: { $0.isLoading = false }
  /// )
  /// ```
  ///
  /// - Parameters:
  ///   - isMatching: A predicate the received action must satisfy.
  ///   - timeout: How long to wait, in real time, for effects that wait on something real.
  ///   - updateStateToExpectedResult: A closure that turns the state before the action into the
  ///     state expected after it.
  ///   - fileID: The caller's file, where failures are reported.
  ///   - filePath: The caller's file path.
  ///   - line: The caller's line.
  ///   - column: The caller's column.
  public func receive(
    _ isMatching: (Action) -> Bool,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = SourceCodeLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
    await receive(
      description: "an action matching the predicate", matching: isMatching,
      unexpected: { received in
        """
        Received unexpected action.

            + \(self.inspector.line(received.action))

        It does not match the predicate.

          Sent by an effect of \(received.origin)
        """
      },
      timeout: timeout, assert: updateStateToExpectedResult, location: location)
  }

  private func receive(
    description: String,
    matching: (Action) -> Bool,
    unexpected: (TestStoreInbox<Action>.Received) -> String,
    timeout: Duration?,
    assert: ((inout State) throws -> Void)?,
    location: SourceCodeLocation
  ) async {
    let waited = await waitForReceivedAction(timeout: timeout ?? self.timeout)
    if case .off(let showSkipped) = exhaustivity {
      // Skip (and apply) the received actions before the first that matches.
      var skipped: [TestStoreInbox<Action>.Received] = []
      while let first = inbox.received.first, !matching(first.action) {
        skipped.append(inbox.removeFirst()!)
      }
      apply(skipped: skipped, showSkipped: showSkipped, location: location)
      await settle()
    }
    guard let received = inbox.removeFirst() else {
      TestFailure.record(
        Messages.receivedNone(
          expected: description, running: runner.registry.inFlight, waited: waited),
        at: location)
      return
    }
    let origin = nextOrigin("receive(\(inspector.line(received.action)))", at: location)
    if matching(received.action) {
      _ = step(received.action, origin: origin, assert: assert)
    } else {
      TestFailure.record(unexpected(received), at: location)
      // Keep the state in step with what really happened.
      _ = step(received.action, origin: origin, assert: nil, checksState: false)
    }
    await settle()
  }

  /// Waits, in real time, for an action to arrive while none is queued and effects that might
  /// send one are running; returns how long it waited.
  private func waitForReceivedAction(timeout: Duration) async -> Duration {
    let arrived = await waitInRealTime(for: timeout, settle: settle) {
      !inbox.isEmpty || runner.registry.isEmpty
    }
    return arrived ? .zero : timeout
  }

  // MARK: - Finishing

  /// Waits for every effect to finish, then fails for each received action that was never
  /// asserted and each effect still running, at the step that started it.
  ///
  /// A test store does the same when it is released, so calling `finish()` is only needed to
  /// wait for effects that wait on something real, or to check before the end of a test.
  ///
  /// ```swift
  /// await store.finish()
  /// ```
  ///
  /// - Parameters:
  ///   - timeout: How long to wait, in real time, for effects that wait on something real;
  ///     ``timeout`` when `nil`.
  ///   - fileID: The caller's file.
  ///   - filePath: The caller's file path.
  ///   - line: The caller's line.
  ///   - column: The caller's column.
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    _ = await waitInRealTime(for: timeout ?? self.timeout, settle: settle) {
      runner.registry.isEmpty
    }
    Self.reportLeftovers(inbox: inbox, registry: runner.registry)
  }

  /// Reduces every received action without asserting it, so the test can go on from the state
  /// they lead to.
  ///
  /// With ``Exhaustivity/off(showSkippedAssertions:)`` and `showSkippedAssertions`, the skipped
  /// actions are reported as known issues.
  ///
  /// ```swift
  /// await store.skipReceivedActions()
  /// ```
  ///
  /// - Parameters:
  ///   - fileID: The caller's file.
  ///   - filePath: The caller's file path.
  ///   - line: The caller's line.
  ///   - column: The caller's column.
  public func skipReceivedActions(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = SourceCodeLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
    await settle()
    let showSkipped: Bool
    if case .off(let show) = exhaustivity { showSkipped = show } else { showSkipped = false }
    applySkipped(showSkipped: showSkipped, location: location)
    await settle()
  }

  /// Cancels every running effect, so that none is reported as still running.
  ///
  /// ```swift
  /// await store.skipInFlightEffects()
  /// ```
  ///
  /// - Parameters:
  ///   - fileID: The caller's file.
  ///   - filePath: The caller's file path.
  ///   - line: The caller's line.
  ///   - column: The caller's column.
  public func skipInFlightEffects(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = SourceCodeLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
    await settle()
    let running = runner.registry.inFlight
    if case .off(showSkippedAssertions: true) = exhaustivity, !running.isEmpty {
      TestFailure.record(Messages.skippedEffects(running), at: location, isKnown: true)
    }
    runner.registry.cancelAll()
    await settle()
  }

  /// The effects still running, oldest first, as their descriptions print them.
  ///
  /// ```swift
  /// #expect(store.runningEffects == [#".run("timer")"#])
  /// ```
  public var runningEffects: [String] {
    runner.registry.inFlight.map(\.description)
  }

  /// The actions effects sent back that no `receive` has asserted yet, oldest first.
  ///
  /// ```swift
  /// #expect(store.receivedActions.isEmpty)
  /// ```
  public var receivedActions: [Action] {
    inbox.received.map(\.action)
  }

  // MARK: - Steps

  private func nextOrigin(_ step: String, at location: SourceCodeLocation) -> EffectOrigin {
    stepIndex += 1
    return EffectOrigin(step: step, location: location, index: stepIndex)
  }

  /// Reduces one action, starts its effects on the store's executor, and checks the state.
  private func step(
    _ action: Action,
    origin: EffectOrigin,
    assert: ((inout State) throws -> Void)?,
    checksState: Bool = true
  ) -> [Task<Void, Never>] {
    let location = origin.location ?? self.location
    let reporter = IssueReporter { message, _ in TestFailure.record(message, at: location) }
    let before = state
    var tasks: [Task<Void, Never>] = []
    IssueReporter.$current.withValue(reporter) {
      ManualExecutor.$current.withValue(executor) {
        let effect = reducer.run(&state, action, environment)
        let inbox = self.inbox
        runner.start(
          effect,
          send: Send { inbox.append($0, from: origin) },
          origin: origin,
          tasks: &tasks,
          enqueue: { inbox.append($0, from: origin) }
        )
      }
    }
    if checksState { check(before: before, after: state, assert: assert, at: location) }
    return tasks
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
        TestFailure.record(Messages.threw(error), at: location)
        return
      }
      if expected != after {
        TestFailure.record(
          Messages.stateMismatch(expected: expected, actual: after, before: before), at: location)
      } else if assert != nil && after == before {
        TestFailure.record(Messages.noChange, at: location)
      }
    case .off(let showSkipped):
      // Only what the closure touches is checked: apply it to the actual state and compare.
      var expected = after
      do {
        try assert?(&expected)
      } catch {
        TestFailure.record(Messages.threw(error), at: location)
        return
      }
      if expected != after {
        TestFailure.record(
          Messages.stateMismatch(expected: expected, actual: after, before: before), at: location)
      } else if showSkipped {
        var asserted = before
        try? assert?(&asserted)
        if asserted != after {
          TestFailure.record(
            Messages.skippedStateChange(before: asserted, after: after), at: location,
            isKnown: true)
        }
      }
    }
  }

  /// Reduces the received actions without asserting them.
  private func applySkipped(showSkipped: Bool, location: SourceCodeLocation) {
    apply(skipped: inbox.removeAll(), showSkipped: showSkipped, location: location)
  }

  /// Reduces received actions without asserting them, and reports them as skipped if asked.
  private func apply(
    skipped: [TestStoreInbox<Action>.Received], showSkipped: Bool, location: SourceCodeLocation
  ) {
    for received in skipped {
      _ = step(
        received.action, origin: nextOrigin("skipped", at: location), assert: nil,
        checksState: false)
    }
    if showSkipped && !skipped.isEmpty {
      TestFailure.record(Messages.skippedReceived(skipped), at: location, isKnown: true)
    }
  }

  /// Runs effect work until nothing can run: the jobs on the store's executor, and the hops to
  /// the main actor that some of them make.
  func settle() async {
    var quietRounds = 0
    var jobs = 0
    // With no effect registered and nothing queued, no work can be waiting anywhere.
    if runner.registry.isEmpty && !executor.hasWork { return }
    while quietRounds < 3 {
      let ran = executor.runUntilIdle()
      jobs += ran
      await Task.yield()
      quietRounds = ran == 0 && !executor.hasWork ? quietRounds + 1 : 0
      if jobs > 1_000_000 {
        TestFailure.record(
          """
          Effects keep running without ever waiting.

          A million jobs ran in one step; an effect probably loops on Task.yield() or similar.
          """, at: location)
        return
      }
    }
  }

  /// Reports the received actions nobody asserted and the effects still running, then drops
  /// them (cancelling the effects), so that each is reported once.
  private nonisolated static func reportLeftovers(
    inbox: TestStoreInbox<Action>, registry: EffectRegistry
  ) {
    let received = inbox.removeAll()
    let running = registry.inFlight
    for record in running { registry.forget(token: record.token) }
    guard !received.isEmpty || !running.isEmpty else { return }
    switch inbox.exhaustivity {
    case .on:
      for action in received {
        if let location = action.origin.location {
          TestFailure.record(Messages.unasserted(action), at: location)
        }
      }
      for record in running {
        if let location = record.origin?.location {
          TestFailure.record(Messages.stillRunning(record), at: location)
        }
      }
    case .off(showSkippedAssertions: true):
      if let location = received.first?.origin.location ?? running.first?.origin?.location {
        if !received.isEmpty {
          TestFailure.record(Messages.skippedReceived(received), at: location, isKnown: true)
        }
        if !running.isEmpty {
          TestFailure.record(Messages.skippedEffects(running), at: location, isKnown: true)
        }
      }
    case .off:
      break
    }
  }
}
