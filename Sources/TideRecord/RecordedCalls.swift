import Foundation
import Tide

/// The points where an environment's calls are recorded, and answered again on replay.
///
/// An environment that declares its calls (an `InterceptableEnvironment`) routes each of them
/// through these: `recorded(by:)` while recording, where a call runs for real and its answer is
/// kept (the value, the error, or that it was cancelled), and `replaying(_:)` on replay, where a
/// call does not run: it waits on the replay's clock until the time it answered and gives the
/// same answer.
///
/// ```swift
/// let recorder = Recorder(feature: "login", environment: "demo")
/// let environment = Login.Environment.demo(clock: ContinuousClock()).recorded(by: recorder.calls)
/// ```
///
/// Values and errors are kept as JSON when they are `Codable`, a `Void` result as `null`; a
/// value of another type is reported once and replays as a failure that says why (see
/// `intercept(_:live:)`). An error of another type than the one the call's declaration names
/// is kept as its description and replayed as
/// ``RecordedCallError/failed(description:)``; so is an error of a private or local type, which
/// has no name a replay could find it by (reported once). A call made while no store records
/// into the recorder runs, and is not kept.
public final class RecordedCalls: Sendable {
  private enum Mode {
    case recording(Recorder)
    case replaying(Replay)
  }

  private final class Replay: Sendable {
    let clock: ManualClock
    let counts = Lock<[String: Int]>([:])
    /// Which calls with no answer wait rather than fail.
    let waiting: Lock<MissingAnswers>
    let book: Lock<Book>

    /// The answers by name and number, and the calls that wait for theirs.
    struct Book {
      var answers: [String: [Int: SessionFile.Answer]] = [:]
      var waiters: [Call: CheckedContinuation<SessionFile.Answer, any Error>] = [:]
      /// Calls cancelled before they started waiting.
      var cancelled: Set<Call> = []
    }

    struct Call: Hashable {
      let name: String
      let number: Int
    }

    init(answers: [SessionFile.Answer], clock: ManualClock, missing: MissingAnswers) {
      waiting = Lock(missing)
      self.clock = clock
      var book = Book()
      for answer in answers { book.answers[answer.name, default: [:]][answer.number] = answer }
      self.book = Lock(book)
    }

    /// Numbers a call of `name`: 1 for the first.
    func nextNumber(of name: String) -> Int {
      counts.withLock { counts in
        counts[name, default: 0] += 1
        return counts[name]!
      }
    }

    /// Reports that call `number` of `name` has no answer, and returns the error it throws.
    func noAnswer(_ name: String, _ number: Int) -> RecordedCallError {
      let error = RecordedCallError.noAnswer(call: name, number: number)
      let recorded = book.withLock { $0.answers[name]?.count ?? 0 }
      IssueReporter.current.report(
        "\(error) The replay made more calls of \(JSONQuoting.quoted(name)) than the recording, which answers \(recorded)."
      )
      return error
    }

    func answer(_ name: String, _ number: Int) -> SessionFile.Answer? {
      book.withLock { $0.answers[name]?[number] }
    }

    /// Waits until the answer of call `number` of `name` is added, or the caller is cancelled.
    func waitForAnswer(_ name: String, _ number: Int) async throws -> SessionFile.Answer {
      let call = Call(name: name, number: number)
      return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
          let ready = book.withLock { book -> Result<SessionFile.Answer, any Error>? in
            if let answer = book.answers[name]?[number] { return .success(answer) }
            if book.cancelled.remove(call) != nil { return .failure(CancellationError()) }
            book.waiters[call] = continuation
            return nil
          }
          if let ready { continuation.resume(with: ready) }
        }
      } onCancel: {
        let waiter = book.withLock { book in
          let waiter = book.waiters.removeValue(forKey: call)
          if waiter == nil { book.cancelled.insert(call) }
          return waiter
        }
        waiter?.resume(throwing: CancellationError())
      }
    }

    /// Adds answers; the calls that waited for them go on.
    func add(_ answers: [SessionFile.Answer]) {
      let woken = book.withLock { book in
        answers.compactMap {
          answer -> (CheckedContinuation<SessionFile.Answer, any Error>, SessionFile.Answer)? in
          book.answers[answer.name, default: [:]][answer.number] = answer
          return book.waiters.removeValue(forKey: Call(name: answer.name, number: answer.number))
            .map { ($0, answer) }
        }
      }
      for (waiter, answer) in woken { waiter.resume(returning: answer) }
    }
  }

  private let mode: Mode

  init(recorder: Recorder) {
    mode = .recording(recorder)
  }

  /// Calls that answer as `recording` says, each at the time it answered there, on `clock`.
  ///
  /// Calls are matched by name and by number (the first `login`, the second, …), so a replay
  /// that makes the same calls in the same order gets the same answers. A call the recording
  /// did not answer is reported and throws ``RecordedCallError/noAnswer(call:number:)``.
  ///
  /// <!-- example: given recording: Recording -->
  /// ```swift
  /// let clock = ManualClock()
  /// let calls = RecordedCalls(replaying: recording, clock: clock)
  /// let environment = Login.Environment.replaying(calls)
  /// ```
  ///
  /// - Parameters:
  ///   - recording: The recording whose answers to give.
  ///   - clock: The replay's clock, started at the recording's start.
  public convenience init(replaying recording: Recording, clock: ManualClock) {
    self.init(replaying: recording.file.answers, clock: clock, missing: .fail)
  }

  /// Calls that answer as `answers` say: what the REPL's `replay` environment uses.
  ///
  /// - Parameters:
  ///   - answers: The answers to give.
  ///   - clock: The replay's clock.
  ///   - missing: What a call with no answer does: fail (reported), or wait until it is
  ///     cancelled, as a call still running when the recording was taken did.
  package init(
    replaying answers: [SessionFile.Answer], clock: ManualClock, missing: MissingAnswers = .fail
  ) {
    mode = .replaying(Replay(answers: answers, clock: clock, missing: missing))
  }

  /// What a replayed call with no recorded answer does.
  package enum MissingAnswers: Sendable, Equatable {
    /// It is reported and fails: the replay made more calls than the recording.
    case fail
    /// It waits until it is cancelled: a recording still being made (a store `tide attach`
    /// follows) has calls whose answers have not come yet.
    case wait
    /// Calls up to these numbers (by name) wait, as calls that were still running when the
    /// recording was taken; later ones fail, as calls made after its end.
    case waitUpTo([String: Int])
  }

  /// Adds answers that arrived after the replay began (a served store's recording, as it
  /// grows): the calls that waited for them go on, each at its answer's time.
  package func add(_ answers: [SessionFile.Answer]) {
    if case .replaying(let replay) = mode { replay.add(answers) }
  }

  /// Changes what calls with no answer do from now on.
  package func setMissingAnswers(_ missing: MissingAnswers) {
    if case .replaying(let replay) = mode { replay.waiting.withLock { $0 = missing } }
  }

  /// The clock a replay answers on; `nil` while recording.
  var replayClock: ManualClock? {
    if case .replaying(let replay) = mode { return replay.clock }
    return nil
  }

  /// How many calls of each name have been made so far, replaying.
  package var callCounts: [String: Int] {
    if case .replaying(let replay) = mode { return replay.counts.withLock { $0 } }
    return [:]
  }

  /// A call whose errors are kept as descriptions.
  ///
  /// - Parameters:
  ///   - name: The call's name, the same on every run.
  ///   - isolation: Where the call runs: the caller's actor.
  ///   - perform: The real call, run while recording.
  /// - Returns: What the call returned, live or recorded.
  package func call<Value: Codable & Sendable>(
    _ name: String, isolation: isolated (any Actor)? = #isolation,
    perform: () async throws -> Value
  ) async throws -> Value {
    try await call(name, errors: NoKeptErrors.self, isolation: isolation, perform: perform)
  }

  /// A call whose errors of type `Failure` are kept as values, and thrown again as themselves
  /// on replay.
  ///
  /// - Parameters:
  ///   - name: The call's name, the same on every run.
  ///   - errors: The type of the errors it throws that are kept as values.
  ///   - isolation: Where the call runs: the caller's actor.
  ///   - perform: The real call, run while recording.
  /// - Returns: What the call returned, live or recorded.
  package func call<Value: Codable & Sendable, Failure: Error & Codable>(
    _ name: String, errors: Failure.Type, isolation: isolated (any Actor)? = #isolation,
    perform: () async throws -> Value
  ) async throws -> Value {
    try await answer(
      name, isolation: isolation, perform: perform,
      keep: { value, number, _ in Self.keep(value, call: name, number: number) },
      keepError: { error, recorder in Self.keep(error, as: Failure.self, by: recorder) },
      give: { answer in try Self.give(answer, as: Value.self, errors: Failure.self) })
  }

  /// Records a call's answer, or answers it from the recording.
  func answer<Value>(
    _ name: String, isolation: isolated (any Actor)?,
    perform: () async throws -> Value,
    keep: (Value, _ number: Int, Recorder) -> SessionFile.AnswerResult,
    keepError: (any Error, Recorder) -> SessionFile.AnswerResult,
    give: (SessionFile.Answer) throws -> Value
  ) async throws -> Value {
    switch mode {
    case .recording(let recorder):
      // A call made while no store records (before `record(into:)`, after `stopRecording()`)
      // belongs to no recorded step: it runs, and is neither numbered nor kept.
      guard let number = recorder.nextCall(named: name) else { return try await perform() }
      do {
        let value = try await perform()
        recorder.answer(name, number: number, keep(value, number, recorder))
        return value
      } catch {
        recorder.answer(name, number: number, keepError(error, recorder))
        throw error
      }
    case .replaying(let replay):
      let number = replay.nextNumber(of: name)
      var answer = replay.answer(name, number)
      if answer == nil {
        let waits = replay.waiting.withLock { missing in
          switch missing {
          case .fail: false
          case .wait: true
          case .waitUpTo(let limits): number <= limits[name, default: 0]
          }
        }
        if waits {
          // Its answer has not come yet: it waits, as the live call does, until more of the
          // recording brings it (`add(_:)`), or until it is cancelled.
          answer = try await replay.waitForAnswer(name, number)
        }
      }
      guard let answer else { throw replay.noAnswer(name, number) }
      if answer.time > replay.clock.now.offset {
        try await replay.clock.sleep(until: ManualClock.Instant(offset: answer.time))
      }
      return try give(answer)
    }
  }

  /// Records the answer of a synchronous call, or gives it from the recording at once: a call
  /// that cannot wait is answered at the time it is made, and it has its answer then or never.
  func answerAtOnce<Value>(
    _ name: String,
    perform: () throws -> Value,
    keep: (Value, _ number: Int, Recorder) -> SessionFile.AnswerResult,
    keepError: (any Error, Recorder) -> SessionFile.AnswerResult,
    give: (SessionFile.Answer) throws -> Value
  ) throws -> Value {
    switch mode {
    case .recording(let recorder):
      guard let number = recorder.nextCall(named: name) else { return try perform() }
      do {
        let value = try perform()
        recorder.answer(name, number: number, keep(value, number, recorder))
        return value
      } catch {
        recorder.answer(name, number: number, keepError(error, recorder))
        throw error
      }
    case .replaying(let replay):
      let number = replay.nextNumber(of: name)
      guard let answer = replay.answer(name, number) else { throw replay.noAnswer(name, number) }
      return try give(answer)
    }
  }

  /// The answer a value is kept as: its JSON, on one line.
  static func keep<Value: Encodable>(
    _ value: Value, call name: String, number: Int, declaredAt location: SourceCodeLocation? = nil
  ) -> SessionFile.AnswerResult {
    do {
      return .value(json: try json(value))
    } catch {
      let message =
        "The answer of call #\(number) of \(JSONQuoting.quoted(name)) could not be recorded: \(error)"
      IssueReporter.current.report(message, at: location)
      return .failure(description: message)
    }
  }

  /// The answer an error is kept as.
  static func keep<Failure: Error & Codable>(
    _ error: any Error, as type: Failure.Type, by recorder: Recorder
  ) -> SessionFile.AnswerResult {
    if error is CancellationError { return .cancelled }
    if let failure = error as? Failure, let text = try? json(failure) {
      if let name = typeName(Failure.self) { return .error(type: name, json: text) }
      recorder.reportOnce(
        "Errors of type \(String(reflecting: Failure.self)) are kept as descriptions: the type is private or local, so it has no name a replay could find it by. Declare it internal or public to keep it as itself."
      )
    }
    return .failure(description: String(describing: error))
  }

  /// Returns or throws a recorded answer.
  private static func give<Value: Decodable, Failure: Error & Codable>(
    _ answer: SessionFile.Answer, as type: Value.Type, errors: Failure.Type
  ) throws -> Value {
    try give(answer, errors: Failure.self) { text in
      do {
        return try JSONDecoder().decode(Value.self, from: Data(text.utf8))
      } catch {
        throw undecodable(answer, "it is not \(displayName(Value.self)): \(error)")
      }
    }
  }

  /// Returns a recorded value as `value` reads its JSON, or throws a recorded error.
  static func give<Value, Failure: Error & Codable>(
    _ answer: SessionFile.Answer, errors: Failure.Type, value: (String) throws -> Value
  ) throws -> Value {
    switch answer.result {
    case .value(let text):
      return try value(text)
    case .error(let type, let text):
      guard type == typeName(Failure.self) else {
        throw undecodable(
          answer,
          "it is an error of type \(type), and the call throws \(displayName(Failure.self))"
        )
      }
      let failure: Failure
      do {
        failure = try JSONDecoder().decode(Failure.self, from: Data(text.utf8))
      } catch {
        throw undecodable(answer, "it is not \(type): \(error)")
      }
      throw failure
    case .failure(let description):
      throw RecordedCallError.failed(description: description)
    case .cancelled:
      // It ended in `CancellationError` at its time (the replay waited until then): cancelled
      // by what came then, which cancels the replay's wait at the same time, or thrown by the
      // call itself.
      throw CancellationError()
    }
  }

  static func undecodable(_ answer: SessionFile.Answer, _ reason: String)
    -> RecordedCallError
  {
    let error = RecordedCallError.undecodable(
      call: answer.name, number: answer.number, reason: reason)
    IssueReporter.current.report(
      "\(error)\(answer.line > 0 ? " (line \(answer.line) of the recording)" : "")")
    return error
  }

  /// A value as JSON on one line, with the characters a session file takes for line breaks
  /// escaped (JSON allows them raw in strings).
  static func json(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let text = String(decoding: try encoder.encode(value), as: UTF8.self)
    var out = ""
    out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\u{85}": out += "\\u0085"
      case "\u{2028}": out += "\\u2028"
      case "\u{2029}": out += "\\u2029"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// A type's name as a recording keeps it, without spaces: `LoginFeature.LoginServiceError`,
  /// `App.Pair<Swift.Int,Swift.String>.Failure`. `nil` for a private or local type, whose name
  /// holds an address that differs from run to run.
  static func typeName(_ type: Any.Type) -> String? {
    let name = displayName(type)
    return name.contains("(unknowncontext") ? nil : name
  }

  /// A type's name as messages print it: in full, without spaces.
  static func displayName(_ type: Any.Type) -> String {
    String(reflecting: type).filter { !$0.isWhitespace }
  }
}

/// The error type of a call that keeps no error as a value: nothing throws it.
struct NoKeptErrors: Error, Codable {}
