import Tide

extension TestStore {
  /// Runs `body` with ``exhaustivity`` set to `exhaustivity`, and sets it back afterwards: a
  /// block of a test that checks only what it names.
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
    return try await body()
  }

  /// Asserts the current state, with no action: the closure turns ``state`` into the state the
  /// test expects, and it must already be that. Use it after steps that did not check everything
  /// (``Exhaustivity/off(showSkippedAssertions:)``, ``skipReceivedActions(fileID:filePath:line:column:)``).
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
    var expected = state
    do {
      try updateStateToExpectedResult(&expected)
    } catch {
      TestFailure.record(FailureMessage.threw(error), at: location)
      return
    }
    if expected != state {
      TestFailure.record(
        FailureMessage.stateDiffers(expected: expected, actual: state), at: location)
    }
  }
}
