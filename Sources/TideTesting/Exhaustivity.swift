/// How much a ``TestStore`` insists on.
///
/// <!-- example: given store: TestStore<Login.State, Login.Action, Login.Environment> -->
/// ```swift
/// store.exhaustivity = .off(showSkippedAssertions: true)
/// ```
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change, every received action and every running effect must be asserted.
  case on
  /// Only what an assertion closure touches is checked; received actions and running effects
  /// that are not asserted are not failures. With `showSkippedAssertions`, what was skipped is
  /// reported as known issues, so it shows in the test log without failing.
  case off(showSkippedAssertions: Bool)

  /// Non-exhaustive, without reporting what was skipped.
  public static var off: Self { .off(showSkippedAssertions: false) }
}
