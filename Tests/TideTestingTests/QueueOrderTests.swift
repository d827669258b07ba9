import Testing
import TideTesting

@testable import Tide

/// Actions from synchronous effects are reduced first in, first out, in a live store and a
/// `TestStore` alike: an action an effect emits joins the back of the queue.
@MainActor
@Suite struct QueueOrderTests {
  enum Action: Sendable, Equatable {
    case start, a, b, c
    case tap, next1, next2, end, response
    case ask, answered, followUp
  }

  static let reducer = Reducer<[String], Action, Void> { log, action, _ in
    log.append("\(action)")
    switch action {
    case .start: return .merge(.send(.a), .send(.b))
    case .a: return .send(.c)
    case .tap: return .merge(.send(.next1), .send(.next2), .run { send in await send(.response) })
    case .next1: return .merge(.send(.end), .run { _ in })
    case .ask: return .run { send in await send(.answered) }
    case .answered: return .merge(.cancel(id: "none"), .send(.followUp))
    case .b, .c, .next2, .end, .response, .followUp: return .none
    }
  }

  @Test func aFollowUpJoinsTheBackOfTheQueue() async {
    let live = Store(initialState: [String](), reducer: Self.reducer, environment: ())
    live.send(.start)
    #expect(live.state == ["start", "a", "b", "c"])

    let store = TestStore(initialState: [String](), reducer: Self.reducer, environment: ())
    await store.send(.start) { $0 = ["start"] }
    await store.receive(.a) { $0.append("a") }
    await store.receive(.b) { $0.append("b") }
    await store.receive(.c) { $0.append("c") }
  }

  @Test func synchronousFollowUpsComeBeforeWhatEffectsSendLater() async {
    let clock = ManualClock()
    for _ in 0..<100 {
      let live = Store(
        initialState: [String](), reducer: Self.reducer, environment: (), drivenBy: clock)
      await live.send(.tap).finish()
      #expect(live.state == ["tap", "next1", "next2", "end", "response"])
    }

    let store = TestStore(initialState: [String](), reducer: Self.reducer, environment: ())
    await store.send(.tap) { $0 = ["tap"] }
    await store.receive(.next1) { $0.append("next1") }
    await store.receive(.next2) { $0.append("next2") }
    await store.receive(.end) { $0.append("end") }
    await store.receive(.response) { $0.append("response") }
  }

  @Test func aTestStoreSaysWhichActionCameFirst() async {
    let store = TestStore(initialState: [String](), reducer: Self.reducer, environment: ())
    await store.send(.start) { $0 = ["start"] }
    await store.receive(.a) { $0.append("a") }
    await withKnownIssue {
      // Depth first would have reduced .c here; first in, first out reduces .b.
      await store.receive(.c) { $0.append("c") }
    } matching: { issue in
      issue.comments.map(\.rawValue).joined() == """
        Received unexpected action.

            − .c
            + .b

        (Expected: −, Received: +)

          Sent by an effect of send(.start) at QueueOrderTests.swift:60

        It changed the state:

              [
                [0]: "start",
                [1]: "a",
            +   [2]: "b"
              ]

        (Before: −, After: +)
        """
    }
    await store.skipReceivedActions()
  }

  @Test("A follow-up of an action an effect sent is named with the send that started the effect")
  func aFollowUpOfAReceivedActionNamesTheSendThatStartedTheEffect() async {
    let store = TestStore(initialState: [String](), reducer: Self.reducer, environment: ())
    let line = #line + 1
    await store.send(.ask) { $0 = ["ask"] }
    await store.receive(.answered) { $0.append("answered") }
    await withKnownIssue {
      await store.send(.c) { $0.append("c") }
    } matching: { issue in
      issue.comments.map(\.rawValue).joined() == """
        Must handle 1 received action before sending an action.

          .followUp  (from send(.ask) at QueueOrderTests.swift:\(line))

        Assert them with receive(_:), or skip them with skipReceivedActions().
        """
    }
  }

  @Test("A live store's follow-ups of an action an effect sent join that effect's task")
  func aLiveFollowUpJoinsTheTaskOfTheEffect() async {
    let clock = ManualClock()
    let live = Store(
      initialState: [String](), reducer: Self.reducer, environment: (), drivenBy: clock)
    await live.send(.ask).finish()
    #expect(live.state == ["ask", "answered", "followUp"])
  }
}
