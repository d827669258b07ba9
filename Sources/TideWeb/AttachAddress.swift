import Foundation

/// Where a served store listens, and its token, as `tide attach` takes it:
/// `tide://127.0.0.1:41234?token=…` or `tide+unix:/path/to/app.sock?token=…`.
///
/// The token may be left out of the address and given in `TIDE_TOKEN` instead, which keeps it
/// out of the process list.
package struct AttachAddress: Equatable, Sendable {
  package enum Place: Equatable, Sendable {
    case loopback(port: UInt16)
    case unixSocket(path: String)
  }

  package var place: Place
  package var token: String?

  package init(place: Place, token: String?) {
    self.place = place
    self.token = token
  }

  /// The address as it is printed and read.
  package var text: String {
    let base =
      switch place {
      case .loopback(let port): "tide://127.0.0.1:\(port)"
      case .unixSocket(let path): "tide+unix:\(path)"
      }
    return base + (token.map { "?token=\($0)" } ?? "")
  }

  /// Why an address could not be read.
  package struct ParseError: Error, Equatable {
    package let message: String
  }

  /// Reads an address.
  ///
  /// - Throws: ``ParseError`` naming the form expected.
  package init(parsing text: String) throws(ParseError) {
    let forms =
      "an address is tide://127.0.0.1:PORT?token=TOKEN or tide+unix:PATH?token=TOKEN, as the served process prints it"
    var rest = Substring(text)
    var token: String?
    if let marker = rest.range(of: "?token=", options: .backwards) {
      let value = String(rest[marker.upperBound...])
      guard !value.isEmpty else { throw ParseError(message: "the token after ?token= is empty") }
      token = value
      rest = rest[..<marker.lowerBound]
    }
    if rest.hasPrefix("tide+unix:") {
      let path = String(rest.dropFirst("tide+unix:".count))
      guard !path.isEmpty else { throw ParseError(message: "the Unix socket's path is empty") }
      place = .unixSocket(path: path)
    } else if rest.hasPrefix("tide://") {
      let authority = rest.dropFirst("tide://".count)
      guard let colon = authority.lastIndex(of: ":") else { throw ParseError(message: forms) }
      let hostAndPort = [authority[..<colon], authority[authority.index(after: colon)...]]
      let host = hostAndPort[0]
      guard host == "127.0.0.1" || host == "localhost" else {
        throw ParseError(
          message:
            "tide attach connects to this machine only (127.0.0.1 or localhost), not \(host)")
      }
      var portText = hostAndPort[1]
      if portText.hasSuffix("/") { portText = portText.dropLast() }
      guard let port = UInt16(portText), port > 0 else {
        throw ParseError(message: "the port is a number from 1 to 65535, not '\(portText)'")
      }
      place = .loopback(port: port)
    } else {
      throw ParseError(message: forms)
    }
    self.token = token
  }
}
