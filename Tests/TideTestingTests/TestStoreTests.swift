import Testing
import Tide
import TideTestSupport

@testable import TideTesting

@MainActor
@Suite struct TestStoreTests {
  let clock = ManualClock()

  func makeStore(
    _ state: Search.State = Search.State(),
    fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) -> TestStore<Search.State, Search.Action, Search.Environment> {
    TestStore(
      initialState: state, reducer: Search.reducer, environment: .test(clock: clock),
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  @Test func sendAndReceiveAssertEveryStep() async {
    let store = makeStore()
    await store.send(.queryChanged("Brus")) {
      $0.query = "Brus"
      $0.isSearching = true
    }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.searchResponse(["Brus 1", "Brus 2"])) {
      $0.isSearching = false
      $0.results = ["Brus 1", "Brus 2"]
    }
    #expect(store.state.results.count == 2)
  }

  @Test func debounceSearchesOnceForABurstOfKeystrokes() async {
    let searches = ValueLog<String>()
    let store = makeStore()
    store.environment.search = { query in
      searches.append(query)
      return [query]
    }
    await store.send(.queryChanged("B")) {
      $0.query = "B"
      $0.isSearching = true
    }
    await clock.advance(by: .milliseconds(200))
    await store.send(.queryChanged("Br")) { $0.query = "Br" }
    await clock.advance(by: .milliseconds(299))
    #expect(searches.all.isEmpty)
    await clock.advance(by: .milliseconds(1))
    await store.receive(.searchResponse(["Br"])) {
      $0.isSearching = false
      $0.results = ["Br"]
    }
    #expect(searches.all == ["Br"])
  }

  @Test func mergedAndConcatenatedEffectsAreReceivedInOrder() async {
    let store = makeStore()
    await store.send(.refreshTapped)
    await store.receive(.refreshed(2)) { $0.log = ["refreshed 2"] }
    await clock.advance(by: .seconds(1))
    await store.receive(.refreshed(1)) { $0.log.append("refreshed 1") }
    await clock.advance(by: .seconds(1))
    await store.receive(.refreshed(3)) { $0.log.append("refreshed 3") }
  }

  @Test func sendEffectsAreReceivedNotReducedImmediately() async {
    let store = makeStore()
    await store.send(.pingTapped)
    #expect(store.receivedActions == [.pong])
    await store.receive(.pong) { $0.log = ["pong"] }
  }

  @Test func receiveMatchingAcceptsAPredicate() async {
    let store = makeStore()
    store.environment.search = { _ in throw Failure(reason: "offline") }
    await store.send(.queryChanged("x")) {
      $0.query = "x"
      $0.isSearching = true
    }
    await clock.advance(by: .milliseconds(300))
    await store.receive(
      { if case .searchFailed = $0 { true } else { false } },
      assert: {
        $0.isSearching = false
        $0.log = [#"Failure(reason: "offline")"#]
      })
  }

  @Test func environmentReplacedMidTestServesTheEffectsStartedAfterwards() async {
    let store = makeStore()
    await store.send(.queryChanged("a")) {
      $0.query = "a"
      $0.isSearching = true
    }
    // The effect already started keeps the environment it was started with.
    store.environment.search = { _ in ["replaced"] }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.searchResponse(["a 1", "a 2"])) {
      $0.isSearching = false
      $0.results = ["a 1", "a 2"]
    }
    await store.send(.queryChanged("b")) {
      $0.query = "b"
      $0.isSearching = true
    }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.searchResponse(["replaced"])) {
      $0.isSearching = false
      $0.results = ["replaced"]
    }
  }

  @Test func cancellingFromTheReducerStopsTheEffect() async {
    let store = makeStore()
    await store.send(.queryChanged("a")) {
      $0.query = "a"
      $0.isSearching = true
    }
    #expect(store.runningEffects.count == 1)
    await store.send(.cancelTapped) { $0.isSearching = false }
    #expect(store.runningEffects.isEmpty)
    await clock.advanceUntilIdle()
  }

  @Test func taskHandleCancelsAndFinishes() async {
    let store = makeStore()
    let task = await store.send(.refreshTapped)
    await store.receive(.refreshed(2)) { $0.log = ["refreshed 2"] }
    #expect(!task.isFinished)
    await task.cancel()
    #expect(task.isFinished)
    #expect(store.runningEffects.isEmpty)
    await task.finish()
  }

  @Test func skipReceivedActionsAppliesThemWithoutAssertions() async {
    let store = makeStore()
    await store.send(.pingTapped)
    await store.skipReceivedActions()
    #expect(store.state.log == ["pong"])
    #expect(store.receivedActions.isEmpty)
  }

  @Test func skipInFlightEffectsCancelsThem() async {
    let store = makeStore()
    await store.send(.refreshTapped)
    await store.receive(.refreshed(2)) { $0.log = ["refreshed 2"] }
    await store.skipInFlightEffects()
    #expect(store.runningEffects.isEmpty)
  }

  @Test func nonExhaustiveChecksOnlyWhatTheClosureTouches() async {
    let store = makeStore()
    store.exhaustivity = .off
    await store.send(.queryChanged("a")) { $0.query = "a" }
    await clock.advance(by: .milliseconds(300))
    await store.send(.pingTapped)
    await store.receive(.pong) { $0.log = ["pong"] }
    #expect(store.state.results == ["a 1", "a 2"])
    await store.send(.refreshTapped)
  }

  /// A non-exhaustive receive that finds none says what it skipped on the way: the action the
  /// test may have meant (a hostile trial saw only "received none").
  @Test func aNonExhaustiveReceiveThatFindsNoneNamesWhatItSkipped() async {
    let store = makeStore()
    store.exhaustivity = .off
    await store.send(.pingTapped)
    let line = #line - 1
    await withKnownIssue {
      await store.receive(.refreshed(1), timeout: .zero)
    } matching: { issue in
      issue.comments.first?.rawValue == """
        Expected to receive .refreshed(1), but received none.

          No effect is running that could send it.

        It skipped 1 received action on the way:

          .pong  (from send(.pingTapped) at TestStoreTests.swift:\(line))
        """
    }
  }

  @Test func nonExhaustiveReceiveSkipsToTheActionItWantsAndSaysSoOnce() async {
    let reports = ValueLog<TestFailure.Report>()
    let collect: @Sendable (TestFailure.Report) -> Void = { reports.append($0) }
    await TestFailure.$collector.withValue(TestFailure.Collector(collect)) {
      let store = makeStore()
      store.exhaustivity = .off(showSkippedAssertions: true)
      await store.send(.refreshTapped)
      await clock.advance(by: .seconds(2))
      // Non-exhaustive closures apply to the actual state, so they assign rather than append.
      await store.receive(.refreshed(3)) { $0.log = ["refreshed 2", "refreshed 1", "refreshed 3"] }
    }
    #expect(reports.all.map(\.isKnown) == [true])
    #expect(reports.all.first?.message.hasPrefix("Skipped 2 received actions.") == true)
  }

  /// Effects that send other actions without end (a timer on an immediate clock) kept the
  /// non-exhaustive wait skipping them for ever, past its timeout: the test never ended.
  @Test func nonExhaustiveReceiveEndsAtItsTimeoutWhileEffectsSendOtherActions() async {
    enum Action: Equatable, Sendable { case start, tick, done }
    let reducer = Reducer<Int, Action, ImmediateClock> { ticks, action, clock in
      switch action {
      case .start:
        return .run(name: "ticker") { send in
          for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
        }
      case .tick:
        ticks += 1
      case .done:
        break
      }
      return .none
    }
    let store = TestStore(initialState: 0, reducer: reducer, environment: ImmediateClock())
    store.exhaustivity = .off
    let line = #line + 4
    let recorded = ValueLog<String>()
    // The ticker never waits, which is reported too, at each step that runs it.
    await withKnownIssue {
      await store.send(.start)
      await store.receive(.done, timeout: .zero)
    } matching: { issue in
      recorded.append(issue.comments.first?.rawValue ?? "")
      return true
    }
    let none = """
      Expected to receive .done, but received none.

        Still running: .run("ticker") started by send(.start) at TestStoreTests.swift:\(line)

      Waited 0.0 seconds of real time. Advance the ManualClock the effect sleeps on, or raise timeout if it waits on something real.
      """
    // Then the ticks it skipped, as many as ran: ten listed, and a count.
    #expect(
      recorded.all.last?.hasPrefix(none + "\n\nIt skipped ") == true, "\(recorded.all.last ?? "")")
    #expect(recorded.all.last?.contains("  .tick  (from send(.start) at ") == true)
    #expect(
      recorded.all.dropLast().allSatisfy {
        $0.hasPrefix("Effects keep running without ever waiting.")
      })
    #expect(store.state > 0)
    // However long the timeout, effects that run away end the wait once reported: this one
    // would take ten minutes otherwise.
    await withKnownIssue {
      await store.receive(.done, timeout: .seconds(600))
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix("Effects keep running without ever waiting.") == true
        || issue.comments.first?.rawValue.hasPrefix("Expected to receive .done") == true
    }
    await store.skipInFlightEffects()
  }

  @Test("Non-exhaustive receive waits for the match when it comes after an action it skips")
  func nonExhaustiveReceiveWaitsForTheMatch() async {
    enum Action: Equatable, Sendable {
      case start
      case first
      case second(Int)
    }
    let reducer = Reducer<[String], Action, Void> { log, action, _ in
      log.append("\(action)")
      switch action {
      case .start:
        return .send(.first)
      case .first:
        // The answer comes from off the test's executor, so it arrives in real time.
        return .run { send in await send(.second(await Task.detached { 42 }.value)) }
      case .second:
        return .none
      }
    }
    let store = TestStore(initialState: [], reducer: reducer, environment: ())
    store.exhaustivity = .off
    await store.send(.start)
    await store.receive(.second(42))
    #expect(store.state == ["start", "first", "second(42)"])
  }

  @Test("Skipped actions are reduced one at a time, each followed by its own follow-ups")
  func skippedActionsKeepTheLiveOrder() async {
    enum Action: Equatable, Sendable {
      case start, a, a1, b, c, c1, other
    }
    let reducer = Reducer<[Action], Action, Void> { log, action, _ in
      if action != .start { log.append(action) }
      switch action {
      case .start:
        return .run { send in
          await send(.a)
          await send(.c)
          await send(.b)
        }
      case .a: return .send(.a1)
      case .c: return .send(.c1)
      default: return .none
      }
    }
    let live = Store(initialState: [], reducer: reducer, environment: ())
    await live.send(.start).finish()
    #expect(live.state == [.a, .a1, .c, .c1, .b])

    let receiving = TestStore(initialState: [], reducer: reducer, environment: ())
    receiving.exhaustivity = .off
    await receiving.send(.start)
    await receiving.receive(.b)
    #expect(receiving.state == live.state)

    let skipping = TestStore(initialState: [], reducer: reducer, environment: ())
    skipping.exhaustivity = .off
    await skipping.send(.start)
    await skipping.send(.other)
    #expect(skipping.state == live.state + [.other])
  }

  @Test func nonExhaustiveReportsSkippedAssertionsAsKnownIssues() async {
    let reports = ValueLog<TestFailure.Report>()
    let collect: @Sendable (TestFailure.Report) -> Void = { reports.append($0) }
    await TestFailure.$collector.withValue(TestFailure.Collector(collect)) {
      let store = makeStore()
      store.exhaustivity = .off(showSkippedAssertions: true)
      await store.send(.pingTapped)
      await store.send(.noop)
      #expect(store.state.log == ["pong"])
    }
    #expect(reports.all.map(\.isKnown) == [true])
    #expect(
      reports.all.first?.message.hasPrefix(
        "Skipped 1 received action.\n\n  .pong  (from send(.pingTapped) at TestStoreTests.swift:")
        == true)
  }
}

struct Failure: Error, Equatable {
  let reason: String
}
