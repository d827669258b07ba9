import AddLocationFeature
import AppFeature
import Foundation
import LoginFeature
import Testing
import Tide
import TideRecord
import TideTestSupport

/// The whole loop: the app runs against the live HTTP login client and a loopback server,
/// recorded; `tide --open` replays the recording with the server stopped; the test it exports
/// is the one committed in AppFeatureTests, which compiles and passes there.
@MainActor
@Suite struct RecordReplayTests {
  nonisolated static let userJSON =
    #"{"name":"Ada Lovelace","userName":"ada","email":"ada@example.com","address":"London","designation":"Analyst"}"#

  /// A login server on 127.0.0.1 that knows one account.
  static func server() throws -> LoopbackHTTPServer {
    try LoopbackHTTPServer { request in
      guard request.method == "POST", request.path == "/login",
        let body = try? JSONSerialization.jsonObject(with: request.body) as? [String: String],
        body["username"] == "ada", body["password"] == "Lovelace1"
      else { return .json(401, "") }
      return .json(200, userJSON)
    }
  }

  /// Drives the clock until `done` holds: the live login answers from outside the clock, and
  /// its answer waits in the clock's queue. Gives up after the failure detector's time.
  static func drive(_ clock: ManualClock, until done: () -> Bool) async throws {
    let deadline = ContinuousClock.now.advanced(by: failureDetector)
    while !done() {
      guard ContinuousClock.now < deadline else {
        Issue.record("the live login did not answer in \(failureDetectorSeconds) s")
        return
      }
      await clock.advance()
      try await Task.sleep(for: .milliseconds(1))
    }
  }

  /// Records a session of the app: log in over HTTP, search, pick a place.
  static func record() async throws -> Recording {
    let server = try server()
    defer { server.stop() }
    let clock = ManualClock()
    let recorder = Recorder(feature: "app", environment: "live")
    let store = Store(
      initialState: App.State(), reducer: App.reducer,
      environment: App.Environment(
        login: try .live(baseURL: server.baseURL), addLocation: .live(clock: clock)
      ).recorded(by: recorder.calls),
      drivenBy: clock)
    try store.record(into: recorder)
    store.send(.login(.usernameChanged("ada")))
    store.send(.login(.passwordChanged("Lovelace1")))
    store.send(.login(.loginButtonTapped))
    try await drive(clock) { store.state.home != nil }
    store.send(.searchTapped)
    store.send(.addLocation(.presented(.queryChanged("Brus"))))
    await clock.advance(by: AddLocation.debounce)
    try await drive(clock) { store.state.search?.locations.isEmpty == false }
    store.send(.addLocation(.presented(.locationTapped(index: 0))))
    #expect(server.received.count == 1)
    return recorder.recording()
  }

  /// A received step whose call has no answer line: the re-run says what was still running
  /// (it said "no effect was running", having cancelled it first).
  @Test func aReceiveWhoseCallHasNoAnswerSaysWhatWasStillRunning() throws {
    let folder = try ScratchFolder("record-replay")
    let file = folder.path + "/no-answer.tide"
    try """
    # tide session
    # feature: login
    # environment: live
    # recording: its calls answer from the answer lines
    send @0ms .usernameChanged("pritesh")
    send @0ms .passwordChanged("Aaaaaa0")
    send @0ms .loginButtonTapped
    receive @120ms .loginResponse(.failure(.invalidCredentials))

    """.write(toFile: file, atomically: true, encoding: .utf8)
    let result = try runExecutable(
      named: "tide", arguments: ["--feature", "login", "--open", file], input: "")
    #expect(result.status == 2)
    #expect(
      result.output.contains(
        #"line 8: re-running the session, the effects did not send ← .loginResponse(.failure(.invalidCredentials)) (still running: .run("login")); the session is unchanged"#
      ), "\(result.output)")
  }

  @Test func aRecordingAgainstALiveServerReplaysInTideWithTheServerStopped() async throws {
    let recording = try await Self.record()
    #expect(recording.answers.map(\.name) == ["login", "geocode"])
    // The password is a stand-in of the same shape, which the replay's validation accepts.
    #expect(recording.steps[1].action == #".login(.passwordChanged("Aaaaaaaa0"))"#)
    let folder = try ScratchFolder("record-replay")
    let file = folder.path + "/ada.tide"
    try recording.write(toFile: file)
    let script = folder.path + "/script.tide"
    try """
    :state home.user
    :state savedLocations.value
    :jump 3
    :jump 9
    :export-test \(folder.path)/ExportedAppRecordingTests.swift
    """.write(toFile: script, atomically: true, encoding: .utf8)
    // The server is stopped: every answer comes from the file.
    let result = try runExecutable(named: "tide", arguments: ["--open", file, "--script", script])
    #expect(result.status == 0, "\(result.output)")
    let output = result.output.replacingOccurrences(of: folder.path, with: "$OUTPUT")
    #expect(output.contains("loaded 9 steps of app (environment: replay)"), "\(output)")
    #expect(
      output.contains(
        "    a recording made in live: its calls answer from the file's 2 recorded answers, and none runs"
      ))
    #expect(output.contains(#"name: "Ada Lovelace""#))
    #expect(output.contains(#"name: "Brussels""#))

    let exported = try String(
      contentsOfFile: folder.path + "/ExportedAppRecordingTests.swift", encoding: .utf8)
    let committed = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent(
        "AppFeatureTests/ExportedAppRecordingTests.swift")
    if ProcessInfo.processInfo.environment["TIDE_RECORD_TRANSCRIPTS"] != nil {
      try exported.write(to: committed, atomically: true, encoding: .utf8)
    }
    #expect(exported == (try String(contentsOf: committed, encoding: .utf8)))
  }
}
