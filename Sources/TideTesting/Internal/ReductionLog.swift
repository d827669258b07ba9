import Tide

/// What a ``TestStore``'s live store reduces, as it reduces it: the action a step sent, and
/// every action received after it (synchronous follow-ups and what effects sent back), each with
/// the state after it, until an assertion takes it.
///
/// The store reduces every action the moment it arrives, exactly as a live store does; the test
/// store asserts the log afterwards, in the same order. Only the actions (in ``received``, which
/// the test store's deinit reads off the main actor) and the states after them are kept.
@MainActor
final class ReductionLog<State, Action: Sendable> {
  /// The received actions no assertion has taken yet, oldest first.
  let received = ReceivedActions<Action>()
  /// The state after each of ``received``, in the same order.
  private var states = FIFOQueue<State>()
  /// Set while the test store sends: the first reduction then is the sent action's.
  private var isAwaitingSent = false
  private var sent: State?
  /// The origin of a received action whose send is not known (none should be).
  private let unknownOrigin: EffectOrigin

  init(unknownOrigin: EffectOrigin) {
    self.unknownOrigin = unknownOrigin
  }

  /// Told by the store of each reduction.
  func record(_ action: Action, after: State, origin: EffectOrigin?) {
    if isAwaitingSent {
      isAwaitingSent = false
      sent = after
      return
    }
    received.append(ReceivedAction(action: action, origin: origin ?? unknownOrigin))
    states.append(after)
  }

  /// Runs `send`, and returns the state after the action it sends, which is the first it
  /// reduces; what it reduces after it is received.
  func recordingSent(_ send: () -> Void) -> State? {
    isAwaitingSent = true
    sent = nil
    send()
    isAwaitingSent = false
    defer { sent = nil }
    return sent
  }

  var isEmpty: Bool { states.isEmpty }

  /// The oldest received action and the state after it, no longer pending.
  func removeFirst() -> (received: ReceivedAction<Action>, after: State)? {
    guard let after = states.popFirst(), let first = received.removeFirst() else { return nil }
    return (first, after)
  }

  /// The oldest received action, still pending.
  var first: ReceivedAction<Action>? { received.first }

  /// Every received action still pending, oldest first; none is pending afterwards.
  func removeAll() -> [ReceivedAction<Action>] {
    states = FIFOQueue()
    return received.removeAll()
  }
}
