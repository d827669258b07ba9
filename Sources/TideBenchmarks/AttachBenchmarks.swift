import AppFeature
import Foundation
import LoginFeature
import Tide
import TideAttach
import TideRecord
import TideWeb

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Serving a store to `tide attach`: what a send costs the served process while a client
/// follows (against a recorded store nobody follows), and an action's round trip from a client
/// (its line in, `sent` back) against a direct send, in one run.
@MainActor
func attachBenchmarks() async throws -> [BenchmarkRow] {
  let sends = 20_000
  let actions: [App.Action] = [
    .login(.usernameChanged("ada")), .login(.passwordChanged("Lovelace1")),
    .login(.usernameChanged("pritesh")), .login(.passwordChanged("Secret1")),
  ]
  func makeStore(_ recorder: Recorder) -> Store<App.State, App.Action> {
    let store = Store(
      initialState: App.State(), reducer: App.reducer,
      environment: App.Environment.demo(clock: ContinuousClock()))
    try? store.record(into: recorder)
    return store
  }
  let alone = makeStore(Recorder(feature: "app", environment: "bench", limit: .max))
  let servedRecorder = Recorder(feature: "app", environment: "bench", limit: .max)
  let served = makeStore(servedRecorder)
  let server = StoreServer(
    store: served, recorder: servedRecorder,
    options: StoreServer.Options(token: "bench", maximumBacklog: 1 << 30))
  let address = try server.start()
  defer { server.stop() }
  guard let port = UInt16(address.split(separator: ":").last?.prefix { $0 != "?" } ?? ""),
    let follower = LoopbackSocket.connect(port: port)
  else { throw BenchmarkError(message: "cannot connect to \(address)") }
  defer { close(follower) }
  let hello = #"{"type":"hello","protocol":1,"token":"bench"}"# + "\n"
  _ = hello.utf8CString.withUnsafeBytes { send(follower, $0.baseAddress, $0.count - 1, 0) }
  // The follower reads everything on a thread of its own, as tide attach does.
  let reading = Thread {
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while recv(follower, &buffer, buffer.count, 0) > 0 {}
  }
  reading.start()
  func run(_ store: Store<App.State, App.Action>) {
    for index in 0..<sends { store.send(actions[index & 3]) }
  }
  let (aloneTime, servedTime) = measureAlternating(
    operations: sends, rounds: 7, { run(alone) }, and: { run(served) })

  // Round trips: one client sends an action and waits for its answer, 2,000 times.
  guard let driver = LoopbackSocket.connect(port: port) else {
    throw BenchmarkError(message: "cannot connect to \(address)")
  }
  defer { close(driver) }
  _ = hello.utf8CString.withUnsafeBytes { send(driver, $0.baseAddress, $0.count - 1, 0) }
  let trips = 2_000
  let direct = measure(operations: trips) { run2(alone, trips, actions) }
  let roundTrip = await measure(operations: trips, rounds: 3) {
    await Task.detached { roundTrips(on: driver, count: trips) }.value
  }
  return [
    BenchmarkRow(
      group: "attach", name: "app send, recorded, nobody attached", nanoseconds: aloneTime,
      note: "the login form's actions"),
    BenchmarkRow(
      group: "attach", name: "app send, recorded, served to a follower", nanoseconds: servedTime,
      baseline: "app send, recorded, nobody attached",
      target: .ratio(atMost: 2, "≤ 2× nobody attached"),
      note: "the served process's cost: each line is printed and sent on other threads"),
    BenchmarkRow(
      group: "attach", name: "direct send (baseline for the round trip)", nanoseconds: direct),
    BenchmarkRow(
      group: "attach", name: "action round trip from a client", nanoseconds: roundTrip,
      baseline: "direct send (baseline for the round trip)",
      target: .checked("≤ 1 ms", met: roundTrip <= 1_000_000),
      note: "its line in over 127.0.0.1, read as the REPL reads it, sent, `sent` back"),
  ]
}

/// Sends `count` actions directly.
@MainActor
private func run2(_ store: Store<App.State, App.Action>, _ count: Int, _ actions: [App.Action]) {
  for index in 0..<count { store.send(actions[index & 3]) }
}

/// Sends `count` actions over `socket`, each after the answer to the one before.
private func roundTrips(on socket: Int32, count: Int) {
  var buffer = [UInt8](repeating: 0, count: 1 << 16)
  var pending: [UInt8] = []
  for id in 1...count {
    let line =
      #"{"type":"send","id":\#(id),"action":".login(.usernameChanged(\"u\#(id & 7)\"))"}"# + "\n"
    _ = line.utf8CString.withUnsafeBytes { send(socket, $0.baseAddress, $0.count - 1, 0) }
    let answer = Array(#"{"type":"sent","id":\#(id)}"#.utf8)
    while true {
      if let range = pending.firstRange(of: answer) {
        pending.removeSubrange(..<range.upperBound)
        break
      }
      let got = recv(socket, &buffer, buffer.count, 0)
      guard got > 0 else { return }
      pending += buffer[..<got]
    }
  }
}

struct BenchmarkError: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}
