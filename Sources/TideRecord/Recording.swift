/// A recorded session: every action a store reduced, with its time, and what the environment's
/// calls answered, so that the session replays without the outside world.
///
/// A recording is a tide session file, the one the REPL saves and loads, with `answer` lines:
///
/// ```
/// # tide session
/// # feature: login
/// # environment: live
/// send @0ms .usernameChanged("pritesh")
/// send @0ms .passwordChanged("Aaaaaa0")
/// send @0ms .loginButtonTapped
/// answer @212ms #1 "login" value {"address":"","designation":"","email":"p@example.com",…}
/// receive @212ms .loginResponse(.success(User(name: "Pritesh", …)))
/// ```
///
/// Make one with a ``Recorder``; read one with ``init(parsing:)`` or ``init(contentsOfFile:)``;
/// replay its answers with ``RecordedCalls/init(replaying:clock:)``.
///
/// ```swift
/// let recording = try Recording(
///   parsing: """
///     # tide session
///     send @0ms .loginButtonTapped
///     answer @800ms #1 "login" error LoginFeature.LoginServiceError {"nilData":{}}
///     receive @800ms .loginResponse(.failure(.nilData))
///     """)
/// print(recording.steps.count, recording.answers.count)  // 2 1
/// ```
public struct Recording: Equatable, Sendable {
  /// One reduced action.
  public struct Step: Equatable, Sendable {
    /// Whether an effect sent it; otherwise someone outside the store did.
    public let received: Bool
    /// When it was reduced, from the start of the recording.
    public let time: Duration
    /// The action, as Swift source: `.usernameChanged("pritesh")`.
    public let action: String
  }

  /// What a recorded environment call answered.
  public struct Answer: Equatable, Sendable {
    /// The call's name: `login`.
    public let name: String
    /// Which call of that name it answers, counting from 1 in the order they were made.
    public let number: Int
    /// When it answered, from the start of the recording.
    public let time: Duration
    /// How it ended.
    public let result: Result
  }

  /// How a recorded call ended.
  public enum Result: Equatable, Sendable {
    /// It returned a value, kept as JSON.
    case value(json: String)
    /// It threw an error of the type the call declares, kept as JSON with the type's name.
    case error(type: String, json: String)
    /// It threw an error that could not be kept as a value: its description.
    case failure(description: String)
    /// It ended in `CancellationError`: its effect was cancelled while it waited, or it threw
    /// one itself.
    case cancelled
  }

  /// Whether two recordings hold the same session: the same feature, environment, steps and
  /// answers. Comments and line numbers do not count, so a recording equals itself read back.
  ///
  /// <!-- example: given recording: Recording -->
  /// ```swift
  /// #expect(try Recording(parsing: recording.text) == recording)
  /// ```
  ///
  /// - Parameters:
  ///   - lhs: A recording.
  ///   - rhs: Another recording.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.feature == rhs.feature && lhs.environment == rhs.environment && lhs.steps == rhs.steps
      && lhs.answers == rhs.answers
      && lhs.file.resolutions.map { [$0.index, $0.outcome] }
        == rhs.file.resolutions.map {
          [$0.index, $0.outcome]
        }
      && lhs.file.resolutions.map { "\($0.time) \($0.call)" }
        == rhs.file.resolutions.map { "\($0.time) \($0.call)" }
  }

  /// The file's contents.
  var file: SessionFile
  /// Comment lines written after the header.
  var notes: [String] = []

  init(file: SessionFile, notes: [String] = []) {
    self.file = file
    self.notes = notes
  }

  /// The feature's name, from `# feature:`.
  public var feature: String? { file.feature }
  /// The environment the session started in, from `# environment:`.
  public var environment: String? { file.environment }
  /// The reduced actions, in order.
  public var steps: [Step] {
    file.steps.map { Step(received: $0.received, time: $0.time, action: $0.action) }
  }
  /// The answers of the environment's calls, in the order they came.
  public var answers: [Answer] {
    file.answers.map {
      Answer(name: $0.name, number: $0.number, time: $0.time, result: Result($0.result))
    }
  }

  /// Reads a recording (or any tide session file).
  ///
  /// Lines may end in LF, CRLF or CR; times must not go back; each call is answered at most
  /// once. Payloads are checked when a replay decodes them.
  ///
  /// ```swift
  /// let recording = try Recording(parsing: "# tide session\nsend @0ms .loginButtonTapped\n")
  /// ```
  ///
  /// - Parameters:
  ///   - text: The file's text.
  /// - Throws: ``RecordingError`` naming the line, without quoting it.
  public init(parsing text: String) throws(RecordingError) {
    do {
      file = try SessionFile.parse(text)
    } catch {
      throw RecordingError.cannotRead(error.message)
    }
  }

  /// The recording as a session file's text, which ``init(parsing:)`` reads back.
  ///
  /// <!-- example: given recording: Recording -->
  /// ```swift
  /// print(recording.text)
  /// ```
  public var text: String { file.text(notes: notes) }
}

extension Recording.Result {
  init(_ result: SessionFile.AnswerResult) {
    switch result {
    case .value(let json): self = .value(json: json)
    case .error(let type, let json): self = .error(type: type, json: json)
    case .failure(let description): self = .failure(description: description)
    case .cancelled: self = .cancelled
    }
  }
}
