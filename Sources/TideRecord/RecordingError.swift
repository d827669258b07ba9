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
public enum RecordingError: Error, Equatable, Sendable, CustomStringConvertible {
  /// A store cannot record into a recorder: it is a scoped store, it already records, or the
  /// recorder records another store.
  case cannotRecord(String)
  /// A session's text or file cannot be read: the file is missing or not a regular file, or a
  /// line is not what a session holds (the reason names the line).
  case cannotRead(String)
  /// A recording cannot be written to a file: it exists, or cannot be created.
  case cannotWrite(String)

  /// What went wrong.
  ///
  /// ```swift
  /// let reason = RecordingError.cannotWrite("login.tide already exists").message
  /// ```
  public var message: String {
    switch self {
    case .cannotRecord(let reason), .cannotRead(let reason), .cannotWrite(let reason): reason
    }
  }

  /// The message.
  public var description: String { message }
}
