import Foundation
import Tide

extension RecordedCalls: CallInterceptor {
  /// Records a declared call's answer, or answers it from the recording: what
  /// `recorded(by:)` and `replaying(_:)` route an environment's calls through.
  ///
  /// A value is kept as JSON when its type is `Codable`, and a `Void` result as `null`. A value
  /// of another type cannot be kept: the first time, that is reported, at the line that declares
  /// the call (its `EnvironmentCall`), as
  ///
  /// ```
  /// The answers of "open" cannot be recorded: Notes.Handle is not Codable. A replay throws RecordedCallError.failed for them; make the type Codable to keep them.
  /// ```
  ///
  /// and a replay of the call throws ``RecordedCallError/failed(description:)``.
  ///
  /// <!-- example: given call: InterceptedCall<User> -->
  /// ```swift
  /// let recorder = Recorder(feature: "login", environment: "demo")
  /// let user = try await recorder.calls.intercept(call) { try await LoginDemoBackend.accounts[0].user }
  /// ```
  ///
  /// - Parameters:
  ///   - call: The call.
  ///   - live: The real call, run while recording.
  /// - Returns: What the call returned, live or recorded.
  public func intercept<Output: Sendable>(
    _ call: InterceptedCall<Output>, live: () async throws -> Output
  ) async throws -> Output {
    let name = call.name
    let errors = call.keptErrors ?? NoKeptErrors.self
    // An answer that cannot be kept is reported where the call is declared.
    let location = call.location
    return try await answer(
      name, isolation: nil, perform: live,
      keep: { value, number, recorder in
        Self.keepAny(value, call: name, number: number, by: recorder, declaredAt: location)
      },
      keepError: { error, recorder in Self.keep(error, as: errors, by: recorder) },
      give: { answer in try Self.giveAny(answer, as: Output.self, errors: errors) })
  }

  /// Records a declared synchronous call's answer, or answers it from the recording at once:
  /// a call that cannot wait has its answer when it is made. A replay that has no answer for it
  /// reports that and throws ``RecordedCallError/noAnswer(call:number:)``; values are kept as
  /// for the asynchronous `intercept(_:live:)`.
  ///
  /// <!-- example: given call: InterceptedCall<Int> -->
  /// ```swift
  /// let recorder = Recorder(feature: "notes", environment: "live")
  /// let number = try recorder.calls.intercept(call) { 7 }
  /// ```
  ///
  /// - Parameters:
  ///   - call: The call.
  ///   - live: The real call, run while recording.
  /// - Returns: What the call returned, live or recorded.
  public func intercept<Output: Sendable>(
    _ call: InterceptedCall<Output>, live: () throws -> Output
  ) throws -> Output {
    let name = call.name
    let errors = call.keptErrors ?? NoKeptErrors.self
    let location = call.location
    return try answerAtOnce(
      name, perform: live,
      keep: { value, number, recorder in
        Self.keepAny(value, call: name, number: number, by: recorder, declaredAt: location)
      },
      keepError: { error, recorder in Self.keep(error, as: errors, by: recorder) },
      give: { answer in try Self.giveAny(answer, as: Output.self, errors: errors) })
  }

  /// The answer a value of any type is kept as.
  private static func keepAny<Value>(
    _ value: Value, call name: String, number: Int, by recorder: Recorder,
    declaredAt location: SourceCodeLocation?
  ) -> SessionFile.AnswerResult {
    if Value.self == Void.self { return .value(json: "null") }
    guard let encodable = value as? any Encodable, Value.self is any Decodable.Type else {
      let message =
        "The answers of \(JSONQuoting.quoted(name)) cannot be recorded: \(displayName(Value.self)) is not Codable. A replay throws RecordedCallError.failed for them; make the type Codable to keep them."
      recorder.reportOnce(message, at: location)
      return .failure(description: message)
    }
    return keep(encodable, call: name, number: number, declaredAt: location)
  }

  /// Returns or throws a recorded answer of any type.
  private static func giveAny<Value, Failure: Error & Codable>(
    _ answer: SessionFile.Answer, as type: Value.Type, errors: Failure.Type
  ) throws -> Value {
    try give(answer, errors: Failure.self) { text in
      if Value.self == Void.self {
        guard text == "null" else {
          throw undecodable(answer, "the call returns Void, and the answer is \(text)")
        }
        return () as! Value
      }
      guard let decodable = Value.self as? any Decodable.Type else {
        throw undecodable(answer, "\(displayName(Value.self)) is not Decodable")
      }
      do {
        return try decode(decodable, from: text) as! Value
      } catch {
        throw undecodable(answer, "it is not \(displayName(Value.self)): \(error)")
      }
    }
  }

  private static func decode<Value: Decodable>(_ type: Value.Type, from text: String) throws
    -> Value
  {
    try JSONDecoder().decode(Value.self, from: Data(text.utf8))
  }
}

extension InterceptableEnvironment {
  /// This environment with its declared calls routed through `calls`: recorded while a
  /// `Recorder` records, answered from the recording on replay.
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
    intercepted(by: calls)
  }

  /// An environment whose declared calls answer from a recording, and never run, and whose
  /// declared clocks are the replay's: what a replay, and a test exported from one, use.
  ///
  /// A call answers at the time it answered when recorded, on the replay's clock: move that
  /// clock (a store `drivenBy:` it, `advance(by:)`), or a call recorded at 1300 ms waits until
  /// it is moved there.
  ///
  /// <!-- example: given recording: Recording -->
  /// ```swift
  /// let clock = ManualClock()
  /// let environment = App.Environment.replaying(RecordedCalls(replaying: recording, clock: clock))
  /// ```
  ///
  /// - Parameters:
  ///   - calls: The recording's answers.
  /// - Returns: The environment.
  public static func replaying(_ calls: RecordedCalls) -> Self {
    var environment = unimplemented
    if let clock = calls.replayClock { environment = environment.replacingClocks(with: clock) }
    return environment.intercepted(by: calls)
  }
}
