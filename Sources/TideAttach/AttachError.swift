/// Why an attach client could not read an address, connect, or go on.
///
/// ```swift
/// do { _ = try AttachAddress(parsing: "http://127.0.0.1:80") } catch { print(error.message) }
/// ```
public enum AttachError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The address is not `tide://127.0.0.1:PORT` or `tide+unix:PATH`.
  case invalidAddress(String)
  /// Nothing answered there, or it did not speak the attach protocol, or refused the token.
  case cannotConnect(String)
  /// The connection ended before an action could be sent.
  case connectionEnded(String)

  /// What went wrong, for a person.
  ///
  /// ```swift
  /// print(AttachError.connectionEnded("the served process closed the connection").message)
  /// // the connection ended: the served process closed the connection
  /// ```
  public var message: String {
    switch self {
    case .invalidAddress(let reason), .cannotConnect(let reason): reason
    case .connectionEnded(let reason): "the connection ended: \(reason)"
    }
  }

  /// The message.
  public var description: String { message }
}
