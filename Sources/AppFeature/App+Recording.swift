import AddLocationFeature
import LoginFeature
import TideRecord

extension App.Environment {
  /// This environment with the login call and the geocoder routed through `calls`: recorded
  /// while a ``Recorder`` records, answered from the recording on replay.
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
}
