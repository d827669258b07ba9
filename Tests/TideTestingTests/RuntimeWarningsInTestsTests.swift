import Testing
import TideTestSupport

@testable import Tide
@testable import TideTesting

/// A plain `Store` in a test fails that test when the runtime warns (issue 35, §4); outside a
/// test its warnings go where they went before.
@MainActor
@Suite struct RuntimeWarningsInTestsTests {
  struct Environment {
    var fetch: @Sendable () async throws -> Int = unimplemented("Environment.fetch")
  }

  static let reducer = Reducer<Int, Int, Environment> { count, action, environment in
    count = action
    return .run { send in
      await send(try await environment.fetch())
    } catch: { _, _ in
    }
  }

  @Test func aPlainStoresWarningIsAnIssueOfTheRunningTest() async {
    let store = Store(initialState: 0, reducer: Self.reducer, environment: Environment())
    await withKnownIssue {
      await store.send(1).finish()
    } matching: { issue in
      issue.comments.first?.rawValue == """
        An unimplemented dependency was called: Environment.fetch

        Give the test's environment an implementation of it, or find out why it was called.
        """
    }
  }

  struct Failed: Error {}

  @Test func aWarningWithNoPlaceOfItsOwnPointsAtTheTest() async {
    let store = Store(
      initialState: 0,
      reducer: Reducer<Int, Int, Void> { _, _, _ in .run { _ in throw Failed() } },
      environment: ())
    await withKnownIssue {
      await store.send(1).finish()
    } matching: { issue in
      issue.sourceLocation?.fileName == "RuntimeWarningsInTestsTests.swift"
        && issue.comments.first?.rawValue.hasPrefix(
          "An effect threw an error that nothing handled.") == true
    }
  }

  @Test func anObserverLoopFailsTheTest() async {
    let store = Store(
      initialState: 0,
      reducer: Reducer<Int, Int, Void> { count, action, _ in
        count = action
        return .none
      }, environment: ())
    let observation = store.observe { [weak store] count in
      if count > 0 { store?.send(count + 1) }
    }
    withKnownIssue {
      store.send(1)
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        "Observers kept sending actions: the store handled 10000 batches in a row") == true
    }
    observation.cancel()
  }

  @Test func outsideATestAWarningGoesWhereItWentBefore() async {
    let seen = ValueLog<String>()
    let before = RuntimeWarningsInTests.outsideTests
    RuntimeWarningsInTests.outsideTests = { warning in
      if warning.message.hasPrefix("outside-a-test") { seen.append(warning.message) }
    }
    defer { RuntimeWarningsInTests.outsideTests = before }
    // A detached task inherits no task locals: no test is current there.
    await Task.detached {
      RuntimeWarnings.reporter(RuntimeWarnings.Warning(message: "outside-a-test warning"))
    }.value
    #expect(seen.all == ["outside-a-test warning"])
  }
}
