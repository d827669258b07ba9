import Foundation
import Testing
import TideTestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The resident size of a real served app stays bounded under the attach protocol's attacks:
/// connections that hold long lines without saying hello, and an admitted client that floods
/// lines it does not read the answers to. Linux only: the size is read from `/proc`.
@Suite("tide-served-app's memory under attack", .serialized)
struct AttachMemoryTests {
  /// A raw client of the served app.
  final class Client {
    let fd: Int32

    init(port: UInt16) throws {
      fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
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
        throw Chromium.Failure(description: "cannot connect to the served app: \(errno)")
      }
    }

    deinit { close(fd) }

    /// Sends all of `bytes`; `false` once the server has closed the connection.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
      var offset = 0
      while offset < bytes.count {
        let sent = bytes[offset...].withUnsafeBytes {
          Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
        }
        guard sent > 0 else { return false }
        offset += sent
      }
      return true
    }

    /// Reads one line (without its end), or what came before the server closed.
    func readLine() -> String {
      var line: [UInt8] = []
      var byte: UInt8 = 0
      while recv(fd, &byte, 1, 0) == 1, byte != 10 { line.append(byte) }
      return String(decoding: line, as: UTF8.self)
    }
  }

  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/statm")))
  func heldLinesAndAFloodDoNotGrowTheServedApp() throws {
    let app = try TideProcess("tide-served-app", arguments: [], announcement: "attach: ")
    let place = app.url.prefix { $0 != "?" }
    let port = try #require(UInt16(place.split(separator: ":").last ?? ""))
    let hello = Array(#"{"type":"hello","protocol":1,"token":"\#(app.token)"}"#.utf8) + [10]
    // Warm up: a client attaches and sends a few actions.
    let warm = try Client(port: port)
    warm.send(hello)
    #expect(warm.readLine().contains("welcome"))
    for name in ["ada", "grace", "pritesh"] {
      warm.send(
        Array(#"{"type":"send","id":1,"action":".login(.usernameChanged(\"\#(name)\"))"}"#.utf8) + [
          10
        ])
    }
    _ = (0..<6).map { _ in warm.readLine() }
    let start = app.residentBytes
    // Fourteen connections hold 60 KB lines without a line end, and without saying hello.
    let line = [UInt8](repeating: UInt8(ascii: "x"), count: 60_000)
    let holders = try (0..<14).map { _ in try Client(port: port) }
    for holder in holders { holder.send(line) }
    // An admitted client floods 500 lines of 60 KB (30 MB) and reads none of the answers.
    let flood = try Client(port: port)
    flood.send(hello)
    var sent = 0
    while sent < 500, flood.send(line + [10]) { sent += 1 }
    // Still serving: a newcomer makes room (the oldest holder goes) and is welcomed.
    let newcomer = try Client(port: port)
    newcomer.send(hello)
    #expect(newcomer.readLine().contains("welcome"))
    let growth = app.residentBytes - start
    print(
      "attach memory: 14 held 60 KB lines and a 30 MB flood grew the served app by \(growth / 1024) KiB"
    )
    #expect(growth < 32 << 20, "the served app grew by \(growth) bytes")
    withExtendedLifetime((holders, flood, warm)) {}
    #expect(app.endInputAndWait() == 0)
  }
}
