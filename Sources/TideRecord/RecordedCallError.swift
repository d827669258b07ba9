/// Why a replayed environment call could not answer as it did when it was recorded.
///
/// The runtime's issue reporter is told first (a test fails with the message), then the call
/// throws this error, so the feature sees a failed call rather than waiting for ever.
///
/// ```swift
/// let error = RecordedCallError.noAnswer(call: "login", number: 2)
/// print(error)  // The recording has no answer for call #2 of "login".
/// ```
public enum RecordedCallError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The recording holds no answer for this call: the replay made more calls of this name than
  /// the recorded session did.
  case noAnswer(call: String, number: Int)
  /// The recorded answer does not decode as the type the call returns or throws now.
  case undecodable(call: String, number: Int, reason: String)
  /// The call threw an error when it was recorded that could not be kept as a value (it is not
  /// `Codable`, or not of the type the call declares): its description.
  case failed(description: String)

  /// What went wrong, in one sentence.
  public var description: String {
    switch self {
    case .noAnswer(let call, let number):
      "The recording has no answer for call #\(number) of \(JSONQuoting.quoted(call))."
    case .undecodable(let call, let number, let reason):
      "The recorded answer for call #\(number) of \(JSONQuoting.quoted(call)) does not decode: \(reason)"
    case .failed(let description):
      description
    }
  }
}
