import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The HTTP client behind `Login.Environment.live(baseURL:timeout:)`.
struct LiveLoginClient: Sendable {
  let endpoint: URL
  let timeout: Duration

  init(baseURL: URL, timeout: Duration) throws {
    guard let scheme = baseURL.scheme?.lowercased(), let host = baseURL.host, !host.isEmpty else {
      throw LoginClientConfigurationError.invalidURL(baseURL.absoluteString)
    }
    guard baseURL.user == nil, baseURL.password == nil else {
      throw LoginClientConfigurationError.credentialsInURL
    }
    guard scheme == "https" || (scheme == "http" && Self.isLoopback(host)) else {
      throw LoginClientConfigurationError.insecureURL(baseURL.absoluteString)
    }
    self.endpoint = baseURL.appendingPathComponent("login")
    self.timeout = timeout
  }

  static func isLoopback(_ host: String) -> Bool {
    let host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
    return host == "localhost" || host == "::1" || host.hasPrefix("127.")
  }

  @Sendable
  func login(_ username: String, _ password: String) async throws -> User {
    var request = URLRequest(url: endpoint)
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    let (seconds, attoseconds) = timeout.components
    request.timeoutInterval = Double(seconds) + Double(attoseconds) / 1e18
    request.httpBody = try JSONEncoder().encode(["username": username, "password": password])

    let data: Data
    let response: URLResponse
    do {
      (data, response) = try await URLSession.shared.data(for: request)
    } catch {
      throw LoginServiceError(error)
    }
    return try Self.user(from: data, response: response)
  }

  /// Maps a server's answer to a user or to the error the contract names.
  static func user(from data: Data, response: URLResponse) throws -> User {
    guard let status = (response as? HTTPURLResponse)?.statusCode else {
      throw LoginServiceError.transport("The answer was not HTTP.")
    }
    switch status {
    case 200:
      guard !data.isEmpty else { throw LoginServiceError.nilData }
      do {
        return try JSONDecoder().decode(User.self, from: data)
      } catch {
        throw LoginServiceError.undecodableBody(Self.describe(error))
      }
    case 401, 403:
      throw LoginServiceError.invalidCredentials
    default:
      throw LoginServiceError.wrongStatusCode(status)
    }
  }

  /// A short reason for a decoding failure.
  static func describe(_ error: any Error) -> String {
    switch error {
    case DecodingError.keyNotFound(let key, _):
      "missing field \"\(key.stringValue)\""
    case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
      "wrong type at \"\(context.codingPath.map(\.stringValue).joined(separator: "."))\""
    default:
      "not JSON"
    }
  }
}
