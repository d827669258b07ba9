import Tide
import TideExplore

extension TestStore {
  /// Checks `invariants` for each action the store reduces from now on (transition invariants,
  /// with the state before and after it) and after each step (state invariants, with the
  /// effects running): what a test the explorer exports does, so that it fails while the bug is
  /// there and passes once the feature is fixed, whatever else the fix changes.
  ///
  /// A broken invariant fails the test once, with the message `expectInvariants` records:
  ///
  /// ```
  /// An invariant does not hold: isLoading is off once a response has arrived.
  /// ```
  ///
  /// <!-- example: given store: TestStore<Login.State, Login.Action, Login.Environment> -->
  /// ```swift
  /// store.exhaustivity = .off
  /// store.checkInvariants(Login.invariants)
  /// await store.send(.loginButtonTapped)
  /// ```
  ///
  /// - Parameters:
  ///   - invariants: What must hold.
  public func checkInvariants(_ invariants: [Invariant<State, Action>]) {
    invariantChecks.invariants = invariants
  }

  /// Checks the transition invariants for one reduction.
  func checkTransitionInvariants(
    before: State, action: Action, after: State, at location: SourceCodeLocation
  ) {
    for invariant in invariantChecks.invariants
    where !invariantChecks.broken.contains(invariant.name)
      && !invariant.holds(before: before, action: action, after: after)
    {
      invariantChecks.broken.insert(invariant.name)
      TestFailure.record(
        InvariantMessage.transition(invariant.name, before: before, action: action, after: after),
        at: location)
    }
  }

  /// Checks the state invariants at the end of a step.
  func checkStateInvariants(at location: SourceCodeLocation) {
    guard !invariantChecks.invariants.isEmpty else { return }
    let running = runningEffects
    for invariant in invariantChecks.invariants
    where !invariantChecks.broken.contains(invariant.name)
      && !invariant.holds(state: state, runningEffects: running)
    {
      invariantChecks.broken.insert(invariant.name)
      TestFailure.record(
        InvariantMessage.state(invariant.name, state: state, running: running), at: location)
    }
  }
}

/// The invariants a ``TestStore`` checks, and those already reported (each fails a test once).
final class InvariantChecks<State, Action> {
  var invariants: [Invariant<State, Action>] = []
  var broken: Set<String> = []
}
