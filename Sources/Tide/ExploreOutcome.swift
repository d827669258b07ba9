import TideInspect

/// One way an environment call can end, declared with the call (an ``EnvironmentCall``) so that
/// the explorer can choose it: a value, or an error.
///
/// ```swift
/// let login = EnvironmentCall<Login.Environment>("login", \.login) { username, _ in
///   [
///     .success(User(name: username, userName: username, email: "", address: "", designation: "")),
///     .failure(LoginServiceError.invalidCredentials),
///   ]
/// }
/// ```
public struct ExploreOutcome<Value: Sendable>: Sendable {
  /// How reports and exported tests name the outcome: `success(User(name: "ab"))`.
  ///
  /// Printed when it is first needed, not when the outcome is declared: an environment declares
  /// its outcomes on every call, and most are never reported.
  public var label: String { makeLabel() }
  package let makeLabel: @Sendable () -> String
  package let result: @Sendable () throws -> Value

  /// The call returns `value`.
  ///
  /// <!-- example: in outcome-locations -->
  /// ```swift
  /// .success([Location(name: "Brussels", latitude: 50.8503, longitude: 4.3517)])
  /// ```
  ///
  /// - Parameters:
  ///   - value: What the call returns.
  public static func success(_ value: Value) -> Self {
    Self(makeLabel: { "success(\(Inspector().line(value)))" }, result: { value })
  }

  /// The call throws `error`.
  ///
  /// <!-- example: in outcome-user -->
  /// ```swift
  /// .failure(LoginServiceError.wrongStatusCode(500))
  /// ```
  ///
  /// - Parameters:
  ///   - error: What the call throws.
  public static func failure(_ error: any Error & Sendable) -> Self {
    Self(makeLabel: { "failure(\(Inspector().line(error)))" }, result: { throw error })
  }
}
