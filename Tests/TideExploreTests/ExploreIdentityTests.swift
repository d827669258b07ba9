import Testing
import Tide
import TideExplore

/// `Explorer(identity:)` tells configurations apart by a projection of the state, so a field
/// that cannot matter (a keystroke counter) does not multiply the states exhaustive mode visits.
@MainActor
@Suite struct ExploreIdentityTests {
  struct Field: Equatable {
    var text = ""
    var keystrokes = 0
  }

  static let typing = Reducer<Field, String, Void> { field, key, _ in
    field.text = key == "⌫" ? String(field.text.dropLast()) : String((field.text + key).suffix(2))
    field.keystrokes += 1
    return .none
  }

  func explorer(identity: ((Field) -> AnyHashable)?) -> Explorer<Field, String, Void> {
    Explorer(
      initialState: Field(), reducer: Self.typing, environment: { _, _ in },
      actions: { _ in ["a", "b", "⌫"] },
      invariants: [.always("the text is never ba") { $0.text != "ba" }], identity: identity)
  }

  @Test func aProjectionMergesStatesThatDifferOnlyOutsideIt() async {
    let whole = await explorer(identity: nil).exhaustive(depth: 5)
    let projected = await explorer(identity: { $0.text }).exhaustive(depth: 5)
    // Both find the bug, by the same shortest schedule.
    #expect(whole.failure?.schedule == [.send("b"), .send("a")])
    #expect(projected.failure?.schedule == [.send("b"), .send("a")])
    // Before "b" then "a" fails, breadth first: "", "a", "b", "⌫", "aa", "ab", "a⌫". By text
    // alone, "⌫" and "a⌫" are the initial state again: 5 configurations, not 7.
    #expect(whole.states?.distinct == 7)
    #expect(projected.states?.distinct == 5)
  }
}
