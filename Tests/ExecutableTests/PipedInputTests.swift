import Foundation
import Testing
import TideTestSupport

/// Lines piped into `tide`, and script files, that are not text: refused whole, before any line
/// runs, with the place of the first byte that is not UTF-8.
@Suite struct PipedInputTests {
  @Test func pipedInputThatIsNotUTF8NamesTheLineAndByteAndRunsNothing() throws {
    let input =
      Array(".usernameChanged(\"ab\")\n.passwordChanged(\"a".utf8) + [0xFF]
      + Array("b\")\n".utf8)
    let result = try runExecutable(
      named: "tide", arguments: ["--feature", "login", "--no-color"], inputBytes: input)
    #expect(result.status == 2)
    #expect(
      result.output
        == "tide: error: the input is not UTF-8 text (line 2, byte 20 is 0xFF): nothing was run\n")
  }

  @Test func aScriptThatIsNotUTF8NamesTheLineAndByte() throws {
    let scratch = try ScratchFolder("piped-input")
    let script = scratch.file("session.tide")
    try Data(Array(".usernameChanged(\"é".utf8) + [0xC3]).write(to: URL(fileURLWithPath: script))
    let result = try runExecutable(
      named: "tide", arguments: ["--feature", "login", "--no-color", "--script", script])
    #expect(result.status == 2)
    #expect(
      result.output
        == "tide: error: cannot read \(script): it is not UTF-8 text (the text ends inside a character)\n"
    )
  }
}
