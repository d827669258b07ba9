import TideRecord

/// `tide attach`: the REPL follows a store that another process serves. The store's recording
/// arrives line by line; each batch is re-run here (in the feature's `replay` environment) and
/// the new steps are printed as they would be for typed actions. Actions typed here go to the
/// served store, which sends them back as steps of its recording. Commands that would change
/// only this copy (time travel, environments, the clock) are refused with what to do instead.
extension REPL {
  /// Starts following a served store of the current feature.
  ///
  /// - Parameters:
  ///   - environment: The environment the store runs in, as its recording names it.
  ///   - start: The fingerprint of the state the store began from, when the server gave it.
  ///   - send: Sends an action, in Swift syntax, to the served store; returns why it was not
  ///     taken, or `nil`.
  package func attach(
    environment: String, start: String? = nil,
    send: @escaping @MainActor (String) async -> AttachedSendFailure?
  ) {
    attachment = REPLAttachment(
      feature: feature.name, environment: environment, start: start,
      commandName: options.commandName, send: send)
  }

  /// Takes lines of the served store's recording, in order, and shows what they did.
  ///
  /// The lines are kept at once (`:save` writes them); the re-run waits its turn with the
  /// lines typed here, and one re-run takes in every line that arrived before it.
  ///
  /// - Parameters:
  ///   - lines: Lines in the session-file format: `send @…`, `receive @…`, `answer @…`.
  package func attachedRecordingArrived(_ lines: [String]) {
    guard let attachment, !lines.isEmpty else { return }
    attachment.lines += lines
    Task { @MainActor in
      await gate.run {
        await followServedStore()
        notifyChange()
      }
    }
  }

  /// Takes the served store's recording so far, and shows it, before anything else is handled.
  ///
  /// - Parameters:
  ///   - lines: The lines the server sent with its welcome.
  package func attachedHistoryArrived(_ lines: [String]) async {
    guard let attachment else { return }
    attachment.lines += lines
    await gate.run {
      await followServedStore()
      notifyChange()
    }
  }

  /// Re-runs the recording so far, when lines arrived since the last re-run.
  func followServedStore() async {
    guard let attachment, attachment.followed < attachment.lines.count else { return }
    do throws(InputError) {
      try await session.follow(try attachment.takeNewLines())
      attachment.lastProblem = nil
    } catch {
      // Said once, not on every line that follows.
      if attachment.lastProblem != error.message {
        attachment.lastProblem = error.message
        output.line(
          "! the served store's recording no longer replays here: \(error.message); :save still writes it as it arrived",
          .warning)
      }
    }
  }

  /// How many times following the served store re-ran its whole recording, rather than
  /// extending the copy with the new lines: once at the start, and again only when the copy
  /// stopped agreeing with it. For tests of its cost.
  package var attachedReruns: Int { session.followReruns }

  /// Prints what the served store said about a line it could not read.
  ///
  /// - Parameters:
  ///   - message: The server's message.
  package func attachedServerSaid(_ message: String) {
    output.line("! the served store could not read a line: \(message)", .warning)
  }

  /// Says that the connection to the served store ended, and why (the process ended, or the
  /// server sent what the client refuses); what arrived stays, and `:save` still writes it.
  ///
  /// - Parameters:
  ///   - reason: Why the connection ended.
  package func attachmentEnded(_ reason: String) {
    guard let attachment, !attachment.ended else { return }
    attachment.ended = true
    output.line(
      "the connection to the served store ended (\(reason)); what arrived stays: :save writes it",
      .warning)
  }

  /// Sends a typed action to the served store.
  func sendToServedStore(_ source: String) async {
    guard let attachment else { return }
    guard !attachment.ended else {
      fail(
        "the connection to the served store has ended: nothing can be sent to it; :save writes what arrived"
      )
      return
    }
    switch await attachment.send(source) {
    case .refused(let reason)?: fail("the served store refused it: \(reason)")
    case .unanswered(let reason)?: fail(reason)
    case nil: break
    }
    // Its steps arrived before its answer: show them now, before the next line.
    await followServedStore()
  }

  /// Why a command is refused while attached, or `nil` when it may run.
  func attachedRefusal(of command: String, argument: String) -> String? {
    // Without an argument, these only say which.
    if [":env", ":clock"].contains(command), argument.isEmpty { return nil }
    switch command {
    case ":undo", ":back", ":jump", ":reset", ":explore", ":resolve", ":cancel", ":advance",
      ":clock", ":env", ":load", ":use":
      return
        "\(command) would change only this copy of a served store; :save the recording, then \(options.commandName) --open it to travel in time, explore or switch"
    default:
      return nil
    }
  }
}

/// Why an action sent to a served store was not taken.
package enum AttachedSendFailure: Sendable, Equatable {
  /// The server refused it, and why.
  case refused(String)
  /// No answer came, and why: the connection ended, or the store did not answer in time.
  case unanswered(String)
}

/// What `tide attach` follows.
@MainActor
final class REPLAttachment {
  let feature: String
  let environment: String
  /// The fingerprint of the state the served store began from, when the server gave it.
  let start: String?
  /// The command that runs the REPL, as the saved recording's header names it.
  let commandName: String
  let send: @MainActor (String) async -> AttachedSendFailure?
  /// The recording's lines so far, as they arrived.
  var lines: [String] = []
  /// How many of them are read into ``file``.
  var followed = 0
  /// The recording's lines read so far.
  var file = SessionFile()
  /// The last problem re-running them, said once.
  var lastProblem: String?
  var ended = false

  init(
    feature: String, environment: String, start: String?, commandName: String,
    send: @escaping @MainActor (String) async -> AttachedSendFailure?
  ) {
    self.feature = feature
    self.environment = environment
    self.start = start
    self.commandName = commandName
    self.send = send
  }

  /// Reads the lines that arrived since the last call into ``file``, and returns it: only the new
  /// lines are read, so that following a long recording does not read it again each time.
  func takeNewLines() throws(InputError) -> SessionFile {
    let new = lines[followed...]
    // The chunk is read after the same header as `recordingText()`, so a chunk line's number
    // is its line there once the lines before the chunk are added.
    let lineOffset = followed
    followed = lines.count
    var chunk: SessionFile
    do throws(InputError) {
      chunk = try SessionFile.parse((header + new).joined(separator: "\n") + "\n")
    } catch {
      throw InputError(
        message: "a line of the recording: \(error.message)", position: error.position)
    }
    if let last = file.steps.last?.time, let next = chunk.steps.first?.time, next < last {
      throw InputError(
        message:
          "the recording's time goes back, from @\(DurationText.format(last)) to @\(DurationText.format(next))",
        position: 0)
    }
    let before = file.steps.count
    file.feature = feature
    file.environment = environment
    file.isRecording = true
    file.start = start
    file.steps += chunk.steps.map {
      SessionFile.Step(
        received: $0.received, time: $0.time, action: $0.action, line: $0.line + lineOffset)
    }
    file.answers += chunk.answers.map {
      var answer = $0
      answer.index += before
      return answer
    }
    return file
  }

  /// The recording so far, as a file `tide --open` replays.
  func recordingText() -> String {
    (header + lines).joined(separator: "\n") + "\n"
  }

  /// The lines a saved recording starts with.
  private var header: [String] {
    [
      SessionFile.header,
      "# feature: \(feature)",
      "# environment: \(environment)",
      SessionFile.recordingLine,
    ] + (start.map { ["# start: \($0)"] } ?? []) + [
      "# Recorded by Tide through \(commandName) attach: `\(commandName) --open FILE` replays it, the environment's",
      "# calls answered from this file. It is readable by you only; keep it private.",
    ]
  }
}
