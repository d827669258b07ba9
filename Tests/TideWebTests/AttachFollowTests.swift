import Foundation
import LoginFeature
import Testing
import Tide
import TideREPL
import TideRecord
import TideTestSupport
import TideWeb

@testable import TideAttach

/// The REPL following a served login store, in one process: what `tide attach` shows and does.
@MainActor
final class AttachedREPL {
  final class Output {
    var text = ""
  }

  let served: ServedLogin
  let output = Output()
  let repl: REPL
  let follower: AttachFollower

  init(history: [Login.Action] = [], initialState: Login.State = Login.State()) async throws {
    served = try ServedLogin(initialState: initialState)
    for action in history { served.store.send(action) }
    let client = try AttachClient(
      connectingTo: AttachAddress(place: .loopback(port: served.port), token: nil),
      token: ServedLogin.token)
    let output = self.output
    repl = try REPL(
      features: [Self.login], options: REPLOptions(echoesInput: true),
      write: { output.text += $0 })
    // Ten minutes for the served store's answer: under the thread sanitizer, with the suite
    // running beside it, one took longer than the thirty seconds `tide attach` waits.
    follower = AttachFollower(repl: repl, client: client, answerTimeout: .seconds(600))
    await follower.takeInHistory(into: repl)
  }

  static var login: REPLFeature {
    REPLFeature(
      name: "login", summary: "the login screen", initialState: Login.State(),
      reducer: Login.reducer,
      environments: [REPLEnvironment("demo", summary: "demo accounts") { .demo(clock: $0) }],
      recording: REPLRecording(
        testExpression: "Login.Environment.unimplemented.recorded(by: calls)"
      ) { calls, _ in Login.Environment.unimplemented.recorded(by: calls) })
  }

  /// Waits until the REPL has printed `text`, five minutes at most: a failure detector only.
  /// Under the thread sanitizer, the main actor (where the copy takes the lines in) is shared
  /// with every main-actor test of the suite, and a minute was not always enough.
  func waitForOutput(_ text: String) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(300)
    while !output.text.contains(text), ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(2))
    }
    return output.text.contains(text)
  }

  /// What was printed since the last call.
  func take() -> String {
    defer { output.text = "" }
    return output.text
  }
}

@MainActor
@Suite("tide attach: the REPL on a served store")
struct AttachFollowTests {
  @Test func aTypedActionGoesToTheServedStoreAndItsStepShowsHere() async throws {
    let attached = try await AttachedREPL()
    _ = await attached.repl.handle(#".usernameChanged("ada")"#)
    #expect(attached.served.store.state.username == "ada")
    #expect(
      attached.take() == """
        login> .usernameChanged("ada")
        → .usernameChanged("ada")
              Login.State(
            −   username: "",
            +   username: "ada",
                password: "••••••",
                isLoading: false,
                user: nil,
                alert: nil
              )

        """)
  }

  @Test func whatTheServedStoreDoesOnItsOwnShowsAsItHappens() async throws {
    let attached = try await AttachedREPL()
    attached.served.store.send(.usernameChanged("pritesh"))
    attached.served.store.send(.passwordChanged("Secret1"))
    #expect(await attached.waitForOutput("→ .passwordChanged(\"••••••\")"))
    _ = await attached.repl.handle(".loginButtonTapped")
    _ = attached.take()
    // The login call waits in the served process, and here too, until its answer arrives.
    _ = await attached.repl.handle(":effects")
    #expect(attached.take() == "login> :effects\n  1  .run(\"login\")\n")
    await attached.served.clock.advance(by: .seconds(5))
    #expect(await attached.waitForOutput("← .loginResponse(.success(User("))
    _ = await attached.repl.handle(":history")
    #expect(
      attached.take().contains(
        """
           1  → .usernameChanged("pritesh")  @0ms
           2  → .passwordChanged("••••••")  @0ms
           3  → .loginButtonTapped  @0ms
        ▸  4  ← .loginResponse(.success(User(…)))
        """))
  }

  @Test func theHistorySoFarIsTakenInBeforeTheFirstLine() async throws {
    let folder = try ScratchFolder()
    let attached = try await AttachedREPL(history: [.usernameChanged("ada"), .passwordChanged("x")])
    // Shown at once, as steps of the served store.
    #expect(attached.output.text.hasPrefix(#"→ .usernameChanged("ada")"#))
    _ = attached.take()
    _ = await attached.repl.handle(":save \(folder.file("first.tide"))")
    #expect(attached.take().contains("(2 lines)"))
    _ = await attached.repl.handle(":history")
    #expect(attached.take().contains(#"▸  2  → .passwordChanged("••••••")  @0ms"#))
  }

  @Test func newLinesExtendTheCopyInsteadOfReRunningTheRecording() async throws {
    let attached = try await AttachedREPL(history: [.passwordChanged("Secret1")])
    #expect(attached.repl.attachedReruns == 1)
    for index in 0..<30 { _ = await attached.repl.handle(#".usernameChanged("u\#(index)")"#) }
    // One the served app sends itself; the copy takes it as it comes.
    attached.served.store.send(.usernameChanged("pritesh"))
    #expect(await attached.waitForOutput(#"→ .usernameChanged("pritesh")"#))
    _ = await attached.repl.handle(".loginButtonTapped")
    await attached.served.clock.advance(by: .seconds(5))
    #expect(await attached.waitForOutput("← .loginResponse("))
    // 33 more steps and an answer, and still the one re-run of the start.
    #expect(attached.repl.attachedReruns == 1)
    _ = attached.take()
    _ = await attached.repl.handle(":history")
    let history = attached.take()
    #expect(history.contains("  33  → .loginButtonTapped  @0ms"), "\(history)")
    #expect(history.contains("▸ 34  ← .loginResponse(.success(User(…)))"), "\(history)")
  }

  @Test func commandsThatWouldChangeOnlyTheCopyAreRefused() async throws {
    let attached = try await AttachedREPL()
    _ = await attached.repl.handle(#".usernameChanged("ada")"#)
    _ = attached.take()
    for command in [":jump 0", ":undo", ":env demo", ":reset", ":advance 1s"] {
      _ = await attached.repl.handle(command)
      let name = String(command.prefix { $0 != " " })
      #expect(
        attached.take().contains(
          "\(name) would change only this copy of a served store; :save the recording, then tide --open it to travel in time, explore or switch"
        ), "\(command)")
    }
    #expect(attached.served.store.state.username == "ada")
    // Without an argument, :env only says which.
    _ = await attached.repl.handle(":env")
    #expect(attached.take().contains("replay"))
  }

  @Test func ctrlCDetachesAndLeavesTheServedStoresEffectsAlone() async throws {
    let attached = try await AttachedREPL()
    for line in [
      #".usernameChanged("pritesh")"#, #".passwordChanged("Secret1")"#, ".loginButtonTapped",
    ] {
      _ = await attached.repl.handle(line)
    }
    _ = attached.take()
    #expect(await attached.repl.interrupt() == false)
    #expect(attached.take() == "detached: Ctrl-C does not cancel the served store's effects\n")
    #expect(attached.served.store.state.isLoading)
  }

  @Test func anActionTooLongForTheServerIsRefusedAndTheSessionGoesOn() async throws {
    let attached = try await AttachedREPL()
    _ = await attached.repl.handle(
      ".usernameChanged(\"" + String(repeating: "a", count: 70_000) + "\")")
    #expect(
      attached.take().hasSuffix(
        "error: the served store refused it: a line is at most 65536 bytes; that one was not read\n"
      ))
    _ = await attached.repl.handle(#".usernameChanged("ok")"#)
    #expect(attached.served.store.state.username == "ok")
  }

  @Test func aRefusedActionSaysWhyAndChangesNothing() async throws {
    let attached = try await AttachedREPL()
    // Unknown here: refused before it is sent.
    _ = await attached.repl.handle(".logout")
    #expect(
      attached.take() == "login> .logout\nerror: Login.Action has no case .logout\n  .logout\n  ^\n"
    )
    #expect(attached.served.recorder.count == 0)
  }

  @Test func saveWritesTheRecordingSoFarAndItReplays() async throws {
    let folder = try ScratchFolder()
    let path = folder.file("attached.tide")
    let attached = try await AttachedREPL()
    for line in [
      #".usernameChanged("pritesh")"#, #".passwordChanged("Secret1")"#, ".loginButtonTapped",
    ] {
      _ = await attached.repl.handle(line)
    }
    await attached.served.clock.advance(by: .seconds(5))
    #expect(await attached.waitForOutput("← .loginResponse(.success(User("))
    _ = attached.take()
    _ = await attached.repl.handle(":save \(path)")
    #expect(
      attached.take().contains(
        "saved the recording so far to \(path) (5 lines); tide --open \(path) replays it"))
    let recording = try Recording(contentsOfFile: path)
    #expect(recording.steps.count == 4)
    // It replays with no server, in a REPL of its own.
    let output = AttachedREPL.Output()
    let replay = try REPL(
      features: [AttachedREPL.login], options: REPLOptions(echoesInput: true),
      write: { output.text += $0 })
    #expect(await replay.open(path) == nil)
    #expect(output.text.contains("loaded 4 steps of login (environment: replay)"))
    // The file is kept as it arrived: :save does not replace it.
    _ = await attached.repl.handle(":save \(path)")
    #expect(attached.take().contains(":save! \(path) replaces it"))
  }

  @Test func aRecordingSavedWhileACallRunsReplaysWithTheCallWaitingNotRunForReal() async throws {
    let folder = try ScratchFolder()
    let path = folder.file("in-flight.tide")
    let attached = try await AttachedREPL()
    for line in [
      #".usernameChanged("pritesh")"#, #".passwordChanged("Secret1")"#, ".loginButtonTapped",
    ] {
      _ = await attached.repl.handle(line)
    }
    // The login call runs in the served process: no answer yet.
    _ = await attached.repl.handle(":save \(path)")
    #expect(try String(contentsOfFile: path, encoding: .utf8).contains("# recording: "))
    let output = AttachedREPL.Output()
    let replay = try REPL(
      features: [AttachedREPL.login], options: REPLOptions(echoesInput: true),
      write: { output.text += $0 })
    #expect(await replay.open(path) == nil)
    #expect(output.text.contains("loaded 3 steps of login (environment: replay)"))
    #expect(output.text.contains(#"in flight: .run("login")"#))
    // It waits, as it did when the file was saved; it is not made again, nor failed.
    _ = await replay.handle(":advance 10s")
    _ = await replay.handle(":effects")
    #expect(output.text.hasSuffix(":effects\n  1  .run(\"login\")\n"), "\(output.text)")
    #expect(!output.text.contains("loginResponse"))
  }

  @Test func theWebInspectorShowsTheServedStoresSteps() async throws {
    let attached = try await AttachedREPL()
    let web = WebServer(repl: attached.repl, options: WebServer.Options(token: "webtoken"))
    let port = try #require(UInt16(try web.start().port.map(String.init) ?? ""))
    defer { web.stop() }
    attached.served.store.send(.usernameChanged("ada"))
    #expect(await attached.waitForOutput(#"→ .usernameChanged("ada")"#))
    let answer = try await LoopbackClient.exchange(
      port: port,
      "GET /api/steps?from=1&to=5 HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nX-Tide-Token: webtoken\r\n\r\n"
    )
    #expect(answer.hasPrefix("HTTP/1.1 200"))
    #expect(answer.contains(#""total":1,"cursor":1"#))
    #expect(answer.contains(#""action":".usernameChanged(\"ada\")""#))
    // A page's travel would change only this copy: refused, as in the REPL.
    let jump = try await LoopbackClient.exchange(
      port: port,
      "POST /api/jump HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: http://127.0.0.1:\(port)\r\nX-Tide-Token: webtoken\r\nContent-Length: 1\r\n\r\n0"
    )
    #expect(jump.hasPrefix("HTTP/1.1 422"))
    #expect(jump.contains(":jump would change only this copy of a served store"))
  }

  @Test func whenTheServedStoreGoesAwayWhatArrivedStays() async throws {
    let folder = try ScratchFolder()
    let attached = try await AttachedREPL()
    _ = await attached.repl.handle(#".usernameChanged("ada")"#)
    attached.served.server.stop()
    #expect(await attached.waitForOutput("the connection to the served store ended"))
    _ = attached.take()
    _ = await attached.repl.handle(".loginButtonTapped")
    #expect(
      attached.take().contains(
        "the connection to the served store has ended: nothing can be sent to it; :save writes what arrived"
      ))
    _ = await attached.repl.handle(":save \(folder.file("gone.tide"))")
    #expect(try Recording(contentsOfFile: folder.file("gone.tide")).steps.count == 1)
  }

  /// A served store that began from another state than the feature's initial state: its steps
  /// replay here from the feature's, so the REPL says so, once, and a saved recording keeps where
  /// it began (a new user's served app showed states it never had, and nothing said so).
  @Test func aServedStoreThatBeganElsewhereIsSaidToHave() async throws {
    let folder = try ScratchFolder("attach-start")
    let begun = Login.State(username: "served")
    let attached = try await AttachedREPL(
      history: [.passwordChanged("Secret1")], initialState: begun)
    let start = StateFingerprint.of(begun)
    let here = StateFingerprint.of(Login.State())
    let warning =
      "! the recorded store began from another state than login's initial state (fingerprint \(start), not \(here)), and its steps replay here from login's: the states shown may not be the ones it had. Record a store made with the feature's initial state, from its start.\n"
    #expect(await attached.waitForOutput("began from another state"))
    _ = await attached.repl.handle(#".usernameChanged("ada")"#)
    #expect(attached.output.text.components(separatedBy: warning).count == 2, "said once")
    _ = await attached.repl.handle(":save \(folder.file("served.tide"))")
    #expect(
      try Recording(contentsOfFile: folder.file("served.tide")).text.contains("# start: \(start)\n")
    )
  }

  /// An action sent to a served store that never answers (an app stopped in a debugger) is not
  /// left waiting for ever: a hostile trial's POST to `tide attach --web` held its connection
  /// for as long as the client waited. Here a server welcomes and then answers nothing.
  @Test func anActionTheServedStoreNeverAnswersIsToldSo() async throws {
    let server = try ScriptedServer(
      answer: #"{"type":"welcome","protocol":1,"feature":"login","environment":"demo","lines":0}"#
        + "\n", keepsOpen: true)
    let client = try AttachClient(
      connectingTo: AttachAddress(place: .loopback(port: server.port), token: nil), token: "t")
    defer { client.close() }
    let output = AttachedREPL.Output()
    let repl = try REPL(
      features: [AttachedREPL.login], options: REPLOptions(echoesInput: true),
      write: { output.text += $0 })
    let follower = AttachFollower(repl: repl, client: client, answerTimeout: .milliseconds(50))
    await follower.takeInHistory(into: repl)
    _ = await repl.handle(#".usernameChanged("ada")"#)
    #expect(
      output.text.hasSuffix(
        "error: the served store did not answer within 50ms; the action may still be taken, and its steps show here when they come\n"
      ), "\(output.text)")
    withExtendedLifetime(follower) {}
  }

  @Test func aLineThatNoLongerReplaysIsNamedByItsLineInTheSavedFile() async throws {
    let attached = try await AttachedREPL(history: [.usernameChanged("a"), .usernameChanged("ab")])
    #expect(await attached.waitForOutput(#"usernameChanged("ab")"#))
    _ = attached.take()
    // The saved file has seven lines of header, then the two steps: the third step is line 10.
    attached.repl.attachedRecordingArrived(["send @0ms .noSuchAction"])
    #expect(await attached.waitForOutput("no longer replays"))
    #expect(
      attached.take()
        == "! the served store's recording no longer replays here: line 10: Login.Action has no case .noSuchAction; :save still writes it as it arrived\n"
    )
  }
}
