import Tide

/// The effects one ``TestStore`` send owns: those its action started and, transitively, those
/// started by the actions they sent back once the test received them, as a live `StoreTask`
/// owns them.
///
/// Await ``finish(timeout:fileID:filePath:line:column:)`` to assert they end, or ``cancel()``
/// them to simulate a screen going away.
///
/// <!-- example: given store: TestStore<Counter.State, Counter.Action, Counter.Environment> -->
/// ```swift
/// let task = await store.send(.onAppear)
/// await task.cancel()
/// ```
@MainActor
public struct TestStoreTask: Sendable {
  /// Every effect the send owns: those it started and, transitively, those started by the
  /// actions they sent back, once received.
  let tree: EffectTree
  let registry: EffectRegistry
  let runReadyEffects: @MainActor @Sendable () async -> Void
  /// The store's ``TestStore/timeout`` when `finish` is called.
  let storeTimeout: @MainActor @Sendable () -> Duration

  /// Cancels every effect the send owns and lets them wind down.
  ///
  /// <!-- example: given store: TestStore<Counter.State, Counter.Action, Counter.Environment> -->
  /// ```swift
  /// await store.send(.startTimerTapped).cancel()
  /// ```
  public func cancel() async {
    for token in tree.tokens { registry.cancel(token: token) }
    tree.cancel()
    await runReadyEffects()
  }

  /// Whether none of the effects the send owns is still running.
  ///
  /// <!-- example: given store: TestStore<Counter.State, Counter.Action, Counter.Environment> -->
  /// ```swift
  /// #expect(await store.send(.incrementTapped).isFinished)
  /// ```
  public var isFinished: Bool {
    tree.isEmpty
  }

  /// Waits for the step's effects to finish, failing if they are still running after
  /// `timeout` of real time.
  ///
  /// Effects that wait only on injected closures and a `ManualClock` have finished as soon as
  /// nothing can run, so this returns without waiting. The failure reads:
  ///
  /// ```
  /// An effect is still running.
  ///
  ///   Effect: .run("timer")
  ///   Started by: send(.startTimerTapped) at TimerTests.swift:12
  ///
  /// finish() waited 1.0 seconds of real time for it. Let it finish (advance the clock, answer what it waits for), cancel it, or call skipInFlightEffects().
  /// ```
  ///
  /// As a live store's `StoreTask.finish()` does, it cancels the effects when the task awaiting
  /// it is cancelled (a view's `.task { await store.send(.onAppear).finish() }` whose view
  /// went away), lets them wind down and returns without a failure. Unlike the live one, it
  /// waits no longer than its timeout: a task that models a view cancels it within that, or
  /// gives a longer `timeout`.
  ///
  /// - Parameters:
  ///   - timeout: How long to wait for effects that wait on something real; the store's
  ///     ``TestStore/timeout`` when `nil`.
  ///   - fileID: The caller's file, where a failure is reported.
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
    let budget = timeout ?? storeTimeout()
    let finished = await waitInRealTime(for: budget, runningReadyWork: runReadyEffects) {
      isFinished
    }
    if Task.isCancelled { await cancel() }
    let location = SourceCodeLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
    let tokens = tree.tokens
    for record in registry.inFlight where tokens.contains(record.token) {
      TestFailure.record(
        FailureMessage.stillRunning(record, waited: finished ? .zero : budget), at: location)
    }
  }
}
