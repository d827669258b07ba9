import Testing
import Tide
import TideTesting

/// A recursive feature under a `TestStore`: a shared change made three levels down is asserted
/// once, on any copy, and forgetting it fails with a diff that names the shared value.
@MainActor
@Suite struct RecursiveTestStoreTests {
  struct Node: Equatable, Identifiable, Sendable, SharedState {
    let id: Int
    var picked = Shared(key: "picked", default: 0)
    var rows: IdentifiedArray<Node> = []
    static let sharedFields: [SharedField<Self>] = [.field(\.picked)]
  }

  indirect enum Action: Equatable, Sendable {
    case pick(Int)
    case row(id: Int, action: Action)
  }

  static let reducer = Reducer<Node, Action, Void>.recursive { outline in
    Reducer<Node, Action, Void> { node, action, _ in
      if case .pick(let value) = action { node.picked.value = value }
      return .none
    }
    .forEach(\.rows, action: CasePath(Action.row), environment: { $0 }, child: outline)
  }

  static func makeStore() -> TestStore<Node, Action, Void> {
    TestStore(
      initialState: Node(id: 0, rows: [Node(id: 1, rows: [Node(id: 2)])]),
      reducer: reducer, environment: ())
  }

  @Test("A change three levels down is asserted once, on the root's copy")
  func aDeepSharedChangeIsAssertedOnce() async {
    let store = Self.makeStore()
    await store.send(.row(id: 1, action: .row(id: 2, action: .pick(7)))) {
      $0.picked.value = 7
    }
    #expect(store.state.rows[id: 1]?.rows[id: 2]?.picked.value == 7)
  }

  @Test("Forgetting it fails with a diff of the shared value")
  func forgettingADeepSharedChangeFails() async {
    let store = Self.makeStore()
    await withKnownIssue {
      await store.send(.row(id: 1, action: .row(id: 2, action: .pick(7))))
    } matching: { issue in
      issue.comments.map(\.rawValue).joined() == """
        A state change does not match expectation.

              RecursiveTestStoreTests.Node(
                id: 0,
                picked: Shared<Int>(
                  key: "picked",
            −     value: 0
            +     value: 7
                ),
                rows: [… 1 element]
              )

        (Expected: −, Actual: +)

        Expected closure: { $0.picked.value = 7 }
        """
    }
  }
}
