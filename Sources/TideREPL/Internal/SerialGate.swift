/// Lets one piece of async work run at a time, in the order they asked: a line typed in the
/// REPL, a page's action and a clock tick never interleave at their suspension points.
@MainActor
final class SerialGate {
  private var isBusy = false
  private var waiting: [CheckedContinuation<Void, Never>] = []

  /// Runs `body` once everything that asked before has finished.
  func run<Result>(_ body: () async -> Result) async -> Result {
    if isBusy {
      await withCheckedContinuation { waiting.append($0) }
    } else {
      isBusy = true
    }
    let result = await body()
    if waiting.isEmpty {
      isBusy = false
    } else {
      // The gate stays busy: it passes straight to the next in line.
      waiting.removeFirst().resume()
    }
    return result
  }
}
