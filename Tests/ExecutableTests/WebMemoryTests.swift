import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The resident size of a real `tide --web` stays bounded under the attacks of issue 26: an
/// event-stream reader that lags but keeps pace, and a hundred parallel downloads of a session
/// whose test would be hundreds of megabytes. (Issue 26 measured 40 MB growing to 713 MB, and a
/// peak of 2.1 GB.) Linux only: the size is read from `/proc`.
@Suite("tide --web's memory under attack", .serialized)
struct WebMemoryTests {
  /// A 60 KB username, the issue's event size.
  static let big = String(repeating: "a", count: 60_000)

  /// A raw client of tide's web front.
  final class Client {
    let fd: Int32

    init(port: UInt16, receiveBuffer: Int32? = nil) throws {
      fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      if var size = receiveBuffer {
        setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
      }
      var timeout = timeval(tv_sec: 60, tv_usec: 0)
      setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
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
        throw Chromium.Failure(description: "cannot connect to tide: \(errno)")
      }
    }

    deinit { close(fd) }

    func send(_ text: String) {
      let bytes = Array(text.utf8)
      _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }

    /// Reads `count` bytes, or fewer if the server closes. Returns how many.
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

    /// Reads until the server closes.
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

  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/statm")))
  func aLaggingReaderThatKeepsPaceDoesNotGrowTheProcess() throws {
    let tide = try TideProcess(arguments: ["--web", "--no-color"])
    tide.type(":use login")
    tide.type(#".usernameChanged("\#(Self.big)")"#)
    tide.type(":jump 1")
    #expect(tide.waitForOutput("step 1 of 1"), "tide did not take the username")
    let reader = try Client(port: tide.port, receiveBuffer: 16 * 1024)
    reader.send(
      "GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(tide.port)\r\nX-Tide-Token: \(tide.token)\r\n\r\n")
    #expect(reader.read(60_000) == 60_000, "the stream's first event")
    // Each password keystroke sends every stream the session, with its 60 KB username (the
    // states of the history share that one string): about 2 MiB behind, then keeping pace.
    for index in 0..<35 { tide.type(#".passwordChanged("\#(index % 2)")"#) }
    let start = tide.residentBytes
    for index in 0..<400 {
      tide.type(#".passwordChanged("\#(index % 2)")"#)
      #expect(reader.read(60_000) == 60_000, "event \(index): the stream ended")
    }
    let growth = tide.residentBytes - start
    print("web memory: a lagging reader over 400 events of 60 KB grew tide by \(growth / 1024) KiB")
    // Keeping what was sent until the stream drained, as before, grew by the 24 MB sent.
    #expect(growth < 12 << 20, "tide grew by \(growth) bytes")
  }

  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/statm")))
  func aHundredDownloadsOfAHugeSessionDoNotGrowTheProcess() throws {
    let tide = try TideProcess(arguments: ["--web", "--no-color"])
    tide.type(":use login")
    let lines = (0..<150).map { #".usernameChanged("\#(Self.big)\#($0)")"# }
    tide.type(lines.joined(separator: "\n"))
    tide.type(":jump 1")
    #expect(tide.waitForOutput("step 1 of 150"), "tide did not take the 150 steps")
    tide.type(":jump 150")
    #expect(tide.waitForOutput("step 150 of 150"))
    let start = tide.residentBytes
    let request =
      "GET /api/test HTTP/1.1\r\nHost: 127.0.0.1:\(tide.port)\r\nX-Tide-Token: \(tide.token)\r\n\r\n"
    let clients = try (0..<100).map { _ in try Client(port: tide.port) }
    for client in clients { client.send(request) }
    let answers = clients.map { $0.readToEnd() }
    #expect(answers.allSatisfy { $0.hasPrefix("HTTP/1.1 409") })
    #expect(answers[0].contains("the session's test would be larger than 16777216 bytes"))
    let growth = tide.residentBytes - start
    print(
      "web memory: 100 downloads of a 150-step session of 60 KB names grew tide by \(growth / 1024) KiB"
    )
    #expect(growth < 64 << 20, "tide grew by \(growth) bytes")
  }
}
