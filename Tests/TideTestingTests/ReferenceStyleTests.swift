import Testing
import TideTestSupport

@testable import Tide
@testable import TideTesting

/// What the reference library's tests use, in Tide's spelling (issue 35, §3): actions that are
/// not `Equatable`, receiving and sending by case path, exhaustivity for a block, asserting the
/// state without an action, and a clock's timer.
@MainActor
@Suite struct ReferenceStyleTests {
  /// What the fetch's answer did to the state, which several failures below show.
  nonisolated static let fetchLoaded = """
    It changed the state:

          ReferenceStyleTests.Fetch.State(
        −   value: nil,
        +   value: 42,
            failed: false
          )

    (Before: −, After: +)
    """

  /// What the child's doubling did to the state, which several failures below show.
  nonisolated static let childDoubled = """
    It changed the state:

          ReferenceStyleTests.Parent.State(
            child: ReferenceStyleTests.Child.State(
        −     count: 5
        +     count: 10
            )
          )

    (Before: −, After: +)
    """

  struct Failed: Error {}

  /// A feature whose action carries an error, so it cannot be `Equatable`.
  enum Fetch {
    struct State: Equatable {
      var value: Int?
      var failed = false
    }
    enum Action: Sendable {
      case load
      case response(Result<Int, any Error>)
    }
    struct Environment {
      var fetch: @Sendable () async throws -> Int
    }
    static let reducer = Reducer<State, Action, Environment> { state, action, environment in
      switch action {
      case .load:
        return .run { send in
          do {
            await send(.response(.success(try await environment.fetch())))
          } catch {
            await send(.response(.failure(error)))
          }
        }
      case .response(.success(let value)):
        state.value = value
        return .none
      case .response(.failure):
        state.failed = true
        return .none
      }
    }
  }

  @Test func actionsThatAreNotEquatableAreReceivedByCase() async {
    let store = TestStore(
      initialState: Fetch.State(), reducer: Fetch.reducer,
      environment: Fetch.Environment(fetch: { 42 }))
    await store.send(.load)
    await store.receive(CasePath(Fetch.Action.response)) { $0.value = 42 }
    store.environment.fetch = { throw Failed() }
    await store.send(.load)
    await store.receive(CasePath(Fetch.Action.response)) { $0.failed = true }
  }

  /// A case without a payload is one action: a failure shows the two actions as a diff.
  @Test func anActionOfAnotherCaseFails() async {
    let store = TestStore(
      initialState: Fetch.State(), reducer: Fetch.reducer,
      environment: Fetch.Environment(fetch: { 42 }))
    await store.send(.load)
    let line = #line - 1
    await withKnownIssue {
      await store.receive(CasePath(Fetch.Action.load))
    } matching: { issue in
      issue.comments.first?.rawValue == """
        Received unexpected action.

            − .load
            + .response(.success(42))

        (Expected: −, Received: +)

          Sent by an effect of send(.load) at ReferenceStyleTests.swift:\(line)

        \(Self.fetchLoaded)
        """
    }
  }

  @Test func actionsAreReceivedByTheKeyPathOfTheirCase() async {
    let store = TestStore(
      initialState: Fetch.State(), reducer: Fetch.reducer,
      environment: Fetch.Environment(fetch: { 42 }))
    await store.send(.load)
    await store.receive(\.response) { $0.value = 42 }
    store.environment.fetch = { throw Failed() }
    await store.send(.load)
    await store.receive(\.response) { $0.failed = true }
  }

  /// A case inside a case, in one key path, as the reference writes `\.searchResponse.success`.
  @Test func aCaseInsideAResultIsReceivedByOneKeyPath() async {
    let store = TestStore(
      initialState: Fetch.State(), reducer: Fetch.reducer,
      environment: Fetch.Environment(fetch: { 42 }))
    await store.send(.load)
    await store.receive(\.response.success) { $0.value = 42 }
    await store.send(.load)
    await store.receive(\.response.success, 42)
    store.environment.fetch = { throw Failed() }
    await store.send(.load)
    let line = #line - 1
    await withKnownIssue {
      await store.receive(\.response.success) { $0.failed = true }
    } matching: { issue in
      issue.comments.first?.rawValue == """
        Received unexpected action.

            + .response(.failure(ReferenceStyleTests.Failed()))

        It is of case .response, but the rest of the key path does not match it (a case inside it, or an element's identifier).

          Sent by an effect of send(.load) at ReferenceStyleTests.swift:\(line)

        It changed the state:

              ReferenceStyleTests.Fetch.State(
                value: 42,
            −   failed: false
            +   failed: true
              )

        (Before: −, After: +)
        """
    }
    await store.send(.load)
    await store.receive(\.response.failure)
    await withKnownIssue {
      await store.receive(\.response.success)
    } matching: { issue in
      issue.comments.first?.rawValue == """
        Expected to receive an action of case .response that the rest of the key path matches, but received none.

          No effect is running that could send it.
        """
    }
  }

  /// An effect that answers with a case other than the one a nested key path starts with.
  enum Answer {
    enum Action: Sendable, CasePathable {
      case ask
      case response(Result<Int, Failed>)
      case gaveUp
      struct AllCasePaths { let response = CasePath(Action.response) }
      static let allCasePaths = AllCasePaths()
    }
    static let reducer = Reducer<Int, Action, Void> { _, action, _ in
      if case .ask = action { return .send(.gaveUp) }
      return .none
    }
  }

  @Test func aCaseInsideACaseNamesTheOuterCaseWhenTheActionIsOfAnother() async {
    let store = TestStore(initialState: 0, reducer: Answer.reducer, environment: ())
    await store.send(.ask)
    let line = #line - 1
    await withKnownIssue {
      await store.receive(\.response.success)
    } matching: { issue in
      issue.comments.first?.rawValue == """
        Received unexpected action.

            + .gaveUp

        It is not of case .response.

          Sent by an effect of send(.ask) at ReferenceStyleTests.swift:\(line)

        It left the state as it was.
        """
    }
  }

  /// Through a presentation and a stack, as the reference writes
  /// `\.destination.presented.rename`: `PresentationAction` and `StackAction` name their cases.
  @Test func aPresentedChildsActionIsReceivedByOneKeyPath() async {
    let paths = Places.Action.allCasePaths
    #expect(
      paths.destination.presented.rename.extract(.destination(.presented(.rename(.saved))))
        == .saved)
    #expect(paths.destination.presented.rename.extract(.destination(.dismiss)) == nil)
    #expect(paths.destination.dismiss.extract(.destination(.dismiss)) != nil)
    #expect(paths.path.popFrom.extract(.path(.popFrom(id: 2))) == 2)
    #expect(paths.path.element.extract(.path(.element(id: 1, action: .tick)))?.id == 1)
    #expect(paths.path.push.extract(.path(.popFrom(id: 2))) == nil)

    let clock = ManualClock()
    let store = TestStore(
      initialState: Places.State(), reducer: Places.reducer,
      environment: Places.Environment(clock: clock))
    store.exhaustivity = .off
    await store.send(.renameTapped(0))
    await store.send(.destination(.presented(.rename(.saveTapped))))
    await clock.advance(by: .seconds(1))
    await store.receive(\.destination.presented.rename, .saved)
    await store.receive(\.destination.dismiss)
  }

  @Test func anActionOfAnotherCaseThanTheKeyPathNamesFails() async {
    let store = TestStore(
      initialState: Fetch.State(), reducer: Fetch.reducer,
      environment: Fetch.Environment(fetch: { 42 }))
    await store.send(.load)
    let line = #line - 1
    await withKnownIssue {
      await store.receive(\.load)
    } matching: { issue in
      issue.comments.first?.rawValue == """
        Received unexpected action.

            − .load
            + .response(.success(42))

        (Expected: −, Received: +)

          Sent by an effect of send(.load) at ReferenceStyleTests.swift:\(line)

        \(Self.fetchLoaded)
        """
    }
  }

  /// A feature whose effect sends a case without a payload where a test may expect another.
  enum Ping {
    enum Action: Sendable, CasePathable {
      case ping
      case pong(Int)
      case pung
      struct AllCasePaths { let pong = CasePath(Action.pong) }
      static let allCasePaths = AllCasePaths()
    }
    static let reducer = Reducer<Int, Action, Void> { _, action, _ in
      if case .ping = action { return .send(.pung) }
      return .none
    }
  }

  @Test func aKeyPathsCaseIsNamedWhenTheActionIsOfAnother() async {
    let store = TestStore(initialState: 0, reducer: Ping.reducer, environment: ())
    await store.send(.ping)
    let line = #line - 1
    await withKnownIssue {
      await store.receive(\.pong)
    } matching: { issue in
      issue.comments.first?.rawValue == """
        Received unexpected action.

            + .pung

        It is not of case .pong.

          Sent by an effect of send(.ping) at ReferenceStyleTests.swift:\(line)

        It left the state as it was.
        """
    }
    await withKnownIssue {
      await store.receive(\.pong)
    } matching: { issue in
      issue.comments.first?.rawValue == """
        Expected to receive an action of case .pong, but received none.

          No effect is running that could send it.
        """
    }
  }

  /// A case whose payload is of any type, listed by a computed property.
  enum Loose {
    enum Action: Sendable, CasePathable {
      case ping
      case anything(any Sendable)
      case other
      struct AllCasePaths {
        var anything: CasePath<Action, any Sendable> { CasePath(Action.anything) }
      }
      static let allCasePaths = AllCasePaths()
    }
    static let reducer = Reducer<Int, Action, Void> { _, action, _ in
      if case .ping = action { return .send(.other) }
      return .none
    }
  }

  /// A computed property of `AllCasePaths` has no name Swift prints, and a payload of any type
  /// is not a case without one: both fail in the general words.
  @Test func aCaseTheKeyPathCannotNameIsDescribedInGeneral() async {
    let store = TestStore(initialState: 0, reducer: Loose.reducer, environment: ())
    await store.send(.ping)
    let line = #line - 1
    await withKnownIssue {
      await store.receive(\.anything)
    } matching: { issue in
      issue.comments.first?.rawValue == """
        Received unexpected action.

            + .other

        It is of another case, or, for one element's actions, of another element.

          Sent by an effect of send(.ping) at ReferenceStyleTests.swift:\(line)

        It left the state as it was.
        """
    }
    await withKnownIssue {
      await store.receive(CasePath(Loose.Action.anything))
    } matching: { issue in
      issue.comments.first?.rawValue == """
        Expected to receive an action of the expected case, but received none.

          No effect is running that could send it.
        """
    }
  }

  @Test func anActionIsSentByTheKeyPathOfItsCase() async {
    let store = TestStore(initialState: Parent.State(), reducer: Parent.reducer, environment: ())
    await store.send(\.child, .set(5)) { $0.child.count = 5 }
    await store.receive(\.child, .doubled(10)) { $0.child.count = 10 }
  }

  @Test func aPayloadIsReceivedByTheKeyPathOfItsCase() async {
    let store = TestStore(initialState: Parent.State(), reducer: Parent.reducer, environment: ())
    await store.send(.child(.set(5))) { $0.child.count = 5 }
    await store.receive(\.child, .doubled(10)) { $0.child.count = 10 }
    await store.send(.child(.set(1))) { $0.child.count = 1 }
    let line = #line - 1
    await withKnownIssue {
      await store.receive(\.child, .doubled(3)) { $0.child.count = 2 }
    } matching: { issue in
      issue.comments.first?.rawValue == """
        Received unexpected action.

              .child(
                .doubled(
            −     3
            +     2
                )
              )

        (Expected: −, Received: +)

          Sent by an effect of send(.child(.set(1))) at ReferenceStyleTests.swift:\(line)

        It changed the state:

              ReferenceStyleTests.Parent.State(
                child: ReferenceStyleTests.Child.State(
            −     count: 1
            +     count: 2
                )
              )

        (Before: −, After: +)
        """
    }
  }

  @Test func anActionThePredicateRejectsFails() async {
    let store = TestStore(
      initialState: Fetch.State(), reducer: Fetch.reducer,
      environment: Fetch.Environment(fetch: { 42 }))
    await store.send(.load)
    let line = #line - 1
    await withKnownIssue {
      await store.receive({ if case .load = $0 { true } else { false } })
    } matching: { issue in
      issue.comments.first?.rawValue == """
        Received unexpected action.

            + .response(.success(42))

        It does not match the predicate.

          Sent by an effect of send(.load) at ReferenceStyleTests.swift:\(line)

        \(Self.fetchLoaded)
        """
    }
  }

  /// Two levels of enum, to send and receive through.
  enum Parent {
    struct State: Equatable { var child = Child.State() }
    enum Action: Equatable, Sendable { case child(Child.Action) }
    static let reducer = Child.reducer.pullback(
      state: \State.child, action: CasePath(Action.child), environment: { $0 })
  }

  enum Child {
    struct State: Equatable { var count = 0 }
    enum Action: Equatable, Sendable {
      case set(Int)
      case doubled(Int)
    }
    static let reducer = Reducer<State, Action, Void> { state, action, _ in
      switch action {
      case .set(let count):
        state.count = count
        return .send(.doubled(count * 2))
      case .doubled(let count):
        state.count = count
        return .none
      }
    }
  }

  static let set = CasePath(Parent.Action.child).appending(path: CasePath(Child.Action.set))
  static let doubled = CasePath(Parent.Action.child).appending(path: CasePath(Child.Action.doubled))

  @Test func nestedCasesAreSentAndReceivedByCasePath() async {
    let store = TestStore(initialState: Parent.State(), reducer: Parent.reducer, environment: ())
    await store.send(Self.set, 5) { $0.child.count = 5 }
    await store.receive(Self.doubled, 10) { $0.child.count = 10 }
  }

  @Test func aPayloadThatDiffersFailsWithADiff() async {
    let store = TestStore(initialState: Parent.State(), reducer: Parent.reducer, environment: ())
    await store.send(Self.set, 5) { $0.child.count = 5 }
    let line = #line - 1
    await withKnownIssue {
      await store.receive(Self.doubled, 11) { $0.child.count = 10 }
    } matching: { issue in
      issue.comments.first?.rawValue == """
        Received unexpected action.

              .child(
                .doubled(
            −     11
            +     10
                )
              )

        (Expected: −, Received: +)

          Sent by an effect of send(.child(.set(5))) at ReferenceStyleTests.swift:\(line)

        \(Self.childDoubled)
        """
    }
    #expect(store.state.child.count == 10)
  }

  @Test func aCaseWithoutAPayloadThatNeverCameIsNamed() async {
    let store = TestStore(
      initialState: Fetch.State(), reducer: Fetch.reducer,
      environment: Fetch.Environment(fetch: { 42 }))
    await withKnownIssue {
      await store.receive(\.load)
    } matching: { issue in
      issue.comments.first?.rawValue == """
        Expected to receive .load, but received none.

          No effect is running that could send it.
        """
    }
  }

  @Test func anActionOfAnotherCaseThanAPayloadsCasePathFails() async {
    let store = TestStore(initialState: Parent.State(), reducer: Parent.reducer, environment: ())
    await store.send(Self.set, 5) { $0.child.count = 5 }
    let line = #line - 1
    await withKnownIssue {
      await store.receive(Self.set)
    } matching: { issue in
      issue.comments.first?.rawValue == """
        Received unexpected action.

            + .child(.doubled(10))

        It is of another case, or, for one element's actions, of another element.

          Sent by an effect of send(.child(.set(5))) at ReferenceStyleTests.swift:\(line)

        \(Self.childDoubled)
        """
    }
  }

  @Test func exhaustivityCanBeSetForABlock() async {
    let store = TestStore(initialState: Parent.State(), reducer: Parent.reducer, environment: ())
    await store.withExhaustivity(.off) {
      await store.send(Self.set, 5)
      #expect(store.exhaustivity == .off)
    }
    #expect(store.exhaustivity == .on)
    // The block took its follow-up as it was reduced: nothing is left over, and the state is
    // the one the store is in.
    #expect(store.receivedActions.isEmpty)
    store.assert { $0.child.count = 10 }
  }

  @Test func aNonExhaustiveBlockTakesWhatItsEffectsSent() async {
    let clock = ManualClock()
    let store = TestStore(initialState: 0, reducer: Timer.reducer(clock: clock), environment: ())
    await store.withExhaustivity(.off) {
      await store.send(.start)
      await clock.advance(by: .seconds(2))
    }
    // The two ticks were reduced in the block; the timer runs on, for the test to assert.
    store.assert { $0 = 2 }
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0 = 3 }
    await store.send(.stop)
  }

  @Test func assertingTheStateWithoutAnActionShowsTheDifference() async {
    let store = TestStore(initialState: Parent.State(), reducer: Parent.reducer, environment: ())
    withKnownIssue {
      store.assert { $0.child.count = 1 }
    } matching: { issue in
      issue.comments.first?.rawValue == """
        The state does not match expectation.

              ReferenceStyleTests.Parent.State(
                child: ReferenceStyleTests.Child.State(
            −     count: 1
            +     count: 0
                )
              )

        (Expected: −, Actual: +)
        """
    }
  }

  /// A timer on the clock, started and stopped.
  enum Timer {
    enum Action: Equatable, Sendable {
      case start, stop, tick
    }
    enum CancelID { case timer }
    static func reducer(clock: ManualClock) -> Reducer<Int, Action, Void> {
      Reducer { count, action, _ in
        switch action {
        case .start:
          return .run { send in
            for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
          }
          .cancellable(id: CancelID.timer)
        case .stop:
          return .cancel(id: CancelID.timer)
        case .tick:
          count += 1
          return .none
        }
      }
    }
  }

  @Test func aClockTimerTicksEveryIntervalUntilCancelled() async {
    let clock = ManualClock()
    let store = TestStore(initialState: 0, reducer: Timer.reducer(clock: clock), environment: ())
    await store.send(.start)
    await clock.advance(by: .milliseconds(2500))
    await store.receive(.tick) { $0 = 1 }
    await store.receive(.tick) { $0 = 2 }
    await clock.advance(by: .milliseconds(500))
    await store.receive(.tick) { $0 = 3 }
    await store.send(.stop)
    await clock.advance(by: .seconds(10))
    #expect(store.receivedActions.isEmpty)
  }

  @Test func aTimersTicksDoNotDrift() async {
    let clock = ManualClock()
    // Held as an environment holds it: any clock.
    let anyClock: any Clock<Duration> = clock
    let reducer = Reducer<[Duration], Int, Void> { ticks, action, _ in
      if action == 0 {
        return .run { send in
          for await tick in anyClock.timer(interval: .milliseconds(300)) { await send(tick) }
        }
      }
      ticks.append(clock.now.offset)
      return .none
    }
    let store = Store(initialState: [], reducer: reducer, environment: (), drivenBy: clock)
    let task = store.send(0)
    for _ in 0..<7 { await clock.advance(by: .milliseconds(150)) }
    #expect(store.state == [.milliseconds(300), .milliseconds(600), .milliseconds(900)])
    task.cancel()
    await clock.advance()
    #expect(store.runningEffects.isEmpty)
  }
}

extension ReferenceStyleTests.Fetch.Action: CasePathable {
  /// One line a case, a case without values among them.
  struct AllCasePaths {
    let load = CasePath(ReferenceStyleTests.Fetch.Action.load)
    let response = CasePath(ReferenceStyleTests.Fetch.Action.response)
  }
  static let allCasePaths = AllCasePaths()
}

extension ReferenceStyleTests.Parent.Action: CasePathable {
  struct AllCasePaths {
    let child = CasePath(ReferenceStyleTests.Parent.Action.child)
  }
  static let allCasePaths = AllCasePaths()
}
