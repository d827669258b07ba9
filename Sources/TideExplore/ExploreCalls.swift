import Tide
import TideInspect

/// The environment calls an effect is waiting on, for the explorer (or an exported test) to
/// end in an order and with an outcome of its choosing.
///
/// An environment that declares its calls (an `InterceptableEnvironment`) routes each of them
/// through these with `explorable(calls:clock:)`. A call then waits until the explorer resolves
/// it with one of the outcomes its declaration gives, so the explorer can let calls return in
/// any order relative to each other, to timers and to new actions:
///
/// ```swift
/// let calls = ExploreCalls()
/// let environment = Login.Environment.explorable(calls: calls, clock: ManualClock())
/// ```
///
/// A call whose effect is cancelled while it waits throws `CancellationError` and is no longer
/// pending.
public final class ExploreCalls: Sendable {
  /// A call that is waiting for an outcome.
  public struct Pending: Sendable, Equatable {
    /// The name the environment gave the call: `login`.
    public let name: String
    /// The call with its arguments, as reports print it: `login("ab", "Secret1")`.
    public var description: String { details.description }
    /// The labels of the outcomes it can have, in the order the environment declared them.
    public var outcomes: [String] { details.outcomes }
    /// How many outcomes it can have.
    @usableFromInline
    package var outcomeCount: Int { details.outcomeCount }
    /// Which call of its name it is, counting from 1 in the order the calls were made: what an
    /// exported test resolves it by, `calls.resolve("login", number: 2, outcome: …)`.
    public let number: Int
    let id: Int
    let details: Details

    /// Whether two values name the same waiting call.
    ///
    /// <!-- example: given calls: ExploreCalls -->
    /// ```swift
    /// #expect(calls.pending.first == calls.pending.first)
    /// ```
    ///
    /// - Parameters:
    ///   - lhs: A call.
    ///   - rhs: Another call.
    public static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.id == rhs.id && lhs.name == rhs.name
    }

    /// The texts of a call, printed once, when first asked for: most calls are resolved
    /// without anyone reading them.
    final class Details: Sendable {
      let outcomeCount: Int
      private let makeDescription: @Sendable () -> String
      private let makeLabels: [@Sendable () -> String]
      private let cache = Lock<(description: String?, outcomes: [String]?)>((nil, nil))

      init(
        outcomeCount: Int, description: @escaping @Sendable () -> String,
        labels: [@Sendable () -> String]
      ) {
        self.outcomeCount = outcomeCount
        self.makeDescription = description
        self.makeLabels = labels
      }

      var description: String {
        if let text = cache.withLock({ $0.description }) { return text }
        let text = makeDescription()
        cache.withLock { $0.description = text }
        return text
      }

      var outcomes: [String] {
        if let labels = cache.withLock({ $0.outcomes }) { return labels }
        let labels = makeLabels.map { $0() }
        cache.withLock { $0.outcomes = labels }
        return labels
      }

      func label(_ outcome: Int) -> String {
        if let labels = cache.withLock({ $0.outcomes }) { return labels[outcome] }
        return makeLabels[outcome]()
      }
    }
  }

  private struct Waiting {
    let pending: Pending
    let continuation: CheckedContinuation<Int, any Error>
  }

  private struct Storage {
    var nextID = 0
    /// How many calls of each name were made.
    var counts: [String: Int] = [:]
    var waiting: [Waiting] = []
    var cancelled: Set<Int> = []
  }

  private let storage = Lock(Storage())

  /// A set of calls with none waiting.
  ///
  /// ```swift
  /// let calls = ExploreCalls()
  /// ```
  public init() {}

  /// The calls waiting for an outcome, oldest first.
  ///
  /// <!-- example: given calls: ExploreCalls -->
  /// ```swift
  /// let waiting = calls.pending.map(\.description)  // ["login(\"ab\", \"Secret1\")"]
  /// ```
  public var pending: [Pending] {
    storage.withLock { $0.waiting.map(\.pending) }
  }

  /// The waiting call a resolve step names: the one with this description and, when the step
  /// gives a number, that number among the calls of its name (two waiting calls may have the
  /// same description); else the oldest with this description.
  ///
  /// - Parameters:
  ///   - description: The call with its arguments: `login("ab", "Abc1")`.
  ///   - name: The call's name.
  ///   - number: Which call of that name, when known.
  @usableFromInline
  package func waitingCall(_ description: String, name: String, number: Int?) -> Pending? {
    pending.first {
      $0.description == description && (number == nil || ($0.name == name && $0.number == number))
    }
  }

  /// Waits until the explorer (or a test) resolves this call, then returns or throws the outcome
  /// it chose: what a declared call does in an explorable environment, and what the suite's
  /// tests call directly.
  ///
  /// - Parameters:
  ///   - name: The call's name, which an exported test uses to resolve it.
  ///   - arguments: The call's arguments, printed in reports.
  ///   - outcomes: The ways the call can end, simplest first; at least one. With none, the call
  ///     is reported (an exploration fails with the report) and throws
  ///     ``ExploreCallError/noOutcomes(call:)``.
  /// - Returns: The value of the chosen outcome.
  package func call<Value: Sendable>(
    _ name: String, _ arguments: any Sendable..., outcomes: [ExploreOutcome<Value>]
  ) async throws -> Value {
    try await call(name, arguments: arguments, outcomes: outcomes)
  }

  /// Reports a call that has no outcome to end it with, at its declaration, and returns the
  /// error it throws instead of `instead` ("waiting", or "answering" for a synchronous call).
  func reportNoOutcomes(
    _ name: String, arguments: [any Sendable], declaresOutcomes: Bool,
    declaredAt location: SourceCodeLocation?, instead: String
  ) -> ExploreCallError {
    let inspector = Inspector(redacts: false)
    let call = "\(name)(\(arguments.map { inspector.line($0) }.joined(separator: ", ")))"
    IssueReporter.current.report(
      declaresOutcomes
        ? """
        An explorable call has no outcome for its arguments.

          Call: \(call)

        The explorer cannot end a call without an outcome, so it threw \
        ExploreCallError.noOutcomes instead of \(instead). Give at least one outcome for every \
        argument.
        """
        : """
        An explorable call declared no outcomes.

          Call: \(call)

        The explorer cannot end a call without an outcome, so it threw \
        ExploreCallError.noOutcomes instead of \(instead). Declare at least one outcome.
        """, at: location)
    return ExploreCallError.noOutcomes(call: call)
  }

  /// Waits until the explorer resolves a call with these arguments.
  func call<Value: Sendable>(
    _ name: String, arguments: [any Sendable], outcomes: [ExploreOutcome<Value>],
    declaresOutcomes: Bool = false, declaredAt location: SourceCodeLocation? = nil
  ) async throws -> Value {
    guard !outcomes.isEmpty else {
      throw reportNoOutcomes(
        name, arguments: arguments, declaresOutcomes: declaresOutcomes, declaredAt: location,
        instead: "waiting")
    }
    let (id, number) = storage.withLock { storage in
      defer { storage.nextID += 1 }
      storage.counts[name, default: 0] += 1
      return (storage.nextID, storage.counts[name]!)
    }
    let details = Pending.Details(
      outcomeCount: outcomes.count,
      description: {
        let inspector = Inspector(redacts: false)
        return "\(name)(\(arguments.map { inspector.line($0) }.joined(separator: ", ")))"
      }, labels: outcomes.map { $0.makeLabel })
    let pending = Pending(name: name, number: number, id: id, details: details)
    var notedIn: UInt64?
    let chosen: Int
    do {
      chosen = try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
          let isCancelled = storage.withLock { storage in
            if storage.cancelled.remove(id) != nil { return true }
            storage.waiting.append(Waiting(pending: pending, continuation: continuation))
            return false
          }
          if isCancelled {
            continuation.resume(throwing: CancellationError())
          } else {
            notedIn = JobEnds.currentJob
            JobEnds.noteVisibleEnd()
          }
        }
      } onCancel: {
        let waiting = storage.withLock { storage -> Waiting? in
          guard let index = storage.waiting.firstIndex(where: { $0.pending.id == id }) else {
            storage.cancelled.insert(id)
            return nil
          }
          return storage.waiting.remove(at: index)
        }
        waiting?.continuation.resume(throwing: CancellationError())
      }
    } catch {
      // As a clock's sleep does: a cancellation in the instant after the visible end noted
      // above leaves this task running in the job that noted it, where the clock cannot see
      // what it does next.
      JobEnds.noteUnseenWork(ifStillIn: notedIn)
      throw error
    }
    return try outcomes[chosen].result()
  }

  /// Ends a waiting call with one of its outcomes. Returns `false` when no such call waits.
  @discardableResult
  @usableFromInline
  package func resume(_ pending: Pending, outcome: Int) -> Bool {
    let waiting = storage.withLock { storage -> Waiting? in
      guard let index = storage.waiting.firstIndex(where: { $0.pending.id == pending.id }),
        (0..<storage.waiting[index].pending.outcomeCount).contains(outcome)
      else {
        return nil
      }
      return storage.waiting.remove(at: index)
    }
    guard let waiting else { return false }
    waiting.continuation.resume(returning: outcome)
    return true
  }

  /// Ends call `number` of those named `name` with the outcome labelled `label`, or says why it
  /// cannot: the exact call and outcome the explorer chose, whatever order the calls wait in and
  /// the outcomes are declared in.
  package func resolve(named name: String, number: Int, label: String) -> String? {
    let all = pending
    guard let call = all.first(where: { $0.name == name && $0.number == number }) else {
      let waiting =
        all.isEmpty
        ? "  Nothing is waiting."
        : all.map { "  Waiting: \($0.name) #\($0.number), \($0.description)" }
          .joined(separator: "\n")
      return "Call \(name) #\(number) is not waiting to be resolved.\n\n\(waiting)"
    }
    guard let outcome = call.outcomes.firstIndex(of: label) else {
      let outcomes = call.outcomes.map { "  Outcome: \($0)" }.joined(separator: "\n")
      return "\(call.description) (\(name) #\(number)) has no outcome \(label).\n\n\(outcomes)"
    }
    resume(call, outcome: outcome)
    return nil
  }

  /// Ends the oldest waiting call named `name` with the outcome labelled `label`, or says why
  /// it cannot.
  package func resolveOldest(named name: String, label: String) -> String? {
    let all = pending
    guard let call = all.first(where: { $0.name == name }) else {
      return Self.notWaiting(name, all)
    }
    guard let outcome = call.outcomes.firstIndex(of: label) else {
      let outcomes = call.outcomes.map { "  Outcome: \($0)" }.joined(separator: "\n")
      return "\(call.description) has no outcome \(label).\n\n\(outcomes)"
    }
    resume(call, outcome: outcome)
    return nil
  }

  /// Why no call named `name` can be resolved: none of the `waiting` ones has that name.
  private static func notWaiting(_ name: String, _ waiting: [Pending]) -> String {
    let list =
      waiting.isEmpty
      ? "  Nothing is waiting."
      : waiting.map { "  Waiting: \($0.description)" }.joined(separator: "\n")
    return "No call to \(name) is waiting to be resolved.\n\n\(list)"
  }

  /// Ends the oldest waiting call named `name` with an outcome, or says why it cannot.
  package func resolveOldest(named name: String, outcome: Int) -> String? {
    let all = pending
    guard let call = all.first(where: { $0.name == name }) else {
      return Self.notWaiting(name, all)
    }
    guard call.outcomes.indices.contains(outcome) else {
      let outcomes = call.outcomes.enumerated().map { "  \($0.offset): \($0.element)" }
      return "\(call.description) has no outcome \(outcome).\n\n"
        + outcomes.joined(separator: "\n")
    }
    resume(call, outcome: outcome)
    return nil
  }
}

/// Why an explorable call could not wait for the explorer.
///
/// ```swift
/// let error = ExploreCallError.noOutcomes(call: "geocode(\"Brus\")")
/// ```
public enum ExploreCallError: Error, Equatable, Sendable {
  /// The call declared no outcomes, so nothing could end it.
  case noOutcomes(call: String)
}
