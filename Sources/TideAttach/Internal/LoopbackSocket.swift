#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// TCP sockets on IPv4 addresses, for the server and for the clients that test and measure it.
package enum LoopbackSocket {
  /// A new TCP socket, neither bound nor connected; negative when none could be had.
  package static func make() -> Int32 {
    #if canImport(Glibc)
      socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      socket(AF_INET, SOCK_STREAM, 0)
    #endif
  }

  /// The address of `port` on `host`, a dotted IPv4 address.
  package static func address(_ host: String, port: UInt16) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr(host)
    return address
  }

  /// A new socket connected to `port` on `host`, or `nil` when the connection is refused.
  package static func connect(to host: String = "127.0.0.1", port: UInt16) -> Int32? {
    let fd = make()
    guard fd >= 0 else { return nil }
    var target = address(host, port: port)
    let connected = withUnsafePointer(to: &target) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        #if canImport(Glibc)
          Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        #else
          Darwin.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        #endif
      }
    }
    guard connected == 0 else {
      close(fd)
      return nil
    }
    return fd
  }
}
