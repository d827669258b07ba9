/// What stands between an environment's declared calls and what they reach: the explorer, a
/// recorder, a replay, or a logger of your own.
///
/// ``InterceptableEnvironment/intercepted(by:)`` routes every call an environment declares
/// through an interceptor. The interceptor decides what the call returns: it may run the real
/// call (`live`), answer from elsewhere, or wait.
///
/// ```swift
/// struct CallLog: CallInterceptor {
///   func intercept<Output: Sendable>(
///     _ call: InterceptedCall<Output>, live: () async throws -> Output
///   ) async throws -> Output {
///     print("→ \(call.name)")
///     return try await live()
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
}
