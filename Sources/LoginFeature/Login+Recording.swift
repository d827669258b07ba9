import TideRecord

extension Login.Environment {
  /// This environment with its login call routed through `calls`: recorded while a `Recorder`
  /// records, answered from the recording on replay (when this environment's own call does not
  /// run, so `.unimplemented` is the one to wrap).
  ///
  /// A ``LoginServiceError`` is kept as itself; another error as its description.
  ///
  /// ```swift
  /// let recorder = Recorder(feature: "login", environment: "demo")
  /// let environment = Login.Environment.demo(clock: ContinuousClock()).recorded(by: recorder.calls)
  /// ```
  ///
  /// - Parameters:
  ///   - calls: Where the calls are recorded or answered.
  /// - Returns: The environment.
  public func recorded(by calls: RecordedCalls) -> Self {
    let login = self.login
    return Self(login: { username, password in
      try await calls.call("login", errors: LoginServiceError.self) {
        try await login(username, password)
      }
    })
  }

  /// An environment whose login call answers from a recording, and never runs: what a replay,
  /// and a test exported from one, use.
  ///
  /// <!-- example: given recording: Recording -->
  /// ```swift
  /// let clock = ManualClock()
  /// let environment = Login.Environment.replaying(RecordedCalls(replaying: recording, clock: clock))
  /// ```
  ///
  /// - Parameters:
  ///   - calls: The recording's answers.
  /// - Returns: The environment.
  public static func replaying(_ calls: RecordedCalls) -> Self {
    unimplemented.recorded(by: calls)
  }
}
