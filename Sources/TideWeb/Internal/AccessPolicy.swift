/// Who may talk to the web front: a browser on this machine that was given the run's token.
///
/// - The Host header must be `127.0.0.1:PORT` or `localhost:PORT`, so a page of another site
///   that rebinds its name to 127.0.0.1 is refused (DNS rebinding).
/// - Every request carries the token, in the `token` query parameter (the first load) or the
///   `tide_token` cookie the first load sets: none gets 401, a wrong one 403.
/// - A POST must come from a page of this server: its Origin header is checked.
struct AccessPolicy: Sendable {
  let port: UInt16
  let token: String

  static let cookieName = "tide_token"

  /// The `Set-Cookie` value that carries the token from the first load on.
  var cookie: String { "\(Self.cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict" }

  var origins: [String] { ["http://127.0.0.1:\(port)", "http://localhost:\(port)"] }

  /// The answer that refuses `request`, or `nil` when it may go on.
  func refusal(of request: HTTPRequest) -> HTTPResponse? {
    guard request.method == "GET" || request.method == "POST" else {
      var response = HTTPResponse.text(405, "only GET and POST are answered here")
      response.headers.append(("Allow", "GET, POST"))
      return response
    }
    let host = request.header("host")?.lowercased() ?? ""
    guard host == "127.0.0.1:\(port)" || host == "localhost:\(port)" else {
      return .text(403, "the Host header must be 127.0.0.1:\(port) or localhost:\(port)")
    }
    guard let presented = request.queryValue("token") ?? request.cookie(Self.cookieName) else {
      return .text(401, "a token is required: open the address tide printed")
    }
    guard Self.constantTimeEqual(presented, token) else {
      return .text(403, "the token is wrong: open the address tide printed")
    }
    if request.method == "POST" {
      guard let origin = request.header("origin") else {
        return .text(403, "a POST must carry an Origin header")
      }
      guard origins.contains(origin.lowercased()) else {
        return .text(403, "a POST must come from a page of this server, not \(origin)")
      }
    }
    return nil
  }

  /// Compares without stopping at the first difference, so the time taken tells nothing.
  static func constantTimeEqual(_ lhs: String, _ rhs: String) -> Bool {
    let left = Array(lhs.utf8)
    let right = Array(rhs.utf8)
    var difference = UInt8(left.count == right.count ? 0 : 1)
    for index in 0..<max(left.count, right.count) {
      let a = index < left.count ? left[index] : 0
      let b = index < right.count ? right[index] : 0
      difference |= a ^ b
    }
    return difference == 0
  }

  /// A new token: 32 random bytes, in hex.
  static func makeToken() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<32).map { _ in
      let byte = UInt8.random(in: 0...255, using: &generator)
      return (byte < 16 ? "0" : "") + String(byte, radix: 16)
    }.joined()
  }
}
