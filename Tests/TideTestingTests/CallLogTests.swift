import Testing
import Tide
import TideTesting

/// A call log keeps every call a fake environment got, in order, from any thread.
@Suite struct CallLogTests {
  @Test func callsAreKeptInOrder() async throws {
    let searches = CallLog<String>()
    #expect(searches.calls.isEmpty && searches.count == 0)
    let search: @Sendable (String) async throws -> [String] = { query in
      searches.append(query)
      return [query]
    }
    _ = try await search("Br")
    _ = try await search("Bru")
    #expect(searches.calls == ["Br", "Bru"])
    #expect(searches.count == 2)
  }

  @Test func callsFromManyTasksAtOnceAreAllKept() async {
    let log = CallLog<Int>()
    await withTaskGroup(of: Void.self) { group in
      for task in 0..<8 {
        group.addTask { for call in 0..<500 { log.append(task * 1_000 + call) } }
      }
    }
    #expect(log.count == 4_000)
    #expect(Set(log.calls).count == 4_000)
    // Each task's calls keep their order.
    for task in 0..<8 {
      let own = log.calls.filter { $0 / 1_000 == task }
      #expect(own == own.sorted())
    }
  }

  @MainActor @Test func anEffectsCallsAreNotedWhereTheTestReadsThem() async {
    let saves = CallLog<[String]>()
    let reducer = Reducer<[String], String, @Sendable ([String]) async -> Void> {
      state, name, save in
      state.append(name)
      return .run { [state] _ in await save(state) }
    }
    let store = TestStore(
      initialState: [], reducer: reducer, environment: { saves.append($0) })
    await store.send("Rome") { $0 = ["Rome"] }
    await store.send("Oslo") { $0 = ["Rome", "Oslo"] }
    await store.finish()
    // Two saves, each once; their effects may end in either order.
    #expect(saves.count == 2)
    #expect(Set(saves.calls) == [["Rome"], ["Rome", "Oslo"]])
  }
}
