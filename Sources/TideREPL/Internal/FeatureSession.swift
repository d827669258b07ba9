import Foundation
import Tide
import TideInspect

/// One feature running in the REPL: a store on a hand-driven executor and clock, and the history
/// of every action it reduced.
@MainActor
final class FeatureSession<State, Action: Decodable & Sendable, Environment>: REPLSession {
  /// One reduced action.
  struct Entry {
    enum Source: String {
      case sent = "send"
      case received = "receive"
    }
    let source: Source
    let action: Action
    let before: State
    let after: State
    let effect: String?
    /// The clock's time when it was reduced.
    let time: Duration
  }

  let definition: FeatureDefinition<State, Action, Environment>
  private(set) var environmentName: String
  private var options: REPLOptions
  private let output: REPLOutput

  private let executor = ManualExecutor()
  private var clock = ManualClock()
  /// Set by `rebuildStore`, which `init` calls before anything reads `store`.
  private var currentStore: Store<State, Action>?
  private var store: Store<State, Action> { currentStore! }
  /// Every reduced action; `entries[..<cursor]` led to the current state, the rest is the
  /// future undone by time travel.
  private var entries: [Entry] = []
  private var cursor = 0
  private var printed = 0
  /// Whether the action being reduced was sent by the person (rather than by an effect).
  private var isSending = false
  private var warnings: [String] = []
  private var realStart = ContinuousClock.now
  private var realOffset = Duration.zero

  init(
    definition: FeatureDefinition<State, Action, Environment>,
    environment: String,
    options: REPLOptions,
    output: REPLOutput
  ) {
    self.definition = definition
    self.environmentName = environment
    self.options = options
    self.output = output
    rebuildStore(state: definition.initialState)
  }

  var featureName: String { definition.name }
  var environmentNames: [String] { definition.environments.map(\.name) }
  var hasRunningEffects: Bool { !store.runningEffects.isEmpty }

  var clockDescription: String {
    "\(options.clock.rawValue), at \(REPLFormat.duration(clock.now.offset))"
  }

  /// Case names by type, from the examples and every action seen so far: for suggestions and
  /// completion. Recomputed when the history grows.
  var caseNames: [String: Set<String>] {
    // Only the entries added since the last call are visited: the history only grows at its end
    // (time travel truncates it, and a truncated entry's names may stay: they are still names).
    let start = min(caseNameCache.entries, entries.count)
    let fresh = Self.caseNames(
      in: (caseNameCache.entries == 0 ? definition.examples.map { $0 as Any } : [])
        + entries[start...].map { $0.action as Any })
    caseNameCache.names.merge(fresh) { $0.union($1) }
    caseNameCache.entries = max(entries.count, 1)
    return caseNameCache.names
  }

  private var caseNameCache: (entries: Int, names: [String: Set<String>]) = (0, [:])

  /// The case names of every enum value in `values` and in their payloads, by type.
  nonisolated private static func caseNames(in values: [Any]) -> [String: Set<String>] {
    var names: [String: Set<String>] = [:]
    var pending = values
    while let value = pending.popLast() {
      let mirror = Mirror(reflecting: value)
      guard mirror.displayStyle == .enum else { continue }
      // ".name(…)" → "name": the inspector asks the runtime, never the type's description.
      let printed = REPLFormat.inspector.line(value)
      let name = mirror.children.first?.label ?? String(printed.dropFirst().prefix { $0 != "(" })
      names[Inspector.typeName(type(of: value)), default: []].insert(name)
      for child in mirror.children {
        pending.append(child.value)
        pending += Mirror(reflecting: child.value).children.map(\.value)
      }
    }
    return names
  }

  var topLevelCaseNames: [String] {
    let type = Inspector.typeName(Action.self)
    return (caseNames[type] ?? []).sorted()
  }

  // MARK: - The store

  private func rebuildStore(state: State) {
    currentStore?.cancelRunningEffects()
    let environment = definition.environments.first { $0.name == environmentName }!
      .make(clock)
    let recorder = Recorder(session: self)
    let base = definition.reducer
    let reducer = Reducer<State, Action, Environment> { state, action, environment in
      let before = state
      let effect = base.run(&state, action, environment)
      recorder.record(action: action, before: before, after: state, effect: effect)
      return effect
    }
    currentStore = Store(
      initialState: state, reducer: reducer, environment: environment, executor: executor)
  }

  /// Receives each reduction from the store's reducer, which runs on the main actor.
  final class Recorder: @unchecked Sendable {
    private weak var session: FeatureSession?
    init(session: FeatureSession) { self.session = session }

    /// The REPL's store reduces on the main actor, so the states never cross threads.
    func record(action: Action, before: State, after: State, effect: Effect<Action>) {
      nonisolated(unsafe) let before = before
      nonisolated(unsafe) let after = after
      MainActor.assumeIsolated {
        session?.append(action: action, before: before, after: after, effect: effect)
      }
    }
  }

  private func append(action: Action, before: State, after: State, effect: Effect<Action>) {
    if cursor < entries.count { entries.removeSubrange(cursor...) }
    let source: Entry.Source = isSending ? .sent : .received
    isSending = false
    entries.append(
      Entry(
        source: source, action: action, before: before, after: after,
        effect: effect.isNone ? nil : effect.description, time: clock.now.offset))
    cursor = entries.count
  }

  private var reporter: IssueReporter {
    IssueReporter { message, _ in
      Task { @MainActor [weak self] in self?.warnings.append(message) }
    }
  }

  // MARK: - Steps

  func prepare(_ text: String) throws(InputError) -> PreparedAction {
    let expression = try ExpressionParser.parse(text)
    let action: Action
    do {
      action = try ExpressionDecoder.decode(
        Action.self, from: expression, caseNames: { self.caseNames })
    } catch let error as InputError {
      throw error
    } catch {
      throw InputError(message: "\(error)", position: 0)
    }
    return PreparedAction(display: REPLFormat.inspector.line(action)) { [self] in
      await send(action)
    }
  }

  private func send(_ action: Action) async {
    if cursor < entries.count {
      output.line(
        "(the \(entries.count - cursor) undone steps after this point are discarded)", .dim)
      entries.removeSubrange(cursor...)
      printed = min(printed, cursor)
    }
    isSending = true
    ManualExecutor.$current.withValue(executor) {
      IssueReporter.$current.withValue(reporter) {
        _ = store.send(action)
      }
    }
    isSending = false
    await settle()
  }

  /// Runs effect work until nothing can run, then prints what happened.
  func settle() async {
    var quietRounds = 0
    while quietRounds < 3 {
      let ran = executor.runUntilIdle()
      await Task.yield()
      quietRounds = ran == 0 && !executor.hasWork ? quietRounds + 1 : 0
    }
    printNewEntries()
  }

  private func printNewEntries() {
    while printed < entries.count {
      let entry = entries[printed]
      printed += 1
      let arrow = entry.source == .sent ? "→" : "←"
      output.line(
        "\(arrow) \(REPLFormat.inspector.line(entry.action, limit: 100))",
        entry.source == .sent ? .action : .received)
      if let diff = REPLFormat.inspector.diff(entry.before, entry.after) {
        output.diff(diff)
      } else {
        output.line("    (state unchanged)", .dim)
      }
      if let effect = entry.effect { output.line("    effect: \(effect)", .effect) }
    }
    for warning in warnings {
      for line in warning.split(separator: "\n", omittingEmptySubsequences: false) {
        output.line("  ! \(line)", .warning)
      }
    }
    warnings = []
  }

  // MARK: - Looking

  func showState(path: String) throws(InputError) {
    var value: Any = store.state
    var walked: [String] = []
    for component in path.split(separator: ".").map(String.init) where !component.isEmpty {
      var name = component
      var index: Int?
      if let open = component.firstIndex(of: "["), component.hasSuffix("]") {
        name = String(component[..<open])
        index = Int(
          component[component.index(after: open)..<component.index(before: component.endIndex)])
        if index == nil {
          throw InputError(message: "'\(component)' needs a whole number between [ ]", position: 0)
        }
      }
      if !name.isEmpty {
        let mirror = Mirror(reflecting: unwrap(value))
        guard let child = mirror.children.first(where: { $0.label == name }) else {
          let known = mirror.children.compactMap(\.label)
          let place = walked.isEmpty ? "the state" : walked.joined(separator: ".")
          throw InputError(
            message: "\(place) has no '\(name)'"
              + (known.isEmpty ? "" : " (it has: \(known.joined(separator: ", ")))"),
            position: 0, suggestions: Suggestions.closest(to: name, in: known))
        }
        value = child.value
      }
      if let index {
        let elements = Mirror(reflecting: unwrap(value)).children.map(\.value)
        guard elements.indices.contains(index) else {
          throw InputError(
            message: "index \(index) is out of bounds (\(elements.count) elements)", position: 0)
        }
        value = elements[index]
      }
      walked.append(component)
    }
    output.line(REPLFormat.inspector.dump(value))
  }

  private func unwrap(_ value: Any) -> Any {
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional, let wrapped = mirror.children.first {
      return unwrap(wrapped.value)
    }
    return value
  }

  func showView() {
    guard let view = definition.view else {
      output.line("\(featureName) has no view projection; :state shows its state.", .dim)
      return
    }
    output.line(REPLFormat.inspector.dump(view(store.state)))
  }

  func showHistory() {
    if entries.isEmpty {
      output.line(
        "No steps yet: send an action, such as \(definition.examples.first.map { REPLFormat.inspector.line($0) } ?? ".someAction").",
        .dim)
      return
    }
    func label(_ number: Int) -> String {
      let digits = String(number)
      return (number == cursor ? "▸" : " ")
        + String(repeating: " ", count: max(0, 3 - digits.count)) + digits
    }
    output.line("\(label(0))  (initial state)")
    for (offset, entry) in entries.enumerated() {
      let number = offset + 1
      let arrow = entry.source == .sent ? "→" : "←"
      let action = REPLFormat.inspector.line(entry.action, limit: 80)
      output.line(
        "\(label(number))  \(arrow) \(action)  @\(REPLFormat.duration(entry.time))",
        number > cursor ? .dim : .plain)
    }
  }

  // MARK: - Time travel

  func jump(to index: Int) throws(InputError) {
    guard (0...entries.count).contains(index) else {
      throw InputError(
        message: "there is no step \(index); the history has steps 0 to \(entries.count)",
        position: 0)
    }
    let before = store.state
    var state = definition.initialState
    let environment = definition.environments.first { $0.name == environmentName }!.make(clock)
    for entry in entries[..<index] {
      _ = definition.reducer.run(&state, entry.action, environment)
    }
    cursor = index
    printed = index
    rebuildStore(state: state)
    output.line("⟲ step \(index) of \(entries.count), replayed from the initial state", .heading)
    if let diff = REPLFormat.inspector.diff(before, state) { output.diff(diff) }
  }

  func back(_ steps: Int) throws(InputError) {
    guard steps > 0 else { throw InputError(message: ":back takes a positive number", position: 0) }
    try jump(to: max(0, cursor - steps))
  }

  func undo() throws(InputError) {
    guard let last = entries[..<cursor].lastIndex(where: { $0.source == .sent }) else {
      throw InputError(message: "nothing to undo", position: 0)
    }
    try jump(to: last)
  }

  func reset() {
    entries = []
    cursor = 0
    printed = 0
    clock = ManualClock()
    rebuildStore(state: definition.initialState)
    output.line("⟲ reset \(featureName) to its initial state", .heading)
  }

  // MARK: - Environment and clock

  func switchEnvironment(_ name: String) throws(InputError) {
    guard definition.environments.contains(where: { $0.name == name }) else {
      throw InputError(
        message: "\(featureName) has no environment '\(name)'", position: 0,
        suggestions: Suggestions.closest(to: name, in: environmentNames))
    }
    environmentName = name
    rebuildStore(state: store.state)
    output.line("environment: \(name) (running effects were cancelled)", .heading)
  }

  func setClock(_ mode: REPLOptions.ClockMode) async {
    options.clock = mode
    realStart = ContinuousClock.now
    realOffset = clock.now.offset
    output.line("clock: \(clockDescription)", .heading)
  }

  func advance(by duration: Duration) async {
    await clock.advance(by: duration)
    await settle()
    output.line("clock: \(REPLFormat.duration(clock.now.offset))", .dim)
  }

  /// In real-clock mode, moves the clock to the wall clock's time and prints what happened.
  func tick() async {
    guard options.clock == .real else { return }
    let now = realOffset + realStart.duration(to: ContinuousClock.now)
    guard now > clock.now.offset else { return }
    await clock.advance(to: ManualClock.Instant(offset: now))
    await settle()
  }

  // MARK: - Effects

  func showEffects() {
    let running = store.runningEffects
    if running.isEmpty {
      output.line("No effect is running.", .dim)
      return
    }
    for (number, effect) in running.enumerated() {
      output.line("  \(number + 1)  \(effect)", .effect)
    }
  }

  func cancelEffect(_ number: Int?) async throws(InputError) {
    let running = store.runningEffects
    if let number {
      guard running.indices.contains(number - 1) else {
        throw InputError(
          message: "there is no running effect \(number) (\(running.count) running)", position: 0)
      }
      store.cancelRunningEffect(at: number - 1)
      output.line("cancelled \(running[number - 1])", .effect)
    } else {
      store.cancelRunningEffects()
      output.line(
        "cancelled \(running.count) running effect\(running.count == 1 ? "" : "s")", .effect)
    }
    await settle()
  }

  func shutdown() {
    store.cancelRunningEffects()
  }

  // MARK: - Files

  func sessionFile() -> String {
    var lines = [
      "# tide session",
      "# feature: \(featureName)",
      "# environment: \(environmentName)",
      "# It replays exactly: `:load` reduces these actions in order. It holds what was typed,",
      "# passwords included; keep it private.",
    ]
    for entry in entries[..<cursor] {
      lines.append(
        "\(entry.source.rawValue) @\(REPLFormat.duration(entry.time)) \(REPLFormat.source.source(entry.action))"
      )
    }
    return lines.joined(separator: "\n") + "\n"
  }

  func load(_ file: SessionFile) async throws(InputError) {
    if let name = file.environment, definition.environments.contains(where: { $0.name == name }) {
      environmentName = name
    }
    var state = definition.initialState
    let environment = definition.environments.first { $0.name == environmentName }!.make(
      ManualClock())
    var loaded: [Entry] = []
    for step in file.steps {
      let action: Action
      do {
        action = try ExpressionDecoder.decode(
          Action.self, from: try ExpressionParser.parse(step.action), caseNames: { self.caseNames })
      } catch let error as InputError {
        throw InputError(message: "line \(step.line): \(error.message)", position: 0)
      } catch {
        throw InputError(message: "line \(step.line): \(error)", position: 0)
      }
      let before = state
      let effect = definition.reducer.run(&state, action, environment)
      loaded.append(
        Entry(
          source: step.received ? .received : .sent, action: action, before: before, after: state,
          effect: effect.isNone ? nil : effect.description, time: step.time))
    }
    entries = loaded
    cursor = loaded.count
    printed = loaded.count
    clock = ManualClock()
    rebuildStore(state: state)
    // The clock resumes where the session left it, so new steps carry later times.
    if let last = loaded.last?.time {
      await clock.advance(to: ManualClock.Instant(offset: last))
    }
    output.line(
      "loaded \(loaded.count) steps of \(featureName) (environment: \(environmentName))", .heading)
  }

  func exportTest(named name: String) throws(InputError) -> String {
    guard let export = definition.export else {
      throw InputError(
        message: "\(featureName) does not describe how to export a test", position: 0)
    }
    guard
      let expression = definition.environments.first(where: { $0.name == environmentName })?
        .testExpression
    else {
      throw InputError(
        message:
          "the environment '\(environmentName)' cannot be rebuilt in a test; switch with :env",
        position: 0)
    }
    return TestExporter.export(
      name: name, feature: featureName, environmentName: environmentName,
      imports: export.imports, reducer: export.reducer, environment: expression,
      initialState: definition.initialState,
      steps: entries[..<cursor].map {
        TestExporter.Step(
          received: $0.source == .received, action: $0.action, before: $0.before, after: $0.after,
          time: $0.time)
      },
      effectsStillRunning: !store.runningEffects.isEmpty)
  }
}
