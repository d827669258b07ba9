import Foundation
import Testing
import TideTestSupport

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

  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/statm")))
  func aLaggingReaderThatKeepsPaceDoesNotGrowTheProcess() throws {
    let tide = try TideProcess(arguments: ["--web", "--no-color"])
    tide.type(":use login")
    tide.type(#".usernameChanged("\#(Self.big)")"#)
    tide.type(":jump 1")
    #expect(tide.waitForOutput("step 1 of 1"), "tide did not take the username")
    let reader = try LoopbackClient(port: tide.port, receiveBuffer: 16 * 1024)
    reader.write(
      "GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(tide.port)\r\nX-Tide-Token: \(tide.token)\r\n\r\n")
    #expect(reader.readExactly(60_000) == 60_000, "the stream's first event")
    // Each password keystroke sends every stream the session, with its 60 KB username (the
    // states of the history share that one string): about 2 MiB behind, then keeping pace.
    for index in 0..<35 { tide.type(#".passwordChanged("\#(index % 2)")"#) }
    let start = tide.residentBytes
    for index in 0..<400 {
      tide.type(#".passwordChanged("\#(index % 2)")"#)
      #expect(reader.readExactly(60_000) == 60_000, "event \(index): the stream ended")
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
    // 9 MB of lines: under the thread sanitizer, with the suite beside it, taking them took
    // longer than a minute. The wait only detects a failure; it measures nothing.
    #expect(
      tide.waitForOutput("step 1 of 150", within: 300), "tide did not take the 150 steps")
    tide.type(":jump 150")
    #expect(tide.waitForOutput("step 150 of 150", within: 300))
    let start = tide.residentBytes
    let request =
      "GET /api/test HTTP/1.1\r\nHost: 127.0.0.1:\(tide.port)\r\nX-Tide-Token: \(tide.token)\r\n\r\n"
    let clients = try (0..<100).map { _ in try LoopbackClient(port: tide.port) }
    for client in clients { client.write(request) }
    let answers = clients.map { $0.readToEndHere() }
    #expect(answers.allSatisfy { $0.hasPrefix("HTTP/1.1 409") })
    #expect(answers[0].contains("the session's test would be larger than 16777216 bytes"))
    let growth = tide.residentBytes - start
    print(
      "web memory: 100 downloads of a 150-step session of 60 KB names grew tide by \(growth / 1024) KiB"
    )
    #expect(growth < 64 << 20, "tide grew by \(growth) bytes")
  }
}
