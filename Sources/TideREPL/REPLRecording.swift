import Tide
import TideRecord

/// How the REPL replays a feature's recordings: the feature's environment with its calls routed
/// through recorded answers.
///
/// Registering one gives the feature an environment named `replay`, which a recording loaded
/// with `:load` or `tide --open` runs in: each environment call waits on the REPL's clock until
/// the time it answered when it was recorded, and answers the same, so a session recorded
/// against a live server replays with no server.
///
/// ```swift
/// REPLFeature(
///   name: "login",
///   summary: "the login screen",
///   initialState: Login.State(),
///   reducer: Login.reducer,
///   environments: [REPLEnvironment("demo", summary: "demo accounts") { .demo(clock: $0) }],
///   recording: REPLRecording()
/// )
/// ```
public struct REPLRecording<Environment> {
  let environment: (RecordedCalls, any Clock<Duration>) -> Environment
  /// The Swift expression an exported test builds the environment with, in terms of `calls`
  /// (the recording's answers) and `clock`.
  let testExpression: String?

  /// The name of the environment recordings replay in.
  static var environmentName: String { "replay" }

  /// Describes how to replay recordings of a feature whose environment builds itself around
  /// the recording in its own way; an `InterceptableEnvironment` needs only ``init()``.
  ///
  /// ```swift
  /// REPLRecording(testExpression: "Login.Environment.replaying(calls)") { calls, _ in
  ///   Login.Environment.replaying(calls)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - testExpression: The Swift expression an exported test builds the environment with,
  ///     in terms of `calls` (a `RecordedCalls` over the recording) and `clock`;
  ///     without one, replayed sessions cannot be exported.
  ///   - environment: Builds the environment from the recording's answers and the REPL's
  ///     clock. Its own calls never run: wrap an unimplemented environment.
  public init(
    testExpression: String? = nil,
    environment: @escaping (_ calls: RecordedCalls, _ clock: any Clock<Duration>) -> Environment
  ) {
    self.environment = environment
    self.testExpression = testExpression
  }
}

extension REPLRecording where Environment: InterceptableEnvironment {
  /// Replays recordings of a feature whose environment declares its calls: in
  /// `Environment.replaying(calls)`, which an exported test spells the same way, with the type's
  /// name without its module (`Login.Environment.replaying(calls)`). A private or local type has
  /// no name a test could use, so its replayed sessions cannot be exported.
  ///
  /// ```swift
  /// let recording = REPLRecording<Login.Environment>()
  /// ```
  public init() {
    let type = String(reflecting: Environment.self)
    let name = type.split(separator: ".", maxSplits: 1).last.map(String.init) ?? type
    self.init(
      testExpression: type.contains("(unknown context") ? nil : "\(name).replaying(calls)"
    ) { calls, _ in .replaying(calls) }
  }
}
