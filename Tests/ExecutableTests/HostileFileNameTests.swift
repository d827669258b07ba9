import Foundation
import Testing
import TideTestSupport

/// Short, odd and relative file names given to `tide` in its own folder (issue 34, §1 and §8):
/// one character, `.`, `./`, a name ending in a slash, a file of /proc. Each is written, or
/// refused with a sentence; tide never dies and the session is kept.
@Suite struct HostileFileNameTests {
  @Test func shortAndOddNamesAreSavedOrRefusedWithoutKillingTide() throws {
    let scratch = try ScratchFolder("odd-names")
    let input = """
      .usernameChanged("ab")
      :save a
      :save .
      :save ./
      :save b/
      :save ..
      :export-test x.swift
      :load a
      :history

      """
    let result = try runExecutable(
      named: "tide", arguments: ["--feature", "login"], input: input,
      currentDirectory: scratch.url)
    // Piped input exits 1 when a line failed, and says which.
    #expect(result.status == 1, "\(result.output)")
    #expect(
      result.output.hasSuffix("tide: 4 of 9 lines failed: lines 3, 4, 5, 6\n"), "\(result.output)")
    #expect(result.output.contains("login> :save a\nsaved to a"), "\(result.output)")
    #expect(
      result.output.contains(
        "cannot write .: it is a folder, and tide replaces only regular files"),
      "\(result.output)")
    #expect(
      result.output.contains(
        "cannot write ./: it is a folder, and tide replaces only regular files"),
      "\(result.output)")
    #expect(
      result.output.contains("cannot write b/: a file name cannot end with /"), "\(result.output)")
    #expect(
      result.output.contains(
        "cannot write ..: it is a folder, and tide replaces only regular files"),
      "\(result.output)")
    #expect(result.output.contains("wrote x.swift"), "\(result.output)")
    #expect(result.output.contains("loaded 1 step of login"), "\(result.output)")
    #expect(FileManager.default.fileExists(atPath: scratch.file("a")))
    #expect(FileManager.default.fileExists(atPath: scratch.file("x.swift")))
  }

  @Test func aFileThatFailsToReadIsSaidInWords() throws {
    let result = try runExecutable(named: "tide", arguments: ["--open", "/proc/self/mem"])
    #expect(result.status != 0)
    #expect(!result.output.contains("NSCocoaErrorDomain"), "\(result.output)")
    #expect(result.output.contains("cannot read /proc/self/mem: "), "\(result.output)")
  }
}
