import Foundation
import TideTestSupport
import TideWeb

@testable import TideAttach

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension LoopbackClient {
  /// Connects to the Unix socket at `path`.
  convenience init(unixSocket path: String) throws {
    switch UnixSocket.connect(to: path) {
    case .success(let fd): self.init(connected: fd)
    case .failure(let error):
      throw ClientError(message: "cannot connect to \(path): \(error.reason)")
    }
  }
}

struct ClientError: Error {
  let message: String
}

/// A parsed answer.
struct Answer {
  let status: Int
  let headers: [String: String]
  let body: String

  init(_ raw: String) {
    let parts = raw.components(separatedBy: "\r\n\r\n")
    let head = parts[0].components(separatedBy: "\r\n")
    status = Int(head[0].split(separator: " ").dropFirst().first ?? "") ?? 0
    var headers: [String: String] = [:]
    for line in head.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
        .trimmingCharacters(in: .whitespaces)
    }
    self.headers = headers
    body = parts.dropFirst().joined(separator: "\r\n\r\n")
  }
}
