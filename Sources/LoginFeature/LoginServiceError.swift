import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Why a login request failed.
///
/// ```swift
/// print(LoginServiceError.wrongStatusCode(500))  // The server answered with status 500.
/// ```
public enum LoginServiceError: Error, Equatable, Hashable, Sendable, Codable,
  CustomStringConvertible
{
  /// The server rejected the username and password (HTTP 401 or 403).
  case invalidCredentials
  /// The server answered 200 with an empty body.
  case nilData
  /// The server answered with a status other than 200, 401 or 403.
  case wrongStatusCode(Int)
  /// The server's body could not be decoded as a user; the detail says why.
  case undecodableBody(String)
  /// The request did not reach the server or its answer did not come back; the detail says why.
  case transport(String)
  /// The server did not answer in time.
  case timeout

  /// Classifies any error a login dependency throws.
  ///
  /// A `LoginServiceError` is kept as is; a `URLError` that timed out becomes ``timeout``;
  /// anything else becomes ``transport(_:)`` with its description.
  ///
  /// ```swift
  /// LoginServiceError(URLError(.timedOut))  // .timeout
  /// ```
  ///
  /// - Parameters:
  ///   - error: The error to classify.
  public init(_ error: any Error) {
    switch error {
    case let error as LoginServiceError:
      self = error
    case let error as URLError where error.code == .timedOut:
      self = .timeout
    case let error as URLError:
      self = .transport(error.localizedDescription)
    default:
      self = .transport(String(describing: error))
    }
  }

  /// What to tell the person who tried to log in.
  public var description: String {
    switch self {
    case .invalidCredentials: "The username or password is incorrect."
    case .nilData: "The server sent no data."
    case .wrongStatusCode(let code): "The server answered with status \(code)."
    case .undecodableBody(let detail): "The server's answer could not be read: \(detail)"
    case .transport(let detail): "Could not reach the server: \(detail)"
    case .timeout: "The server took too long to answer."
    }
  }
}
