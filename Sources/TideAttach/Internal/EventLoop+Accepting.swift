import Dispatch
import Foundation
import Synchronization
import Tide

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Accepting connections, and making room for one when the loop is full.
extension EventLoop {
  package func acceptConnections() {
    while true {
      let fd = accept(listener, nil, nil)
      guard fd >= 0 else { return }
      Self.makeNonBlocking(fd)
      if socketPath == nil {
        // Each answer and event goes out as it is written, not held for a delayed ACK.
        var yes: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
      }
      if var size = limits.sendBuffer {
        setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
      }
      #if canImport(Darwin)
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
      #endif
      if connections.count >= limits.connections {
        // Full. A connection that has not sent a whole request has shown no token yet: the
        // oldest of them makes room, so that connections held open without a request (by any
        // local process) cannot lock out a page that has the token. Full of requests and
        // streams, the newcomer is refused.
        // So does one that was refused and is being closed (lingering, or, for lines, still
        // writing its error): many such could otherwise hold every place. What they have sent
        // is read first: a request or hello waiting unread is not idle, and is never evicted
        // for a newcomer that has shown nothing.
        readWaitingInput()
        let idle = connections.filter { isEvictable($0.value) }
          .min { $0.value.deadline < $1.value.deadline }?.key
        guard let idle else {
          let bytes: [UInt8]
          switch framing {
          case .http: bytes = HTTPResponse.text(503, "too many connections; try again").serialized()
          case .lines(let lines, _): bytes = lines.full
          }
          _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Self.sendFlags) }
          close(fd)
          continue
        }
        switch (framing, connections[idle]?.phase) {
        case (.http, .reading):
          answer(
            idle, .text(503, "the server is full: a connection that sent no request makes room"))
        case (.lines(let lines, _), .reading):
          finish(idle, with: [lines.evicted])
        default:
          break  // it had its answer
        }
        closeConnection(idle)
      }
      let id = nextID
      nextID += 1
      connections[id] = Connection(
        fd: fd, deadline: Self.now() + Self.nanoseconds(limits.requestTime))
      noteOpen(id, true)
    }
  }

  /// Whether a connection may be closed to make room when the server is full: one that has not
  /// shown its credential, or was refused and is being closed, or is being answered without
  /// having shown it (a page's public file, which a client that reads nothing could otherwise
  /// hold for the whole answer time).
  package func isEvictable(_ connection: Connection) -> Bool {
    switch connection.phase {
    case .reading, .lingering: return true
    case .answering: return !connection.wasAdmitted
    default: return false
    }
  }

  /// Notes that the request `id` sent showed the credential: its answer is not closed to make
  /// room. On the loop's thread (from the handler).
  package func admit(_ id: Int) {
    connections[id]?.wasAdmitted = true
  }

  /// Reads what the connections still reading a request or hello have sent and the loop has not
  /// read yet.
  package func readWaitingInput() {
    for (id, connection) in connections where connection.phase == .reading {
      var byte: UInt8 = 0
      if recv(connection.fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) > 0 { readFrom(id) }
    }
  }

  package static func listenOnLoopback(port: UInt16) throws(ServerError) -> Int32 {
    let fd = LoopbackSocket.make()
    guard fd >= 0 else { throw ServerError.cannotListen("socket: \(Self.errorText())") }
    var yes: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = LoopbackSocket.address("127.0.0.1", port: port)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(fd, 128) == 0 else {
      let reason = Self.errorText()
      close(fd)
      throw ServerError.cannotListen("cannot listen on 127.0.0.1:\(port): \(reason)")
    }
    return fd
  }

  package static func boundPort(of fd: Int32) -> UInt16 {
    var address = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return UInt16(bigEndian: address.sin_port)
  }
}
