import TideRecord

extension AddLocation.Environment {
  /// This environment with its geocoder routed through `calls`: recorded while a `Recorder`
  /// records, answered from the recording on replay. The clock stays this environment's own: on
  /// replay, give it the replay's clock.
  ///
  /// A ``GazetteerError`` is kept as its description.
  ///
  /// ```swift
  /// let recorder = Recorder(feature: "add-location", environment: "live")
  /// let environment = AddLocation.Environment.live(clock: ContinuousClock())
  ///   .recorded(by: recorder.calls)
  /// ```
  ///
  /// - Parameters:
  ///   - calls: Where the calls are recorded or answered.
  /// - Returns: The environment.
  public func recorded(by calls: RecordedCalls) -> Self {
    let geocode = self.geocode
    return Self(
      geocode: { query in try await calls.call("geocode") { try await geocode(query) } },
      clock: clock)
  }

  /// An environment whose geocoder answers from a recording, and never runs, on the replay's
  /// clock: what a replay, and a test exported from one, use.
  ///
  /// <!-- example: given recording: Recording -->
  /// ```swift
  /// let clock = ManualClock()
  /// let environment = AddLocation.Environment.replaying(
  ///   RecordedCalls(replaying: recording, clock: clock), clock: clock)
  /// ```
  ///
  /// - Parameters:
  ///   - calls: The recording's answers.
  ///   - clock: The replay's clock, which the debounce waits on.
  /// - Returns: The environment.
  public static func replaying(_ calls: RecordedCalls, clock: any Clock<Duration>) -> Self {
    Self(geocode: unimplemented.geocode, clock: clock).recorded(by: calls)
  }
}
