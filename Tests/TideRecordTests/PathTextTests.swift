import Foundation
import Testing
import TideTestSupport

@testable import Tide
@testable import TideRecord

/// Path arithmetic done by hand (issue 34, §1): the Linux Foundation traps on one-character names,
/// so no path a user types reaches it. A failure prints the seed; rerun it with
/// `TIDE_FUZZ_SEED=N swift test --filter PathTextTests`.
@Suite struct PathTextTests {
  static let seed: UInt64 =
    ProcessInfo.processInfo.environment["TIDE_FUZZ_SEED"].flatMap(UInt64.init)
    ?? UInt64.random(in: 0...UInt64(UInt32.max))

  @Test(
    arguments: [
      ("a", ".", "a", "a"), (".", ".", ".", "."), ("./", ".", ".", "."), ("", ".", "", ""),
      ("/", "/", "/", "/"), ("//", "/", "/", "/"), ("/a", "/", "a", "a"),
      ("dir/a.tide", "dir", "a.tide", "a"), ("dir//a/", "dir", "a", "a"),
      ("./Session.swift", ".", "Session.swift", "Session"), (".swift", ".", ".swift", ".swift"),
      ("a/b/c.d.e", "a/b", "c.d.e", "c.d"), ("é/ü", "é", "ü", "ü"), ("..", ".", "..", "."),
      // A prepended mark joins the slash after it into one character; the file system still
      // sees a separator (found by the parser fuzzer).
      ("\u{0601}/)", "\u{0601}", ")", ")"), ("a/b.\u{301}x", "a", "b.\u{301}x", "b"),
    ])
  func aPathSplitsByItsSlashes(path: String, folder: String, last: String, base: String) {
    #expect(PathText.folder(of: path) == folder)
    #expect(PathText.lastComponent(of: path) == last)
    #expect(PathText.baseName(of: path) == base)
  }

  @Test func anyShortOrOddNameSplitsWithoutTrapping() {
    var random = SeededRandom(seed: Self.seed)
    let pieces = [
      "a", "/", ".", "..", "é", "\u{0}", " ", "\r\n", "~", "ab", "🌊", "\u{0601}", "\u{301}",
    ]
    for round in 0..<20_000 {
      let path = (0..<Int.random(in: 0...6, using: &random))
        .map { _ in pieces.randomElement(using: &random)! }.joined()
      let folder = PathText.folder(of: path)
      let last = PathText.lastComponent(of: path)
      #expect(!folder.isEmpty, "seed \(Self.seed), round \(round): \(path.debugDescription)")
      #expect(
        last == "/" || !last.unicodeScalars.contains("/"),
        "seed \(Self.seed), round \(round): \(path.debugDescription)")
      if !path.unicodeScalars.contains("/") {
        #expect(folder == "." && last == path, "seed \(Self.seed): \(path.debugDescription)")
      }
      _ = PathText.baseName(of: path)
    }
  }

  @Test func aRecordingIsWrittenToAOneCharacterNameInAFolder() throws {
    let folder = try ScratchFolder("path-text")
    let recording = try Recording(parsing: "# tide session\nsend @0ms .tapped\n")
    try recording.write(toFile: folder.path + "/r")
    #expect(try Recording(contentsOfFile: folder.path + "/r") == recording)
  }
}
