import Foundation
import Testing
import TideREPL
import TideTestSupport

extension Todos {
  @MainActor
  static var feature: REPLFeature {
    REPLFeature(
      name: "todos", summary: "rows in an IdentifiedArray",
      initialState: State(), reducer: reducer,
      environments: [REPLEnvironment("none", summary: "no effects", testExpression: "()") { _ in }],
      examples: [.addTapped(title: "Milk")],
      export: REPLTestExport(
        imports: ["TideTestSupport"], reducer: "Todos.reducer", initialState: "Todos.State()"))
  }
}

/// An exported test for a state with rows compiles and passes: the committed
/// `Tests/TideTestingTests/ExportedTodosSessionTests.swift` is what `:export-test` writes (the
/// suite compiles and runs it), with positional assignments such as `$0.todos[1].isDone = true`
/// and the feature's own expression for its initial state.
@MainActor
@Suite struct ExportedRowsTests {
  static let committed = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent(
      "TideTestingTests/ExportedTodosSessionTests.swift")

  @Test func theExportOfRowsIsTheCommittedTest() async throws {
    let scratch = try ScratchFolder("rows")
    let file = scratch.file("ExportedTodosSessionTests.swift")
    let transcript = try Transcript(features: [Todos.feature])
    let output = await transcript.run(
      #".addTapped(title: "Milk")"#, #".addTapped(title: "Eggs")"#,
      #".addTapped(title: "Tea")"#, ".toggled(id: 2)", ".toggled(id: 3)", ".toggled(id: 3)",
      ".clearCompletedTapped", ".toggled(id: 1)", ":export-test \(file)")
    #expect(!output.contains("error"))
    let exported = try String(contentsOfFile: file, encoding: .utf8)
    if ProcessInfo.processInfo.environment["TIDE_RECORD_TRANSCRIPTS"] != nil {
      try exported.write(to: Self.committed, atomically: true, encoding: .utf8)
    }
    #expect(exported.contains("$0.todos[1].isDone = true"))
    #expect(exported.contains("initialState: Todos.State(),"))
    #expect(exported == (try String(contentsOf: Self.committed, encoding: .utf8)))
  }
}
