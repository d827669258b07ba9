import Foundation

/// A saved REPL session: the feature, its environment, and every reduced action in order, with
/// the clock's time at each.
///
/// ```
/// # tide session
/// # feature: login
/// # environment: demo
/// send @0ms .usernameChanged("pritesh")
/// send @0ms .loginButtonTapped
/// receive @800ms .loginResponse(.success(User(name: "Pritesh", …)))
/// ```
///
/// In the `explore` environment, an environment call ended by `:resolve` is a line too, with
/// the outcome's number and the call: `resolve @0ms 1 login("ab", "Abc1")`. A recording keeps
/// what each environment call answered: `answer @800ms #1 "login" value {…}` (see ``Answer``).
package struct SessionFile: Equatable {
  package struct Resolution: Equatable {
    /// How many steps came before it.
    package let index: Int
    package let time: Duration
    package let outcome: Int
    package let call: String
    package let line: Int

    package init(index: Int, time: Duration, outcome: Int, call: String, line: Int = 0) {
      self.index = index
      self.time = time
      self.outcome = outcome
      self.call = call
      self.line = line
    }
  }

  package struct Step: Equatable {
    package let received: Bool
    package let time: Duration
    package let action: String
    package let line: Int
    /// The environment in effect, once a `# environment:` line after the first has switched it;
    /// `nil` before that (the file's first environment).
    package var environment: String?

    package init(
      received: Bool, time: Duration, action: String, line: Int = 0, environment: String? = nil
    ) {
      self.received = received
      self.time = time
      self.action = action
      self.line = line
      self.environment = environment
    }

    /// The whole line: `send @<time> <action>` or `receive @<time> <action>`.
    package var fileLine: String {
      "\(received ? "receive" : "send") @\(DurationText.format(time)) \(action)"
    }
  }

  package var feature: String?
  package var environment: String?
  package var steps: [Step] = []
  package var resolutions: [Resolution] = []
  /// What the recorded environment calls answered, in the order they answered.
  package var answers: [Answer] = []
  /// Whether it is a recording (a `# recording:` line): it replays in the `replay`
  /// environment, its calls answered from its answers, even when it has none yet (a call that
  /// was still running when it was taken).
  package var isRecording = false
  /// The fingerprint of the state the recorded store began from (a `# start:` line), when it
  /// was recorded with one: see ``StateFingerprint``.
  package var start: String?
  /// An environment switched to after the last step.
  package var finalEnvironment: String?
  /// Where the clock was when the session was saved, from a `# clock:` line, when it had moved
  /// past the last step.
  package var clock: Duration?
  /// The line of the first `# environment:` line that names each environment: what an error
  /// about one points at.
  package var environmentLines: [String: Int] = [:]

  package init() {}

  /// The first line of every session file.
  package static let header = "# tide session"

  /// The time `text` writes, on line `line`; an error quotes it only when it is a time: a
  /// damaged line can run into an action, and a clock line can be anything a file holds, a
  /// password among them.
  private static func time(_ text: String, line: Int, written: String) throws(InputError)
    -> Duration
  {
    do {
      return try DurationText.parse(text)
    } catch {
      let isNumeric = text.allSatisfy { $0.isASCIIDigit || ".emsEMS+-".contains($0) }
      throw InputError(
        message: "line \(line): "
          + (isNumeric ? error.message : "the time is not written like \(written)"),
        position: 0)
    }
  }

  /// Notes that header line `name` is at line `number`; throws when it was already seen (a
  /// second one would silently win over the first).
  private static func takeOnce(
    _ name: String, at number: Int, first: inout Int?
  ) throws(InputError) {
    if let first {
      throw InputError(
        message: "line \(number): a second '# \(name):' line (the first is line \(first))",
        position: 0)
    }
    first = number
  }

  /// Reads a session file. Lines may end in LF, CRLF or CR, and the file may start with a
  /// byte-order mark; times must not go back.
  ///
  /// Errors name the line but never quote it: a session file holds passwords.
  package static func parse(_ text: String) throws(InputError) -> SessionFile {
    var file = SessionFile()
    var text = Substring(text)
    if text.unicodeScalars.first == "\u{FEFF}" { text = text.dropFirst() }
    var sawHeader = false
    /// The lines of the headers a file has once.
    var featureLine: Int?
    var clockLine: Int?
    var startLine: Int?
    var previousTime = Duration.zero
    var switched: String?
    /// The calls answered so far, `number name`: each is answered once.
    var answered: Set<String> = []
    // A CRLF pair is one Character, and a newline, so this splits every kind of line ending.
    for (offset, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
      .enumerated()
    {
      let number = offset + 1
      // An answer is as long as what the call answered (every place a search found), and a
      // step as long as its action (the places the search's answer carries back): their lines
      // are bounded by the file's size alone, as a recorder writes them whatever their length.
      // Reading them is linear in their length.
      let start = raw.drop(while: \.isWhitespace)
      if !start.hasPrefix("answer "), !start.hasPrefix("send "), !start.hasPrefix("receive ") {
        try InputLimits.check(raw, what: "line \(number)")
      }
      let line = raw.trimmingWhitespace()
      if line.isEmpty { continue }
      guard sawHeader else {
        guard line == header else {
          throw InputError(
            message: "this is not a tide session: its first line is not '\(header)'",
            position: 0)
        }
        sawHeader = true
        continue
      }
      if line.hasPrefix("#") {
        let comment = line.dropFirst().trimmingWhitespace()
        if comment.hasPrefix("feature:") {
          try Self.takeOnce("feature", at: number, first: &featureLine)
          file.feature = comment.dropFirst("feature:".count).trimmingWhitespace()
        } else if comment.hasPrefix("clock:") {
          try Self.takeOnce("clock", at: number, first: &clockLine)
          let text = comment.dropFirst("clock:".count).trimmingWhitespace()
          guard text.hasPrefix("@") else {
            throw InputError(
              message: "line \(number): the clock is not written like # clock: @800ms",
              position: 0)
          }
          file.clock = try Self.time(
            String(text.dropFirst()), line: number, written: "# clock: @800ms")
        } else if comment.hasPrefix("recording:") {
          file.isRecording = true
        } else if comment.hasPrefix("start:") {
          try Self.takeOnce("start", at: number, first: &startLine)
          let fingerprint = comment.dropFirst("start:".count).trimmingWhitespace()
          guard StateFingerprint.isFingerprint(fingerprint) else {
            throw InputError(
              message:
                "line \(number): the start is not written like # start: 0123456789abcdef (16 hexadecimal digits)",
              position: 0)
          }
          file.start = String(fingerprint)
        } else if comment.hasPrefix("environment:") {
          let name = comment.dropFirst("environment:".count).trimmingWhitespace()
          if file.environmentLines[name] == nil { file.environmentLines[name] = number }
          if file.steps.isEmpty && switched == nil {
            file.environment = name
          } else {
            switched = name
          }
        }
        continue
      }
      let parts = line.split(maxSplits: 2, whereSeparator: \.isWhitespace).map(String.init)
      guard parts.count == 3,
        ["send", "receive", "resolve", "answer"].contains(parts[0]),
        parts[1].hasPrefix("@")
      else {
        throw InputError(
          message:
            "line \(number) is not 'send @<time> <action>', 'receive @<time> <action>', 'resolve @<time> <outcome> <call>' or 'answer @<time> #<number> \"<call>\" <result>'",
          position: 0)
      }
      let time = try Self.time(String(parts[1].dropFirst()), line: number, written: "@800ms")
      guard time >= previousTime else {
        throw InputError(
          message:
            "line \(number): the time goes back, from @\(DurationText.format(previousTime)) to @\(DurationText.format(time))",
          position: 0)
      }
      previousTime = time
      if parts[0] == "answer" {
        let (call, name, result) = try Answer.parse(parts[2], line: number)
        guard answered.insert("\(call) \(name)").inserted else {
          throw InputError(
            message:
              "line \(number): call #\(call) of \(JSONQuoting.quoted(name)) is answered twice",
            position: 0)
        }
        file.answers.append(
          Answer(
            index: file.steps.count, time: time, name: name, number: call, result: result,
            line: number))
        continue
      }
      if parts[0] == "resolve" {
        let words = parts[2].split(maxSplits: 1, whereSeparator: \.isWhitespace).map(String.init)
        guard words.count == 2, words[0].allSatisfy(\.isASCIIDigit), let outcome = Int(words[0]),
          let open = words[1].firstIndex(of: "("), open > words[1].startIndex,
          words[1].hasSuffix(")")
        else {
          throw InputError(
            message: "line \(number): a resolution is written like resolve @0ms 1 login(…)",
            position: 0)
        }
        guard switched == nil else {
          throw InputError(
            message:
              "line \(number): a call is resolved right after an environment switch, before any step in the new environment",
            position: 0)
        }
        file.resolutions.append(
          Resolution(
            index: file.steps.count, time: time, outcome: outcome, call: words[1], line: number))
        continue
      }
      file.steps.append(
        Step(
          received: parts[0] == "receive", time: time, action: parts[2], line: number,
          environment: switched ?? file.steps.last?.environment))
      switched = nil
    }
    guard sawHeader else {
      throw InputError(
        message: "this is not a tide session: its first line is not '\(header)'", position: 0)
    }
    file.finalEnvironment = switched
    // Against the last step: a recording's answers for calls still running at the end (a
    // session saved after :jump back) may come later than where the clock stood.
    if let clock = file.clock, let last = file.steps.last?.time, clock < last {
      throw InputError(
        message:
          "line \(clockLine ?? 0): the # clock: line says @\(DurationText.format(clock)), before the last step's @\(DurationText.format(last))",
        position: 0)
    }
    return file
  }
}
