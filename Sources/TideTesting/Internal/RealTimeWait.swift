/// Waits in real time for something outside the test's control (a real network, a real clock):
/// runs ready effect work, then polls every millisecond until `isDone` holds or `timeout` passes.
///
/// Effects that wait only on injected closures and a `ManualClock` are done after the first
/// run of ready work, so this returns at once for them; only the failure path of such a test
/// ever waits.
///
/// A cancelled task stops waiting after the first run: its sleeps would return at once, and the
/// loop would spin until the deadline.
///
/// - Returns: Whether `isDone` held in time.
@MainActor
func waitInRealTime(
  for timeout: Duration,
  runningReadyWork runReadyWork: () async -> Void,
  until isDone: () -> Bool
) async -> Bool {
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: timeout)
  await runReadyWork()
  while !isDone() && clock.now < deadline && !Task.isCancelled {
    try? await Task.sleep(for: .milliseconds(1))
    await runReadyWork()
  }
  return isDone()
}
