/// Waits in real time for something outside the test's control (a real network, a real clock):
/// settles effect work, then polls every millisecond until `isDone` holds or `timeout` passes.
///
/// Effects that wait only on injected closures and a `TestClock` are done after the first
/// settle, so this returns at once for them; only the failure path of such a test ever waits.
///
/// - Returns: Whether `isDone` held in time.
@MainActor
func waitInRealTime(
  for timeout: Duration,
  settle: () async -> Void,
  until isDone: () -> Bool
) async -> Bool {
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: timeout)
  await settle()
  while !isDone() && clock.now < deadline {
    try? await Task.sleep(for: .milliseconds(1))
    await settle()
  }
  return isDone()
}
