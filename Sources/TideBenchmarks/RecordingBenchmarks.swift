import AppFeature
import LoginFeature
import Tide
import TideRecord

/// Recording's cost on the send path: the app feature's actions sent to a store never recorded,
/// to one whose recording was stopped (off), and to one being recorded (on), in alternating
/// rounds of one run.
@MainActor
func recordingBenchmarks() async -> [BenchmarkRow] {
  let sends = 20_000
  let actions: [App.Action] = [
    .login(.usernameChanged("ada")), .login(.passwordChanged("Lovelace1")),
    .login(.usernameChanged("pritesh")), .login(.passwordChanged("Secret1")),
  ]
  func makeStore() -> Store<App.State, App.Action> {
    Store(
      initialState: App.State(), reducer: App.reducer,
      environment: .demo(clock: ContinuousClock()))
  }
  let plain = makeStore()
  let off = makeStore()
  let recorder = Recorder(feature: "app", environment: "bench", limit: .max)
  try? off.record(into: Recorder(feature: "app", environment: "bench"))
  off.stopRecording()
  let on = makeStore()
  try? on.record(into: recorder)
  func run(_ store: Store<App.State, App.Action>) {
    for index in 0..<sends { store.send(actions[index & 3]) }
  }
  let (plainOff, offTime) = measureAlternating(
    operations: sends, rounds: 7, { run(plain) }, and: { run(off) })
  let (plainOn, onTime) = measureAlternating(
    operations: sends, rounds: 7, { run(plain) }, and: { run(on) })
  let plainTime = min(plainOff, plainOn)
  let extra = onTime - plainOn
  // What taking the recording costs, per action: printing each as Swift source.
  let kept = recorder.count
  let taking = measure(operations: kept, rounds: 1) { blackHole(recorder.recording()) }
  // What starting a recording costs: the fingerprint of the state the store begins from (its
  // printing, hashed), once per recorder, here of 100,000 rows.
  let rows = 100_000
  let large = Store(
    initialState: BenchRows(rows: IdentifiedArray((0..<rows).map { BenchRow(id: $0) })),
    reducer: benchRowsReducer, environment: ())
  let starting = measure(operations: 1, rounds: 3) {
    try? large.record(into: Recorder(feature: "rows", environment: "bench"))
    large.stopRecording()
  }
  return [
    BenchmarkRow(
      group: "record", name: "app send, never recorded", nanoseconds: plainTime,
      note: "the login form's actions, no effects"),
    BenchmarkRow(
      group: "record", name: "app send, recording off", nanoseconds: offTime,
      baseline: "app send, never recorded",
      target: .ratio(atMost: 1.1, "≤ 1.1× never recorded"),
      note: "recorded, then stopRecording(): the send checks one optional"),
    BenchmarkRow(
      group: "record", name: "app send, recording on", nanoseconds: onTime,
      baseline: "app send, never recorded",
      target: .checked("≤ 1 µs more than never recorded", met: extra <= 1_000),
      note: "\(format(extra, digits: 1)) ns more than a plain send in the same rounds"),
    BenchmarkRow(
      group: "record", name: "taking a recording, per action kept", nanoseconds: taking,
      note: "\(kept) actions printed as Swift source by recording()"),
    BenchmarkRow(
      group: "record", name: "starting a recording, 100,000-row state", nanoseconds: starting,
      note: "record(into:) prints and hashes the state it begins from, once per recorder"),
  ]
}
