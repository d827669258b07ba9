/// What stands between an environment's declared calls and what they reach: the explorer, a
/// recorder, a replay, or a logger of your own.
///
/// ``InterceptableEnvironment/intercepted(by:)`` routes every call an environment declares
/// through an interceptor. The interceptor decides what the call returns: it may run the real
/// call (`live`), answer from elsewhere, or wait.
///
/// A synchronous call (`uuid()`, `now()`) cannot wait, so it comes through the second
/// requirement, which answers at once:
///
/// ```swift
/// struct CallLog: CallInterceptor {
///   func intercept<Output: Sendable>(
///     _ call: InterceptedCall<Output>, live: () async throws -> Output
///   ) async throws -> Output {
///     print("→ \(call.name)")
///     return try await live()
///   }
///
///   func intercept<Output: Sendable>(
///     _ call: InterceptedCall<Output>, live: () throws -> Output
///   ) throws -> Output {
///     print("→ \(call.name), at once")
///     return try live()
///   }
/// }
/// let environment = Login.Environment.demo(clock: ContinuousClock()).intercepted(by: CallLog())
/// ```
public protocol CallInterceptor: Sendable {
  /// Answers one call.
  ///
  /// - Parameters:
  ///   - call: The call: its name, arguments and declared outcomes.
  ///   - live: The environment's own implementation of the call, with the call's arguments.
  /// - Returns: What the call returns.
  func intercept<Output: Sendable>(
    _ call: InterceptedCall<Output>, live: () async throws -> Output
  ) async throws -> Output

  /// Answers one synchronous call, at once: it cannot wait.
  ///
  /// A declared call that cannot throw still comes through here; when this throws, the call
  /// reports the error at its declaration and returns what `live` returns.
  ///
  /// - Parameters:
  ///   - call: The call: its name, arguments and declared outcomes.
  ///   - live: The environment's own implementation of the call, with the call's arguments.
  /// - Returns: What the call returns.
  func intercept<Output: Sendable>(
    _ call: InterceptedCall<Output>, live: () throws -> Output
  ) throws -> Output
}

extension CallInterceptor {
  /// Answers a synchronous call that cannot throw. When the interceptor throws (a replay with
  /// no answer, an explorer's outcome that is a failure), that is reported at the call's
  /// declaration, and the environment's own implementation answers, with its own reports
  /// silenced: in a replay or an exploration it is the unimplemented placeholder, whose report
  /// would blame the test's environment for what the report above explains.
  func answerWithoutThrowing<Output: Sendable>(
    _ call: InterceptedCall<Output>, live: () -> Output
  ) -> Output {
    do {
      return try intercept(call) { live() }
    } catch {
      IssueReporter.current.report(
        """
        The call "\(call.name)" cannot throw, and it could not be answered, so it returned \
        what the environment's own \(call.name) returns instead. Why: \(error)
        """, at: call.location)
      return IssueReporter.$current.withValue(IssueReporter { _, _ in }) { live() }
    }
  }

  /// Answers an asynchronous call that cannot throw, as the synchronous one above does. A call
  /// whose effect was cancelled while it waited is not reported: cancelling is not a failure.
  func answerWithoutThrowing<Output: Sendable>(
    _ call: InterceptedCall<Output>, live: () async -> Output
  ) async -> Output {
    do {
      return try await intercept(call) { await live() }
    } catch {
      if !(error is CancellationError) {
        IssueReporter.current.report(
          """
          The call "\(call.name)" cannot throw, and it could not be answered, so it returned \
          what the environment's own \(call.name) returns instead. Why: \(error)
          """, at: call.location)
      }
      return await IssueReporter.withCurrent(IssueReporter { _, _ in }) { await live() }
    }
  }
}
