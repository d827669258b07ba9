import AddLocationFeature
import LoginFeature
import TideRecord

extension App.Environment {
  /// This environment with the login call and the geocoder routed through `calls`: recorded
  /// while a `Recorder` records, answered from the recording on replay.
  ///
  /// ```swift
  /// let recorder = Recorder(feature: "app", environment: "demo")
  /// let environment = App.Environment.demo(clock: ContinuousClock()).recorded(by: recorder.calls)
  /// ```
  ///
  /// - Parameters:
  ///   - calls: Where the calls are recorded or answered.
  /// - Returns: The environment.
  public func recorded(by calls: RecordedCalls) -> Self {
    Self(login: login.recorded(by: calls), addLocation: addLocation.recorded(by: calls))
  }

  /// An environment whose calls answer from a recording, and never run, on the replay's clock:
  /// what a replay, and a test exported from one, use.
  ///
  /// <!-- example: given recording: Recording -->
  /// ```swift
  /// let clock = ManualClock()
  /// let environment = App.Environment.replaying(
  ///   RecordedCalls(replaying: recording, clock: clock), clock: clock)
  /// ```
  ///
  /// - Parameters:
  ///   - calls: The recording's answers.
  ///   - clock: The replay's clock, which the search's debounce waits on.
  /// - Returns: The environment.
  public static func replaying(_ calls: RecordedCalls, clock: any Clock<Duration>) -> Self {
    Self(login: .replaying(calls), addLocation: .replaying(calls, clock: clock))
  }
}
