import Tide

extension ExploreCalls: CallInterceptor {
  /// Waits until the explorer (or an exported test) ends a declared call with one of the
  /// outcomes its declaration gives: what `explorable(calls:clock:)` routes an environment's
  /// calls through. The real call never runs.
  ///
  /// <!-- example: given call: InterceptedCall<User> -->
  /// ```swift
  /// let user = try await ExploreCalls().intercept(call) { try await LoginDemoBackend.accounts[0].user }
  /// ```
  ///
  /// - Parameters:
  ///   - call: The call.
  ///   - live: The real call, which the explorer never runs.
  /// - Returns: The value of the outcome the explorer chose.
  public func intercept<Output: Sendable>(
    _ call: InterceptedCall<Output>, live: () async throws -> Output
  ) async throws -> Output {
    // A call without outcomes is reported where it is declared.
    try await self.call(
      call.name, arguments: call.arguments, outcomes: call.outcomes,
      declaresOutcomes: call.declaresOutcomes, declaredAt: call.location)
  }

  /// Ends a declared synchronous call at once with the first outcome its declaration gives for
  /// its arguments: a call that cannot wait cannot wait for the explorer's choice, and the first
  /// outcome for the same arguments is the same on every run, so runs stay reproducible. The
  /// real call never runs.
  ///
  /// <!-- example: given call: InterceptedCall<Int> -->
  /// ```swift
  /// let number = try ExploreCalls().intercept(call) { 7 }
  /// ```
  ///
  /// - Parameters:
  ///   - call: The call.
  ///   - live: The real call, which the explorer never runs.
  /// - Returns: The value of the call's first outcome.
  public func intercept<Output: Sendable>(
    _ call: InterceptedCall<Output>, live: () throws -> Output
  ) throws -> Output {
    guard let first = call.outcomes.first else {
      throw reportNoOutcomes(
        call.name, arguments: call.arguments, declaresOutcomes: call.declaresOutcomes,
        declaredAt: call.location, instead: "answering")
    }
    return try first.result()
  }
}

extension InterceptableEnvironment {
  /// An environment whose declared calls wait for the explorer (or an exported test) to end
  /// them with one of their declared outcomes, and whose declared clocks are `clock`.
  ///
  /// ```swift
  /// let environment = Login.Environment.explorable(calls: ExploreCalls(), clock: ManualClock())
  /// ```
  ///
  /// - Parameters:
  ///   - calls: The calls the explorer controls.
  ///   - clock: The clock the explorer's runs move.
  /// - Returns: The environment.
  public static func explorable(calls: ExploreCalls, clock: any Clock<Duration>) -> Self {
    unimplemented.replacingClocks(with: clock).intercepted(by: calls)
  }
}
