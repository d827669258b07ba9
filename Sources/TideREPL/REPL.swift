import Foundation

/// The REPL engine: reads lines, sends actions to a feature, prints every state change, and
/// runs the commands that look around, travel in time and export tests.
///
/// Fronts own the terminal; the engine only takes lines and writes text. A few lines build a REPL
/// for your own features:
///
/// ```swift
/// let repl = REPL(features: [counterFeature], options: REPLOptions(), write: { print($0, terminator: "") })
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
  private var session: any REPLSession
  private var feature: REPLFeature

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
  /// Bad input never changes the state: it prints what is wrong, with a caret under it.
  ///
  /// - Parameters:
  ///   - line: The line.
  /// - Returns: Whether to go on.
  public func handle(_ line: String) async -> Outcome {
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    if trimmed.isEmpty { return .continue }
    if trimmed.hasPrefix("#") || trimmed.hasPrefix(":") {
      echo(trimmed)
      return trimmed.hasPrefix(":") ? await command(trimmed) : .continue
    }
    do {
      let action = try session.prepare(trimmed)
      // Echo the action as the inspector prints it, so secrets are redacted.
      echo(action.display)
      await action.send()
    } catch {
      echo(trimmed)
      report(error, in: trimmed)
    }
    return .continue
  }

  /// Called by the front on Ctrl-C: cancels running effects and returns `true`, or returns
  /// `false` when there is nothing to cancel (the front exits).
  public func interrupt() async -> Bool {
    guard session.hasRunningEffects else { return false }
    try? await session.cancelEffect(nil)
    return true
  }

  /// In real-time mode, moves the clock to the wall clock and prints what effects did.
  public func tick() async {
    await session.tick()
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
      await session.tick()
    }
  }

  /// Ends the session, cancelling its effects.
  public func finish() {
    session.shutdown()
  }

  // MARK: - Completion

  /// Completions for the text before the cursor: commands after `:`, case names after `.`.
  ///
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
      summary: "go back n steps (replayed from the initial state)"),
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
      name: ":save", usage: ":save <file>",
      summary: "save the session to a file that replays exactly"),
    Command(name: ":load", usage: ":load <file>", summary: "load a saved session"),
    Command(
      name: ":export-test", usage: ":export-test <file.swift>",
      summary: "write a TestStore test that replays the session"),
    Command(
      name: ":quit", usage: ":quit", summary: "exit (so do Ctrl-D, and Ctrl-C when no effect runs)"),
  ]

  private func command(_ line: String) async -> Outcome {
    let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
    let name = parts[0]
    let argument = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
    do {
      switch name {
      case ":help", ":h", ":?": help()
      case ":features": listFeatures()
      case ":use": try use(argument)
      case ":state": try session.showState(path: argument)
      case ":view": session.showView()
      case ":history": session.showHistory()
      case ":undo": try session.undo()
      case ":back": try session.back(try number(argument, for: name))
      case ":jump": try session.jump(to: try number(argument, for: name))
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
        guard let duration = REPLFormat.parseDuration(argument) else {
          throw InputError(
            message: ":advance takes a duration such as 300ms, 1s or 1.5s, not '\(argument)'",
            position: 0)
        }
        await session.advance(by: duration)
      case ":effects": session.showEffects()
      case ":cancel":
        try await session.cancelEffect(argument.isEmpty ? nil : try number(argument, for: name))
      case ":save": try save(to: argument)
      case ":load": try await load(from: argument)
      case ":export-test": try exportTest(to: argument)
      case ":quit", ":q", ":exit": return .quit
      default:
        throw InputError(
          message: "unknown command \(name)", position: 0,
          suggestions: Suggestions.closest(to: name, in: Self.commands.map(\.name)))
      }
    } catch let error as InputError {
      output.line("error: \(error.message)", .error)
      if !error.suggestions.isEmpty {
        output.line("did you mean \(error.suggestions.joined(separator: ", "))?", .error)
      }
    } catch {
      output.line("error: \(error)", .error)
    }
    return .continue
  }

  private func number(_ text: String, for command: String) throws(InputError) -> Int {
    guard let value = Int(text), value >= 0 else {
      throw InputError(message: "\(command) takes a whole number, not '\(text)'", position: 0)
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

  private func save(to path: String) throws(InputError) {
    guard !path.isEmpty else { throw InputError(message: ":save needs a file name", position: 0) }
    do {
      try session.sessionFile().write(toFile: path, atomically: true, encoding: .utf8)
    } catch {
      throw InputError(message: "cannot write \(path): \(error.localizedDescription)", position: 0)
    }
    output.line("saved to \(path)", .dim)
  }

  private func load(from path: String) async throws(InputError) {
    guard !path.isEmpty else { throw InputError(message: ":load needs a file name", position: 0) }
    let text: String
    do {
      text = try String(contentsOfFile: path, encoding: .utf8)
    } catch {
      throw InputError(message: "cannot read \(path): \(error.localizedDescription)", position: 0)
    }
    let file = try SessionFile.parse(text)
    if let name = file.feature, name != feature.name {
      try use(name)
    }
    try await session.load(file)
  }

  private func exportTest(to path: String) throws(InputError) {
    guard path.hasSuffix(".swift") else {
      throw InputError(message: ":export-test needs a file name ending in .swift", position: 0)
    }
    let base = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    let name = testName(from: base)
    let source = try session.exportTest(named: name)
    do {
      try source.write(toFile: path, atomically: true, encoding: .utf8)
    } catch {
      throw InputError(message: "cannot write \(path): \(error.localizedDescription)", position: 0)
    }
    output.line("wrote \(path): @Test func \(name)()", .dim)
  }

  /// `exported-login session` → `exportedLoginSession`.
  private func testName(from base: String) -> String {
    let words = base.split { !$0.isLetter && !$0.isNumber }.map(String.init)
    guard let first = words.first else { return "replaysSession" }
    var name = first.prefix(1).lowercased() + first.dropFirst()
    for word in words.dropFirst() { name += word.prefix(1).uppercased() + word.dropFirst() }
    return name.first?.isNumber == true ? "session" + name : name
  }

  // MARK: - Output

  private func echo(_ line: String) {
    if options.echoesInput { output.line(prompt + line, .dim) }
  }

  private func report(_ error: any Error, in line: String) {
    guard let error = error as? InputError else {
      output.line("error: \(error)", .error)
      return
    }
    output.line("error: \(error.message)", .error)
    output.line("  " + line, .plain)
    let column = min(max(0, error.position), line.count)
    output.line("  " + String(repeating: " ", count: column) + "^", .error)
    if !error.suggestions.isEmpty {
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

  /// What is wrong, for a person.
  public var description: String {
    switch self {
    case .unknownFeature(let name, let suggestions):
      "there is no feature '\(name)'" + Self.hint(suggestions)
    case .unknownEnvironment(let name, let feature, let suggestions):
      "\(feature) has no environment '\(name)'" + Self.hint(suggestions)
    }
  }

  private static func hint(_ suggestions: [String]) -> String {
    suggestions.isEmpty ? "" : "; did you mean \(suggestions.joined(separator: ", "))?"
  }
}
