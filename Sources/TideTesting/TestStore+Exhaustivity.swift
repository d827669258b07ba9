import Tide

extension TestStore {
  /// Runs `body` with ``exhaustivity`` set to `exhaustivity`, and sets it back afterwards: a
  /// block of a test that checks only what it names.
  ///
  /// A block with ``Exhaustivity/off(showSkippedAssertions:)`` ends by taking the actions its
  /// effects sent, and that it did not receive, as they were reduced: they belong to the block,
  /// so the test goes on from the state they led to and they are not leftovers at the end.
  /// Effects still running go on, for later steps to assert.
  ///
  /// <!-- example: given store: TestStore<Login.State, Login.Action, Login.Environment> -->
  /// ```swift
  /// await store.withExhaustivity(.off) {
  ///   await store.send(.usernameChanged("pritesh"))  // the change is not checked
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - exhaustivity: How much the store insists on inside `body`.
  ///   - body: The steps to run.
  /// - Returns: What `body` returns.
  public func withExhaustivity<Result>(
    _ exhaustivity: Exhaustivity, _ body: () async throws -> Result
  ) async rethrows -> Result {
    let outside = self.exhaustivity
    self.exhaustivity = exhaustivity
    defer { self.exhaustivity = outside }
    let result = try await body()
    if case .off(let showSkipped) = exhaustivity {
      await runReadyEffects()
      applySkipped(showSkipped: showSkipped, location: location)
    }
    return result
  }

  /// Asserts the current state, with no action: the closure turns ``state`` into the state the
  /// test expects, and it must already be that. Use it after steps that did not check everything
  /// (``Exhaustivity/off(showSkippedAssertions:)``, ``skipReceivedActions(fileID:filePath:line:column:)``).
  ///
  /// With exhaustivity off, it first takes the received actions not yet asserted as they were
  /// reduced, so it checks the state the store is in; with it on, it checks the state after the
  /// last asserted step, and those actions still wait for a `receive`.
  ///
  /// <!-- example: given store: TestStore<Login.State, Login.Action, Login.Environment> -->
  /// ```swift
  /// store.assert { $0.isLoading = false }
  /// ```
  ///
  /// A state that differs fails:
  ///
  /// ```
  /// The state does not match expectation.
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
  /// ```
  ///
  /// - Parameters:
  ///   - updateStateToExpectedResult: A closure that turns the current state into the expected
  ///     one.
  ///   - fileID: The caller's file, where a failure is reported.
  ///   - filePath: The caller's file path.
  ///   - line: The caller's line.
  ///   - column: The caller's column.
  public func assert(
    _ updateStateToExpectedResult: (inout State) throws -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let location = SourceCodeLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
    if case .off(let showSkipped) = exhaustivity {
      applySkipped(showSkipped: showSkipped, location: location)
    }
    var expected = state
    do {
      try updateStateToExpectedResult(&expected)
    } catch {
      TestFailure.record(FailureMessage.threw(error), at: location)
      return
    }
    reportProblems(syncExpected(&expected), at: location)
    if expected != state {
      TestFailure.record(
        FailureMessage.stateDiffers(expected: expected, actual: state), at: location)
    }
  }
}
