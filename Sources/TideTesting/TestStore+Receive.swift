import Tide
import TideInspect

extension TestStore {
  // MARK: - Receiving

  /// Asserts that an effect sent `expected` back, then reduces it and asserts how it changes the
  /// state, as ``send(_:assert:fileID:filePath:line:column:)-(Action,_,_,_,_,_)`` does.
  ///
  /// The store reduces the actions effects send as they arrive, as a live store does, and records
  /// them; `receive` asserts the oldest it has not asserted yet, and the state change it made.
  /// Failures:
  ///
  /// ```
  /// Expected to receive .loginResponse(.success(User(…))), but received none.
  ///
  ///   Still running: .run("login") started by send(.loginButtonTapped) at LoginTests.swift:30
  ///
  /// Waited 1.0 seconds of real time. Advance the ManualClock the effect sleeps on, or raise timeout if it waits on something real.
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
  ///
  /// It changed the state:
  ///
  ///       Login.State(
  ///         username: "pritesh",
  ///         password: "••••••",
  ///     −   isLoading: true,
  ///     +   isLoading: false,
  ///         user: nil,
  ///     −   alert: nil
  ///     +   alert: Login.Alert(
  ///     +     title: "Error",
  ///     +     message: "The username or password is incorrect."
  ///     +   )
  ///       )
  ///
  /// (Before: −, After: +)
  /// ```
  ///
  /// The store goes on as a live store does: the action it received is reduced, and the message
  /// ends with what it did to the state (or `It left the state as it was.`), which is what a test
  /// that meant that action asserts.
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
  ) async where Action: Equatable {
    let location = SourceCodeLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
    await receive(
      description: FailureMessage.line(expected), matching: { $0 == expected },
      unexpected: {
        FailureMessage.unexpected(expected: expected, received: $0.action, origin: $0.origin)
      },
      timeout: timeout, assert: updateStateToExpectedResult, location: location)
  }

  /// Asserts that an effect sent back an action that `isMatching` accepts, then reduces it and
  /// asserts how it changes the state.
  ///
  /// Use it for actions whose payload is hard to build in a test (an error from a real client).
  ///
  /// <!-- example: given store: TestStore<Login.State, Login.Action, Login.Environment> -->
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
      unexpected: { FailureMessage.unmatched($0, because: "It does not match the predicate.") },
      timeout: timeout, assert: updateStateToExpectedResult, location: location)
  }

  /// Asserts that an effect sent back an action of one case, whatever its payload, then reduces
  /// it and asserts how it changes the state. Actions need not be `Equatable` for it: a payload
  /// such as `Result<User, any Error>` is matched by its case.
  ///
  /// <!-- example: given store: TestStore<Login.State, Login.Action, Login.Environment> -->
  /// ```swift
  /// await store.receive(CasePath(Login.Action.loginResponse)) { $0.isLoading = false }
  /// ```
  ///
  /// An action of another case fails:
  ///
  /// ```
  /// Received unexpected action.
  ///
  ///     + .alertDismissed
  ///
  /// It is of another case, or, for one element's actions, of another element.
  ///
  ///   Sent by an effect of send(.loginButtonTapped) at LoginTests.swift:30
  /// ```
  ///
  /// and goes on with what the action did to the state, as for ``receive(_:timeout:assert:fileID:filePath:line:column:)-(Action,_,_,_,_,_,_)``.
  ///
  /// A case path to a case without a payload (`CasePath(Search.Action.clearTapped)`) names one
  /// action: it is described as that action, and a failure shows the two as a diff, as receiving
  /// the action itself does.
  ///
  /// - Parameters:
  ///   - casePath: A case path to the case the received action must be of; compose nested
  ///     cases with `CasePath.appending(path:)`.
  ///   - timeout: How long to wait, in real time, for effects that wait on something real.
  ///   - updateStateToExpectedResult: A closure that turns the state before the action into the
  ///     state expected after it.
  ///   - fileID: The caller's file, where failures are reported.
  ///   - filePath: The caller's file path.
  ///   - line: The caller's line.
  ///   - column: The caller's column.
  public func receive<Value>(
    _ casePath: CasePath<Action, Value>,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = SourceCodeLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
    if Value.self == Void.self, let expected = (() as Any) as? Value {
      // A case without a payload is one action: described, and diffed, as that action.
      let expectedAction = casePath.embed(expected)
      await receive(
        description: FailureMessage.line(expectedAction), matching: { casePath.extract($0) != nil },
        unexpected: {
          FailureMessage.unexpected(
            expected: expectedAction, received: $0.action, origin: $0.origin)
        },
        timeout: timeout, assert: updateStateToExpectedResult, location: location)
      return
    }
    await receive(
      description: "an action of the expected case", matching: { casePath.extract($0) != nil },
      unexpected: {
        FailureMessage.unmatched(
          $0, because: "It is of another case, or, for one element's actions, of another element.")
      },
      timeout: timeout, assert: updateStateToExpectedResult, location: location)
  }

  /// Asserts that an effect sent back an action of one case with a payload equal to `expected`,
  /// then reduces it and asserts how it changes the state. The action itself need not be
  /// `Equatable`, only the payload.
  ///
  /// <!-- example: given store: TestStore<Login.State, Login.Action, Login.Environment> -->
  /// ```swift
  /// await store.receive(CasePath(Login.Action.loginResponse), .failure(.invalidCredentials)) {
  ///   $0.isLoading = false
  /// }
  /// ```
  ///
  /// A payload that differs fails with a diff of the two actions, as
  /// ``receive(_:timeout:assert:fileID:filePath:line:column:)-(Action,_,_,_,_,_,_)`` does.
  ///
  /// - Parameters:
  ///   - casePath: A case path to the case the received action must be of.
  ///   - expected: The payload it must carry.
  ///   - timeout: How long to wait, in real time, for effects that wait on something real.
  ///   - updateStateToExpectedResult: A closure that turns the state before the action into the
  ///     state expected after it.
  ///   - fileID: The caller's file, where failures are reported.
  ///   - filePath: The caller's file path.
  ///   - line: The caller's line.
  ///   - column: The caller's column.
  public func receive<Value: Equatable>(
    _ casePath: CasePath<Action, Value>,
    _ expected: Value,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let location = SourceCodeLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
    let expectedAction = casePath.embed(expected)
    await receive(
      description: FailureMessage.line(expectedAction),
      matching: { casePath.extract($0) == expected },
      unexpected: {
        FailureMessage.unexpected(
          expected: expectedAction, received: $0.action, origin: $0.origin)
      },
      timeout: timeout, assert: updateStateToExpectedResult, location: location)
  }

  /// Asserts that an effect sent back an action of the case a key path names in the action's
  /// `AllCasePaths`, whatever its payload, then reduces it and asserts how it changes the state:
  /// ``receive(_:timeout:assert:fileID:filePath:line:column:)-(CasePath<Action,Value>,_,_,_,_,_,_)``
  /// with the case path the enum lists.
  ///
  /// <!-- example: given store: TestStore<Search.State, Search.Action, Search.Environment> -->
  /// ```swift
  /// await store.receive(\.searchResponse) { $0.isSearching = false }
  /// ```
  ///
  /// When the key path is one stored property of `AllCasePaths` (`let searchResponse =
  /// CasePath(…)`), a failure names the case, which a case path made from a constructor cannot:
  ///
  /// ```
  /// Received unexpected action.
  ///
  ///     + .searchFailed("offline")
  ///
  /// It is not of case .searchResponse.
  ///
  ///   Sent by an effect of send(.searchTapped) at SearchTests.swift:12
  /// ```
  ///
  /// and goes on with what the action did to the state.
  ///
  /// A key path to a case inside that case (`\.searchResponse.success`), or to one element's
  /// action (`\.memo[id: 2]`, through `CasePath`'s `[id:]`), names the outer case,
  /// which is all Swift prints by name: an action of the outer case that the rest does not match
  /// fails with `It is of case .searchResponse, but the rest of the key path does not match it
  /// (a case inside it, or an element's identifier).`
  ///
  /// - Parameters:
  ///   - casePath: A key path to the case's case path in `Action.AllCasePaths`.
  ///   - timeout: How long to wait, in real time, for effects that wait on something real.
  ///   - updateStateToExpectedResult: A closure that turns the state before the action into the
  ///     state expected after it.
  ///   - fileID: The caller's file, where failures are reported.
  ///   - filePath: The caller's file path.
  ///   - line: The caller's line.
  ///   - column: The caller's column.
  public func receive<Value>(
    _ casePath: KeyPath<Action.AllCasePaths, CasePath<Action, Value>>,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Action: CasePathable {
    let path = Action.allCasePaths[keyPath: casePath]
    guard Value.self != Void.self, let name = caseName(of: casePath) else {
      await receive(
        path, timeout: timeout, assert: updateStateToExpectedResult, fileID: fileID,
        filePath: filePath, line: line, column: column)
      return
    }
    let location = SourceCodeLocation(
      fileID: fileID, filePath: filePath, line: line, column: column)
    guard name.isNested else {
      await receive(
        description: "an action of case .\(name.outer)", matching: { path.extract($0) != nil },
        unexpected: { FailureMessage.unmatched($0, because: "It is not of case .\(name.outer).") },
        timeout: timeout, assert: updateStateToExpectedResult, location: location)
      return
    }
    // Swift names the first case of `\.loginResponse.success` or `\.row[id: 2]` only: the rest
    // goes through a subscript it prints as an address.
    await receive(
      description: "an action of case .\(name.outer) that the rest of the key path matches",
      matching: { path.extract($0) != nil },
      unexpected: {
        FailureMessage.unmatched(
          $0,
          because: enumCaseName($0.action) == name.outer
            ? "It is of case .\(name.outer), but the rest of the key path does not match it "
              + "(a case inside it, or an element's identifier)."
            : "It is not of case .\(name.outer).")
      },
      timeout: timeout, assert: updateStateToExpectedResult, location: location)
  }

  /// Asserts that an effect sent back an action of the case a key path names in the action's
  /// `AllCasePaths`, with a payload equal to `expected`, then reduces it and asserts how it
  /// changes the state:
  /// ``receive(_:_:timeout:assert:fileID:filePath:line:column:)-(CasePath<Action,Value>,_,_,_,_,_,_,_)``
  /// with the case path the enum lists.
  ///
  /// <!-- example: given store: TestStore<Search.State, Search.Action, Search.Environment> -->
  /// ```swift
  /// await store.receive(\.searchFailed, "offline") { $0.isSearching = false }
  /// ```
  ///
  /// - Parameters:
  ///   - casePath: A key path to the case's case path in `Action.AllCasePaths`.
  ///   - expected: The payload it must carry.
  ///   - timeout: How long to wait, in real time, for effects that wait on something real.
  ///   - updateStateToExpectedResult: A closure that turns the state before the action into the
  ///     state expected after it.
  ///   - fileID: The caller's file, where failures are reported.
  ///   - filePath: The caller's file path.
  ///   - line: The caller's line.
  ///   - column: The caller's column.
  public func receive<Value: Equatable>(
    _ casePath: KeyPath<Action.AllCasePaths, CasePath<Action, Value>>,
    _ expected: Value,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Action: CasePathable {
    await receive(
      Action.allCasePaths[keyPath: casePath], expected, timeout: timeout,
      assert: updateStateToExpectedResult, fileID: fileID, filePath: filePath, line: line,
      column: column)
  }

  private func receive(
    description: String,
    matching: (Action) -> Bool,
    unexpected: (ReceivedAction<Action>) -> String,
    timeout: Duration?,
    assert: ((inout State) throws -> Void)?,
    location: SourceCodeLocation
  ) async {
    let budget = timeout ?? self.timeout
    let clock = ContinuousClock()
    let start = clock.now
    var waited = await waitForReceivedAction(timeout: budget, at: location)
    var skipped: [ReceivedAction<Action>] = []
    if case .off(let showSkipped) = exhaustivity {
      // Skip the received actions before the first that matches. The store goes on reducing
      // what effects send meanwhile, so keep waiting, within the same timeout, while none has
      // matched and effects are still running.
      while true {
        skipped += skipReceived(while: { !matching($0) }, location: location)
        let ranAway = await runReadyEffects(at: location)
        if let first = log.first, matching(first.action) { break }
        let remaining = budget - (clock.now - start)
        if !log.isEmpty {
          // Effects that send other actions without end (a timer on an immediate clock) keep
          // the log full: the timeout ends the wait, and so does their running away (reported),
          // which may take longer than the timeout.
          if remaining > .zero && !ranAway { continue }
          waited = budget
          break
        }
        if remaining <= .zero || registry.isEmpty {
          if !registry.isEmpty { waited = budget }
          break
        }
        _ = await waitForReceivedAction(timeout: remaining, at: location)
        if log.isEmpty {
          if !registry.isEmpty { waited = budget }
          break
        }
      }
      if showSkipped && !skipped.isEmpty {
        TestFailure.record(FailureMessage.skippedReceived(skipped), at: location, isKnown: true)
      }
    }
    let unmatched = exhaustivity != .on && log.first.map { !matching($0.action) } == true
    guard !unmatched, let (received, after) = log.removeFirst() else {
      TestFailure.record(
        FailureMessage.receivedNone(
          expected: description, running: registry.inFlight, waited: waited)
          + FailureMessage.skippedOnTheWay(skipped),
        at: location)
      return
    }
    let matched = matching(received.action)
    if matched {
      check(before: state, after: after, assert: assert, at: location)
    } else {
      TestFailure.record(
        unexpected(received)
          + FailureMessage.change(from: state, to: after, changed: after != state),
        at: location)
    }
    // The state follows what the store did, asserted or not.
    apply(received, after: after, at: location, audited: matched)
    await runReadyEffects(at: location)
    checkStateInvariants(at: location)
  }

  /// Waits, in real time, for an action to arrive while none is pending and effects that might
  /// send one are running; returns how long it waited.
  private func waitForReceivedAction(
    timeout: Duration, at location: SourceCodeLocation
  ) async -> Duration {
    let arrived = await waitInRealTime(
      for: timeout, runningReadyWork: { await runReadyEffects(at: location) },
      until: { !log.isEmpty || registry.isEmpty })
    return arrived ? .zero : timeout
  }
}

/// The case a key path into `AllCasePaths` names, as Swift prints it (`searchResponse` for
/// `\.searchResponse`), and whether the path goes on to a case inside it (`\.searchResponse.success`,
/// whose rest Swift prints without a name); `nil` when its first step is not one stored property
/// Swift can name (a computed one, no reflection metadata).
private func caseName(of keyPath: AnyKeyPath) -> (outer: String, isNested: Bool)? {
  // `\AllCasePaths.pong`: the type, then one component a case.
  let parts = "\(keyPath)".split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
  guard parts.count >= 2, parts[0].hasPrefix("\\"), !parts[1].isEmpty,
    parts[1].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
  else { return nil }
  return (String(parts[1]), parts.count == 3)
}
