import Foundation
import TideWeb

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A plain TCP client to 127.0.0.1 for the web front's tests: it writes exactly the bytes it is
/// given (malformed ones included) and reads on a thread of its own, never the main actor's.
final class LoopbackClient: @unchecked Sendable {
  let fd: Int32
  private var received: [UInt8] = []

  /// Connects to `port`.
  init(port: UInt16) throws {
    guard let fd = LoopbackSocket.connect(port: port) else {
      throw ClientError(message: "cannot connect to 127.0.0.1:\(port): \(errno)")
    }
    self.fd = fd
    // No read waits longer than this: a test never hangs on a server that does not answer. The
    // server answers on the main actor, which the suite's other tests share: under the thread
    // sanitizer, with every main-actor test queued there, an answer waited 10 s behind them
    // (seen in CI). A minute bounds a hang without failing a slow but correct answer.
    var timeout = timeval(tv_sec: 60, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  }

  /// Connects to the Unix socket at `path`.
  init(unixSocket path: String) throws {
    switch UnixSocket.connect(to: path) {
    case .success(let fd): self.fd = fd
    case .failure(let error):
      throw ClientError(message: "cannot connect to \(path): \(error.reason)")
    }
    var timeout = timeval(tv_sec: 60, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  }

  deinit { close(fd) }

  func write(_ text: String) { write(Array(text.utf8)) }

  func write(_ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      #if canImport(Glibc)
        let flags = Int32(MSG_NOSIGNAL)
      #else
        let flags: Int32 = 0
      #endif
      let sent = bytes.withUnsafeBytes {
        send(fd, $0.baseAddress! + offset, $0.count - offset, flags)
      }
      guard sent > 0 else { return }
      offset += sent
    }
  }

  /// Reads exactly `count` bytes (fewer if the server closes), blocking this thread: for a
  /// reader that keeps pace with a stream, a measured amount at a time.
  func readExactly(_ count: Int) -> Int {
    var buffer = [UInt8](repeating: 0, count: count)
    var total = 0
    while total < count {
      let got = buffer.withUnsafeMutableBytes {
        recv(fd, $0.baseAddress! + total, count - total, 0)
      }
      if got <= 0 { break }
      total += got
    }
    return total
  }

  /// Makes the kernel's receive buffer small, so that what the client has not read waits in the
  /// server.
  func shrinkReceiveBuffer(to size: Int32) {
    var size = size
    setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
  }

  /// Shuts the client's side for writing: the server sees the end of the request stream, and
  /// can still answer.
  func shutdownWriting() {
    shutdown(fd, Int32(SHUT_WR))
  }

  /// Reads until the server closes (or 10 s pass), off the main actor.
  func readToEnd() async -> String {
    await read { _ in false }
  }

  /// Reads until what arrived so far satisfies `isEnough`, the server closes, or 10 s pass.
  func read(until isEnough: @escaping @Sendable (String) -> Bool) async -> String {
    await withCheckedContinuation { continuation in
      Thread {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while !isEnough(String(decoding: self.received, as: UTF8.self)) {
          let count = recv(self.fd, &buffer, buffer.count, 0)
          if count <= 0 { break }
          self.received += buffer[..<count]
        }
        continuation.resume(returning: String(decoding: self.received, as: UTF8.self))
      }.start()
    }
  }

  /// One request, whole, and the whole answer.
  static func exchange(port: UInt16, _ request: String) async throws -> String {
    let client = try LoopbackClient(port: port)
    client.write(request)
    return await client.readToEnd()
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
