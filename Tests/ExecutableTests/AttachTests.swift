import Foundation
import Testing
import TideTestSupport

@testable import TideAttach

/// `tide attach` against `tide-served-app`, in two processes: what a person does in two
/// terminals.
@Suite("tide attach: two processes")
struct AttachTests {
  @Test(.failureDetector)
  func tideAttachLogsInThroughAServedAppAndSavesWhatItRecorded() throws {
    let folder = try ScratchFolder()
    let path = folder.file("live.tide")
    let app = try TideProcess("tide-served-app", arguments: [], announcement: "attach: ")
    // The command it prints keeps the token out of tide attach's arguments (issue 34, §5):
    // other users of the machine read those in the process list.
    #expect(app.url.hasPrefix("TIDE_TOKEN=\(app.attachToken) tide attach tide://127.0.0.1:"))
    #expect(app.attachToken.count >= 32)
    let arguments = ["attach", app.attachAddress, "--no-color"]
    #expect(!arguments.joined(separator: " ").contains(app.attachToken))
    let attach = try TideProcess(
      arguments: arguments, announcement: "attached to ",
      environment: ["TIDE_TOKEN": app.attachToken])
    #expect(!attach.output.contains("warning"), "\(attach.output)")
    #expect(attach.url.hasPrefix("app at tide://127.0.0.1:"))
    #expect(!attach.url.contains("token"), "the token is not printed again")
    attach.type(#".login(.usernameChanged("pritesh"))"#)
    attach.type(#".login(.passwordChanged("Secret1"))"#)
    attach.type(".login(.loginButtonTapped)")
    // The demo backend answers in the served process, on its real clock.
    #expect(attach.waitForOutput("← .login(.loginResponse(.success(User(…))))"))
    // The served process's own state changed.
    app.type("state")
    #expect(app.waitForOutput(#"userName: "pritesh""#))
    attach.type(":save \(path)")
    #expect(attach.waitForOutput("saved the recording so far to \(path) (5 lines)"))
    #expect(attach.endInputAndWait() == 0)
    #expect(app.endInputAndWait() == 0)
    // The served app is gone; the recording replays without it.
    let replay = try runExecutable(
      named: "tide", arguments: ["--open", path, "--no-color"], input: ":history\n")
    #expect(replay.status == 0, "\(replay.output)")
    #expect(replay.output.contains("loaded 4 steps of app (environment: replay)"))
    #expect(replay.output.contains("▸  4  ← .login(.loginResponse(.success(User(…))))"))
  }

  @Test(.failureDetector)
  func aUnixSocketWithTheTokenFromTheEnvironment() throws {
    let folder = try ScratchFolder()
    let socket = folder.file("app.sock")
    let app = try TideProcess(
      "tide-served-app", arguments: ["--socket", socket], announcement: "attach: ")
    #expect(app.attachAddress == "tide+unix:\(socket)")
    let token = app.attachToken
    let attach = try TideProcess(
      arguments: ["attach", "tide+unix:\(socket)", "--no-color"], announcement: "attached to ",
      environment: ["TIDE_TOKEN": token])
    attach.type(#".login(.usernameChanged("ada"))"#)
    #expect(attach.waitForOutput(#"+     username: "ada","#))
    #expect(attach.endInputAndWait() == 0)
    app.type("state")
    #expect(app.waitForOutput(#"username: "ada""#))
    #expect(app.endInputAndWait() == 0)
    #expect(!FileManager.default.fileExists(atPath: socket), "the socket is removed at exit")
  }

  @Test(.failureDetector)
  func aTokenInTheArgumentsIsWarnedAboutAndASocketPathMayHoldTokenText() throws {
    let folder = try ScratchFolder()
    // With the token in TIDE_TOKEN, all of the address is the path, ?token= included.
    // Short: a socket's path is at most 107 bytes, and CI's temporary folder is long.
    let socket = folder.file("s?token=x")
    let app = try TideProcess(
      "tide-served-app", arguments: ["--socket", socket], announcement: "attach: ")
    #expect(app.url == "TIDE_TOKEN=\(app.attachToken) tide attach 'tide+unix:\(socket)'")
    let attach = try TideProcess(
      arguments: ["attach", "tide+unix:\(socket)", "--no-color"], announcement: "attached to ",
      environment: ["TIDE_TOKEN": app.attachToken])
    #expect(attach.endInputAndWait() == 0)
    // The token given in the address still works, with a warning that says why not to.
    let plain = try TideProcess("tide-served-app", arguments: [], announcement: "attach: ")
    let warned = try runExecutable(
      named: "tide", arguments: ["attach", plain.attachAddress + "?token=\(plain.attachToken)"],
      input: "")
    #expect(warned.status == 0, "\(warned.output)")
    #expect(
      warned.output.hasPrefix(
        "tide: warning: the token is in tide's arguments, which any user of this machine can read (ps, /proc): give it in TIDE_TOKEN instead, as the served process prints: TIDE_TOKEN=TOKEN tide attach \(plain.attachAddress)\n"
      ), "\(warned.output)")
    #expect(app.endInputAndWait() == 0)
    #expect(plain.endInputAndWait() == 0)
  }

  @Test func optionsMayComeBeforeOrAfterTheAddress() throws {
    for arguments in [
      ["--no-color", "attach", "tide://127.0.0.1:1"],
      ["attach", "--no-color", "tide://127.0.0.1:1"],
    ] {
      // Read as an address (nothing is served there), not refused as an option.
      let result = try runExecutable(
        named: "tide", arguments: arguments, environment: ["TIDE_TOKEN": "x"])
      #expect(result.status == 1, "\(arguments)")
      #expect(result.output.hasPrefix("tide: error: nothing is served at tide://127.0.0.1:1: "))
    }
  }

  @Test(.failureDetector, arguments: [SIGTERM, SIGINT, SIGHUP])
  func aServedAppStoppedByASignalRemovesItsSocket(signal: Int32) throws {
    let folder = try ScratchFolder()
    let socket = folder.file("app.sock")
    let app = try TideProcess(
      "tide-served-app", arguments: ["--socket", socket], announcement: "attach: ")
    #expect(FileManager.default.fileExists(atPath: socket))
    #expect(app.terminateAndWait(with: signal) == 128 + signal)
    #expect(
      !FileManager.default.fileExists(atPath: socket), "signal \(signal) stops the server first")
  }

  @Test(.failureDetector)
  func aWrongTokenOrNoServerIsAClearErrorWithStatus1() throws {
    let app = try TideProcess("tide-served-app", arguments: [], announcement: "attach: ")
    let place = app.attachAddress
    let wrong = try runExecutable(
      named: "tide", arguments: ["attach", place], environment: ["TIDE_TOKEN": "guess"])
    #expect(wrong.status == 1)
    #expect(
      wrong.output
        == "tide: error: \(place) refused: the token is wrong: use the token the process printed\n"
    )
    #expect(app.endInputAndWait() == 0)
    let gone = try runExecutable(
      named: "tide", arguments: ["attach", place], environment: ["TIDE_TOKEN": app.attachToken])
    #expect(gone.status == 1)
    #expect(gone.output.hasPrefix("tide: error: nothing is served at \(place): "))
    #expect(gone.output.hasSuffix("; is the process running?\n"))
  }

  @Test(
    arguments: [
      (
        ["attach"],
        "attach needs the address the served process printed: tide attach tide://…"
      ),
      (
        ["attach", "http://127.0.0.1:80"],
        "an address is tide://127.0.0.1:PORT or tide+unix:PATH, with the token in TIDE_TOKEN, as the served process prints it"
      ),
      (
        ["attach", "tide://10.0.0.1:80?token=x"],
        "tide attach connects to this machine only (127.0.0.1 or localhost), not 10.0.0.1"
      ),
      (
        ["attach", "tide://127.0.0.1:99999?token=x"],
        "the port is a number from 1 to 65535, not '99999'"
      ),
      (["attach", "tide://127.0.0.1:80?token="], "the token after ?token= is empty"),
      (
        ["attach", "tide://[::1]:80?token=x"],
        "tide attach connects to this machine only (127.0.0.1 or localhost), not [::1]"
      ),
      (
        ["--no-color", "attach"],
        "attach needs the address the served process printed: tide attach tide://…"
      ),
      (
        ["attach", "tide://127.0.0.1:80?token=x", "--feature", "login"],
        "--feature is not for tide attach: the served store has its feature, environment and clock; type or pipe lines"
      ),
    ])
  func aBadAttachLineIsAClearErrorWithStatus2(arguments: [String], message: String) throws {
    let result = try runExecutable(
      named: "tide", arguments: arguments, environment: ["TIDE_TOKEN": ""])
    #expect(result.status == 2)
    #expect(result.output.hasPrefix("tide: error: \(message)\n"), "\(result.output)")
  }
}
