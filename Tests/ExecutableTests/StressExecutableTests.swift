import Foundation
import Testing
import TidePersistence
import TideTestSupport

/// `tide-stress` refuses bad arguments with a plain reason; its scenarios themselves run in
/// `StressTests` (small) and in CI (full size, release).
@Suite struct StressExecutableTests {
  @Test(
    "Bad arguments get a clear error and exit status 2",
    arguments: [
      (
        ["--seed", "x"], "tide-stress: --seed needs a whole number from 0 to 18446744073709551615\n"
      ),
      (["--seed"], "tide-stress: --seed needs a whole number from 0 to 18446744073709551615\n"),
      (["--only"], "tide-stress: --only needs part of a scenario's name, such as 'order'\n"),
      (
        ["--fast"],
        "tide-stress: unknown argument '--fast'. Usage: tide-stress [--seed N] [--only NAME], or tide-stress --write-shared-file PATH\n"
      ),
    ])
  func badArguments(arguments: [String], message: String) throws {
    let result = try runExecutable(named: "tide-stress", arguments: arguments)
    #expect(result.status == 2)
    #expect(result.output == message)
  }

  @Test("A filter that names no scenario is an error, not an empty success")
  func unknownScenario() throws {
    let result = try runExecutable(
      named: "tide-stress", arguments: ["--seed", "1", "--only", "nothing"])
    #expect(result.status == 2)
    #expect(
      result.output == "tide-stress: seed 1\ntide-stress: no scenario's name contains 'nothing'\n")
  }

  @Test("One small scenario runs and reports")
  func oneScenario() throws {
    let result = try runExecutable(
      named: "tide-stress", arguments: ["--seed", "3", "--only", "huge"])
    #expect(result.status == 0)
    #expect(result.output.hasPrefix("tide-stress: seed 3\nok   huge advances"))
    #expect(result.output.hasSuffix("tide-stress: 1 of 1 scenarios kept their promises\n"))
  }
}

/// A process killed while it saves a shared file leaves a whole value there, the one it saved
/// last or the one it was saving: never a torn file.
@Suite struct SharedFileKillTests {
  @Test func aWriterKilledAtAnyPointLeavesAWholeFile() throws {
    let folder = try ScratchFolder("shared-file-kill")
    let path = folder.file("saved.json")
    for round in 1...10 {
      let writer = try TideProcess(
        "tide-stress", arguments: ["--write-shared-file", path], announcement: "writing: ")
      // Killed right after a save it reported: a few rounds land inside the next write.
      let saves = 3 * round
      #expect(writer.waitForOutput("saved \(saves)\n"), "\(writer.output)")
      writer.terminateAndWait(with: SIGKILL)
      let file = SharedFile<[String]>(path: path)
      let value = file.load(default: [])
      let number = try #require(
        value.first.flatMap { Int($0) }, "round \(round): \(value.prefix(1))")
      #expect(value.count == 501)
      #expect(number >= saves, "round \(round): the file went back to save \(number)")
      // A load removes what a killed write left beside the file.
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
          "saved.json", "saved.json.lock",
        ])
    }
  }
}
