import Foundation
import Testing
import TideTestSupport

/// Bytes that did not come from tide never reach the terminal as they are (issue 34, §6): a
/// hostile server's names and errors, a session file's header lines. An OSC sequence would
/// retitle the terminal, a CSI sequence clear it.
@Suite struct TerminalEscapeTests {
  /// A title change, a bell, a screen clear and a C1 control: what a hostile text would carry.
  static let hostile = "\u{1B}]0;owned\u{07}\u{1B}[2J\u{9B}31m"
  /// The same, as tide prints it.
  static let escaped = #"\u{1b}]0;owned\u{7}\u{1b}[2J\u{9b}31m"#

  func expectNoEscapes(_ output: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let controls = output.unicodeScalars.filter {
      $0 != "\n" && $0 != "\t" && $0.properties.generalCategory == .control
    }
    #expect(controls.isEmpty, "\(output.debugDescription)", sourceLocation: sourceLocation)
  }

  @Test func aServersNamesInItsWelcomeAreEscaped() throws {
    let welcome =
      #"{"type":"welcome","protocol":1,"feature":"x\#(Self.hostileJSON)","environment":"y\#(Self.hostileJSON)","lines":0}"#
      + "\n"
    let server = try OtherPortServer(until: "\n") { _ in Array(welcome.utf8) }
    let result = try runExecutable(
      named: "tide", arguments: ["attach", "tide://127.0.0.1:\(server.port)"],
      environment: ["TIDE_TOKEN": "x"])
    expectNoEscapes(result.output)
    #expect(
      result.output.contains("the process serves x\(Self.escaped), which this tide does not have"),
      "\(result.output)")
  }

  @Test func aServersErrorBeforeItsWelcomeIsEscaped() throws {
    let refusal = #"{"type":"error","message":"no\#(Self.hostileJSON)"}"# + "\n"
    let server = try OtherPortServer(until: "\n") { _ in Array(refusal.utf8) }
    let result = try runExecutable(
      named: "tide", arguments: ["attach", "tide://127.0.0.1:\(server.port)"],
      environment: ["TIDE_TOKEN": "x"])
    #expect(result.status == 1)
    expectNoEscapes(result.output)
    #expect(result.output.contains("no\(Self.escaped)"), "\(result.output)")
  }

  @Test func aFilesHeaderLinesAreEscapedInTheErrorTheyCause() throws {
    let scratch = try ScratchFolder("escapes")
    for header in [
      "# feature: app\(Self.hostile)", "# feature: app\n# environment: demo\(Self.hostile)",
    ] {
      let path = scratch.file("hostile.tide")
      try "# tide session\n\(header)\nsend @0ms .logoutTapped\n".write(
        toFile: path, atomically: true, encoding: .utf8)
      let result = try runExecutable(named: "tide", arguments: ["--open", path])
      #expect(result.status != 0, "\(result.output)")
      expectNoEscapes(result.output)
      #expect(result.output.contains(Self.escaped), "\(result.output)")
    }
  }

  /// ``hostile`` as JSON writes it in a string.
  static let hostileJSON = #"\u001b]0;owned\u0007\u001b[2J\u009b31m"#
}
