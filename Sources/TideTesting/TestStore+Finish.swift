import Tide
import TideInspect

extension TestStore {
  // MARK: - Finishing

  /// Waits for every effect to finish, then fails for each received action that was never
  /// asserted and each effect still running, at the step that started it.
  ///
  /// A test store does the same when it is released, so calling `finish()` is only needed to
  /// wait for effects that wait on something real, or to check before the end of a test.
  ///
  /// An effect still running once the timeout has passed fails where it started:
  ///
  /// ```
  /// An effect is still running.
  ///
  ///   Effect: .run("login")
  ///   Started by: send(.loginButtonTapped) at LoginTests.swift:30
  ///
  /// finish() waited 1.0 seconds of real time for it. Let it finish (advance the clock, answer what it waits for), cancel it, or call skipInFlightEffects().
  /// ```
  ///
  /// <!-- example: given store: TestStore<Login.State, Login.Action, Login.Environment> -->
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
    let location = SourceCodeLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
    let budget = timeout ?? self.timeout
    let finished = await waitInRealTime(
      for: budget, runningReadyWork: { await runReadyEffects(at: location) },
      until: { registry.isEmpty })
    Self.reportLeftovers(
      log.removeAll(), exhaustivity: exhaustivity, registry: registry,
      waited: finished ? .zero : budget)
  }

  /// Reduces every received action without asserting it, so the test can go on from the state
  /// they lead to.
  ///
  /// With ``Exhaustivity/off(showSkippedAssertions:)`` and `showSkippedAssertions`, the skipped
  /// actions are reported as known issues.
  ///
  /// <!-- example: given store: TestStore<Login.State, Login.Action, Login.Environment> -->
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
    await runReadyEffects(at: location)
    let showSkipped: Bool
    if case .off(let show) = exhaustivity { showSkipped = show } else { showSkipped = false }
    applySkipped(showSkipped: showSkipped, location: location)
    await runReadyEffects(at: location)
    checkStateInvariants(at: location)
  }

  /// Cancels every running effect, so that none is reported as still running.
  ///
  /// <!-- example: given store: TestStore<Login.State, Login.Action, Login.Environment> -->
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
    // Cancelled first, then given their turn to wind down: running them first would run an
    // effect that never waits once more before it is stopped.
    let running = registry.inFlight
    if case .off(showSkippedAssertions: true) = exhaustivity, !running.isEmpty {
      TestFailure.record(FailureMessage.skippedEffects(running), at: location, isKnown: true)
    }
    registry.cancelAll()
    await runReadyEffects(at: location)
  }

  /// The effects still running, oldest first, to ask about by name or cancellation identifier,
  /// or to print.
  ///
  /// <!-- example: given store: TestStore<Login.State, Login.Action, Login.Environment> -->
  /// ```swift
  /// #expect(store.runningEffects.contains(named: "login"))
  /// #expect(store.runningEffects.descriptions == [#".run("login")"#])
  /// ```
  public var runningEffects: RunningEffects {
    RunningEffects(registry.inFlight)
  }

  /// The actions effects sent back that no `receive` has asserted yet, oldest first.
  ///
  /// <!-- example: given store: TestStore<Login.State, Login.Action, Login.Environment> -->
  /// ```swift
  /// #expect(store.receivedActions.isEmpty)
  /// ```
  public var receivedActions: [Action] {
    received.all.map(\.action)
  }

  /// Reports the received actions nobody asserted and the effects still running, then drops
  /// them (cancelling the effects), so that each is reported once.
  nonisolated static func reportLeftovers(
    _ received: [ReceivedAction<Action>], exhaustivity: Exhaustivity, registry: EffectRegistry,
    waited: Duration = .zero
  ) {
    let running = registry.inFlight
    for record in running { registry.forget(token: record.token) }
    guard !received.isEmpty || !running.isEmpty else { return }
    switch exhaustivity {
    case .on:
      // One failure for them all, where the first came from: a thousand leftovers are one
      // mistake, and a thousand issues take minutes to report.
      if let first = received.first, let location = first.origin.location {
        let message =
          received.count == 1
          ? FailureMessage.unasserted(first) : FailureMessage.unasserted(received)
        TestFailure.record(message, at: location)
      }
      // Each effect where it started, up to ten; the rest are one failure, as leftover actions
      // are: forty thousand effects left running are one mistake.
      let located = running.filter { $0.origin?.location != nil }
      for record in located.prefix(FailureMessage.listedActions) {
        TestFailure.record(
          FailureMessage.stillRunning(record, waited: waited), at: record.origin!.location!)
      }
      let rest = Array(located.dropFirst(FailureMessage.listedActions))
      if let location = rest.first?.origin?.location {
        TestFailure.record(FailureMessage.stillRunning(more: rest, waited: waited), at: location)
      }
    case .off(showSkippedAssertions: true):
      if let location = received.first?.origin.location ?? running.first?.origin?.location {
        if !received.isEmpty {
          TestFailure.record(FailureMessage.skippedReceived(received), at: location, isKnown: true)
        }
        if !running.isEmpty {
          TestFailure.record(FailureMessage.skippedEffects(running), at: location, isKnown: true)
        }
      }
    case .off:
      break
    }
  }
}
