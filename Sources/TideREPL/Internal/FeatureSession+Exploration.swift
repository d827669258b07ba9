import Foundation
import Tide
import TideExplore
import TideExpressions
import TideInspect
import TideRecord

/// `:resolve` and `:explore`. In the `explore` environment, an environment call waits until
/// `:resolve` ends it with one of the outcomes it declares; each resolution is kept in the
/// history, so time travel, `:save`/`:load` and `:export-test` redo it. `:explore` searches the
/// feature's schedules with its registered explorer and loads the minimal failing one into the
/// history, in that environment.
extension FeatureSession {
  var canExplore: Bool { definition.exploration != nil }

  /// The waiting calls, numbered with their outcomes; or, with a name and an outcome, ends the
  /// oldest call with that name.
  func resolve(_ argument: String) async throws(InputError) {
    let pending = calls.pending
    let words = argument.split(whereSeparator: \.isWhitespace).map(String.init)
    guard !words.isEmpty else {
      guard !pending.isEmpty else {
        output.line(
          environmentName == REPLEnvironment<Environment>.exploreName
            ? "No call is waiting to be resolved."
            : "No call is waiting: calls wait for :resolve only in the explore environment (:env explore).",
          .dim)
        return
      }
      for call in pending {
        output.line("  \(display(call))", .effect)
        for (index, label) in call.outcomes.enumerated() {
          output.line("      \(index)  \(label)", .plain)
        }
      }
      output.line(":resolve <name> <outcome> ends the oldest call with that name.", .dim)
      return
    }
    guard words.count == 2 else {
      throw InputError(
        message: ":resolve takes a call's name and an outcome's number, such as :resolve login 1",
        position: 0)
    }
    guard let call = pending.first(where: { $0.name == words[0] }) else {
      let names = Array(Set(pending.map(\.name))).sorted()
      throw InputError(
        message: pending.isEmpty
          ? "no call is waiting to be resolved"
          : "no call named \(words[0]) is waiting; waiting: \(pending.map(display).joined(separator: ", "))",
        position: 0, suggestions: Suggestions.closest(to: words[0], in: names))
    }
    guard words[1].allSatisfy(\.isASCIIDigit), let outcome = Int(words[1]),
      call.outcomes.indices.contains(outcome)
    else {
      throw InputError(
        message:
          "\(display(call)) has outcomes 0 to \(call.outcomes.count - 1), not '\(words[1])'; :resolve lists them",
        position: 0)
    }
    calls.resume(call, outcome: outcome)
    history.recordResolution(
      time: clock.now.offset, name: call.name, call: call.description, outcome: outcome,
      label: call.outcomes[outcome], number: call.number)
    output.line("resolved \(display(call)) → \(call.outcomes[outcome])", .effect)
    await runReadyEffects()
  }

  /// A call as the REPL shows it: with its arguments, unless the feature has secrets, which an
  /// argument may be.
  func display(_ call: ExploreCalls.Pending) -> String {
    secretLabels.isEmpty ? call.description : "\(call.name)(…)"
  }

  /// Runs the feature's explorer; on a failure, prints its report and loads the minimal schedule
  /// into the history.
  func explore(_ argument: String) async throws(InputError) {
    guard let exploration = definition.exploration else {
      throw InputError(
        message:
          "\(featureName) has no explorer; register one with REPLFeature(…, exploration:)",
        position: 0)
    }
    // `:explore here …` starts from the state at the cursor: a step of a recording, say.
    var words = Substring(argument).drop(while: \.isWhitespace)
    var start: (state: State, step: Int)?
    if words == "here" || words.hasPrefix("here ") {
      words = words.dropFirst(4)
      start = (try stateToExploreFrom(), cursor)
    }
    let request = try ExploreRequest.parse(String(words))
    output.line(
      "exploring \(featureName)\(start.map { " from step \($0.step)" } ?? ""): \(request.description)",
      .heading)
    let live = options.showsProgress
    let last = LastProgress()
    let show: @MainActor (ExploreProgress) -> Void = { [output] update in
      last.value = update
      if live { output.status("  " + update.summary) }
    }
    // From the session's initial state, an exported test spells it as the session's own test
    // does: with the feature's expression, unless it started from data it read.
    let expression =
      start == nil && definition.saving == nil ? definition.export?.initialState : nil
    let outcome: REPLExploration<State, Action, Environment>.Outcome
    switch request {
    case .random(let seed, let runs, let steps):
      outcome = await exploration.random(
        start?.state ?? initialState, expression, seed, runs, steps, show)
    case .exhaustive(let depth, let maxStates):
      outcome = await exploration.exhaustive(
        start?.state ?? initialState, expression, depth, maxStates, show)
    }
    if live { output.status(nil) }
    output.line(outcome.summary, outcome.schedule == nil ? .plain : .warning)
    // How fast it went, on a terminal only: a script's output stays the same from run to run.
    if live, let rate = last.value {
      output.line("  " + rate.summary, .dim)
    }
    guard let schedule = outcome.schedule, let message = outcome.message else { return }
    // The report's heading is the summary's end: the rest says how it was found, and where.
    for line in message.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2) {
      output.line(String(line), .warning)
    }
    do {
      try await loadSchedule(schedule, from: start)
      exploredFailure = outcome.test.map {
        ExploredFailure(source: $0.source, name: $0.name, history: history)
      }
    } catch {
      throw InputError(
        message: "the schedule could not be loaded into the session: \(error.message)",
        position: 0)
    }
  }

  /// The state at the cursor, for `:explore here`: one at rest, since the explorer cannot start
  /// the effects in flight there.
  private func stateToExploreFrom() throws(InputError) -> State {
    let running = store.runningEffects.descriptions
    guard running.isEmpty, calls.pending.isEmpty, clock.nextDeadline == nil else {
      let what =
        running.isEmpty
        ? "a timer is set" : "effects are in flight (\(running.joined(separator: ", ")))"
      throw InputError(
        message:
          "at step \(cursor) \(what), which the explorer cannot start from; :jump to a step where nothing runs, or :explore from the start",
        position: 0)
    }
    return store.untrackedState
  }

  /// Starts over in the `explore` environment, from the initial state or from `start`, and
  /// applies `schedule`, each send, timer and resolution landing in the history as if typed.
  /// Checked on a replay first: a schedule that does not apply leaves the session as it was.
  private func loadSchedule(
    _ schedule: [ExploreStep<Action>], from start: (state: State, step: Int)?
  ) async throws(ReplayDivergence) {
    let clock = ManualClock()
    let calls = ExploreCalls()
    let history = Self.makeHistory(definition: definition)
    let environment = REPLEnvironment<Environment>.exploreName
    let recorded = RecordedCalls(replaying: answers, clock: clock)
    let initial = start?.state ?? initialState
    let store = Self.makeStore(
      definition: definition, environmentName: environment, state: initial,
      clock: clock, calls: calls, recorded: recorded, history: history)
    let quiet = WarningLog()
    for (index, step) in schedule.enumerated() {
      switch step {
      case .send(let action):
        history.sender = .repl
        IssueReporter.$current.withValue(quiet.reporter) { _ = store.send(action) }
        history.sender = nil
        _ = await clock.runReadyWork()
      case .advance:
        guard let deadline = clock.nextDeadline else {
          store.cancelRunningEffects()
          throw ReplayDivergence(message: "step \(index + 1): no timer is sleeping")
        }
        await IssueReporter.$current.withValue(quiet.reporter) {
          await clock.advance(to: deadline)
        }
      case .resolve(let description, let name, let outcome, let label, let number):
        guard let call = calls.waitingCall(description, name: name, number: number),
          calls.resume(call, outcome: outcome)
        else {
          store.cancelRunningEffects()
          throw ReplayDivergence(message: "step \(index + 1): no call \(description) waits")
        }
        history.resolutions.append(
          SessionHistory<State, Action>.Resolution(
            index: history.entries.count, time: clock.now.offset, name: name, call: description,
            outcome: outcome, label: label, number: call.number))
        await IssueReporter.$current.withValue(quiet.reporter) {
          _ = await clock.runReadyWork()
        }
      }
    }
    adopt(
      Replay(
        clock: clock, calls: calls, recorded: recorded, answers: answers, store: store,
        history: history, environment: environment, warnings: quiet, retimed: []))
    initialState = initial
    startedAtStep = start?.step
    printed = 0
    output.line(
      "loaded the \(schedule.count)-step schedule into the session "
        + "(environment: \(environment)"
        + (start.map { ", starting at step \($0.step) of the session explored" } ?? "")
        + "): \(English.count(history.entries.count, "step")) in the "
        + "history. :history lists them, :jump <n> steps through them, :export-test writes the test.",
      .heading)
    printNewEntries()
  }
}

/// The explorer's test of the failure an exploration loaded into the session: what
/// `:export-test` writes while the history is the schedule it loaded, unchanged.
@MainActor
struct ExploredFailure {
  let source: String
  /// The name of the test function in `source`.
  let name: String
  /// The history the schedule was loaded into, and how many steps it had.
  let history: AnyObject
  let steps: Int

  init<State, Action>(source: String, name: String, history: SessionHistory<State, Action>) {
    self.source = source
    self.name = name
    self.history = history
    self.steps = history.entries.count
  }

  /// The test, its function named `name`.
  func test(named newName: String) -> String {
    source.replacingOccurrences(of: "func \(name)()", with: "func \(newName)()")
  }
}

/// The last progress an exploration reported, for its closing line.
@MainActor
final class LastProgress {
  var value: ExploreProgress?
}

/// What `:explore` was asked to do.
enum ExploreRequest: Equatable, CustomStringConvertible {
  case random(seed: UInt64, runs: Int, steps: Int)
  case exhaustive(depth: Int, maxStates: Int)

  /// The most steps a random exploration takes, and the most states an exhaustive one
  /// expands: each about half a minute on a laptop.
  static let maxSteps = 3_000_000
  static let maxStates = 200_000

  static let usage =
    ":explore [here] [random [seed] [runs] [steps]] or :explore [here] exhaustive [depth] [max-states]"

  /// `random`, `random 7`, `random 7 500 12`, `exhaustive`, `exhaustive 6 20000`; nothing
  /// means `random`.
  static func parse(_ text: String) throws(InputError) -> ExploreRequest {
    let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
    let mode = words.first ?? "random"
    let numbers = words.dropFirst()
    func number(_ index: Int, _ name: String, default value: Int, range: ClosedRange<Int>)
      throws(InputError) -> Int
    {
      let position = numbers.startIndex + index
      guard numbers.indices.contains(position) else { return value }
      let word = numbers[position]
      guard !word.isEmpty, word.allSatisfy(\.isASCIIDigit), let parsed = Int(word),
        range.contains(parsed)
      else {
        throw InputError(
          message:
            "the \(name) must be a whole number from \(grouped(range.lowerBound)) to \(grouped(range.upperBound)), not '\(word)'",
          position: 0)
      }
      return parsed
    }
    switch mode {
    case "random":
      guard numbers.count <= 3 else { throw InputError(message: usage, position: 0) }
      // The seed is any 64-bit number: parsed on its own.
      var seed: UInt64 = 1
      if let word = numbers.first {
        guard word.allSatisfy(\.isASCIIDigit), let parsed = UInt64(word) else {
          throw InputError(
            message: "the seed must be a whole number from 0 to \(UInt64.max), not '\(word)'",
            position: 0)
        }
        seed = parsed
      }
      let runs = try number(1, "number of runs", default: 1_000, range: 1...maxSteps)
      let steps = try number(2, "number of steps", default: 12, range: 1...1_000)
      // A command cannot be interrupted: bound it to about half a minute.
      guard runs * steps <= maxSteps else {
        throw InputError(
          message:
            "\(grouped(runs)) runs of \(grouped(steps)) steps is more than \(grouped(maxSteps)) steps, the most one :explore takes",
          position: 0)
      }
      return .random(seed: seed, runs: runs, steps: steps)
    case "exhaustive":
      guard numbers.count <= 2 else { throw InputError(message: usage, position: 0) }
      return .exhaustive(
        depth: try number(0, "depth", default: 6, range: 1...64),
        maxStates: try number(1, "most states", default: 100_000, range: 1...maxStates))
    default:
      throw InputError(
        message: "\(usage); not '\(mode)'", position: 0,
        suggestions: Suggestions.closest(to: mode, in: ["random", "exhaustive"]))
    }
  }

  var description: String {
    switch self {
    case .random(let seed, let runs, let steps):
      "random, seed \(seed), \(grouped(runs)) run\(runs == 1 ? "" : "s") of up to "
        + "\(English.count(steps, "step"))"
    case .exhaustive(let depth, let maxStates):
      "exhaustive to depth \(depth), at most \(grouped(maxStates)) states"
    }
  }
}
