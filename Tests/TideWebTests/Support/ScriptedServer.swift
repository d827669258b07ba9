import Foundation
import TideWeb

@testable import TideAttach

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A one-connection server on 127.0.0.1 that reads the client's first line and answers with the
/// bytes it is given, then closes: a served store that misbehaves, for the client's tests.
final class ScriptedServer: @unchecked Sendable {
  let port: UInt16
  private let listener: Int32
  private let done = DispatchSemaphore(value: 0)

  /// - Parameters:
  ///   - answer: What it sends after the client's first line.
  ///   - keepsOpen: Whether it keeps the connection open after its answer (reading, answering
  ///     nothing) until the client closes, rather than shutting it for writing.
  init(answer: String, keepsOpen: Bool = false) throws {
    let listener = LoopbackSocket.make()
    self.listener = listener
    var address = LoopbackSocket.address("127.0.0.1", port: 0)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(listener, 4) == 0 else {
      throw ClientError(message: "cannot listen")
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
    }
    port = UInt16(bigEndian: address.sin_port)
    let done = self.done
    Thread {
      defer { done.signal() }
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else { return }
      defer { close(connection) }
      var patience = timeval(tv_sec: keepsOpen ? 600 : 10, tv_usec: 0)
      setsockopt(
        connection, SOL_SOCKET, SO_RCVTIMEO, &patience, socklen_t(MemoryLayout<timeval>.size))
      var byte: UInt8 = 0
      while recv(connection, &byte, 1, 0) == 1, byte != 10 {}
      let bytes = Array(answer.utf8)
      _ = bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, 0) }
      // Done sending; then wait for the client to close, so that it reads everything first.
      if !keepsOpen { shutdown(connection, Int32(SHUT_WR)) }
      while recv(connection, &byte, 1, 0) == 1 {}
    }.start()
  }

  deinit {
    shutdown(listener, Int32(SHUT_RDWR))
    close(listener)
    done.wait()
  }
}
