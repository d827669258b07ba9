import Tide
import TideInspect

/// Records a store's session as it runs: every action it reduces, with its time, and what its
/// environment's calls answered, so that the session replays without the outside world.
///
/// Route the environment's calls through ``calls`` (each feature says how, as
/// `Login.Environment.recorded(by:)` does), start recording with `Store.record(into:)`,
/// and take the ``Recording`` whenever you like:
///
/// ```swift
/// let recorder = Recorder(feature: "login", environment: "live")
/// let store = Store(
///   initialState: Login.State(),
///   reducer: Login.reducer,
///   environment: Login.Environment.demo(clock: ContinuousClock()).recorded(by: recorder.calls)
/// )
/// try store.record(into: recorder)
/// store.send(.usernameChanged("pritesh"))
/// print(recorder.recording().steps.count)  // 1
/// ```
///
/// Times come from the store's clock when it is driven by a `ManualClock`, and from the
/// real clock otherwise, counted from the moment the store starts recording. Actions are kept
/// as values and printed only when a recording is taken, so recording costs a send well under a
/// microsecond. A recorder keeps at most `limit` entries; past that it stops, says so once
/// through the runtime's warnings, and its recording says where it stopped. It stops the same
/// way when the clock passes a billion seconds (about 31 years) from the start: the furthest
/// time a recording reads back.
public final class Recorder: Sendable {
  /// The feature's name, written as `# feature:`.
  public let feature: String
  /// The environment's name, written as `# environment:`.
  public let environment: String
  /// The most steps and answers it keeps.
  public let limit: Int
  let storage: Lock<Storage>

  struct Storage {
    var time = TimeSource.unstarted
    var entries: [Entry] = []
    var callCounts: [String: Int] = [:]
    var isAttached = false
    /// The store it records; another may not take its place.
    var store = StoreReference()
    /// Why it stopped keeping entries, once it did.
    var stop: Stop?
    /// The fingerprint of the state the store began from when it was first recorded.
    var start: String?
    /// The problems already reported, each reported once.
    var reported: Set<String> = []
    /// Told after each entry is kept (see ``onEntry(_:)``).
    var onEntry: (@Sendable () -> Void)?
  }

  /// The recorded store, held weakly: a recorder does not keep its store alive.
  struct StoreReference: @unchecked Sendable {
    // @unchecked: only compared by identity, under the recorder's lock.
    weak var object: AnyObject?
    var wasSet = false
  }

  /// Why a recorder stopped keeping entries.
  enum Stop: Equatable {
    /// It kept `limit` entries.
    case limit
    /// The clock went past ``DurationText/limit``, the furthest a recording's times go.
    case clock
  }

  enum Entry {
    case step(received: Bool, time: Duration, action: any Sendable)
    case answer(SessionFile.Answer)
  }

  /// Where times come from: set when a store starts recording, the only time anything is kept.
  enum TimeSource {
    case unstarted
    case virtual(ManualClock, start: ManualClock.Instant)
    case real(start: ContinuousClock.Instant)

    func now() -> Duration {
      switch self {
      case .unstarted: .zero
      case .virtual(let clock, let start): start.duration(to: clock.now)
      case .real(let start): start.duration(to: .now)
      }
    }
  }

  /// Creates a recorder.
  ///
  /// ```swift
  /// let recorder = Recorder(feature: "login", environment: "live")
  /// ```
  ///
  /// - Parameters:
  ///   - feature: The feature's name, which the REPL opens the recording with. A line break in
  ///     it is written as a space, and the spaces around it are dropped, as in `environment`.
  ///   - environment: The environment's name: where the session ran (`live`, `staging`).
  ///   - limit: The most steps and answers to keep, a million unless told.
  public init(feature: String, environment: String, limit: Int = 1_000_000) {
    // Each is written on a line of its own, which a reader trims: a line break in one is
    // written as a space, and the spaces around it go, so that the recording reads back equal.
    self.feature = String(feature.map { $0.isNewline ? " " : $0 }).trimmingWhitespace()
    self.environment = String(environment.map { $0.isNewline ? " " : $0 }).trimmingWhitespace()
    self.limit = max(limit, 0)
    storage = Lock(Storage())
  }

  /// The calls to route the environment through while recording: each runs for real and its
  /// answer is kept.
  ///
  /// <!-- example: given recorder: Recorder, url: URL -->
  /// ```swift
  /// let environment = try Login.Environment.live(baseURL: url).recorded(by: recorder.calls)
  /// ```
  public var calls: RecordedCalls { RecordedCalls(recorder: self) }

  /// The fingerprint of the state the store began from when it was first recorded; `nil` until
  /// then.
  package var start: String? { storage.withLock { $0.start } }

  /// How many steps and answers it holds.
  ///
  /// ```swift
  /// let recorder = Recorder(feature: "login", environment: "demo")
  /// print(recorder.count)  // 0
  /// ```
  public var count: Int { storage.withLock { $0.entries.count } }

  /// Writes a step's action as a session file keeps it: secrets as stand-ins of their shape,
  /// fields rather than a type's own call (the REPL reads them back through `Decodable`), and
  /// each shared copy under the label of its rank.
  private static func actionWriter(redacts: Bool) -> Inspector {
    var inspector = Inspector(redacts: redacts)
    inspector.standsInForSecrets = true
    inspector.usesSourceExpressions = false
    inspector.labelsSharedCopiesByRank = true
    return inspector
  }

  /// The session so far, as a recording to write or replay.
  ///
  /// Values that the feature's types mark as `Redacting` are kept out while `redacts` is
  /// `true`, as the `Inspector` keeps them out: a string is written as a stand-in of the same shape (each
  /// capital `A`, each small letter `a`, each digit `0`, anything else `-`) so that the session
  /// still replays through checks of length and kinds of characters, an integer as zeros, and
  /// any other hidden value as dots, which a replay cannot read back.
  ///
  /// <!-- example: given recorder: Recorder -->
  /// ```swift
  /// try recorder.recording().write(toFile: "login.tide")
  /// ```
  ///
  /// - Parameters:
  ///   - redacts: Whether to keep hidden values out; `false` writes them as they are.
  /// - Returns: The recording.
  public func recording(redacts: Bool = true) -> Recording {
    let (entries, stop, start) = storage.withLock { ($0.entries, $0.stop, $0.start) }
    let inspector = Self.actionWriter(redacts: redacts)
    var file = SessionFile()
    file.feature = feature
    file.environment = environment
    file.isRecording = true
    file.start = start
    for entry in entries {
      switch entry {
      case .step(let received, let time, let action):
        file.steps.append(
          SessionFile.Step(received: received, time: time, action: inspector.source(action)))
      case .answer(var answer):
        answer.index = file.steps.count
        file.answers.append(answer)
      }
    }
    var notes = [
      "Recorded by Tide: `--open FILE` in a REPL that has this feature (`tide` for Tide's own)",
      "replays it, the environment's calls answered from this file. It is readable by you only;",
      "keep it private.",
    ]
    if redacts {
      notes.append(
        "Secrets are stand-ins of the same shape: A for a capital, a for a small letter, 0 for a digit."
      )
    }
    switch stop {
    case .limit?:
      notes.append("The recorder stopped at its limit of \(limit) steps and answers.")
    case .clock?:
      notes.append(
        "The recorder stopped when the clock passed \(DurationText.format(DurationText.limit)), the furthest a recording's times go."
      )
    case nil:
      break
    }
    return Recording(file: file, notes: notes)
  }

  /// Starts timing on the store's clock, or the real one; fails when a store already records
  /// into this recorder, or when it recorded another store before (the same store may start
  /// again after `Store.stopRecording()`).
  func attach(
    _ store: AnyObject, clock: ManualClock?, start: @autoclosure () -> String
  ) throws(RecordingError) {
    let problem = storage.withLock { storage -> String? in
      guard !storage.isAttached else {
        return "this recorder already records a store: make one recorder per store"
      }
      if storage.store.wasSet, storage.store.object !== store {
        return "this recorder recorded another store: make one recorder per store"
      }
      storage.isAttached = true
      storage.store = StoreReference(object: store, wasSet: true)
      if case .unstarted = storage.time {
        storage.time = clock.map { .virtual($0, start: $0.now) } ?? .real(start: .now)
        storage.start = start()
      }
      return nil
    }
    if let problem { throw RecordingError.cannotRecord(problem) }
  }

  func detach() {
    storage.withLock { $0.isAttached = false }
  }

  /// Keeps a reduced action.
  func append(_ action: any Sendable, received: Bool) {
    keep { time in .step(received: received, time: time, action: action) }
  }

  /// Keeps the entry `make` makes at the time now, unless the recorder has stopped or stops now
  /// (which it reports, once).
  private func keep(_ make: (Duration) -> Entry) {
    // One lock for the entry and the handler to tell.
    let (stoppedNow, onEntry) = storage.withLock { storage -> (Stop?, (@Sendable () -> Void)?) in
      guard storage.stop == nil else { return (nil, nil) }
      let time = storage.time.now()
      // A time past the furthest a recording reads back would make a file that cannot be
      // read: the recording ends before it.
      let stop: Stop? =
        storage.entries.count >= limit ? .limit : time > DurationText.limit ? .clock : nil
      if let stop {
        storage.stop = stop
        return (stop, nil)
      }
      storage.entries.append(make(time))
      return (nil, storage.onEntry)
    }
    if let stoppedNow { reportStop(stoppedNow) }
    onEntry?()
  }

  /// Numbers a call of `name`: 1 for the first; `nil` while no store records.
  func nextCall(named name: String) -> Int? {
    storage.withLock { storage in
      guard storage.isAttached else { return nil }
      storage.callCounts[name, default: 0] += 1
      return storage.callCounts[name]!
    }
  }

  /// Reports a problem through the runtime's issue reporter, the first time only.
  func reportOnce(_ message: String, at location: SourceCodeLocation? = nil) {
    guard storage.withLock({ $0.reported.insert(message).inserted }) else { return }
    IssueReporter.current.report(message, at: location)
  }

  /// Keeps a call's answer, timed now.
  func answer(_ name: String, number: Int, _ result: SessionFile.AnswerResult) {
    keep { time in
      .answer(
        SessionFile.Answer(index: 0, time: time, name: name, number: number, result: result))
    }
  }

  /// Calls `handler` after each step or answer is kept, on the thread that kept it; `nil`
  /// removes it. What serves a recorded store to `tide attach` follows the recording with it.
  /// The handler should only note that there is more: ``lines(from:upTo:redacts:)`` reads
  /// it.
  ///
  /// - Parameters:
  ///   - handler: What to call.
  package func onEntry(_ handler: (@Sendable () -> Void)?) {
    storage.withLock { $0.onEntry = handler }
  }

  /// The recording's lines for the entries from `start` on (up to `end`, when given), as
  /// ``recording(redacts:)`` writes them (`send @…`, `receive @…`, `answer @…`).
  ///
  /// - Parameters:
  ///   - start: The first entry to read.
  ///   - end: The entry to stop before; the last one when `nil`.
  ///   - redacts: Whether to keep hidden values out.
  package func lines(from start: Int, upTo end: Int? = nil, redacts: Bool = true)
    -> [String]
  {
    let entries = storage.withLock { storage -> ArraySlice<Entry> in
      let count = storage.entries.count
      let last = min(max(end ?? count, 0), count)
      return storage.entries[min(max(start, 0), last)..<last]
    }
    let inspector = Self.actionWriter(redacts: redacts)
    return entries.map { entry in
      switch entry {
      case .step(let received, let time, let action):
        SessionFile.Step(received: received, time: time, action: inspector.source(action)).fileLine
      case .answer(let answer):
        answer.fileLine
      }
    }
  }

  private func reportStop(_ stop: Stop) {
    switch stop {
    case .limit:
      IssueReporter.current.report(
        "The recorder of \(feature) stopped at its limit of \(limit) steps and answers; what came after is not recorded."
      )
    case .clock:
      IssueReporter.current.report(
        "The recorder of \(feature) stopped when the clock passed \(DurationText.format(DurationText.limit)) (about 31 years), the furthest a recording's times go; what came after is not recorded."
      )
    }
  }
}
