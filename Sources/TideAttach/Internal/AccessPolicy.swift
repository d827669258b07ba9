/// Who may talk to the web front: a page of this server, in a browser on this machine, that was
/// handed the run's token.
///
/// - The Host header must be `127.0.0.1:PORT` or `localhost:PORT`, so a page of another site
///   that rebinds its name to 127.0.0.1 is refused (DNS rebinding).
/// - Where a browser sends `Sec-Fetch-Site`, it must be `same-origin` or `none` (an address
///   typed or opened from the terminal): a page on another port of this machine is `same-site`
///   to a browser, and is refused.
/// - The token is never ambient: no cookie carries it (a cookie for 127.0.0.1 goes to every port
///   of it). The address tide prints hands it over once (`/?token=…`); the page keeps it and
///   sends it in the `X-Tide-Token` header of every request for the session, which a page of
///   another origin cannot add. Without it: 401; a wrong one: 403.
/// - The pages' own files (HTML, scripts, styles) hold nothing of the session and are served
///   without the token.
/// - A POST must come from a page of this server: its Origin header is checked.
package struct AccessPolicy: Sendable {
  package let port: UInt16
  package let token: String

  package init(port: UInt16, token: String) {
    self.port = port
    self.token = token
  }

  /// The header that carries the token.
  package static let tokenHeader = "x-tide-token"

  package var origins: [String] { ["http://127.0.0.1:\(port)", "http://localhost:\(port)"] }

  /// What a request must present.
  package enum Credential {
    /// Nothing: a page's own files.
    case none
    /// The token in the `token` query parameter: the address tide prints, opened once.
    case query
    /// The token in the `X-Tide-Token` header: everything that reads or changes the session.
    case header
  }

  /// The answer that refuses `request`, or `nil` when it may go on.
  package func refusal(of request: HTTPRequest, needing credential: Credential) -> HTTPResponse? {
    guard request.method == "GET" || request.method == "POST" else {
      var response = HTTPResponse.text(405, "only GET and POST are answered here")
      response.headers.append(("Allow", "GET, POST"))
      return response
    }
    let host = request.header("host")?.lowercased() ?? ""
    guard host == "127.0.0.1:\(port)" || host == "localhost:\(port)" else {
      return .text(403, "the Host header must be 127.0.0.1:\(port) or localhost:\(port)")
    }
    if let site = request.header("sec-fetch-site")?.lowercased(), site != "same-origin",
      site != "none"
    {
      return .text(403, "a request from another site or port (Sec-Fetch-Site: \(site)) is refused")
    }
    let presented: String?
    switch credential {
    case .none: presented = nil
    case .query: presented = request.queryValue("token")
    case .header: presented = request.header(Self.tokenHeader)
    }
    if credential != .none {
      guard let presented else {
        return .text(
          401,
          credential == .query
            ? "a token is required: open the address tide printed"
            : "a token is required in the X-Tide-Token header: open the address tide printed")
      }
      guard Self.constantTimeEqual(presented, token) else {
        return .text(403, "the token is wrong: open the address tide printed")
      }
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
  package static func constantTimeEqual(_ lhs: String, _ rhs: String) -> Bool {
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
  package static func makeToken() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<32).map { _ in
      let byte = UInt8.random(in: 0...255, using: &generator)
      return (byte < 16 ? "0" : "") + String(byte, radix: 16)
    }.joined()
  }

  /// The page that hands the token to the front's pages: it keeps the token in the page's own
  /// storage (which no other origin, another port included, can read) and replaces the address
  /// that held it with `next`, so the token leaves the address bar and the history.
  package func handOverPage(next: String) -> HTTPResponse {
    let html = """
      <!doctype html>
      <html lang="en">
      <head>
        <meta charset="utf-8">
        <meta name="tide-token" content="\(token.htmlEscaped)">
        <meta name="tide-next" content="\(next.htmlEscaped)">
        <title>Tide</title>
        <script src="/tide/handover.js"></script>
      </head>
      <body>Opening \(next.htmlEscaped)…</body>
      </html>

      """
    return HTTPResponse(
      status: 200, contentType: "text/html; charset=utf-8", body: Array(html.utf8))
  }
}

extension String {
  /// The text with `&`, `<`, `>` and quotes escaped for HTML.
  package var htmlEscaped: String {
    var result = ""
    for character in self {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.append(character)
      }
    }
    return result
  }
}
