/// The rank and value of the newest copy of each key (and of each element) that a reducer's
/// operators reach in a state: what a `TestStore` compares the copies it finds by reflection
/// with. A copy with another value that the step changed, or that is newer than those reached,
/// holds a change no operator gave the others (a child whose reducer ran by hand); one older and
/// unchanged is a copy kept from before (an undo history), which takes their value when it is
/// put back.
package struct ReachedSharedCopies {
  private var ranks: [SharedCopies.ElementKey: (isNew: Bool, version: Int)] = [:]
  /// The newest reached copy's value, by key.
  private var values: [SharedCopies.ElementKey: Any] = [:]

  /// The copies `sharing` reaches in `state`.
  init<State>(_ state: State, sharing: SharedSync<State>?) {
    guard let sharing else { return }
    var copies = SharedCopies()
    for field in sharing.fields { field.collect(state, &copies) }
    for (key, found) in copies.found {
      ranks[.wholeValue(of: key)] = (found.isNew, found.version)
      values[.wholeValue(of: key)] = found.value
    }
    for (key, found) in copies.elements {
      ranks[key] = (found.isNew, found.version)
      values[key] = found.value
    }
  }

  /// The value of the newest reached copy of `key`; `nil` when none is reached.
  func value(of key: SharedCopies.ElementKey) -> Any? {
    values[key]
  }

  /// Whether a copy ranked `rank` is newer than every reached copy of `key` (`false` when none
  /// is reached).
  func isNewer(_ rank: (isNew: Bool, version: Int), thanReachedOf key: SharedCopies.ElementKey)
    -> Bool
  {
    guard let reached = ranks[key] else { return false }
    return (rank.isNew && !reached.isNew)
      || (rank.isNew == reached.isNew && rank.version > reached.version)
  }
}

extension Reducer {
  /// The copies of `state` this reducer's operators reach, by key, with their ranks.
  ///
  /// - Parameter state: A state, as a step left it.
  package func reachedSharedCopies(in state: State) -> ReachedSharedCopies {
    ReachedSharedCopies(state, sharing: sharing)
  }
}
