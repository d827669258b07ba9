// swift-format-ignore-file
// Exported by the REPL (:export-test) from a session of the todos feature,
// environment none. Every step asserts its exact state change.
// It holds the values typed in the session, passwords included, so the REPL creates it
// readable by you only; keep it private.

import Testing
import Tide
import TideTestSupport
import TideTesting

@MainActor
@Test func exportedTodosSessionTests() async {
  let store = TestStore(
    initialState: Todos.State(),
    reducer: Todos.reducer,
    environment: ()
  )
  await store.send(.addTapped(title: "Milk")) {
    $0.todos = [Todos.Todo(id: 1, title: "Milk", isDone: false)]
    $0.nextID = 2
  }
  await store.send(.addTapped(title: "Eggs")) {
    $0.todos.append(Todos.Todo(id: 2, title: "Eggs", isDone: false))
    $0.nextID = 3
  }
  await store.send(.addTapped(title: "Tea")) {
    $0.todos.append(Todos.Todo(id: 3, title: "Tea", isDone: false))
    $0.nextID = 4
  }
  await store.send(.toggled(id: 2)) { $0.todos[1].isDone = true }
  await store.send(.toggled(id: 3)) { $0.todos[2].isDone = true }
  await store.send(.toggled(id: 3)) { $0.todos[2].isDone = false }
  await store.send(.clearCompletedTapped) { $0.todos.remove(at: 1) }
  await store.send(.toggled(id: 1)) { $0.todos[0].isDone = true }
}
