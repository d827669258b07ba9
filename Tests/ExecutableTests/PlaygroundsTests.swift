import Foundation
import Testing

/// Runs every playground executable and checks it finishes cleanly, so the tours in
/// `Playgrounds/` keep compiling and keep telling the truth.
@Suite struct PlaygroundsTests {
  /// Playground executables, with what each must print.
  static let playgrounds: [(name: String, expected: [String])] = [
    ("CounterPlayground", ["Done: the counter tour checked itself."]),
    (
      "TestingPlayground",
      [
        "A state change does not match expectation.",
        """
            −   query: "Pari",
            +   query: "Paris",
        """,
        "Done: the testing tour checked itself.",
      ]
    ),
    (
      "LoginPlayground",
      [
        "alert: Success: Hello Pritesh",
        "nilData: The server sent no data.",
        "Done: the login tour checked itself.",
      ]
    ),
    (
      "AddLocationPlayground",
      [
        "     Brussels — Belgium",
        "     Zürich — Switzerland",
        "   picked: Brussels",
        "Done: the add-location tour checked itself.",
      ]
    ),
    (
      "AppPlayground",
      [
        "   [home] Hello Ada Lovelace; saved: Zürich, Switzerland",
        "   [place] Zürich, 1 screen pushed; 0 other places so named",
        "   [home] Hello Ada Lovelace; saved: Züri, Switzerland",
        "Done: the app tour checked itself.",
      ]
    ),
    (
      "ExplorePlayground",
      [
        "   found in 10 steps, shrunk to 4:",
        "     3. send .loginButtonTapped",
        "exhaustive to depth 4:",
        "calls.resolveIfWaiting(\"login\", number: 1, outcome: \"failure(.nilData)\")",
        "   random, seed 2: 300 runs, 3,000 steps; no failure",
        "Done: the explore tour checked itself.",
      ]
    ),
    (
      "RecordPlayground",
      [
        #"   send @0ms .passwordChanged("Aaaaaaaa0")"#,
        "       a recording made in server: its calls answer from the file's 1 recorded answer, and none runs",
        "  let calls = RecordedCalls(replaying: recording, clock: clock)",
        "Done: the record tour checked itself.",
      ]
    ),
  ]

  @Test(arguments: playgrounds.map(\.name))
  func playgroundRunsAndChecksItself(name: String) throws {
    let expected = Self.playgrounds.first { $0.name == name }!.expected
    let result = try runExecutable(named: name)
    #expect(result.status == 0, "\(name) exited with \(result.status):\n\(result.output)")
    for fragment in expected {
      #expect(result.output.contains(fragment), "\(name) printed:\n\(result.output)")
    }
  }
}
