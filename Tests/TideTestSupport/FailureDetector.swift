import Testing

/// How long a test waits for something that must happen (a process's output, a page's change, a
/// loopback answer) before it fails: ten minutes, longer than any machine takes, so that it only
/// detects a hang and never turns a slow machine into a failure. Tests never assert a timing.
///
/// ```swift
/// #expect(tide.waitForOutput("step 150 of 150", within: failureDetectorSeconds))
/// ```
public let failureDetectorSeconds: Double = 600

/// ``failureDetectorSeconds`` as a `Duration`, for APIs that take one.
public let failureDetector: Duration = .seconds(failureDetectorSeconds)

extension Trait where Self == TimeLimitTrait {
  /// A time limit that only detects a hang, as long as ``failureDetectorSeconds``: under the thread
  /// sanitizer, beside the rest of the suite, tests that take seconds alone took five minutes and
  /// failed a two-minute limit (seen in CI).
  ///
  /// ```swift
  /// @Test(.failureDetector) func linesThroughTheREPL() async { … }
  /// ```
  public static var failureDetector: Self { .timeLimit(.minutes(10)) }
}
