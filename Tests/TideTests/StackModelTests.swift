import Foundation
import Testing
import TideTestSupport

@testable import Tide

/// A navigation stack under random pushes, pops, pops-to-root, element actions, self-dismissals,
/// hostile pushes and decoded round trips: after every step, the identifiers increase and stay
/// below the next one, and exactly the screens still in the stack have a timer running. A failure
/// prints the seed and the step; rerun it with `TIDE_STACK_SEED=N swift test --filter StackModel`.
@MainActor
@Suite("StackModel")
struct StackModelTests {
  static let seed: UInt64 =
    ProcessInfo.processInfo.environment["TIDE_STACK_SEED"].flatMap(UInt64.init)
    ?? UInt64.random(in: 0...UInt64(UInt32.max))

  @Test func theStackAndItsTimersAgreeAfterEveryStep() async throws {
    let clock = ManualClock()
    let store = Store(
      initialState: Places.State(), reducer: Places.reducer,
      environment: Places.Environment(clock: clock), drivenBy: clock)
    var random = SeededRandom(seed: Self.seed)
    // Screens whose timer was started and not popped since.
    var timed = Set<StackElementID>()
    let issues = ReportedIssues()
    for step in 0..<600 {
      let ids = store.state.path.ids
      let anyID = ids.randomElement(using: &random) ?? 0
      let strayID = StackElementID(rawValue: Int.random(in: -2...ids.count + 3, using: &random))
      var operation = ""
      IssueReporter.$current.withValue(issues.reporter) {
        switch Int.random(in: 0..<9, using: &random) {
        case 0, 1:
          operation = "placeTapped"
          store.send(.placeTapped(Int.random(in: 0...1, using: &random)))
        case 2 where !ids.isEmpty:
          operation = "appeared \(anyID)"
          store.send(.path(.element(id: anyID, action: .appeared)))
          timed.insert(anyID)
        case 3 where !ids.isEmpty:
          operation = "closeTapped \(anyID)"
          store.send(.path(.element(id: anyID, action: .closeTapped)))
        case 4 where !ids.isEmpty:
          operation = "popFrom \(anyID)"
          store.send(.path(.popFrom(id: anyID)))
        case 5 where step % 20 == 0:
          operation = "popToRoot"
          store.send(.popToRootTapped)
        case 6:
          operation = "push \(strayID)"
          store.send(.path(.push(id: strayID, state: Detail.State(name: "Stray"))))
        case 7:
          operation = "tick to \(strayID)"
          store.send(.path(.element(id: strayID, action: .tick)))
        default:
          operation = "advance"
        }
      }
      await clock.advance(by: .seconds(1))
      let context = "seed \(Self.seed), step \(step): \(operation)"
      let path = store.state.path
      timed.formIntersection(path.ids)
      guard zip(path.ids, path.ids.dropFirst()).allSatisfy({ $0 < $1 }),
        path.ids.allSatisfy({ $0 < path.nextID })
      else {
        Issue.record("\(context): identifiers out of order: \(path.ids), next \(path.nextID)")
        return
      }
      // A timer started twice on one screen runs twice: count starts, not screens.
      let running = store.runningEffects.count
      guard running >= timed.count, timed.isEmpty == (running == 0) else {
        Issue.record(
          "\(context): \(running) timers run for \(timed.count) timed screens in \(path.ids)")
        return
      }
      // Round trip: what is encoded decodes to the same stack.
      let names = StackState(ids: path.ids, elements: path.map(\.name))
      let decoded = try JSONDecoder().decode(
        StackState<String>.self, from: JSONEncoder().encode(names))
      guard decoded == names, decoded.nextID == names.nextID else {
        Issue.record("\(context): \(names) decoded as \(decoded)")
        return
      }
    }
    // Every report is one of the stack's own, never a crash or anything else.
    let headings = Set(issues.all.map { $0.prefix(while: { $0 != "\n" }) })
    #expect(
      headings.isSubset(of: [
        "An action was sent to a screen that is not in the stack.",
        "A pop named a screen that is not in the stack.",
        "A screen was pushed with an identifier the stack has already given.",
      ]), "seed \(Self.seed): \(headings)")
  }
}
