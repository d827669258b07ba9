#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Unix sockets, for a served store that listens on a path instead of a port.
package enum UnixSocket {
  /// The longest path a Unix socket address holds, terminating zero excluded.
  package static var maximumPathLength: Int {
    MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1
  }

  /// Listens at `path`, which must not exist (nothing is ever replaced), readable and writable
  /// by its owner only.
  static func listen(at path: String) throws(WebServerError) -> Int32 {
    guard !path.isEmpty else { throw .cannotListen("a Unix socket needs a path") }
    guard path.utf8.count <= maximumPathLength else {
      throw .cannotListen(
        "the Unix socket's path is \(path.utf8.count) bytes; the system takes at most \(maximumPathLength): pick a shorter one"
      )
    }
    guard !path.utf8.contains(0) else { throw .cannotListen("a path cannot hold a zero byte") }
    var status = stat()
    if lstat(path, &status) == 0 {
      throw .cannotListen(
        "\(path) exists; tide never replaces a file: remove it, or pick another path")
    }
    #if canImport(Glibc)
      let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let fd = socket(AF_UNIX, SOCK_STREAM, 0)
    #endif
    guard fd >= 0 else { throw .cannotListen("socket: \(EventLoop.errorText())") }
    var address = Self.address(path)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard bound == 0 else {
      let reason = EventLoop.errorText()
      close(fd)
      throw .cannotListen("cannot listen on \(path): \(reason)")
    }
    // The token is what admits a client; the mode keeps other users from even connecting.
    guard chmod(path, 0o600) == 0, startListening(fd) == 0 else {
      let reason = EventLoop.errorText()
      close(fd)
      unlink(path)
      throw .cannotListen("cannot listen on \(path): \(reason)")
    }
    return fd
  }

  private static func startListening(_ fd: Int32) -> Int32 {
    #if canImport(Glibc)
      Glibc.listen(fd, 128)
    #else
      Darwin.listen(fd, 128)
    #endif
  }

  /// Removes the socket the loop made at `path`, and nothing else: a path that is no longer a
  /// socket is left alone.
  static func remove(_ path: String) {
    var status = stat()
    guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFSOCK else { return }
    unlink(path)
  }

  /// The address of `path`.
  package static func address(_ path: String) -> sockaddr_un {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      for (offset, byte) in path.utf8.prefix(buffer.count - 1).enumerated() {
        buffer[offset] = byte
      }
    }
    return address
  }

  /// A new socket connected to the Unix socket at `path`, or the reason it could not connect.
  package static func connect(to path: String) -> Result<Int32, ConnectError> {
    guard path.utf8.count <= maximumPathLength else {
      return .failure(ConnectError(reason: "the path is longer than \(maximumPathLength) bytes"))
    }
    #if canImport(Glibc)
      let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let fd = socket(AF_UNIX, SOCK_STREAM, 0)
    #endif
    guard fd >= 0 else { return .failure(ConnectError(reason: EventLoop.errorText())) }
    var target = address(path)
    let connected = withUnsafePointer(to: &target) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        #if canImport(Glibc)
          Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
        #else
          Darwin.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
        #endif
      }
    }
    guard connected == 0 else {
      let reason = EventLoop.errorText()
      close(fd)
      return .failure(ConnectError(reason: reason))
    }
    return .success(fd)
  }

  /// Why a connection could not be made.
  package struct ConnectError: Error {
    package let reason: String
  }
}
