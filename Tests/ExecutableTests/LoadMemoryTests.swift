import Foundation
import Testing
import TideTestSupport

/// Loading a long session costs memory that grows with its steps, not with steps × state (issue
/// 34, §2): a file of 9,000 steps that each save one more place (2 MB) took 5.5 GB before, as each
/// step's states were kept whole and each step copied the growing list. The history now keeps a
/// few checkpoints and computes other states again; the same path serves `:load`, time travel,
/// the web front's steps and `tide attach`. Linux only: the size is read from `/proc`.
@Suite("Loading a long session's memory", .serialized)
struct LoadMemoryTests {
  /// A session of the app: logged in, then `count` places saved four steps each (the search
  /// presented, its one result, the result picked, which saves it, and the delegate action
  /// that dismisses the search).
  static func session(saving count: Int) -> String {
    var lines = [
      "# tide session", "# feature: app", "# environment: demo",
      #"send @0ms .login(.usernameChanged("pritesh"))"#,
      #"send @0ms .login(.passwordChanged("Secret1"))"#, "send @0ms .login(.loginButtonTapped)",
      #"receive @800ms .login(.loginResponse(.success(User(name: "Pritesh", userName: "pritesh", email: "pritesh@example.com", address: "Pune, India", designation: "iOS Developer"))))"#,
    ]
    for index in 0..<count {
      let place =
        #"Location(id: \#(index + 10), name: "Place \#(index)", countryCode: "BE", countryName: "Belgium", latitude: 50.85045, longitude: 4.34878, population: 1019022, timezone: "Europe/Brussels")"#
      lines.append("send @1100ms .searchTapped")
      lines.append("send @1100ms .addLocation(.presented(.searchResponse(.success([\(place)]))))")
      lines.append("send @1100ms .addLocation(.presented(.locationTapped(index: 0)))")
      lines.append("receive @1100ms .addLocation(.presented(.delegate(.didAddLocation(\(place)))))")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status")))
  func aLongSessionLoadsAndTravelsInMemoryThatGrowsWithItsSteps() throws {
    let scratch = try ScratchFolder("load-memory")
    let path = scratch.file("saved.tide")
    try Self.session(saving: 4_500).write(toFile: path, atomically: true, encoding: .utf8)
    let tide = try TideProcess(arguments: ["--web", "--no-color"])
    tide.type(":use app")
    let start = tide.residentBytes
    tide.type(":load \(path)")
    // Failure detectors only: they measure nothing.
    #expect(
      tide.waitForOutput("loaded 18004 steps of app", within: 600), "\(tide.output.suffix(500))")
    tide.type(":jump 1")
    #expect(tide.waitForOutput("step 1 of 18004", within: 600))
    tide.type(":jump 18004")
    #expect(tide.waitForOutput("step 18004 of 18004", within: 600))
    // The web front shows the diffs of the last 200 steps, computed again from a checkpoint.
    let client = try LoopbackClient(port: tide.port)
    client.write(
      "GET /api/steps?from=17805&to=18004 HTTP/1.1\r\nHost: 127.0.0.1:\(tide.port)\r\n"
        + "X-Tide-Token: \(tide.token)\r\n\r\n")
    let answer = client.readToEndHere()
    #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer.prefix(300))")
    #expect(answer.contains(#""number":18004"#))
    #expect(answer.contains(#"Place 4499"#))
    let growth = tide.peakResidentBytes - start
    print(
      "load memory: 18,000 steps of a growing list (1 MB) grew tide by \(growth >> 20) MiB at most")
    // Kept whole, the states took 5.5 GB; 40 MB here in a debug build.
    #expect(growth < 400 << 20, "tide grew by \(growth) bytes")
    tide.terminateAndWait()
  }
}
