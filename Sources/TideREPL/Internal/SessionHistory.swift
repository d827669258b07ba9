import Tide

/// Every action a REPL session reduced, and where the session stands in it.
///
/// `entries[..<cursor]` led to the current state; the rest is the future that time travel undid,
/// kept until a new step replaces it.
@MainActor
final class SessionHistory<State, Action: Sendable> {
  /// One reduced action.
  struct Entry {
    enum Source: String {
      case sent = "send"
      case received = "receive"
    }
    /// Who sent it: the REPL, a page, or (for a received action) an effect.
    let origin: StepOrigin
    let action: Action
    let before: State
    let after: State
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

  /// Records a reduction: the first after ``sender`` was set is the sent action, the rest are
  /// received. A new step discards the undone future.
  func record(
    action: Action, before: State, after: State, effect: Effect<Action>, time: Duration,
    environment: String
  ) {
    discardFuture()
    collectEffects()
    let origin = sender ?? .effect
    sender = nil
    entries.append(
      Entry(
        origin: origin, action: action,
        before: before, after: after,
        effect: effect.isNone ? nil : effect.description, time: time, environment: environment))
    cursor = entries.count
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
    resolutions.removeAll { $0.index >= cursor }
  }
}
