import Foundation
import TideExplore
import TideExpressions
import TideRecord

/// The REPL engine: reads lines, sends actions to a feature, prints every state change, and
/// runs the commands that look around, travel in time and export tests.
///
/// Fronts own the terminal; the engine only takes lines and writes text. `REPLCommand`
/// (TideCommand) is the front `tide` uses, for any features; a front of your own reads its input
/// off the main actor and hands each line to ``handle(_:)``:
///
/// <!-- example: given counterFeature: REPLFeature -->
/// ```swift
/// let repl = try REPL(
///   features: [counterFeature], options: REPLOptions(), write: { print($0, terminator: "") })
/// repl.start()
/// if await repl.handle(".incrementTapped") == .quit { repl.finish() }
/// ```
@MainActor
public final class REPL {
  /// What the front should do after a line.
  public enum Outcome: Sendable, Equatable {
    /// Read the next line.
    case `continue`
    /// Exit.
    case quit
  }

  let features: [REPLFeature]
  var options: REPLOptions
  let output: REPLOutput
  var session: any REPLSession
  var feature: REPLFeature
  /// Lines, page actions and ticks, one at a time.
  let gate = SerialGate()
  /// Called after anything that may have changed the session (see `REPL+Web.swift`).
  var changeHandlers: [() -> Void] = []
  /// The last error printed, for a page that sent a line.
  var lastFailure: String?
  /// Whether the line being handled came from a page.
  var echoesPageLine = false
  /// The served store this REPL follows, once `tide attach` has connected (see
  /// `REPL+Attach.swift`).
  var attachment: REPLAttachment?

  /// Creates a REPL on the first feature (or the one named `feature`).
  ///
  /// - Parameters:
  ///   - features: The features that can be explored.
  ///   - feature: The feature to start with; the first when `nil`.
  ///   - environment: The environment to start in; the feature's first when `nil`.
  ///   - options: How the REPL runs.
  ///   - write: Where output goes.
  /// - Throws: ``REPLError`` when `feature` or `environment` names nothing.
  public init(
    features: [REPLFeature],
    feature: String? = nil,
    environment: String? = nil,
    options: REPLOptions = REPLOptions(),
    write: @escaping (String) -> Void
  ) throws(REPLError) {
    precondition(!features.isEmpty, "A REPL needs at least one feature.")
    let chosen: REPLFeature
    if let feature {
      guard let match = features.first(where: { $0.name == feature }) else {
        // With no name close to it, every name: the choices.
        let names = features.map(\.name)
        let close = Suggestions.closest(to: feature, in: names)
        throw REPLError.unknownFeature(feature, suggestions: close.isEmpty ? names : close)
      }
      chosen = match
    } else {
      chosen = features[0]
    }
    let environmentName = environment ?? chosen.environmentNames[0]
    guard chosen.environmentNames.contains(environmentName) else {
      throw REPLError.unknownEnvironment(
        environmentName, feature: chosen.name,
        suggestions: Suggestions.closest(to: environmentName, in: chosen.environmentNames))
    }
    if chosen.replaysRecordings, environmentName == REPLRecording<Void>.environmentName {
      throw REPLError.replayNeedsRecording(feature: chosen.name)
    }
    self.features = features
    self.options = options
    self.feature = chosen
    self.output = REPLOutput(colors: options.colors, write: write)
    self.session = chosen.makeSession(environmentName, options, output)
  }

  /// The prompt: the feature's name.
  public var prompt: String { "\(feature.name)> " }

  /// The prompt, coloured when colours are on.
  public var styledPrompt: String { output.paint(prompt, .heading) }

  /// Whether effects are running (Ctrl-C cancels them rather than exiting).
  public var hasRunningEffects: Bool { session.hasRunningEffects }

  /// Whether time moves by itself, so the front should call ``tick()`` while it waits for input.
  public var isRealTime: Bool { options.clock == .real }

  /// Prints the banner.
  public func start() {
    output.line("tide: explore Tide features by hand. :help lists commands, :quit exits.", .heading)
    output.line(
      "feature: \(feature.name) (\(feature.summary)), environment: \(session.environmentName), clock: \(session.clockDescription)",
      .dim)
  }

  /// Handles one line: an action in Swift syntax, a `:command`, or a `# comment`.
  ///
  /// Bad input never changes the state: it prints what is wrong, with a caret under it, and
  /// counts in ``failedLineCount``. A line that fails is echoed with its strings and secret values
  /// hidden (see `Redacting` in TideInspect).
  ///
  /// - Parameters:
  ///   - line: The line; a trailing CR (from a CRLF file) is ignored.
  /// - Returns: Whether to go on.
  public func handle(_ line: String) async -> Outcome {
    await handle(line, from: .repl).0
  }

  /// Loads a saved session or a recording, as `:load` does: what `tide --open FILE` runs before
  /// anything else.
  ///
  /// <!-- example: given repl: REPL -->
  /// ```swift
  /// if let problem = await repl.open("login.tide") { print(problem) }
  /// ```
  ///
  /// What it prints is printed only when the file loads: when it does not, nothing is printed, and
  /// the caller says what went wrong once (`tide` on standard error, then it exits).
  ///
  /// - Parameters:
  ///   - path: The file's path.
  /// - Returns: What went wrong; `nil` when it loaded.
  public func open(_ path: String) async -> String? {
    await output.holdingBack {
      await handle(":load \(path)", from: .repl).failure
    } keep: {
      $0 == nil
    }
  }

  /// Handles a line from a front, one at a time with every other, then tells the change
  /// handlers. Lines from a page are always echoed, after `web> `, so the REPL shows what the
  /// page did.
  ///
  /// - Returns: Whether to go on, and the error the line printed, if any.
  func handle(_ line: String, from origin: StepOrigin) async -> (Outcome, failure: String?) {
    await gate.run {
      lastFailure = nil
      let outcome = await handleNow(line, from: origin)
      notifyChange()
      return (outcome, lastFailure)
    }
  }

  private func handleNow(_ line: String, from origin: StepOrigin) async -> Outcome {
    echoesPageLine = origin == .page
    defer { echoesPageLine = false }
    do {
      try InputLimits.check(line)
    } catch {
      echo("(a line of \(line.count) characters)")
      fail(error.message)
      return .continue
    }
    let trimmed = line.trimmingWhitespace()
    if trimmed.isEmpty { return .continue }
    if trimmed.hasPrefix("#") || trimmed.hasPrefix(":") {
      // A comment is echoed like a line that failed, so a quoted secret in it stays hidden; a
      // command's words are names and paths, so only its strings are.
      let isCommand = trimmed.hasPrefix(":")
      echo(SecretMask(trimmed, secretLabels: isCommand ? [] : session.secretLabels).text)
      guard isCommand else { return .continue }
      guard !trimmed.contains("\"") else {
        // Messages quote a command's words; none of them is ever in quotes.
        fail("a command never takes quoted text; remove the \" (a string is part of an action)")
        return .continue
      }
      return await command(trimmed)
    }
    do {
      let action = try session.prepare(trimmed)
      // Echo the action as the inspector prints it, so secrets are redacted.
      echo(action.display)
      if attachment != nil {
        await sendToServedStore(action.source)
      } else {
        await action.send(origin)
      }
    } catch {
      report(error, in: trimmed)
    }
    return .continue
  }

  /// How many lines have failed so far: unreadable actions and commands that reported an error.
  /// A script runner exits non-zero when it is not zero.
  public internal(set) var failedLineCount = 0

  /// Called by the front on Ctrl-C: cancels running effects and returns `true`, or returns
  /// `false` when there is nothing to cancel, or when it follows a served store, whose effects
  /// run in its own process (the front exits).
  public func interrupt() async -> Bool {
    if attachment != nil {
      // The effects run in the served process; cancelling this copy's would only hide them.
      output.line("detached: Ctrl-C does not cancel the served store's effects", .dim)
      return false
    }
    return await gate.run {
      guard session.hasRunningEffects else { return false }
      try? await session.cancelEffect(nil)
      notifyChange()
      return true
    }
  }

  /// In real-time mode, moves the clock to the wall clock and prints what effects did.
  public func tick() async {
    await gate.run {
      let before = session.stepCounts
      await session.tick()
      if session.stepCounts != before || session.hasRunningEffects { notifyChange() }
    }
  }

  /// Waits until no effect is running, moving a real-time clock, for at most `limit` of real
  /// time: for scripts whose last line starts an effect.
  ///
  /// - Parameters:
  ///   - limit: The longest to wait.
  public func drain(limit: Duration) async {
    let deadline = ContinuousClock.now.advanced(by: limit)
    while session.hasRunningEffects && options.clock == .real && ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(10))
      await tick()
    }
  }

  /// Runs a script: every line in order (LF, CRLF or CR endings, an optional byte-order mark),
  /// to the end even when some fail, until `:quit`. Then, on a real clock, waits for running
  /// effects for at most `limit`, and says which are still running.
  ///
  /// <!-- example: given repl: REPL -->
  /// ```swift
  /// let result = await repl.runScript(".incrementTapped\n:state\n")
  /// if let summary = result.summary { print(summary) }
  /// ```
  ///
  /// - Parameters:
  ///   - text: The script.
  ///   - limit: The longest to wait for effects at the end.
  /// - Returns: Which lines failed, and what was still running.
  public func runScript(_ text: String, waitingAtMost limit: Duration = .seconds(10)) async
    -> ScriptResult
  {
    var text = Substring(text)
    if text.unicodeScalars.first == "\u{FEFF}" { text = text.dropFirst() }
    // Lines end at LF or CRLF only: a string may hold any other line-breaking character (a lone
    // CR, U+2028), and a line split inside a password's string would show its second half.
    var lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
    if lines.last?.isEmpty == true { lines.removeLast() }
    var failed: [Int] = []
    for (offset, line) in lines.enumerated() {
      let before = failedLineCount
      let outcome = await handle(String(line))
      if failedLineCount > before { failed.append(offset + 1) }
      if outcome == .quit { break }
    }
    await drain(limit: limit)
    let running = session.runningEffectDescriptions
    if !running.isEmpty {
      let how =
        options.clock == .real
        ? "after waiting \(DurationText.format(limit))"
        : "(virtual time moves only with :advance)"
      output.line(
        "note: \(English.count(running.count, "effect")) still running at the end of the script \(how): \(running.joined(separator: ", "))",
        .warning)
    }
    finish()
    return ScriptResult(lineCount: lines.count, failedLines: failed, stillRunning: running)
  }

  /// Reads a script or session file the way `:load` does: a regular file of UTF-8 text, at most
  /// 64 MiB.
  ///
  /// - Parameters:
  ///   - path: The file.
  /// - Returns: Its text.
  /// - Throws: ``REPLError/cannotRead(_:)`` with a plain reason.
  public static func readFile(atPath path: String) throws(REPLError) -> String {
    do {
      return try FileAccess.read(path)
    } catch {
      throw REPLError.cannotRead(error.message)
    }
  }

  /// Ends the session, cancelling its effects.
  public func finish() {
    session.shutdown()
  }
}
