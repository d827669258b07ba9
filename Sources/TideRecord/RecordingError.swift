/// Why a recording cannot be made, read or written: a plain reason, never the recording's
/// contents (they can hold secrets).
///
/// ```swift
/// do {
///   _ = try Recording(parsing: "send @0ms .loginButtonTapped")
/// } catch {
///   print(error)  // this is not a tide session: its first line is not '# tide session'
/// }
/// ```
public struct RecordingError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public let message: String

  /// Creates an error.
  ///
  /// ```swift
  /// let error = RecordingError("this store is already recorded")
  /// ```
  ///
  /// - Parameters:
  ///   - message: What went wrong.
  public init(_ message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
