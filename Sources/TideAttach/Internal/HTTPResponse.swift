/// An HTTP/1.1 response, written with the headers every answer of the web front carries.
package struct HTTPResponse: Sendable {
  package var status: Int
  package var headers: [(name: String, value: String)] = []
  package var body: [UInt8] = []

  package init(status: Int, contentType: String? = nil, body: [UInt8] = []) {
    self.status = status
    self.body = body
    if let contentType { headers.append(("Content-Type", contentType)) }
  }

  /// A plain-text answer: an error's reason, say.
  package static func text(_ status: Int, _ text: String) -> HTTPResponse {
    HTTPResponse(
      status: status, contentType: "text/plain; charset=utf-8", body: Array((text + "\n").utf8))
  }

  package static func json(_ text: String, status: Int = 200) -> HTTPResponse {
    HTTPResponse(status: status, contentType: "application/json", body: Array(text.utf8))
  }

  package static func error(_ error: HTTPError) -> HTTPResponse {
    .text(error.status, error.reason)
  }

  /// The bytes to send; the connection closes after them.
  package func serialized() -> [UInt8] {
    serializedHead() + body
  }

  /// The status line and headers, without the body: an answer sent to many (the downloaded
  /// test) is sent as its head and the one body they share.
  package func serializedHead() -> [UInt8] {
    var head = "HTTP/1.1 \(status) \(Self.reasonPhrase(status))\r\n"
    for (name, value) in headers + Self.common + [("Content-Length", "\(body.count)")] {
      head += "\(name): \(value)\r\n"
    }
    head += "Connection: close\r\n\r\n"
    return Array(head.utf8)
  }

  /// Sent with everything: nothing is cached, framed, sniffed or told where it came from (the
  /// first URL holds the token), and pages run only their own scripts.
  package static let common: [(String, String)] = [
    ("Cache-Control", "no-store"),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("X-Frame-Options", "DENY"),
    (
      "Content-Security-Policy",
      "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
        + "form-action 'none'; frame-ancestors 'none'"
    ),
  ]

  /// The head of an event stream, which stays open.
  package static let eventStreamHead: [UInt8] = {
    var head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
    for (name, value) in common { head += "\(name): \(value)\r\n" }
    head += "Connection: close\r\n\r\n"
    return Array(head.utf8)
  }()

  package static func reasonPhrase(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 204: "No Content"
    case 303: "See Other"
    case 400: "Bad Request"
    case 401: "Unauthorized"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 408: "Request Timeout"
    case 409: "Conflict"
    case 413: "Content Too Large"
    case 422: "Unprocessable Content"
    case 431: "Request Header Fields Too Large"
    case 503: "Service Unavailable"
    case 505: "HTTP Version Not Supported"
    default: "Status"
    }
  }
}
