import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A plain socket client for tests of servers on 127.0.0.1 (the web front, a served store, tide
/// in another process): it writes exactly the bytes it is given, malformed ones included, and
/// every read and write is bounded by a minute, so a test never hangs on a server that does not
/// answer. The asynchronous reads run on a thread of their own, never the main actor's.
public final class LoopbackClient: @unchecked Sendable {
  /// The connected socket.
  public let fd: Int32
  private var received: [UInt8] = []

  /// Why a client could not connect.
  public struct ConnectionError: Error, CustomStringConvertible {
    /// What failed, and the error number.
    public let description: String
  }

  /// Connects to `port` on 127.0.0.1.
  ///
  /// - Parameters:
  ///   - port: The port.
  ///   - receiveBuffer: The kernel's receive buffer size, set before connecting, for a client
  ///     that should leave what it has not read waiting in the server.
  public init(port: UInt16, receiveBuffer: Int32? = nil) throws {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    if var size = receiveBuffer {
      setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = port.bigEndian
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      let reason = errno
      close(fd)
      throw ConnectionError(description: "cannot connect to 127.0.0.1:\(port): errno \(reason)")
    }
    self.fd = fd
    Self.bound(fd)
  }

  /// Takes a socket connected some other way (a Unix socket, say).
  ///
  /// - Parameters:
  ///   - fd: The connected socket; the client closes it.
  public init(connected fd: Int32) {
    self.fd = fd
    Self.bound(fd)
  }

  deinit { close(fd) }

  /// No read or write waits longer than the failure detector's bound. Servers answer on the main
  /// actor, which the suite's other tests share: under the thread sanitizer an answer waited 10 s
  /// behind them, and a 2,000-step test took over a minute to write (both seen in CI). The bound
  /// detects a hang; it must not fail a slow but correct answer.
  private static func bound(_ fd: Int32) {
    var timeout = timeval(tv_sec: Int(failureDetectorSeconds), tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  }

  /// Writes all of `text`'s UTF-8; `false` once the other side has closed the connection.
  @discardableResult
  public func write(_ text: String) -> Bool { write(Array(text.utf8)) }

  /// Writes all of `bytes`; `false` once the other side has closed the connection.
  @discardableResult
  public func write(_ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      #if canImport(Glibc)
        let flags = Int32(MSG_NOSIGNAL)
      #else
        let flags: Int32 = 0
      #endif
      let sent = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, flags) }
      guard sent > 0 else { return false }
      offset += sent
    }
    return true
  }

  /// Reads exactly `count` bytes (fewer if the other side closes), blocking this thread: for a
  /// reader that keeps pace with a stream, a measured amount at a time. Returns how many.
  public func readExactly(_ count: Int) -> Int {
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

  /// Reads one line (without its end), or what came before the other side closed, blocking
  /// this thread.
  public func readLine() -> String {
    var line: [UInt8] = []
    var byte: UInt8 = 0
    while recv(fd, &byte, 1, 0) == 1, byte != 10 { line.append(byte) }
    return String(decoding: line, as: UTF8.self)
  }

  /// Makes the kernel's receive buffer small, so that what the client has not read waits in the
  /// server.
  public func shrinkReceiveBuffer(to size: Int32) {
    var size = size
    setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
  }

  /// Makes closing the client reset the connection (a client that went away, not one that
  /// said it is done): the server learns at once, whatever it is waiting for.
  public func resetsWhenClosed() {
    var value = linger(l_onoff: 1, l_linger: 0)
    setsockopt(fd, SOL_SOCKET, SO_LINGER, &value, socklen_t(MemoryLayout<linger>.size))
  }

  /// Shuts the client's side for writing: the server sees the end of what it sends, and can
  /// still answer.
  public func shutdownWriting() {
    shutdown(fd, Int32(SHUT_WR))
  }

  /// Reads until the other side closes, blocking this thread.
  public func readToEndHere() -> String {
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = recv(fd, &buffer, buffer.count, 0)
      if count <= 0 { break }
      received += buffer[..<count]
    }
    return String(decoding: received, as: UTF8.self)
  }

  /// Reads until the other side closes, on a thread of its own.
  public func readToEnd() async -> String {
    await read { _ in false }
  }

  /// Reads until what arrived so far satisfies `isEnough` or the other side closes, on a thread
  /// of its own.
  ///
  /// - Parameters:
  ///   - isEnough: Whether what arrived so far is enough.
  public func read(until isEnough: @escaping @Sendable (String) -> Bool) async -> String {
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
  ///
  /// - Parameters:
  ///   - port: The server's port on 127.0.0.1.
  ///   - request: What to send.
  public static func exchange(port: UInt16, _ request: String) async throws -> String {
    let client = try LoopbackClient(port: port)
    client.write(request)
    return await client.readToEnd()
  }
}
