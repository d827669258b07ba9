import TideAttach
import TideREPL
import TideRecord

/// Connects a REPL to a served store through a client: the store's recording goes into the
/// REPL as it arrives, and the actions typed in the REPL go to the store, each waiting for its
/// answer. What `tide attach` runs, and what the tests of attach drive.
@MainActor
package final class AttachFollower {
  private let client: AttachClient
  private var waiting: [Int: CheckedContinuation<AttachedSendFailure?, Never>] = [:]
  private var ended: String?
  private var follower: Task<Void, Never>?
  /// How long an action sent waits for the served store's answer before it is told none came.
  private let answerTimeout: Duration

  /// Starts following: `repl` shows the served store from now on.
  ///
  /// - Parameters:
  ///   - repl: A REPL on the served feature.
  ///   - client: A connected client.
  ///   - answerTimeout: How long an action sent waits for the served store's answer (an app
  ///     stopped in a debugger, say) before the REPL and the page are told none came.
  package init(repl: REPL, client: AttachClient, answerTimeout: Duration = .seconds(30)) {
    self.client = client
    self.answerTimeout = answerTimeout
    repl.attach(environment: client.environment, start: client.start) { [weak self] source in
      guard let self else { return .unanswered("tide attach has stopped") }
      return await self.send(source)
    }
    follower = Task { @MainActor [weak self, weak repl] in
      for await event in client.events {
        guard let self, let repl else { return }
        switch event {
        case .lines(let lines):
          repl.attachedRecordingArrived(lines)
        case .answered(let id, let refusal):
          self.waiting.removeValue(forKey: id)?.resume(returning: refusal.map { .refused($0) })
        case .error(let message):
          // Answers come in the order of the lines sent: an error in the place of an action's
          // answer (a line too long to be read) is that action's.
          if let oldest = self.waiting.keys.min() {
            self.waiting.removeValue(forKey: oldest)?.resume(returning: .refused(message))
          } else {
            repl.attachedServerSaid(message)
          }
        case .ended(let reason):
          self.end(reason)
          repl.attachmentEnded(reason)
        }
      }
    }
  }

  /// Takes in and shows the served store's recording as it was when the client connected: call
  /// it before the first line is handled, so that a script's first `:save` or `:history` sees
  /// it.
  package func takeInHistory(into repl: REPL) async {
    await repl.attachedHistoryArrived(client.history)
  }

  /// Closes the connection.
  package func stop() {
    client.close()
    follower?.cancel()
    end("tide attach stopped")
  }

  private func send(_ source: String) async -> AttachedSendFailure? {
    if let ended { return .unanswered("the connection ended: \(ended)") }
    switch client.send(source) {
    case .failure(let error):
      return .refused(error.message)
    case .success(let id):
      // An app that stopped (in a debugger, say) never answers: the action is not left waiting
      // for ever, holding the line typed after it and a page's request.
      let timeout = answerTimeout
      let timer = Task { @MainActor [weak self] in
        try? await Task.sleep(for: timeout)
        guard !Task.isCancelled else { return }
        self?.waiting.removeValue(forKey: id)?.resume(
          returning: .unanswered(
            "the served store did not answer within \(DurationText.format(timeout)); the action may still be taken, and its steps show here when they come"
          ))
      }
      defer { timer.cancel() }
      // Registered before the main actor takes the answer, which it does on this actor.
      return await withCheckedContinuation { waiting[id] = $0 }
    }
  }

  private func end(_ reason: String) {
    if ended == nil { ended = reason }
    let all = waiting.values
    waiting = [:]
    for waiter in all { waiter.resume(returning: .unanswered("the connection ended: \(reason)")) }
  }
}
