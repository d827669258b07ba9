import Tide
import TideInspect

/// The texts of TestStore failures. Each has a fixed heading line, a blank line, the details, and
/// a line on what to do.
enum FailureMessage {
  static let inspector = Inspector()
  /// About how long an action, or a value, printed on one line of a message gets: a payload of
  /// 200,000 numbers made a line of a megabyte. Longer, its inner parts shrink to `Type(…)`,
  /// `.case(…)` or `[… 4 elements]`.
  static let lineLimit = 300

  /// `value` on one line of about ``lineLimit`` characters.
  static func line(_ value: Any) -> String {
    inspector.line(value, limit: lineLimit)
  }

  /// The placeholder a suggested closure writes for a secret (a redacted value): it does not
  /// compile until the value is typed in, where the hidden text would compile and fail again.
  static let secretPlaceholder = Inspector.secretPlaceholder

  static func stateMismatch(expected: Any, actual: Any, before: Any, changed: Bool) -> String {
    var text = "A state change does not match expectation.\n\n"
    if let diff = inspector.diff(expected, actual) {
      text += diff + "\n\n(Expected: −, Actual: +)"
    } else if inspector.holdsNaN(actual) {
      // Every closure fails: the state is not equal to itself.
      return text
        + "    The two states print the same but are not equal (==): the state holds a "
        + "floating-point NaN (.nan), which is not equal to itself.\n\n"
        + "No closure can match it: keep NaN out of the state (an optional, or a value that "
        + "says why there is no number), or give the type an == that treats two NaNs as equal."
    } else {
      text +=
        "    The two states print the same but are not equal (==).\n\n"
        + "They may differ only deeper than 100 levels of nesting, which the printer elides; "
        + "otherwise check the state's Equatable conformance."
    }
    if let closure = inspector.closure(from: before, to: actual) {
      text += "\n\nExpected closure: " + closure
      if closure.contains(secretPlaceholder) {
        text += "\n\nA secret is written \(secretPlaceholder): type its value in its place."
      }
    } else if !changed {
      text += "\n\nThe action changed nothing: omit the closure."
    } else if !inspector.comparesWhole(before, actual) {
      text +=
        "\n\nNo closure is suggested: the state is too large to compare whole (a diff looks "
        + "at 100,000 values, 100 levels deep), and a statement could miss what it left out."
    }
    return text
  }

  /// ``TestStore/assert(_:fileID:filePath:line:column:)``'s failure: no action, so no closure to
  /// suggest.
  static func stateDiffers(expected: Any, actual: Any) -> String {
    let diff =
      inspector.diff(expected, actual)
      ?? "    − \(inspector.line(expected))\n    + \(inspector.line(actual))"
    return "The state does not match expectation.\n\n\(diff)\n\n(Expected: −, Actual: +)"
  }

  /// A state that is a class: its before, after and expected are one object.
  static func stateIsAClass(_ type: Any.Type) -> String {
    """
    A TestStore's state must be a value, and \(Inspector.typeName(type)) is a class.

    The state before a step, the state after it and the state the test expects would be one \
    object: no change could be seen, and an assertion closure would change the store's state. \
    Make the state a struct (or an enum).
    """
  }

  static let noChange = """
    Expected state to change, but no change occurred.

    The closure set the state to what it already was. If no change is expected, omit the closure.
    """

  static func threw(_ error: any Error) -> String {
    """
    The assertion closure threw an error.

      Error: \(inspector.line(error))
    """
  }

  /// A problem with shared copies that the assertion's expected state has and the store's own
  /// state does not: the closure made it.
  static func expectedStateProblem(_ problem: String) -> String {
    let indented = problem.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n")
    return """
      The expected state holds copies of a shared value that disagree.

      \(indented)

      The assertion's closure made them differ: the store's own state holds them in step. \
      Assert a shared change on one copy; the store gives it to the others.
      """
  }

  static func sentAfterDismissal(_ action: String) -> String {
    """
    An action was sent after the feature dismissed itself.

      Action: \(action)

    Tested alone, a feature that returns .dismiss() is dismissed, as its presentation would \
    dismiss it, and takes no more actions: end its test there, with #expect(store.isDismissed).
    """
  }

  static func mustHandle(_ received: [ReceivedAction<some Sendable>]) -> String {
    let count = received.count
    let noun = count == 1 ? "1 received action" : "\(count) received actions"
    return """
      Must handle \(noun) before sending an action.

      \(list(received))

      Assert them with receive(_:), or skip them with skipReceivedActions().
      """
  }

  static func receivedNone(expected: String, running: [EffectRegistry.Record], waited: Duration)
    -> String
  {
    var text = "Expected to receive \(expected), but received none.\n\n"
    if running.isEmpty {
      text += "  No effect is running that could send it."
    } else {
      text += running.map { "  Still running: \($0.description) started by \(origin($0))" }
        .joined(separator: "\n")
      text +=
        "\n\nWaited \(waited) of real time. Advance the ManualClock the effect sleeps on, "
        + "or raise timeout if it waits on something real."
    }
    return text
  }

  /// The received actions a non-exhaustive `receive` skipped before it found none: what the
  /// test may have meant instead. Empty when it skipped none.
  static func skippedOnTheWay(_ skipped: [ReceivedAction<some Sendable>]) -> String {
    guard !skipped.isEmpty else { return "" }
    let count = skipped.count == 1 ? "1 received action" : "\(skipped.count) received actions"
    return "\n\nIt skipped \(count) on the way:\n\n\(list(skipped))"
  }

  static func unexpected(expected: Any, received: Any, origin: EffectOrigin) -> String {
    let diff =
      inspector.diff(expected, received)
      ?? "    − \(inspector.line(expected))\n    + \(inspector.line(received))"
    return """
      Received unexpected action.

      \(diff)

      (Expected: −, Received: +)

        Sent by an effect of \(origin)
      """
  }

  /// A received action that a predicate or a case path did not accept: there is no expected
  /// action to diff it against, only the reason.
  static func unmatched(_ received: ReceivedAction<some Sendable>, because reason: String) -> String
  {
    """
    Received unexpected action.

        + \(line(received.action))

    \(reason)

      Sent by an effect of \(received.origin)
    """
  }

  /// What a received action that was not the one expected did to the state, so that a test
  /// that meant another payload, or another action, sees what this one does.
  static func change(from before: Any, to after: Any, changed: Bool) -> String {
    guard changed else { return "\n\nIt left the state as it was." }
    guard let diff = inspector.diff(before, after) else {
      return "\n\nIt changed the state, though the two states print the same."
    }
    return "\n\nIt changed the state:\n\n\(diff)\n\n(Before: −, After: +)"
  }

  static func unasserted(_ received: ReceivedAction<some Sendable>) -> String {
    """
    An action was received but never asserted.

      Action: \(line(received.action))
      Sent by an effect of \(received.origin)

    Assert it with receive(_:) before the test ends, or call skipReceivedActions().
    """
  }

  /// The received actions nobody asserted, when there are several.
  static func unasserted(_ received: [ReceivedAction<some Sendable>]) -> String {
    """
    Actions were received but never asserted.

    \(list(received))

    Assert them with receive(_:) before the test ends, or call skipReceivedActions().
    """
  }

  /// How many received actions a failure lists before it gives a count of the rest.
  static let listedActions = 10

  /// What the runtime reported about an action an effect sent while the test moved a clock
  /// between two steps: reported at the step that started the effect, which it names.
  static func betweenSteps(_ message: String, startedBy origin: EffectOrigin) -> String {
    """
    \(message)

      Started by: \(origin)

    The effect's action arrived while the test moved a clock between two steps: this is the step that started the effect.
    """
  }

  /// - Parameter waited: How long `finish()` waited for it, in real time; nothing is said of a
  ///   wait of zero (a store released, a timeout of zero).
  static func stillRunning(_ record: EffectRegistry.Record, waited: Duration = .zero) -> String {
    """
    An effect is still running.

      Effect: \(record.description)
      Started by: \(origin(record))

    \(waitedFor(waited, "it"))Let it finish (advance the clock, answer what it waits for), cancel it, or call skipInFlightEffects().
    """
  }

  /// `finish() waited 1.0 seconds of real time for it. `, or nothing for a wait of zero.
  private static func waitedFor(_ waited: Duration, _ pronoun: String) -> String {
    waited == .zero ? "" : "finish() waited \(waited) of real time for \(pronoun). "
  }

  /// The effects still running past the first ``listedActions`` reported one by one: one
  /// failure that lists the next ten and counts the rest.
  static func stillRunning(more records: [EffectRegistry.Record], waited: Duration = .zero)
    -> String
  {
    let shown = records.prefix(listedActions).map {
      "  \($0.description) started by \(origin($0))"
    }
    let rest = records.count - shown.count
    let lines = shown + (rest > 0 ? ["  … and \(rest) more"] : [])
    return """
      \(records.count) more effects are still running.

      \(lines.joined(separator: "\n"))

      \(waitedFor(waited, "them"))Let them finish (advance the clock, answer what they wait for), cancel them, or call skipInFlightEffects().
      """
  }

  static func skippedReceived(_ received: [ReceivedAction<some Sendable>]) -> String {
    "Skipped \(received.count == 1 ? "1 received action" : "\(received.count) received actions").\n\n"
      + list(received)
  }

  static func skippedEffects(_ records: [EffectRegistry.Record]) -> String {
    "Skipped \(records.count == 1 ? "1 running effect" : "\(records.count) running effects").\n\n"
      + records.map { "  \($0.description) started by \(origin($0))" }.joined(separator: "\n")
  }

  static func skippedStateChange(before: Any, after: Any) -> String {
    "State changes that were not asserted.\n\n"
      + (inspector.diff(before, after) ?? "") + "\n\n(Asserted: −, Actual: +)"
  }

  /// The first ``listedActions`` received actions, one a line with where each came from, then
  /// how many more there are: a thousand leftovers make one readable failure.
  private static func list(_ received: [ReceivedAction<some Sendable>]) -> String {
    var lines = received.prefix(listedActions).map {
      "  \(line($0.action))  (from \($0.origin))"
    }
    if received.count > listedActions {
      lines.append("  … and \(received.count - listedActions) more (\(received.count) in all)")
    }
    return lines.joined(separator: "\n")
  }

  private static func origin(_ record: EffectRegistry.Record) -> String {
    record.origin?.description ?? "an unknown step"
  }
}
