import Foundation
import Testing
import Tide
import TideREPL
import TideTestSupport

/// A feature whose effect answers with what it was told: two answers can differ far into a long
/// payload.
enum Echo {
  struct State: Equatable, Sendable {}
  enum Action: Equatable, Sendable, Decodable {
    case say(String)
    case heard(String)
  }
  static let reducer = Reducer<State, Action, Void> { _, action, _ in
    guard case .say(let text) = action else { return .none }
    return .send(.heard(text))
  }

  @MainActor
  static var feature: REPLFeature {
    REPLFeature(
      name: "echo", summary: "answers with what it is told",
      initialState: State(), reducer: reducer,
      environments: [REPLEnvironment("none", summary: "no effects", testExpression: "()") { _ in }]
    )
  }
}

/// `:load` of a session that the re-run contradicts says where the two steps differ, even when
/// they are alike for longer than a step's line shows.
@MainActor
@Suite struct ReplayDivergenceTests {
  @Test func twoLongStepsThatDifferLateAreShownWhereTheyDiffer() async throws {
    let scratch = try ScratchFolder("divergence")
    let long = String(repeating: "a", count: 120)
    let file = scratch.file("echo.tide")
    try """
    # tide session
    send @0ms .say("\(long)b")
    receive @0ms .heard("\(long)c")

    """.write(toFile: file, atomically: true, encoding: .utf8)
    let transcript = try Transcript(features: [Echo.feature])
    let output = await transcript.run(":load \(file)")
    let window = String(repeating: "a", count: 30)
    #expect(
      output.contains(
        #"error: line 3: re-running the session gave …\#(window)b") where the history has …\#(window)c"); the session is unchanged"#
      ), "\(output)")
  }
}
