import Synchronization
import Tide

/// Every action a REPL session reduced, and where the session stands in it.
///
/// `entries[..<cursor]` led to the current state; the rest is the future that time travel undid,
/// kept until a new step replaces it.
///
/// Entries keep no states: a history of N steps whose state grows with each step would hold N
/// states of up to N elements each, quadratic in memory, and holding each step's state would make
/// every next step copy it, quadratic in time. The history keeps a few checkpoints instead (at
/// most ``checkpointLimit``, evenly spaced, twice as far apart each time they would be more), and
/// a state in between is computed again by reducing the entries' actions from the checkpoint
/// before it, effects dropped: reducers are pure, which re-runs already rely on. Where a re-run
/// reaches a checkpoint of an `Equatable` state that it does not give again, the checkpoint wins
/// and the session says so once (``takeReducedDifferently()``).
@MainActor
final class SessionHistory<State, Action: Sendable> {
  /// The most checkpoints kept, besides the history's start.
  static var checkpointLimit: Int { 8 }
  /// One reduced action.
  struct Entry {
    enum Source: String {
      case sent = "send"
      case received = "receive"
    }
    /// Who sent it: the REPL, a page, or (for a received action) an effect.
    let origin: StepOrigin
    let action: Action
    let effect: String?
    /// The clock's time when it was reduced.
    let time: Duration
    /// The environment the store ran in.
    let environment: String

    /// Sent (from the REPL or a page) or received (from an effect).
    var source: Source { origin == .effect ? .received : .sent }
  }

  /// An environment call that `:resolve` (or a loaded schedule) ended, in the `explore`
  /// environment.
  struct Resolution: Equatable {
    /// How many entries the history had when it was resolved: it came after step `index`.
    let index: Int
    /// The clock's time when it was resolved.
    let time: Duration
    /// The call's name: `login`.
    let name: String
    /// The call with its arguments: `login("ab", "Abc1")`.
    let call: String
    /// The position of the outcome among those the call declared.
    let outcome: Int
    /// The outcome, as reports print it: `failure(.invalidCredentials)`.
    let label: String
    /// Which call of its name it was, counting from 1 (`login #2`); 0 while unknown (a loaded
    /// file's resolution, until the session is re-run).
    var number = 0
  }

  var entries: [Entry] = []
  /// The state before entry `index`, for a few indices, in order: the first is where the
  /// history starts.
  private var checkpoints: [(index: Int, state: State)] = []
  /// How many states the history holds, its start included.
  var checkpointCount: Int { checkpoints.count }
  /// Entries between checkpoints; doubles when they would be more than ``checkpointLimit``.
  private var spacing = 64
  /// The last state computed again, before entry `index`: the next one asked for is usually the
  /// one after it.
  private var computed: (index: Int, state: State)?
  /// Reduces an entry's action again, in a copy of the environment it ran in; effects dropped.
  let reduceAgain: (inout State, Action, _ environment: String) -> Void
  /// Whether a state computed again differed from the one a checkpoint kept (a reducer that is
  /// not pure): diffs shown for old steps may then be wrong.
  private(set) var reducedDifferently = false
  /// Whether the session has said so.
  private var saidReducedDifferently = false

  /// Whether a state computed again differed from a checkpoint's and the session has not said
  /// so yet; it says so once.
  func takeReducedDifferently() -> Bool {
    guard reducedDifferently, !saidReducedDifferently else { return false }
    saidReducedDifferently = true
    return true
  }
  private let isEqual: ((State, State) -> Bool)?
  /// The effects that steps started, in the order they started.
  var effects: [EffectSpan] = []
  /// The positions in ``effects`` of those still running, by the registry's token.
  private var openEffects: [Int: Int] = [:]
  /// The registry whose lifecycle ``collectEffects()`` reads: the current store's.
  private var registry: EffectRegistry?
  /// The calls resolved, in order.
  var resolutions: [Resolution] = []
  var cursor = 0
  /// Who sent the action the next reduction is of (the REPL or a page); `nil` when an effect
  /// sent it.
  var sender: StepOrigin?
  /// How many undone steps new steps have replaced since the session last said so.
  var discarded = 0

  init(
    reduceAgain: @escaping (inout State, Action, _ environment: String) -> Void,
    isEqual: ((State, State) -> Bool)?
  ) {
    self.reduceAgain = reduceAgain
    self.isEqual = isEqual
  }

  /// Notes the state the history starts from, the first time a store is made for it (a store
  /// made again goes on from the state the entries led to).
  func noteStart(_ state: State) {
    if checkpoints.isEmpty { checkpoints.append((entries.count, state)) }
  }

  /// Records a reduction: the first after ``sender`` was set is the sent action, the rest are
  /// received. A new step discards the undone future. The state after it is kept only when a
  /// checkpoint falls there.
  func record(
    action: Action, after: State, effect: Effect<Action>, time: Duration, environment: String
  ) {
    discardFuture()
    collectEffects()
    let origin = sender ?? .effect
    sender = nil
    entries.append(
      Entry(
        origin: origin, action: action,
        effect: effect.isNone ? nil : effect.description, time: time, environment: environment))
    cursor = entries.count
    if entries.count.isMultiple(of: spacing) { addCheckpoint(after) }
  }

  private func addCheckpoint(_ state: State) {
    checkpoints.append((entries.count, state))
    guard checkpoints.count > Self.checkpointLimit + 1 else { return }
    spacing *= 2
    let start = checkpoints[0]
    checkpoints = [start] + checkpoints.dropFirst().filter { $0.index.isMultiple(of: spacing) }
  }

  /// The state before entry `index` (after `index` entries), computed again from the checkpoint
  /// before it.
  func state(before index: Int) -> State {
    precondition((0...entries.count).contains(index), "no entry \(index)")
    var start = checkpoints.last { $0.index <= index }!
    if let computed, computed.index <= index, computed.index >= start.index { start = computed }
    var state = start.state
    for position in start.index..<index { reduce(&state, at: position) }
    computed = (index, state)
    return state
  }

  /// Calls `body` with each entry of `range` and the states before and after it, in order,
  /// computing them again as it goes: two states are alive at a time.
  func forEachStep(
    in range: Range<Int>, _ body: (_ entry: Entry, _ before: State, _ after: State) -> Void
  ) {
    var steps = self.steps(in: range)
    while let (entry, before, after) = steps.next() { body(entry, before, after) }
    if let state = steps.state { computed = (range.upperBound, state) }
    if steps.reducedDifferently { reducedDifferently = true }
  }

  /// The entries of `range` with the states before and after each, computed as they are taken,
  /// from what the history holds now: the history may change meanwhile (a download that yields
  /// between steps) without changing them.
  func steps(in range: Range<Int>) -> Steps {
    Steps(
      entries: entries[range], state: range.isEmpty ? nil : state(before: range.lowerBound),
      checkpoints: checkpoints.filter { range.contains($0.index - 1) },
      reduceAgain: reduceAgain, isEqual: isEqual)
  }

  /// Entries with the states before and after each, computed one step at a time.
  @MainActor
  struct Steps {
    fileprivate var entries: ArraySlice<Entry>
    /// The state before the next entry.
    fileprivate(set) var state: State?
    fileprivate let checkpoints: [(index: Int, state: State)]
    fileprivate let reduceAgain: (inout State, Action, String) -> Void
    fileprivate let isEqual: ((State, State) -> Bool)?
    /// Whether a state computed again differed from a checkpoint's.
    private(set) var reducedDifferently = false
    /// The first lines of the issues the last entry taken reported as it was reduced again (an
    /// action for a screen that is gone): an exported test reports them too.
    private(set) var lastIssues: [String] = []

    /// The next entry, the state before it and the state after it.
    mutating func next() -> (entry: Entry, before: State, after: State)? {
      guard let position = entries.indices.first, var state else { return nil }
      self.state = nil  // the one copy is `before`
      let entry = entries.removeFirst()
      let before = state
      var issues: [String] = []
      if !SessionHistory.reduce(
        &state, entry, at: position, checkpoints: checkpoints, reduceAgain: reduceAgain,
        isEqual: isEqual, onIssue: { issues.append(String($0.prefix { $0 != "\n" })) })
      {
        reducedDifferently = true
      }
      lastIssues = issues
      self.state = state
      return (entry, before, state)
    }
  }

  /// Reduces entry `position` again into `state`.
  private func reduce(_ state: inout State, at position: Int) {
    if !Self.reduce(
      &state, entries[position], at: position, checkpoints: checkpoints,
      reduceAgain: reduceAgain, isEqual: isEqual)
    {
      reducedDifferently = true
    }
  }

  /// Reduces `entry`, at `position`, again into `state`, its warnings unsaid (they were said when
  /// it ran); where a checkpoint follows it, the checkpoint's state is the one that goes on.
  ///
  /// - Returns: Whether the state computed agreed with that checkpoint, if any.
  fileprivate static func reduce(
    _ state: inout State, _ entry: Entry, at position: Int,
    checkpoints: [(index: Int, state: State)],
    reduceAgain: (inout State, Action, String) -> Void, isEqual: ((State, State) -> Bool)?,
    onIssue: (String) -> Void = { _ in }
  ) -> Bool {
    let collected = IssueCollector()
    IssueReporter.$current.withValue(
      IssueReporter { message, _ in collected.messages.withLock { $0.append(message) } }
    ) {
      reduceAgain(&state, entry.action, entry.environment)
    }
    for message in collected.messages.withLock({ $0 }) { onIssue(message) }
    guard let checkpoint = checkpoints.last(where: { $0.index == position + 1 }) else {
      return true
    }
    let agreed = isEqual.map { $0(state, checkpoint.state) } ?? true
    state = checkpoint.state
    return agreed
  }

  /// Takes the undone future of `old` after this history's last entry: its entries, and its
  /// checkpoints among them.
  func append(future: ArraySlice<Entry>, of old: SessionHistory) {
    let reached = entries.count
    entries += future
    checkpoints += old.checkpoints.filter { $0.index > reached && $0.index <= entries.count }
  }

  /// Records a call resolved now, after the last step; like a new step, it first discards the
  /// undone future.
  func recordResolution(
    time: Duration, name: String, call: String, outcome: Int, label: String, number: Int
  ) {
    discardFuture()
    resolutions.append(
      Resolution(
        index: entries.count, time: time, name: name, call: call, outcome: outcome, label: label,
        number: number))
  }

  /// The resolutions that led to the state after step `count`: all of them when `count` is the
  /// whole history, those before step `count` otherwise (the ones after it are the future).
  func resolutions(before count: Int) -> [Resolution] {
    resolutions.filter { $0.index < count || ($0.index == count && count == entries.count) }
  }

  /// Follows the effects of `registry` from now on; those of the registry before, whose store
  /// was replaced, are collected one last time and closed as cancelled if still open.
  func followEffects(of registry: EffectRegistry, now: Duration) {
    collectEffects()
    for index in openEffects.values {
      effects[index].end = now
      effects[index].wasCancelled = true
    }
    openEffects = [:]
    self.registry = registry
  }

  /// Records the effects that started or ended since the last call.
  func collectEffects() {
    guard let registry else { return }
    for event in registry.takeLifecycle() {
      switch event {
      case .started(let token, let time, let describe):
        openEffects[token] = effects.count
        effects.append(EffectSpan(description: describe(), start: time, step: entries.count))
      case .ended(let token, let time, let wasCancelled):
        guard let index = openEffects.removeValue(forKey: token) else { continue }
        effects[index].end = time
        effects[index].wasCancelled = wasCancelled
      }
    }
  }

  /// Drops the steps and resolutions that time travel undid, before a new one replaces them.
  private func discardFuture() {
    guard cursor < entries.count else { return }
    discarded += entries.count - cursor
    entries.removeSubrange(cursor...)
    checkpoints.removeAll { $0.index > cursor }
    if let computed, computed.index > cursor { self.computed = nil }
    resolutions.removeAll { $0.index >= cursor }
  }
}

/// The messages of the issues reported while a step is reduced again.
private final class IssueCollector: Sendable {
  let messages = Mutex<[String]>([])
}
