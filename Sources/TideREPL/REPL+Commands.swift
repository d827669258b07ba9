import Foundation
import TideExplore
import TideExpressions
import TideRecord

extension REPL {
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
      name: ":state", usage: ":state [key.path]", summary: "print the state, or a part"),
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
      name: ":env", usage: ":env [name]", summary: "list environments, or switch"),
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
      name: ":explore", usage: ":explore [here] [random|exhaustive …]",
      summary:
        "search for schedules that break the invariants (from this step with here); load the shortest failure"
    ),
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

  func command(_ line: String) async -> Outcome {
    let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
    let name = parts[0]
    let argument = parts.count > 1 ? parts[1].trimmingWhitespace() : ""
    do {
      if Self.takesNoArgument.contains(name), !argument.isEmpty {
        throw InputError(message: "\(name) takes no argument", position: 0)
      }
      if attachment != nil, let refusal = attachedRefusal(of: name, argument: argument) {
        throw InputError(message: refusal, position: 0)
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
            message: ":advance needs a duration, such as 300ms, 1.5s, 2m or 1h", position: 0)
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

  func number(_ text: String, for command: String) throws(InputError) -> Int {
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

  func help() {
    output.line("Type an action in Swift syntax to send it, or a command:", .heading)
    let width = Self.commands.map(\.usage.count).max() ?? 0
    for command in Self.commands {
      output.line(
        "  \(command.usage.padding(toLength: width, withPad: " ", startingAt: 0))  \(command.summary)"
          + (helpExample(for: command.name).map { ": \($0)" } ?? ""))
    }
    if !feature.exampleLines.isEmpty {
      output.line("Actions of \(feature.name), for example:", .heading)
      for example in feature.exampleLines { output.line("  \(example)") }
    }
    output.line("Tab completes commands and case names; ↑ and ↓ walk the history.", .dim)
  }

  /// An example of a command on the current feature, for `:help`: its own field, its own
  /// environment, not those of Tide's shipped features.
  func helpExample(for command: String) -> String? {
    switch command {
    case ":state": session.stateFieldExample.map { ":state \($0)" }
    case ":env":
      session.environmentNames.first { $0 != session.environmentName }.map { ":env \($0)" }
    default: nil
    }
  }

  func listFeatures() {
    for candidate in features {
      let marker = candidate.name == feature.name ? "▸" : " "
      output.line("\(marker) \(candidate.name)  \(candidate.summary)")
    }
  }

  func listEnvironments() {
    for name in session.environmentNames {
      output.line("\(name == session.environmentName ? "▸" : " ") \(name)")
    }
  }

  func use(_ name: String) throws(InputError) {
    guard let next = features.first(where: { $0.name == name }) else {
      let names = features.map(\.name)
      let close = Suggestions.closest(to: name, in: names)
      throw InputError(
        message: "there is no feature '\(name)'", position: 0,
        suggestions: close.isEmpty ? names : close)
    }
    session.shutdown()
    feature = next
    session = next.makeSession(next.environmentNames[0], options, output)
    output.line(
      "feature: \(next.name) (\(next.summary)), environment: \(session.environmentName)", .heading)
  }

  func save(to path: String, replacing: Bool) throws(InputError) {
    guard !path.isEmpty else { throw InputError(message: ":save needs a file name", position: 0) }
    if let attachment {
      try FileAccess.write(
        attachment.recordingText(), to: path,
        existing: replacing ? .replace : .keep(hint: ":save! \(path) replaces it"))
      output.line(
        "saved the recording so far to \(path) (\(English.count(attachment.lines.count, "line"))); \(options.commandName) --open \(path) replays it",
        .dim)
      return
    }
    try FileAccess.write(
      try session.sessionFile(), to: path,
      existing: replacing ? .replace : .keep(hint: ":save! \(path) replaces it"))
    output.line("saved to \(path) (readable by you only: it holds what you typed)", .dim)
  }

  func load(from path: String) async throws(InputError) {
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

  func exportTest(to path: String, replacing: Bool) throws(InputError) {
    guard path.hasSuffix(".swift") else {
      throw InputError(message: ":export-test needs a file name ending in .swift", position: 0)
    }
    let base = PathText.baseName(of: path)
    let name = TestExporter.testName(from: base)
    let source = try session.exportTest(named: name, secretPlaceholder: nil)
    try FileAccess.write(
      source, to: path,
      existing: replacing ? .replace : .keep(hint: ":export-test! \(path) replaces it"))
    output.line("wrote \(path): @Test func \(name)()", .dim)
    if let note = Self.exportNote(warned: session.warnedStepsOfLastExport) {
      output.line(note, .warning)
    }
    if session.exportsExploredFailure {
      output.line(
        "  the explorer's test of the failure: the invariants checked at every step, so it fails until the bug is fixed",
        .dim)
    }
  }
}

extension REPL {
  /// The note an exported test comes with when steps reported issues as they were reduced
  /// again (an action for a screen that is gone): which steps, and the first issue. `nil` when
  /// none did. `:export-test` prints it; the web page shows it beside the download.
  ///
  /// - Parameters:
  ///   - warned: The steps that reported issues, numbered from 1, with each issue's first line.
  static func exportNote(warned: [(step: Int, issue: String)]) -> String? {
    guard let first = warned.first else { return nil }
    var numbers: [String] = []
    for (step, _) in warned where numbers.last != "\(step)" { numbers.append("\(step)") }
    let steps =
      numbers.count == 1
      ? numbers[0] : numbers.dropLast().joined(separator: ", ") + " and " + numbers.last!
    let issue = first.issue.hasSuffix(".") ? String(first.issue.dropLast()) : first.issue
    return
      "note: \(numbers.count == 1 ? "step" : "steps") \(steps) reported \(warned.count == 1 ? "an issue" : "issues") when \(numbers.count == 1 ? "it" : "they") ran (\(issue)); the test reports \(warned.count == 1 ? "it" : "them") too, so it fails until the feature no longer does"
  }
}
