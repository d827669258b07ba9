// A session recorded where it runs, replayed by the REPL engine without its server, and exported
// as a test.
//
// Run it with `swift run RecordPlayground`. A login store runs against a "server" (an
// environment that counts its calls), recorded; the recording is written to a file; the REPL
// engine opens the file and replays it in its `replay` environment, where the server is never
// called; `:export-test` turns it into a TestStore test. The tour checks itself with
// `precondition`.

import Foundation
import LoginFeature
import Tide
import TideREPL
import TideRecord

/// The server: logs in `ada` with her password, and counts the requests it gets.
final class Server: Sendable {
  let requests = Counter()

  func login(_ username: String, _ password: String) async throws -> User {
    requests.increment()
    guard username == "ada", password == "Lovelace1" else {
      throw LoginServiceError.invalidCredentials
    }
    return User(
      name: "Ada Lovelace", userName: "ada", email: "ada@example.com", address: "London",
      designation: "Analyst")
  }
}

/// A count shared with the server's calls.
final class Counter: @unchecked Sendable {
  // @unchecked: read and written under `lock` only.
  private let lock = NSLock()
  private var value = 0
  var count: Int { lock.withLock { value } }
  func increment() { lock.withLock { value += 1 } }
}

@MainActor
func tour() async throws {
  let server = Server()
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("tide-record-tour-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }

  print("1. A login store runs against the server, recorded:")
  let clock = ManualClock()
  let recorder = Recorder(feature: "login", environment: "server")
  let store = Store(
    initialState: Login.State(), reducer: Login.reducer,
    environment: Login.Environment(login: server.login).recorded(by: recorder.calls),
    drivenBy: clock)
  try store.record(into: recorder)
  store.send(.usernameChanged("ada"))
  store.send(.passwordChanged("Lovelace1"))
  store.send(.loginButtonTapped)
  await clock.advance()
  print("   logged in: \(store.state.user?.name ?? "no")")
  precondition(store.state.user?.name == "Ada Lovelace" && server.requests.count == 1)

  print("\n2. The recording, its password a stand-in of the same shape:\n")
  let path = folder.appendingPathComponent("ada.tide").path
  let recording = recorder.recording()
  try recording.write(toFile: path)
  for line in recording.text.split(separator: "\n") where !line.hasPrefix("#") {
    print("   \(line)")
  }
  precondition(recording.steps[1].action == #".passwordChanged("Aaaaaaaa0")"#)

  print("\n3. The REPL engine opens it and replays it; the server gets no request:\n")
  let login = REPLFeature(
    name: "login", summary: "the login screen",
    initialState: Login.State(), reducer: Login.reducer,
    environments: [REPLEnvironment("server", summary: "the server") { _ in .unimplemented }],
    export: REPLTestExport(
      imports: ["LoginFeature"], reducer: "Login.reducer", initialState: "Login.State()"),
    recording: REPLRecording(testExpression: "Login.Environment.replaying(calls)") { calls, _ in
      .replaying(calls)
    })
  let repl = try REPL(
    features: [login], options: REPLOptions(clock: .virtual, colors: false, echoesInput: true),
    write: { text in
      // Indented, as the rest of the tour's output is.
      print(
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
          .map { "   " + $0 }.joined(separator: "\n"))
    })
  let problem = await repl.open(path)
  precondition(problem == nil && server.requests.count == 1)
  _ = await repl.handle(":state user")

  print("\n4. Exported as a test that reads the answers back:\n")
  let test = folder.appendingPathComponent("ReplayedLogin.swift").path
  _ = await repl.handle(":export-test \(test)")
  let source = try String(contentsOfFile: test, encoding: .utf8)
  print(source)
  precondition(source.contains("let calls = RecordedCalls(replaying: recording, clock: clock)"))
  precondition(source.contains("environment: Login.Environment.replaying(calls)"))

  print("Done: the record tour checked itself.")
}

try await tour()
