/// What a feature keeps on disk while the REPL explores it: a part of the state, saved whenever
/// the session's current state holds another value of it than the one saved last.
///
/// The REPL saves what the session shows, after every step of the live session, and after
/// `:undo`, `:jump`, `:reset`, `:load` and a switch of feature, once each has settled: the steps
/// it runs again to compute a state, and the runs of `:explore`, write nothing. A save that
/// fails is printed as a warning, and tried again at the next change.
///
/// <!-- example: given file: SharedFile<Int> -->
/// ```swift
/// let saving = REPLSaving<Counter.State>({ $0.count }) { try file.save($0) }
/// ```
///
/// A feature that keeps data usually also starts from it: give ``REPLFeature`` an initial state
/// that reads the file, which the REPL reads again for each new session (`:reset`, `:use`).
public struct REPLSaving<State> {
  /// Compares the part of `state` saved with the value saved last, and saves it when it
  /// differs; `nil` when there was nothing to save, or the error the save threw.
  let saveIfChanged: (_ state: State) -> (any Error)?

  /// Saves `value(state)` with `save` whenever it changes.
  ///
  /// <!-- example: given file: SharedFile<Int> -->
  /// ```swift
  /// REPLSaving<Counter.State>({ $0.count }) { count in try file.save(count) }
  /// ```
  ///
  /// - Parameters:
  ///   - value: The part of the state to keep.
  ///   - save: What keeps it: a file's `save(_:)`.
  public init<Value: Equatable>(
    _ value: @escaping (State) -> Value, save: @escaping (Value) throws -> Void
  ) {
    // The value the session started from is on disk already: it was read from there.
    var saved: Value?
    saveIfChanged = { state in
      let current = value(state)
      guard let last = saved else {
        saved = current
        return nil
      }
      guard current != last else { return nil }
      do {
        try save(current)
        saved = current
        return nil
      } catch {
        return error
      }
    }
  }
}
