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

/// Runs a product built next to the test bundle and returns its exit status and combined output.
func runExecutable(
  named name: String, arguments: [String] = [], input: String? = nil
) throws -> (status: Int32, output: String) {
  let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  let executable = directory.appendingPathComponent(name)
  guard FileManager.default.isExecutableFile(atPath: executable.path) else {
    throw MissingExecutable(path: executable.path)
  }
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  let output = Pipe()
  process.standardOutput = output
  process.standardError = output
  let stdin = Pipe()
  process.standardInput = stdin
  try process.run()
  if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
  try stdin.fileHandleForWriting.close()
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

struct MissingExecutable: Error, CustomStringConvertible {
  let path: String
  var description: String { "No executable at \(path); build the package first (swift build)." }
}
