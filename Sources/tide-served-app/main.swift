// `tide-served-app`: a small app process whose store `tide attach` follows and drives. It runs
// the app feature on embedded defaults (the demo login backend and the shipped gazetteer) on the
// real clock, records it, and serves it on 127.0.0.1, or on a Unix socket with --socket PATH.
//
//   swift run tide-served-app            # prints attach: TIDE_TOKEN=… tide attach tide://…
//   TIDE_TOKEN=… swift run tide attach tide://…     # in another terminal, as printed
//
// It reads its own input too: `state` prints the store's state on one line (what the two-process
// test checks), and the end of the input stops it.

import AppFeature
import Foundation
import Tide
import TideAttach
import TideInspect
import TideRecord
import TideWeb

/// Where a stop signal's handler writes the signal's number (Ctrl-C, SIGTERM, SIGHUP: its terminal
/// closed): the write end of a pipe a thread of its own reads. A handler runs in whichever thread
/// the kernel picks, so no signal is lost; ignoring the signals for dispatch's signal sources
/// lost one when the kernel handed it to a thread that did not block it (SIGTERM left this
/// process running, once in a suite's run).
nonisolated(unsafe) var stopSignalPipe: Int32 = -1

/// Prints a line at once: a test reads it through a pipe.
func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

@MainActor
func serve() async -> Int32 {
  var endpoint = StoreServer.Endpoint.loopback(port: 0)
  let arguments = Array(CommandLine.arguments.dropFirst())
  switch arguments.count {
  case 0: break
  case 2 where arguments[0] == "--socket": endpoint = .unixSocket(path: arguments[1])
  default:
    FileHandle.standardError.write(Data("usage: tide-served-app [--socket PATH]\n".utf8))
    return 2
  }
  let recorder = Recorder(feature: "app", environment: "demo")
  let store = Store(
    initialState: App.State(), reducer: App.reducer,
    environment: App.Environment.demo(clock: ContinuousClock()).recorded(by: recorder.calls))
  do {
    try store.record(into: recorder)
  } catch {
    FileHandle.standardError.write(Data("tide-served-app: \(error)\n".utf8))
    return 1
  }
  let server = StoreServer(store: store, recorder: recorder, options: .init(endpoint: endpoint))
  // A stop signal stops the server first, so that its Unix socket is removed: handled from
  // before the server starts, so that a signal sent as soon as the address is printed is kept.
  var pipeEnds: [Int32] = [-1, -1]
  guard pipe(&pipeEnds) == 0 else {
    FileHandle.standardError.write(Data("tide-served-app: no pipe for signals\n".utf8))
    return 1
  }
  stopSignalPipe = pipeEnds[1]
  let signalRead = pipeEnds[0]
  for signal in [SIGINT, SIGTERM, SIGHUP] {
    Foundation.signal(signal) { received in
      var byte = UInt8(truncatingIfNeeded: received)
      _ = write(stopSignalPipe, &byte, 1)
    }
  }
  Thread {
    var byte: UInt8 = 0
    guard read(signalRead, &byte, 1) == 1 else { return }
    Task { @MainActor in
      server.stop()
      // `_exit`, not `exit`: nothing is buffered (every line is written at once), and `exit`
      // runs the C library's clean-up, which may wait for stdin, held by the thread blocked
      // reading it.
      _exit(128 + Int32(byte))
    }
  }.start()
  do {
    try server.start()
    say("attach: \(server.attachCommand!)")
  } catch {
    FileHandle.standardError.write(Data("tide-served-app: \(error.description)\n".utf8))
    return 1
  }
  let lines = AsyncStream<String> { continuation in
    Thread {
      while let line = readLine() { continuation.yield(line) }
      continuation.finish()
    }.start()
  }
  for await line in lines {
    switch line.trimmingCharacters(in: .whitespaces) {
    case "state":
      say("state: \(Inspector().line(store.state, limit: 10_000))")
    case "":
      continue
    default:
      say("tide-served-app reads `state`, or the end of its input")
    }
  }
  server.stop()
  return 0
}

exit(await serve())
