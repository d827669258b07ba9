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
    let source: Source
    let action: Action
    let before: State
    let after: State
    let effect: String?
    /// The clock's time when it was reduced.
    let time: Duration
    /// The environment the store ran in.
    let environment: String
  }

  var entries: [Entry] = []
  var cursor = 0
  /// Whether the next reduction is of an action the person sent, rather than one an effect sent.
  var isSending = false
  /// How many undone steps new steps have replaced since the session last said so.
  var discarded = 0

  /// Records a reduction: the first after ``isSending`` was set is the sent action, the rest are
  /// received. A new step discards the undone future.
  func record(
    action: Action, before: State, after: State, effect: Effect<Action>, time: Duration,
    environment: String
  ) {
    if cursor < entries.count {
      discarded += entries.count - cursor
      entries.removeSubrange(cursor...)
    }
    let source: Entry.Source = isSending ? .sent : .received
    isSending = false
    entries.append(
      Entry(
        source: source, action: action, before: before, after: after,
        effect: effect.isNone ? nil : effect.description, time: time, environment: environment))
    cursor = entries.count
  }
}
