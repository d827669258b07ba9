import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A raw TCP client of a process under test (tide's web front, a served app): it sends exactly
/// the bytes it is given and reads on the calling thread, each read bounded by a minute.
final class RawClient {
  let fd: Int32

  init(port: UInt16, receiveBuffer: Int32? = nil) throws {
    fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    if var size = receiveBuffer {
      setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }
    var timeout = timeval(tv_sec: 60, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
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
      close(fd)
      throw Chromium.Failure(description: "cannot connect to 127.0.0.1:\(port): \(errno)")
    }
  }

  deinit { close(fd) }

  func send(_ text: String) {
    send(Array(text.utf8))
  }

  /// Sends all of `bytes`; `false` once the other side has closed the connection.
  @discardableResult
  func send(_ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      #if canImport(Glibc)
        let flags = Int32(MSG_NOSIGNAL)
      #else
        let flags: Int32 = 0
      #endif
      let sent = bytes[offset...].withUnsafeBytes {
        Foundation.send(fd, $0.baseAddress, $0.count, flags)
      }
      guard sent > 0 else { return false }
      offset += sent
    }
    return true
  }

  /// Reads `count` bytes, or fewer if the other side closes. Returns how many.
  func read(_ count: Int) -> Int {
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

  /// Reads one line (without its end), or what came before the other side closed.
  func readLine() -> String {
    var line: [UInt8] = []
    var byte: UInt8 = 0
    while recv(fd, &byte, 1, 0) == 1, byte != 10 { line.append(byte) }
    return String(decoding: line, as: UTF8.self)
  }

  /// Reads until the other side closes.
  func readToEnd() -> String {
    var data = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let got = recv(fd, &buffer, buffer.count, 0)
      if got <= 0 { break }
      data += buffer[..<got]
    }
    return String(decoding: data, as: UTF8.self)
  }
}
