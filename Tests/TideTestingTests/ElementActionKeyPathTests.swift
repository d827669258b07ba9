import Testing
import Tide
import TideTesting

/// One element's action named by a key path, `\.memo[id: 2].loaded.success`: received by case
/// and payload though no action is `Equatable`, as the reference's `\.rows[id:]` is.
@MainActor
@Suite struct ElementActionKeyPathTests {
  struct Failure: Error {}

  struct Memo: Identifiable, Equatable, Sendable {
    let id: Int
    var seconds = 0.0
  }

  enum MemoAction: Sendable, CasePathable {
    case play
    case loaded(Result<Double, any Error>)

    struct AllCasePaths: Sendable {
      let play = CasePath<MemoAction, Void>(
        embed: { MemoAction.play }, extract: { if case .play = $0 { () } else { nil } })
      let loaded = CasePath<MemoAction, Result<Double, any Error>>(
        embed: MemoAction.loaded, extract: { if case .loaded(let r) = $0 { r } else { nil } })
    }
    static let allCasePaths = AllCasePaths()
  }

  enum Action: Sendable, CasePathable {
    case memo(id: Int, action: MemoAction)

    struct AllCasePaths: Sendable {
      let memo = CasePath<Action, (Int, MemoAction)>(
        embed: Action.memo,
        extract: { if case .memo(let id, let action) = $0 { (id, action) } else { nil } })
    }
    static let allCasePaths = AllCasePaths()
  }

  static let memo = Reducer<Memo, MemoAction, Void> { memo, action, _ in
    switch action {
    case .play:
      let id = memo.id
      return .run { send in await send(.loaded(.success(Double(id) / 2))) }
    case .loaded(.success(let seconds)):
      memo.seconds = seconds
      return .none
    case .loaded(.failure):
      return .none
    }
  }

  static let reducer = Reducer<IdentifiedArray<Memo>, Action, Void>.empty.forEach(
    \.self, action: \.memo, environment: { $0 }, child: memo)

  static func makeStore() -> TestStore<IdentifiedArray<Memo>, Action, Void> {
    TestStore(
      initialState: IdentifiedArray([Memo(id: 1), Memo(id: 2)]), reducer: reducer,
      environment: ())
  }

  /// What the second memo's answer did to the state, which each failure below shows after the
  /// actions.
  nonisolated static let secondMemoLoaded = """
    It changed the state:

          [
            [0]: ElementActionKeyPathTests.Memo(id: 1, seconds: 0.0),
            [1]: ElementActionKeyPathTests.Memo(
              id: 2,
        −     seconds: 0.0
        +     seconds: 1.0
            )
          ]

    (Before: −, After: +)
    """

  @Test("An element's action is sent and received by its identifier and case")
  func anElementsActionIsReceivedByItsIdentifierAndCase() async {
    let store = Self.makeStore()
    await store.send(\.memo[id: 2].play)
    await store.receive(\.memo[id: 2].loaded.success, 1.0) { $0[id: 2]?.seconds = 1 }
    await store.send(\.memo[id: 1].play)
    await store.receive(\.memo[id: 1].loaded) { $0[id: 1]?.seconds = 0.5 }
  }

  @Test("Another element's action fails, naming the case and that the identifier may differ")
  func anotherElementsActionFails() async {
    let store = Self.makeStore()
    await store.send(\.memo[id: 2].play)
    let line = #line - 1
    await withKnownIssue {
      await store.receive(\.memo[id: 1].loaded) { $0[id: 2]?.seconds = 1 }
    } matching: { issue in
      issue.comments.first?.rawValue == """
        Received unexpected action.

            + .memo(id: 2, action: .loaded(.success(1.0)))

        It is of case .memo, but the rest of the key path does not match it (a case inside it, \
        or an element's identifier).

          Sent by an effect of send(.memo(id: 2, action: .play)) at \
        ElementActionKeyPathTests.swift:\(line)

        \(Self.secondMemoLoaded)
        """
    }
  }

  @Test("By a case path value, another element's action fails saying so")
  func anotherElementsActionByCasePathValueFails() async {
    let store = Self.makeStore()
    await store.send(\.memo[id: 2].play)
    let line = #line - 1
    await withKnownIssue {
      await store.receive(Action.allCasePaths.memo[id: 1]) { $0[id: 2]?.seconds = 1 }
    } matching: { issue in
      issue.comments.first?.rawValue == """
        Received unexpected action.

            + .memo(id: 2, action: .loaded(.success(1.0)))

        It is of another case, or, for one element's actions, of another element.

          Sent by an effect of send(.memo(id: 2, action: .play)) at \
        ElementActionKeyPathTests.swift:\(line)

        \(Self.secondMemoLoaded)
        """
    }
  }

  @Test("With a payload, the failure is a diff that shows the identifier")
  func aPayloadMismatchIsADiff() async {
    let store = Self.makeStore()
    await store.send(\.memo[id: 2].play)
    let line = #line - 1
    await withKnownIssue {
      await store.receive(\.memo[id: 1].loaded.success, 1.0) { $0[id: 2]?.seconds = 1 }
    } matching: { issue in
      issue.comments.first?.rawValue == """
        Received unexpected action.

              .memo(
            −   id: 1,
            +   id: 2,
                action: .loaded(.success(1.0))
              )

        (Expected: −, Received: +)

          Sent by an effect of send(.memo(id: 2, action: .play)) at \
        ElementActionKeyPathTests.swift:\(line)

        \(Self.secondMemoLoaded)
        """
    }
  }

  @Test("A stack's screen is named through its element case")
  func aStacksScreenIsNamedThroughItsElementCase() {
    let screen = StackAction<Int, MemoAction>.allCasePaths.element[id: 4].play
    #expect(screen.extract(.element(id: 4, action: .play)) != nil)
    #expect(screen.extract(.element(id: 5, action: .play)) == nil)
    #expect(screen.extract(.popFrom(id: 4)) == nil)
    guard case .element(let id, .play) = screen.embed(()) else {
      Issue.record("embedded as another case")
      return
    }
    #expect(id == 4)
  }
}
