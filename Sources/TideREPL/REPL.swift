import Foundation
import TideExplore
import TideRecord

/// The REPL engine: reads lines, sends actions to a feature, prints every state change, and
/// runs the commands that look around, travel in time and export tests.
///
/// Fronts own the terminal; the engine only takes lines and writes text. A few lines build a REPL
/// for your own features:
///
/// <!-- example: given counterFeature: REPLFeature -->
/// ```swift
/// let repl = try REPL(
///   features: [counterFeature], options: REPLOptions(), write: { print($0, terminator: "") })
/// repl.start()
/// while let line = readLine() {
///   if await repl.handle(line) == .quit { break }
/// }
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

  private let features: [REPLFeature]
  private var options: REPLOptions
  private let output: REPLOutput
  private(set) var session: any REPLSession
  private(set) var feature: REPLFeature
  /// Lines, page actions and ticks, one at a time.
  private let gate = SerialGate()
  /// Called after anything that may have changed the session (see `REPL+Web.swift`).
  var changeHandlers: [() -> Void] = []
  /// The last error printed, for a page that sent a line.
  private var lastFailure: String?

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
        throw REPLError.unknownFeature(
          feature, suggestions: Suggestions.closest(to: feature, in: features.map(\.name)))
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
  /// - Parameters:
  ///   - path: The file's path.
  /// - Returns: What went wrong, as printed; `nil` when it loaded.
  public func open(_ path: String) async -> String? {
    await handle(":load \(path)", from: .repl).failure
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
      await action.send(origin)
    } catch {
      report(error, in: trimmed)
    }
    return .continue
  }

  /// How many lines have failed so far: unreadable actions and commands that reported an error.
  /// A script runner exits non-zero when it is not zero.
  public private(set) var failedLineCount = 0

  /// Called by the front on Ctrl-C: cancels running effects and returns `true`, or returns
  /// `false` when there is nothing to cancel (the front exits).
  public func interrupt() async -> Bool {
    await gate.run {
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
    var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
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

  // MARK: - Completion

  /// Completions for the text before the cursor: commands after `:`, case names after `.`.
  ///
  /// <!-- example: given repl: REPL -->
  /// ```swift
  /// repl.completions(for: ":st")        // [":state"]
  /// repl.completions(for: ".login(.pa") // [".login(.passwordChanged"]
  /// ```
  ///
  /// - Parameters:
  ///   - text: The line up to the cursor.
  /// - Returns: Whole replacements for `text`, sorted.
  public func completions(for text: String) -> [String] {
    if text.hasPrefix(":") {
      if let space = text.firstIndex(of: " ") {
        let command = String(text[..<space])
        let argument = text[text.index(after: space)...]
        let candidates: [String]
        switch command {
        case ":use": candidates = features.map(\.name)
        case ":env": candidates = session.environmentNames
        case ":clock": candidates = REPLOptions.ClockMode.allCases.map(\.rawValue)
        case ":explore": candidates = session.canExplore ? ["exhaustive", "random"] : []
        default: candidates = []
        }
        return candidates.filter { $0.hasPrefix(argument) }.map { "\(command) \($0)" }.sorted()
      }
      return Self.commands.map(\.name).filter { $0.hasPrefix(text) }.sorted()
    }
    guard let dot = text.lastIndex(of: ".") else { return [] }
    let partial = String(text[text.index(after: dot)...])
    guard partial.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return [] }
    let head = String(text[...dot])
    let names =
      head == "."
      ? session.topLevelCaseNames : Set(session.caseNames.values.flatMap { $0 }).sorted()
    return names.filter { $0.hasPrefix(partial) }.map { head + $0 }
  }

  // MARK: - Commands

  struct Command {
    let name: String
    let usage: String
    let summary: String
  }

  static let commands: [Command] = [
    Command(name: ":help", usage: ":help", summary: "this list, with examples of actions"),
    Command(name: ":features", usage: ":features", summary: "the features you can explore"),
    Command(
      name: ":use", usage: ":use <feature>", summary: "switch to another feature (a fresh session)"),
    Command(
      name: ":state", usage: ":state [key.path]",
      summary: "print the state, or a part: :state home.savedLocations[0]"),
    Command(name: ":view", usage: ":view", summary: "print the view state, as a front renders it"),
    Command(
      name: ":history", usage: ":history", summary: "every step so far, sent (→) and received (←)"),
    Command(name: ":undo", usage: ":undo", summary: "go back to before the last action you sent"),
    Command(
      name: ":back", usage: ":back <n>",
      summary: "go back n steps (the session is re-run from its start)"),
    Command(
      name: ":jump", usage: ":jump <n>",
      summary: "go to step n of the history (0 is the initial state)"),
    Command(name: ":reset", usage: ":reset", summary: "start over from the initial state"),
    Command(
      name: ":env", usage: ":env [name]",
      summary: "list environments, or switch: :env login=invalidCredentials"),
    Command(name: ":clock", usage: ":clock [virtual|real]", summary: "show or set how time moves"),
    Command(
      name: ":advance", usage: ":advance <duration>",
      summary: "move a virtual clock: :advance 300ms, :advance 1.5s"),
    Command(name: ":effects", usage: ":effects", summary: "the effects in flight"),
    Command(name: ":cancel", usage: ":cancel [n]", summary: "cancel effect n, or all of them"),
    Command(
      name: ":resolve", usage: ":resolve [name n]",
      summary: "list the calls waiting in the explore environment, or end one with outcome n"),
    Command(
      name: ":explore", usage: ":explore [random|exhaustive …]",
      summary: "search for schedules that break the invariants; load the shortest failure"),
    Command(
      name: ":save", usage: ":save[!] <file>",
      summary: "save the session to a new file (:save! replaces one) that replays exactly"),
    Command(name: ":load", usage: ":load <file>", summary: "load a saved session or a recording"),
    Command(
      name: ":export-test", usage: ":export-test[!] <file.swift>",
      summary: "write a TestStore test that replays the session (! replaces a file)"),
    Command(
      name: ":quit", usage: ":quit", summary: "exit (so do Ctrl-D, and Ctrl-C when no effect runs)"),
  ]

  private func command(_ line: String) async -> Outcome {
    let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
    let name = parts[0]
    let argument = parts.count > 1 ? parts[1].trimmingWhitespace() : ""
    do {
      if Self.takesNoArgument.contains(name), !argument.isEmpty {
        throw InputError(message: "\(name) takes no argument", position: 0)
      }
      switch name {
      case ":help", ":h", ":?": help()
      case ":features": listFeatures()
      case ":use": try use(argument)
      case ":state": try session.showState(path: argument)
      case ":view": session.showView()
      case ":history": session.showHistory()
      case ":undo": try await session.undo()
      case ":back": try await session.back(try number(argument, for: name))
      case ":jump": try await session.jump(to: try number(argument, for: name))
      case ":reset": session.reset()
      case ":env":
        if argument.isEmpty { listEnvironments() } else { try session.switchEnvironment(argument) }
      case ":clock":
        if argument.isEmpty {
          output.line("clock: \(session.clockDescription)")
        } else {
          guard let mode = REPLOptions.ClockMode(rawValue: argument) else {
            throw InputError(
              message: ":clock takes virtual or real, not '\(argument)'", position: 0)
          }
          options.clock = mode
          await session.setClock(mode)
        }
      case ":advance":
        guard !argument.isEmpty else {
          throw InputError(
            message: ":advance needs a duration, such as 300ms, 1.5s or 2m", position: 0)
        }
        try await session.advance(by: try DurationText.parse(argument))
      case ":effects": session.showEffects()
      case ":cancel":
        try await session.cancelEffect(argument.isEmpty ? nil : try number(argument, for: name))
      case ":resolve": try await session.resolve(argument)
      case ":explore": try await session.explore(argument)
      case ":save", ":save!": try save(to: argument, replacing: name.hasSuffix("!"))
      case ":load": try await load(from: argument)
      case ":export-test", ":export-test!":
        try exportTest(to: argument, replacing: name.hasSuffix("!"))
      case ":quit", ":q", ":exit": return .quit
      default:
        throw InputError(
          message: "unknown command \(name)", position: 0,
          suggestions: Suggestions.closest(to: name, in: Self.commands.map(\.name)))
      }
    } catch let error as InputError {
      fail(error.message, suggestions: error.suggestions)
    } catch {
      fail("\(error)")
    }
    return .continue
  }

  /// Commands that would otherwise ignore what follows them.
  static let takesNoArgument: Set<String> = [
    ":help", ":h", ":?", ":features", ":view", ":history", ":undo", ":reset", ":effects", ":quit",
    ":q", ":exit",
  ]

  private func number(_ text: String, for command: String) throws(InputError) -> Int {
    guard !text.isEmpty, text.allSatisfy(\.isASCIIDigit) else {
      throw InputError(
        message: "\(command) takes a whole number, not '\(text.isEmpty ? "nothing" : text)'",
        position: 0)
    }
    guard let value = Int(text) else {
      throw InputError(message: "\(text) is too large for \(command)", position: 0)
    }
    return value
  }

  private func help() {
    output.line("Type an action in Swift syntax to send it, or a command:", .heading)
    let width = Self.commands.map(\.usage.count).max() ?? 0
    for command in Self.commands {
      output.line(
        "  \(command.usage.padding(toLength: width, withPad: " ", startingAt: 0))  \(command.summary)"
      )
    }
    if !feature.exampleLines.isEmpty {
      output.line("Actions of \(feature.name), for example:", .heading)
      for example in feature.exampleLines { output.line("  \(example)") }
    }
    output.line("Tab completes commands and case names; ↑ and ↓ walk the history.", .dim)
  }

  private func listFeatures() {
    for candidate in features {
      let marker = candidate.name == feature.name ? "▸" : " "
      output.line("\(marker) \(candidate.name)  \(candidate.summary)")
    }
  }

  private func listEnvironments() {
    for name in session.environmentNames {
      output.line("\(name == session.environmentName ? "▸" : " ") \(name)")
    }
  }

  private func use(_ name: String) throws(InputError) {
    guard let next = features.first(where: { $0.name == name }) else {
      throw InputError(
        message: "there is no feature '\(name)'", position: 0,
        suggestions: Suggestions.closest(to: name, in: features.map(\.name)))
    }
    session.shutdown()
    feature = next
    session = next.makeSession(next.environmentNames[0], options, output)
    output.line(
      "feature: \(next.name) (\(next.summary)), environment: \(session.environmentName)", .heading)
  }

  private func save(to path: String, replacing: Bool) throws(InputError) {
    guard !path.isEmpty else { throw InputError(message: ":save needs a file name", position: 0) }
    try FileAccess.write(
      session.sessionFile(), to: path,
      existing: replacing ? .replace : .keep(hint: ":save! \(path) replaces it"))
    output.line("saved to \(path) (readable by you only: it holds what you typed)", .dim)
  }

  private func load(from path: String) async throws(InputError) {
    guard !path.isEmpty else { throw InputError(message: ":load needs a file name", position: 0) }
    let file = try SessionFile.parse(try FileAccess.read(path))
    // Everything is checked before anything changes: a load that fails leaves the session as
    // it was.
    var next = feature
    if let name = file.feature, name != feature.name {
      guard let match = features.first(where: { $0.name == name }) else {
        throw InputError(
          message: "\(path) is a session of '\(name)', which this tide does not have", position: 0,
          suggestions: Suggestions.closest(to: name, in: features.map(\.name)))
      }
      next = match
    }
    if next.name == feature.name {
      try await session.load(file)
    } else {
      let candidate = next.makeSession(next.environmentNames[0], options, output)
      do {
        try await candidate.load(file)
      } catch {
        candidate.shutdown()
        throw error
      }
      session.shutdown()
      feature = next
      session = candidate
      output.line(
        "feature: \(next.name) (\(next.summary)), environment: \(session.environmentName)",
        .heading)
    }
  }

  private func exportTest(to path: String, replacing: Bool) throws(InputError) {
    guard path.hasSuffix(".swift") else {
      throw InputError(message: ":export-test needs a file name ending in .swift", position: 0)
    }
    let base = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    let name = TestExporter.testName(from: base)
    let source = try session.exportTest(named: name, secretPlaceholder: nil)
    try FileAccess.write(
      source, to: path,
      existing: replacing ? .replace : .keep(hint: ":export-test! \(path) replaces it"))
    output.line("wrote \(path): @Test func \(name)()", .dim)
  }

  // MARK: - Output

  /// Whether the line being handled came from a page.
  private var echoesPageLine = false

  private func echo(_ line: String) {
    if echoesPageLine {
      output.line("web> " + line, .received)
    } else if options.echoesInput {
      output.line(prompt + line, .dim)
    }
  }

  /// Prints an error for the line just echoed, and counts it.
  private func fail(_ message: String, suggestions: [String] = []) {
    failedLineCount += 1
    lastFailure = message
    output.line("error: \(message)", .error)
    if !suggestions.isEmpty {
      output.line("did you mean \(suggestions.joined(separator: ", "))?", .error)
    }
  }

  /// Echoes a line that could not be read, with what might be secret hidden, and the error with a
  /// caret under its position. A long line is shown around the caret.
  private func report(_ error: any Error, in line: String) {
    let mask = SecretMask(line, secretLabels: session.secretLabels)
    echo(mask.text)
    guard let error = error as? InputError else {
      fail("\(error)")
      return
    }
    let isSecret = mask.isSecret(error.position)
    fail(
      isSecret
        ? "this value is not valid here; it may be secret, so tide does not show or quote it"
        : error.message)
    // Positions count Unicode scalars, so the excerpt is cut in scalars too.
    let shown = Array(mask.text.unicodeScalars)
    var column = min(max(0, mask.position(error.position)), shown.count)
    var excerpt = shown
    let width = 100
    if shown.count > width {
      let start = max(0, min(column - width / 2, shown.count - width))
      let end = min(shown.count, start + width)
      excerpt = Array(shown[start..<end])
      column -= start
      if start > 0 {
        excerpt.insert("…", at: 0)
        column += 1
      }
      if end < shown.count { excerpt.append("…") }
    }
    output.line("  " + String(String.UnicodeScalarView(excerpt)), .plain)
    output.line("  " + String(repeating: " ", count: column) + "^", .error)
    if !isSecret, !error.suggestions.isEmpty {
      output.line("did you mean \(error.suggestions.joined(separator: ", "))?", .error)
    }
  }
}

/// Why a REPL could not start.
public enum REPLError: Error, Equatable, CustomStringConvertible {
  /// No feature has this name.
  case unknownFeature(String, suggestions: [String])
  /// The feature has no environment of this name.
  case unknownEnvironment(String, feature: String, suggestions: [String])
  /// A file could not be read; the reason is said plainly.
  case cannotRead(String)
  /// The `replay` environment was asked for at the start, before any recording is loaded.
  case replayNeedsRecording(feature: String)

  /// What is wrong, for a person.
  public var description: String {
    switch self {
    case .unknownFeature(let name, let suggestions):
      "there is no feature '\(name)'" + Self.hint(suggestions)
    case .unknownEnvironment(let name, let feature, let suggestions):
      "\(feature) has no environment '\(name)'" + Self.hint(suggestions)
    case .cannotRead(let reason):
      reason
    case .replayNeedsRecording(let feature):
      "\(feature)'s replay environment answers calls from a recording: open one with --open FILE, which replays it there"
    }
  }

  private static func hint(_ suggestions: [String]) -> String {
    suggestions.isEmpty ? "" : "; did you mean \(suggestions.joined(separator: ", "))?"
  }
}

/// What ``REPL/runScript(_:waitingAtMost:)`` did.
public struct ScriptResult: Sendable, Equatable {
  /// How many lines the script has.
  public var lineCount: Int
  /// The numbers (from 1) of the lines that failed.
  public var failedLines: [Int]
  /// The effects still running at the end, as their descriptions print them.
  public var stillRunning: [String]

  /// Creates a result, for a front that runs lines itself.
  ///
  /// ```swift
  /// ScriptResult(lineCount: 14, failedLines: [3, 9], stillRunning: []).summary
  /// // "2 of 14 lines failed: lines 3 and 9"
  /// ```
  ///
  /// - Parameters:
  ///   - lineCount: How many lines ran.
  ///   - failedLines: The numbers (from 1) of those that failed.
  ///   - stillRunning: The effects still running at the end.
  public init(lineCount: Int, failedLines: [Int], stillRunning: [String]) {
    self.lineCount = lineCount
    self.failedLines = failedLines
    self.stillRunning = stillRunning
  }

  /// One line for a script that had failures, such as
  /// `2 of 14 lines failed: lines 3 and 9`; `nil` when none failed.
  public var summary: String? {
    guard !failedLines.isEmpty else { return nil }
    let shown = failedLines.prefix(10).map(String.init)
    var list: String
    switch shown.count {
    case 1: list = "line \(shown[0])"
    case 2: list = "lines \(shown[0]) and \(shown[1])"
    default: list = "lines " + shown.joined(separator: ", ")
    }
    if failedLines.count > shown.count { list += ", …" }
    return
      "\(failedLines.count) of \(English.count(lineCount, "line")) failed: \(list)"
  }
}
