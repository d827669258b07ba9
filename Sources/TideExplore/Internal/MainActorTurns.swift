/// Hands the main actor back now and then during a long exploration.
///
/// An exploration runs on the main actor, and the steps of a run rarely suspend for real (its
/// effects run inline on the run's own clock), so without this a search of a few seconds would
/// hold the main actor for all of them: an app's UI, the REPL's web front and anything else on
/// the main actor would wait. Every few milliseconds it yields, letting what queued behind it run.
@MainActor
@usableFromInline
struct MainActorTurns {
  private var last = ContinuousClock.now
  private var checks = 0
  /// How long the exploration may keep the main actor before it yields.
  private let interval = Duration.milliseconds(5)

  @usableFromInline init() {}

  /// Yields when the exploration has held the main actor for `interval` or more. The clock is read
  /// every few calls only: calls come once a run or a node, a few microseconds apart.
  @usableFromInline
  mutating func yieldIfDue() async {
    checks += 1
    guard checks % 8 == 0 else { return }
    let now = ContinuousClock.now
    guard now - last >= interval else { return }
    await Task.yield()
    last = ContinuousClock.now
  }
}
