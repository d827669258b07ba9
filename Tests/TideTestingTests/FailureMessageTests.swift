import Testing
import Tide
import TideInspect
import TideTestSupport

@testable import TideTesting

/// Every kind of TestStore failure, with its exact text. The messages are part of the product.
@MainActor
@Suite struct FailureMessageTests {
  let clock = ManualClock()

  func makeStore(_ state: Search.State = Search.State())
    -> TestStore<Search.State, Search.Action, Search.Environment>
  {
    TestStore(initialState: state, reducer: Search.reducer, environment: .test(clock: clock))
  }

  @Test func stateMismatchShowsADiffAndTheClosureThatWouldPass() async {
    let store = makeStore()
    await expectIssues([
      """
      A state change does not match expectation.

            Search.State(
          −   query: "Bru",
          +   query: "Brus",
              results: [],
              isSearching: true,
              log: [],
              token: "••••••"
            )

      (Expected: −, Actual: +)

      Expected closure: {
        $0.query = "Brus"
        $0.isSearching = true
      }
      """
    ]) {
      await store.send(.queryChanged("Brus")) {
        $0.query = "Bru"
        $0.isSearching = true
      }
    }
    await store.skipInFlightEffects()
  }

  @Test func missingClosureWhenTheStateChanged() async {
    let store = makeStore()
    await expectIssues([
      """
      A state change does not match expectation.

            Search.State(
          −   query: "",
          +   query: "a",
              results: [],
          −   isSearching: false,
          +   isSearching: true,
              log: [],
              token: "••••••"
            )

      (Expected: −, Actual: +)

      Expected closure: {
        $0.query = "a"
        $0.isSearching = true
      }
      """
    ]) {
      await store.send(.queryChanged("a"))
    }
    await store.skipInFlightEffects()
  }

  /// A change too large to look at whole gets no suggested closure, and says why: a statement
  /// could miss what the diff left out.
  @Test func aChangeTooLargeToCompareWholeSuggestsNoClosure() async {
    let reducer = Reducer<[Int], Bool, Void> { items, _, _ in
      items = items.map { $0 + 1 }
      return .none
    }
    let store = TestStore(initialState: Array(0..<100_000), reducer: reducer, environment: ())
    await withKnownIssue {
      await store.send(true) { $0[0] = 1 }
    } matching: { issue in
      let text = issue.comments.first?.rawValue ?? ""
      return text.hasPrefix("A state change does not match expectation.\n\n")
        && text.contains(" not compared)\n")
        && text.hasSuffix(
          """
          (Expected: −, Actual: +)

          No closure is suggested: the state is too large to compare whole (a diff looks at \
          100,000 values, 100 levels deep), and a statement could miss what it left out.
          """)
    }
  }

  /// A state holding NaN is never equal to itself: the message says so, rather than pointing
  /// at nesting and suggesting the closure the test already wrote.
  @Test func aStateHoldingNaNSaysNoClosureCanMatchIt() async {
    struct Reading: Equatable, Sendable {
      var value = Double.nan
      var count = 0
    }
    let reducer = Reducer<Reading, Bool, Void> { state, _, _ in
      state.count += 1
      return .none
    }
    let store = TestStore(initialState: Reading(), reducer: reducer, environment: ())
    await expectIssues([
      """
      A state change does not match expectation.

          The two states print the same but are not equal (==): the state holds a \
      floating-point NaN (.nan), which is not equal to itself.

      No closure can match it: keep NaN out of the state (an optional, or a value that says \
      why there is no number), or give the type an == that treats two NaNs as equal.
      """
    ]) {
      await store.send(true) { $0.count = 1 }
    }
  }

  /// Two states that print alike (an object compared by identity, made anew) get no closure,
  /// and no word about size: the state is small.
  @Test func statesThatPrintAlikeSayNothingAboutSize() async {
    final class Ref: Equatable, @unchecked Sendable {
      static func == (lhs: Ref, rhs: Ref) -> Bool { lhs === rhs }
    }
    struct Holder: Equatable, Sendable { var ref = Ref() }
    let reducer = Reducer<Holder, Bool, Void> { state, _, _ in
      state.ref = Ref()
      return .none
    }
    let store = TestStore(initialState: Holder(), reducer: reducer, environment: ())
    await withKnownIssue {
      await store.send(true) { _ in }
    } matching: { issue in
      let text = issue.comments.first?.rawValue ?? ""
      return text.hasPrefix("A state change does not match expectation.")
        && text.contains("print the same but are not equal") && !text.contains("too large")
    }
  }

  @Test func closureThatChangesNothing() async {
    let store = makeStore()
    await expectIssues([
      """
      Expected state to change, but no change occurred.

      The closure set the state to what it already was. If no change is expected, omit the closure.
      """
    ]) {
      await store.send(.noop) { $0.query = "" }
    }
  }

  @Test func closureThatThrows() async {
    let store = makeStore()
    await expectIssues([
      """
      The assertion closure threw an error.

        Error: Failure(reason: "nope")
      """
    ]) {
      await store.send(.noop) { _ in throw Failure(reason: "nope") }
    }
  }

  @Test func sendingWhileReceivedActionsAreUnasserted() async {
    let store = makeStore()
    await store.send(.pingTapped)
    await expectIssues([
      """
      Must handle 1 received action before sending an action.

        .pong  (from send(.pingTapped) at FailureMessageTests.swift:\(#line - 5))

      Assert them with receive(_:), or skip them with skipReceivedActions().
      """
    ]) {
      await store.send(.noop)
    }
    // The store reduced .pong when it arrived; the failure takes it as it was, so the test goes
    // on from what the store did.
    #expect(store.state.log == ["pong"])
    #expect(store.receivedActions.isEmpty)
  }

  @Test func receivedNoneWhenNothingIsRunning() async {
    let store = makeStore()
    await expectIssues([
      """
      Expected to receive .pong, but received none.

        No effect is running that could send it.
      """
    ]) {
      await store.receive(.pong)
    }
  }

  @Test func receivedNoneWhileAnEffectSleepsOnTheClock() async {
    let store = makeStore()
    store.timeout = .zero
    await store.send(.queryChanged("a")) {
      $0.query = "a"
      $0.isSearching = true
    }
    let line = #line - 4
    await expectIssues([
      """
      Expected to receive .searchResponse(["a 1", "a 2"]), but received none.

        Still running: .concatenate(.run("debounce(for: 0.3 seconds)"), .run("search")) started by send(.queryChanged("a")) at FailureMessageTests.swift:\(line)

      Waited 0.0 seconds of real time. Advance the ManualClock the effect sleeps on, or raise timeout if it waits on something real.
      """
    ]) {
      await store.receive(.searchResponse(["a 1", "a 2"]))
    }
    await store.skipInFlightEffects()
  }

  /// A state that is a class let a wrong test pass, and its assertion closure changed the
  /// store's state: before, after and expected were one object.
  @Test func aStateThatIsAClassFailsAtTheStore() async {
    final class Counter: Equatable, @unchecked Sendable {
      var count = 0
      static func == (lhs: Counter, rhs: Counter) -> Bool { lhs.count == rhs.count }
    }
    let reducer = Reducer<Counter, Bool, Void> { counter, _, _ in
      counter.count += 1
      return .none
    }
    await expectIssues([
      """
      A TestStore's state must be a value, and FailureMessageTests.Counter is a class.

      The state before a step, the state after it and the state the test expects would be one \
      object: no change could be seen, and an assertion closure would change the store's state. \
      Make the state a struct (or an enum).
      """
    ]) {
      _ = TestStore(initialState: Counter(), reducer: reducer, environment: ())
    }
  }

  /// A secret in a suggested closure was its stand-in, `"••••••"`, which compiles and fails
  /// again as pasted (and `••••••`, for another type, is not Swift): it is a placeholder to fill.
  @Test func aSecretInTheExpectedClosureIsAPlaceholder() async {
    struct Account: Equatable, Sendable, Redacting {
      var name = "ada"
      var password = ""
      var pin = 0
      static let redactedLabels: Set<String> = ["password", "pin"]
    }
    let reducer = Reducer<Account, String, Void> { account, typed, _ in
      account.password = typed
      account.pin = 1234
      return .none
    }
    let store = TestStore(initialState: Account(), reducer: reducer, environment: ())
    await expectIssues([
      """
      A state change does not match expectation.

            FailureMessageTests.Account(
              name: "ada",
          −   password: "••••••",
          +   password: "••••••",
          −   pin: ••••••
          +   pin: ••••••
            )

      (Expected: −, Actual: +)

      Expected closure: {
        $0.password = <#secret#>
        $0.pin = <#secret#>
      }

      A secret is written <#secret#>: type its value in its place.
      """
    ]) {
      await store.send("Secret1")
    }
  }

  /// An action with a payload of 200,000 numbers made each line that names it a megabyte long.
  @Test func aLargeActionIsNamedOnALineOfBoundedLength() async {
    enum Action: Equatable, Sendable {
      case load
      case loaded([Int])
      case other
    }
    let reducer = Reducer<Int, Action, Void> { count, action, _ in
      switch action {
      case .load: return .send(.loaded(Array(0..<200_000)))
      case .loaded(let numbers): count = numbers.count
      case .other: break
      }
      return .none
    }
    let store = TestStore(initialState: 0, reducer: reducer, environment: ())
    await store.send(.load)
    let line = #line - 1
    await expectIssues([
      """
      Must handle 1 received action before sending an action.

        .loaded([… 200000 elements])  (from send(.load) at FailureMessageTests.swift:\(line))

      Assert them with receive(_:), or skip them with skipReceivedActions().
      """
    ]) {
      await store.send(.other)
    }
    await store.skipReceivedActions()
  }

  @Test func receivedUnexpectedAction() async {
    let store = makeStore()
    await store.send(.queryChanged("a")) {
      $0.query = "a"
      $0.isSearching = true
    }
    let line = #line - 4
    await clock.advance(by: .milliseconds(300))
    await expectIssues([
      """
      Received unexpected action.

            .searchResponse(
              [
          −     [0]: "b"
          +     [0]: "a 1",
          +     [1]: "a 2"
              ]
            )

      (Expected: −, Received: +)

        Sent by an effect of send(.queryChanged("a")) at FailureMessageTests.swift:\(line)

      It changed the state:

            Search.State(
              query: "a",
              results: [
          +     [0]: "a 1",
          +     [1]: "a 2"
              ],
          −   isSearching: true,
          +   isSearching: false,
              log: [],
              token: "••••••"
            )

      (Before: −, After: +)
      """
    ]) {
      await store.receive(.searchResponse(["b"]))
    }
    #expect(store.state.results == ["a 1", "a 2"])
  }

  @Test func unassertedReceivedActionAtFinishIsReportedWhereItsEffectStarted() async {
    let store = makeStore()
    await store.send(.pingTapped)
    let line = #line - 1
    await expectIssues([
      """
      An action was received but never asserted.

        Action: .pong
        Sent by an effect of send(.pingTapped) at FailureMessageTests.swift:\(line)

      Assert it with receive(_:) before the test ends, or call skipReceivedActions().
      """
    ]) {
      await store.finish()
    }
  }

  @Test func aThousandUnassertedActionsAreOneFailureThatListsTheFirstTen() async {
    let store = TestStore(
      initialState: 0,
      reducer: Reducer<Int, Int, Void> { count, action, _ in
        guard action == 0 else { return .none }
        return .run { send in for value in 1...1000 { await send(value) } }
      },
      environment: ())
    await store.send(0)
    let line = #line - 1
    let listed = (1...10).map { "  \($0)  (from send(0) at FailureMessageTests.swift:\(line))" }
    await expectIssues([
      """
      Actions were received but never asserted.

      \(listed.joined(separator: "\n"))
        … and 990 more (1000 in all)

      Assert them with receive(_:) before the test ends, or call skipReceivedActions().
      """
    ]) {
      await store.finish()
    }
  }

  @Test func anEffectThatNeverWaitsIsReportedAtTheStepThatRanIt() async {
    let store = TestStore(
      initialState: 0,
      reducer: Reducer<Int, Int, Void> { _, action, _ in
        guard action == 1 else { return .none }
        return .run(name: "spin") { _ in
          while !Task.isCancelled { await Task.yield() }
        }
      },
      environment: ())
    let line = #line + 2
    await withKnownIssue {
      await store.send(1)
    } matching: { issue in
      issue.sourceLocation?.line == line
        && issue.comments.first?.rawValue == """
          Effects keep running without ever waiting.

          A million jobs ran in this step and more were ready. An effect probably loops without \
          suspending on anything the test controls: on Task.yield(), on a clock that never sleeps \
          (ImmediateClock), or sending actions whose reductions start it again.
          """
    }
    await store.skipInFlightEffects()
  }

  @Test func runningEffectAtFinishIsReportedWhereItStarted() async {
    let store = makeStore()
    store.timeout = .zero
    await store.send(.refreshTapped)
    let line = #line - 1
    await store.receive(.refreshed(2)) { $0.log = ["refreshed 2"] }
    await expectIssues([
      """
      An effect is still running.

        Effect: .run("first")
        Started by: send(.refreshTapped) at FailureMessageTests.swift:\(line)

      Let it finish (advance the clock, answer what it waits for), cancel it, or call skipInFlightEffects().
      """,
      """
      An effect is still running.

        Effect: .concatenate(.run("second"), .run("third"))
        Started by: send(.refreshTapped) at FailureMessageTests.swift:\(line)

      Let it finish (advance the clock, answer what it waits for), cancel it, or call skipInFlightEffects().
      """,
    ]) {
      await store.finish()
    }
  }

  /// A store whose every action starts an effect that sleeps a second on a clock nobody moves.
  static func storeOfAWaitingEffect() -> TestStore<Int, Int, Void> {
    let clock = ManualClock()
    let reducer = Reducer<Int, Int, Void> { _, _, _ in
      .run(name: "wait") { _ in try await clock.sleep(for: .seconds(1)) }
    }
    return TestStore(initialState: 0, reducer: reducer, environment: ())
  }

  /// What `finish()` reports of that effect, started at `line`, after waiting 10 ms.
  static func waitedTenMilliseconds(startedAt line: Int) -> String {
    """
    An effect is still running.

      Effect: .run("wait")
      Started by: send(1) at FailureMessageTests.swift:\(line)

    finish() waited 0.01 seconds of real time for it. Let it finish (advance the clock, answer \
    what it waits for), cancel it, or call skipInFlightEffects().
    """
  }

  /// `finish()` that gave up waiting says how long it waited, as `receive` does.
  @Test func runningEffectAtFinishSaysHowLongFinishWaited() async {
    let store = Self.storeOfAWaitingEffect()
    store.timeout = .milliseconds(10)
    await store.send(1)
    let line = #line - 1
    await expectIssues([Self.waitedTenMilliseconds(startedAt: line)]) {
      await store.finish()
    }
  }

  /// A step's own `finish()` says so too.
  @Test func aStepsFinishThatGivesUpSaysHowLongItWaited() async {
    let store = Self.storeOfAWaitingEffect()
    let task = await store.send(1)
    let line = #line - 1
    await expectIssues([Self.waitedTenMilliseconds(startedAt: line)]) {
      await task.finish(timeout: .milliseconds(10))
    }
    await store.skipInFlightEffects()
  }

  /// Effects left running are reported where each started, ten of them; the rest are one
  /// failure that lists ten more and counts the others.
  @Test func manyEffectsLeftRunningAreElevenFailures() async {
    let clock = ManualClock()
    let reducer = Reducer<Int, Int, Void> { _, count, _ in
      .merge(
        (0..<count).map { index in
          .run(name: "wait \(index)") { _ in try await clock.sleep(for: .seconds(1)) }
        })
    }
    let store = TestStore(initialState: 0, reducer: reducer, environment: ())
    store.timeout = .zero
    await store.send(25)
    let line = #line - 1
    let recorded = ValueLog<String>()
    await withKnownIssue {
      await store.finish()
    } matching: { issue in
      recorded.append(issue.comments.first?.rawValue ?? "")
      return true
    }
    let messages = recorded.all
    #expect(messages.count == 11)
    #expect(messages.prefix(10).allSatisfy { $0.hasPrefix("An effect is still running.") })
    let listed = (10..<20).map {
      "  .run(\"wait \($0)\") started by send(25) at FailureMessageTests.swift:\(line)"
    }
    #expect(
      messages.last
        == """
        15 more effects are still running.

        \(listed.joined(separator: "\n"))
          … and 5 more

        Let them finish (advance the clock, answer what they wait for), cancel them, or call skipInFlightEffects().
        """)
  }

  @Test func releasingTheStoreReportsWhatIsLeft() async {
    await expectIssues([
      """
      An action was received but never asserted.

        Action: .pong
        Sent by an effect of send(.pingTapped) at FailureMessageTests.swift:\(#line + 6)

      Assert it with receive(_:) before the test ends, or call skipReceivedActions().
      """
    ]) {
      let store = makeStore()
      await store.send(.pingTapped)
    }
  }

  @Test func unhandledEffectErrorFailsAtTheStepThatStartedIt() async {
    struct Broken: Error {}
    let store = TestStore(
      initialState: 0,
      reducer: Reducer<Int, Int, Void> { _, _, _ in .run(name: "explode") { _ in throw Broken() } },
      environment: ())
    await expectIssues([
      """
      An effect threw an error that nothing handled.

        Effect: .run("explode")
        Started by: send(1) at FailureMessageTests.swift:\(#line + 6)
        Error: FailureMessageTests.Broken()

      Handle it with .run(…, catch: { error, send in … }) and send an action that describes the failure.
      """
    ]) {
      await store.send(1)
    }
  }

  @Test func unimplementedDependencyFailsTheTest() async {
    let store = makeStore()
    store.environment.search = unimplemented("Search.Environment.search")
    await expectIssues([
      """
      An unimplemented dependency was called: Search.Environment.search

      Give the test's environment an implementation of it, or find out why it was called.
      """
    ]) {
      // The effect inherits the test context of the step that starts it, so both are inside.
      await store.send(.queryChanged("a")) {
        $0.query = "a"
        $0.isSearching = true
      }
      await clock.advance(by: .milliseconds(300))
    }
    await store.receive(.searchFailed("Unimplemented: Search.Environment.search")) {
      $0.isSearching = false
      $0.log = ["Unimplemented: Search.Environment.search"]
    }
  }

  @Test func actionForAMissingOptionalChildFailsTheTest() async {
    let child = Reducer<Int, Int, Void> { state, action, _ in
      state += action
      return .none
    }
    let optional = Reducer<Int?, Int, Void>.empty.ifLet(
      \.self, action: .`self`, environment: { $0 }, child: child)
    let line = #line - 2
    let store = TestStore(initialState: Int?.none, reducer: optional, environment: ())
    await expectIssues([
      """
      An action was sent to a child whose state is nil.

        Action: 1
        Reducer: ifLet(\\Optional<Int>.self) at TideTestingTests/FailureMessageTests.swift:\(line)

      Its state is nil: it was dismissed, or never presented. A child's effects are cancelled \
      when its state becomes nil; stop sending to it.
      """
    ]) {
      await store.send(1)
    }
  }
}
