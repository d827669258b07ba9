import Testing
import TideInspect

@testable import Tide

/// A sendable hashable box: equal as `AnyHashable` would say, printed as the call that makes it,
/// and usable as a cancellation identifier.
@Suite struct AnyHashableSendableTests {
  @Test func valuesAreEqualAsAnyHashableSaysAndNeverWrappedTwice() {
    #expect(AnyHashableSendable(42) == AnyHashableSendable(42))
    #expect(AnyHashableSendable(42) != AnyHashableSendable("42"))
    #expect(AnyHashableSendable(42) == 42)
    #expect(AnyHashableSendable("a") == "a")
    #expect(AnyHashableSendable(AnyHashableSendable(7)) == AnyHashableSendable(7))
    #expect(AnyHashableSendable(AnyHashableSendable(7)).base as? Int == 7)
    #expect(Set([AnyHashableSendable(1), 1, "1"]).count == 2)
  }

  @Test func itPrintsAsTheCallThatMakesIt() {
    struct Download: Equatable, Sendable {
      var id: AnyHashableSendable
    }
    #expect(Inspector().line(Download(id: 42)).hasSuffix("Download(id: AnyHashableSendable(42))"))
    #expect(Inspector().line(AnyHashableSendable("a")) == #"AnyHashableSendable("a")"#)
    #expect(Inspector().source(AnyHashableSendable("a")) == #"AnyHashableSendable("a")"#)
    #expect(String(describing: AnyHashableSendable("a")) == "a")
    #expect(String(reflecting: AnyHashableSendable("a")) == #"AnyHashableSendable("a")"#)
  }

  @MainActor
  @Test func itIdentifiesEffectsToCancel() async {
    let clock = ManualClock()
    let id = AnyHashableSendable("download")
    let store = Store(
      initialState: 0,
      reducer: Reducer<Int, Int, Void> { count, action, _ in
        if action == 0 {
          return .run { send in
            try await clock.sleep(for: .seconds(1))
            await send(1)
          }
          .cancellable(id: id)
        }
        if action == 1 { count += 1 }
        return action == 2 ? .cancel(id: AnyHashableSendable("download")) : .none
      }, environment: (), drivenBy: clock)
    store.send(0)
    store.send(2)
    await clock.advance(by: .seconds(2))
    #expect(store.state == 0)
    #expect(store.runningEffects.isEmpty)
  }
}
