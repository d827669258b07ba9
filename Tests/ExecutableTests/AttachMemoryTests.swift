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
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/statm")))
  func heldLinesAndAFloodDoNotGrowTheServedApp() throws {
    let app = try TideProcess("tide-served-app", arguments: [], announcement: "attach: ")
    let place = app.attachAddress
    let port = try #require(UInt16(place.split(separator: ":").last ?? ""))
    let hello = Array(#"{"type":"hello","protocol":1,"token":"\#(app.attachToken)"}"#.utf8) + [10]
    // Warm up: a client attaches and sends a few actions.
    let warm = try LoopbackClient(port: port)
    warm.write(hello)
    #expect(warm.readLine().contains("welcome"))
    for name in ["ada", "grace", "pritesh"] {
      warm.write(
        Array(#"{"type":"send","id":1,"action":".login(.usernameChanged(\"\#(name)\"))"}"#.utf8) + [
          10
        ])
    }
    _ = (0..<6).map { _ in warm.readLine() }
    let start = app.residentBytes
    // Fourteen connections hold 60 KB lines without a line end, and without saying hello.
    let line = [UInt8](repeating: UInt8(ascii: "x"), count: 60_000)
    let holders = try (0..<14).map { _ in try LoopbackClient(port: port) }
    for holder in holders { holder.write(line) }
    // An admitted client floods 500 lines of 60 KB (30 MB) and reads none of the answers.
    let flood = try LoopbackClient(port: port)
    flood.write(hello)
    var sent = 0
    while sent < 500, flood.write(line + [10]) { sent += 1 }
    // Still serving: a newcomer makes room (the oldest holder goes) and is welcomed.
    let newcomer = try LoopbackClient(port: port)
    newcomer.write(hello)
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
