import Foundation
import Testing
import TideTestSupport

/// Golden transcripts: each script in `Transcripts/` runs through the built `tide` binary, and its
/// output must match the `.out` file beside it, exactly.
///
/// `$OUTPUT` in a script stands for a fresh temporary folder, and is written back as `$OUTPUT` in
/// the output. Run with `TIDE_RECORD_TRANSCRIPTS=1` to write the `.out` files after a deliberate
/// change, then read the diff.
@Suite struct TranscriptTests {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Transcripts")

  static let scripts: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".tide") }.map { String($0.dropLast(5)) }.sorted()
  }()

  /// Runs a script and returns its output, with the temporary folder written as `$OUTPUT`; the
  /// folder is removed when the caller lets go of it.
  static func run(_ name: String, feature: String) throws -> (output: String, folder: ScratchFolder)
  {
    let scratch = try ScratchFolder(name)
    let folder = scratch.url
    let script = try String(
      contentsOf: directory.appendingPathComponent("\(name).tide"), encoding: .utf8)
    let prepared = folder.appendingPathComponent("\(name).tide")
    try script.replacingOccurrences(of: "$OUTPUT", with: folder.path)
      .write(to: prepared, atomically: true, encoding: .utf8)
    let result = try runExecutable(
      named: "tide", arguments: ["--feature", feature, "--script", prepared.path])
    // A script with a failing line exits 1 after running to its end; only bad-input has one.
    let expected: Int32 = name.hasPrefix("bad-") ? 1 : 0
    #expect(result.status == expected, "tide exited with \(result.status)")
    return (result.output.replacingOccurrences(of: folder.path, with: "$OUTPUT"), scratch)
  }

  static func feature(of name: String) -> String {
    name.hasPrefix("login")
      ? "login"
      : name.hasPrefix("debounced") || name.hasPrefix("add-location") ? "add-location" : "app"
  }

  @Test(arguments: scripts)
  func transcriptMatches(name: String) throws {
    let (output, _) = try Self.run(name, feature: Self.feature(of: name))
    let golden = Self.directory.appendingPathComponent("\(name).out")
    if ProcessInfo.processInfo.environment["TIDE_RECORD_TRANSCRIPTS"] != nil {
      try output.write(to: golden, atomically: true, encoding: .utf8)
    }
    let expected = try String(contentsOf: golden, encoding: .utf8)
    #expect(output == expected, "\(name) differs from \(name).out")
  }

  /// Each shipped feature's exported test is committed in its test target, where the suite
  /// compiles and runs it.
  @Test(arguments: [
    ("app-export", "AppFeatureTests/ExportedAppSessionTests.swift"),
    ("login-export", "LoginFeatureTests/ExportedLoginSessionTests.swift"),
    ("add-location-export", "AddLocationFeatureTests/ExportedAddLocationSessionTests.swift"),
  ])
  func theExportedTestIsTheOneThatIsCommittedAndRun(script: String, committedPath: String) throws {
    let (_, folder) = try Self.run(script, feature: Self.feature(of: script))
    let fileName = URL(fileURLWithPath: committedPath).lastPathComponent
    let exported = try String(
      contentsOf: folder.url.appendingPathComponent(fileName), encoding: .utf8)
    let committed = Self.directory.deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent(committedPath)
    if ProcessInfo.processInfo.environment["TIDE_RECORD_TRANSCRIPTS"] != nil {
      try exported.write(to: committed, atomically: true, encoding: .utf8)
    }
    #expect(exported == (try String(contentsOf: committed, encoding: .utf8)))
  }

  @Test func pipedInputRunsLikeAScript() throws {
    let result = try runExecutable(
      named: "tide", arguments: ["--feature", "login"],
      input: ".usernameChanged(\"ada\")\n:state username\n")
    #expect(result.status == 0)
    #expect(result.output.hasSuffix("login> :state username\n\"ada\"\n"))
  }

  @Test func aLoginServerURLAddsTheLiveEnvironment() throws {
    let live = try runExecutable(
      named: "tide", arguments: ["--feature", "login"], input: ":env\n",
      environment: ["TIDE_LOGIN_URL": "http://127.0.0.1:9"])
    #expect(live.output.hasSuffix("  login=timeout\n  live\n  explore\n  replay\n"))
    let insecure = try runExecutable(
      named: "tide", arguments: ["--feature", "login"], input: ":env\n",
      environment: ["TIDE_LOGIN_URL": "http://example.com"])
    #expect(
      insecure.output.hasPrefix(
        "tide: warning: TIDE_LOGIN_URL is ignored: The login server must use https (http is only allowed for localhost): http://example.com\n"
      ))
    #expect(!insecure.output.contains("  live\n"))
  }

  @Test func flagsAreChecked() throws {
    let help = try runExecutable(named: "tide", arguments: ["--help"])
    #expect(help.status == 0)
    #expect(help.output.hasPrefix("USAGE: tide [--feature <name>]"))
    let unknown = try runExecutable(named: "tide", arguments: ["--fast"])
    #expect(unknown.status == 2)
    #expect(unknown.output.hasPrefix("tide: error: unknown option '--fast'"))
    let feature = try runExecutable(named: "tide", arguments: ["--feature", "logn"], input: "")
    #expect(feature.status == 2)
    #expect(feature.output == "tide: error: there is no feature 'logn'; did you mean login?\n")
    // With no name close to it, the choices.
    let far = try runExecutable(named: "tide", arguments: ["--feature", "nope"], input: "")
    #expect(
      far.output
        == "tide: error: there is no feature 'nope'; did you mean app, login, add-location?\n")
    let environment = try runExecutable(
      named: "tide", arguments: ["--env", "login=nope"], input: "")
    #expect(environment.output.hasPrefix("tide: error: app has no environment 'login=nope'"))
    let openWithEnvironment = try runExecutable(
      named: "tide", arguments: ["--open", "x.tide", "--env", "demo"], input: "")
    #expect(openWithEnvironment.status == 2)
    #expect(
      openWithEnvironment.output.hasPrefix(
        "tide: error: --open replays the file in the environment it names (a recording in replay): drop --env\n"
      ))
    let replayWithoutRecording = try runExecutable(
      named: "tide", arguments: ["--feature", "login", "--env", "replay"], input: "")
    #expect(replayWithoutRecording.status == 2)
    #expect(
      replayWithoutRecording.output
        == "tide: error: login's replay environment answers calls from a recording: open one with --open FILE, which replays it there\n"
    )
    let openMissing = try runExecutable(
      named: "tide", arguments: ["--open", "/nonexistent/x.tide"], input: "")
    #expect(openMissing.status == 2)
    // Said once, on standard error: the REPL does not print the failed load as well.
    #expect(
      openMissing.output
        == "tide: error: cannot read /nonexistent/x.tide: there is no such file or folder\n")
    let clock = try runExecutable(named: "tide", arguments: ["--clock", "sometimes"])
    #expect(clock.output.hasPrefix("tide: error: --clock takes virtual or real, not 'sometimes'"))
    let script = try runExecutable(named: "tide", arguments: ["--script", "/nonexistent.tide"])
    #expect(script.status == 2)
    #expect(
      script.output
        == "tide: error: cannot read /nonexistent.tide: there is no such file or folder\n")
  }
}
