import Foundation

/// Where a served store listens, and its token, as `tide attach` takes it:
/// `tide://127.0.0.1:41234?token=…` or `tide+unix:/path/to/app.sock?token=…`.
///
/// The token may be left out of the address and given in `TIDE_TOKEN` instead, which keeps it
/// out of the process list.
///
/// ```swift
/// let address = try AttachAddress(parsing: "tide://127.0.0.1:41234")
/// print(address.place)  // loopback(port: 41234)
/// ```
public struct AttachAddress: Equatable, Sendable {
  /// Where a store is served.
  public enum Place: Equatable, Sendable {
    /// A port on 127.0.0.1.
    case loopback(port: UInt16)
    /// A Unix socket, readable by its owner only.
    case unixSocket(path: String)
  }

  /// Where the store is served.
  public var place: Place
  /// The run's token, when the address carries it.
  public var token: String?

  /// An address.
  ///
  /// ```swift
  /// let address = AttachAddress(place: .loopback(port: 41234), token: nil)
  /// ```
  ///
  /// - Parameters:
  ///   - place: Where the store is served.
  ///   - token: The run's token, or `nil` to give it in `TIDE_TOKEN`.
  public init(place: Place, token: String?) {
    self.place = place
    self.token = token
  }

  /// The command line that attaches `client` to this address with `token`, keeping the token
  /// out of the client's arguments (which every user of the machine can read in the process
  /// list): `TIDE_TOKEN=… tide attach tide://127.0.0.1:PORT`, quoted for a POSIX shell (the
  /// client is a command, and is written as given).
  package static func command(for place: Place, token: String, client: String = "tide")
    -> String
  {
    let address = AttachAddress(place: place, token: nil).text
    return "TIDE_TOKEN=\(shellQuoted(token)) \(client) attach \(shellQuoted(address))"
  }

  /// `text` as one word of a POSIX shell: as it is when it holds only characters no shell reads
  /// specially, else in single quotes.
  package static func shellQuoted(_ text: String) -> String {
    let plain = text.unicodeScalars.allSatisfy {
      $0.isASCII
        && ($0.properties.isAlphabetic || $0.properties.numericType != nil
          || "-_./:+@%=,".unicodeScalars.contains($0))
    }
    if plain && !text.isEmpty { return text }
    return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// The address as it is printed and read: `tide://127.0.0.1:41234`, with `?token=…` when it
  /// carries the token.
  ///
  /// ```swift
  /// print(AttachAddress(place: .unixSocket(path: "/tmp/app.sock"), token: nil).text)  // tide+unix:/tmp/app.sock
  /// ```
  public var text: String {
    let base =
      switch place {
      case .loopback(let port): "tide://127.0.0.1:\(port)"
      case .unixSocket(let path): "tide+unix:\(path)"
      }
    return base + (token.map { "?token=\($0)" } ?? "")
  }

  /// Reads an address as `tide attach` takes it.
  ///
  /// ```swift
  /// let address = try AttachAddress(parsing: "tide+unix:/tmp/app.sock")
  /// ```
  ///
  /// - Throws: ``AttachError/invalidAddress(_:)`` naming the form expected.
  /// - Parameters:
  ///   - text: The address.
  ///   - tokenInAddress: Whether a `?token=…` at its end is the token; when the token comes from
  ///     elsewhere (`TIDE_TOKEN`), it is not, and a Unix socket's path may contain `?token=`.
  public init(parsing text: String, tokenInAddress: Bool = true) throws(AttachError) {
    let forms =
      "an address is tide://127.0.0.1:PORT or tide+unix:PATH, with the token in TIDE_TOKEN, as the served process prints it"
    var rest = Substring(text)
    var token: String?
    if tokenInAddress, let marker = rest.range(of: "?token=", options: .backwards) {
      let value = String(rest[marker.upperBound...])
      guard !value.isEmpty else {
        throw AttachError.invalidAddress("the token after ?token= is empty")
      }
      token = value
      rest = rest[..<marker.lowerBound]
    }
    if rest.hasPrefix("tide+unix:") {
      let path = String(rest.dropFirst("tide+unix:".count))
      guard !path.isEmpty else {
        throw AttachError.invalidAddress("the Unix socket's path is empty")
      }
      place = .unixSocket(path: path)
    } else if rest.hasPrefix("tide://") {
      let authority = rest.dropFirst("tide://".count)
      guard let colon = authority.lastIndex(of: ":") else {
        throw AttachError.invalidAddress(forms)
      }
      let hostAndPort = [authority[..<colon], authority[authority.index(after: colon)...]]
      let host = hostAndPort[0]
      guard host == "127.0.0.1" || host == "localhost" else {
        throw AttachError.invalidAddress(
          "tide attach connects to this machine only (127.0.0.1 or localhost), not \(host)")
      }
      var portText = hostAndPort[1]
      if portText.hasSuffix("/") { portText = portText.dropLast() }
      if let slash = portText.firstIndex(of: "/") {
        throw AttachError.invalidAddress(
          "an attach address has no path: tide://127.0.0.1:\(portText[..<slash]), not \(text)")
      }
      guard let port = UInt16(portText), port > 0 else {
        throw AttachError.invalidAddress("the port is a number from 1 to 65535, not '\(portText)'")
      }
      place = .loopback(port: port)
    } else {
      throw AttachError.invalidAddress(forms)
    }
    self.token = token
  }
}
