import Foundation
import Testing
import TideTestSupport

@testable import Tide
@testable import TideInspect
@testable import TideTesting

/// The closure a failed step suggests names what changed, even inside an enum's payload in a
/// collection, rather than making the whole value again (issue 35, §2).
@MainActor
@Suite struct ExpectedClosureTests {
  struct Meeting: Equatable, Sendable {
    let id: UUID
    var title: String
    var attendees: [String]
  }

  enum Status: Equatable, Sendable {
    case idle
    case recording(Meeting)
  }

  struct Row: Identifiable, Equatable, Sendable {
    let id: Int
    var status: Status
  }

  struct State: Equatable {
    var rows: IdentifiedArray<Row>
    var destination: Status?
  }

  enum Action: Equatable, Sendable {
    case retitle(Int, String)
    case retitleDestination(String)
    case dismissDestination
  }

  static let reducer = Reducer<State, Action, Void> { state, action, _ in
    switch action {
    case .retitle(let id, let title):
      guard case .recording(var meeting) = state.rows[id: id]?.status else { return .none }
      meeting.title = title
      state.rows[id: id]?.status = .recording(meeting)
      return .none
    case .retitleDestination(let title):
      guard case .recording(var meeting) = state.destination else { return .none }
      meeting.title = title
      state.destination = .recording(meeting)
      return .none
    case .dismissDestination:
      state.destination = nil
      return .none
    }
  }

  static func meeting(_ title: String) -> Meeting {
    Meeting(id: UUID(), title: title, attendees: ["Blob", "Blob Jr.", "Blob Sr.", "Blob Esq."])
  }

  @Test func aChangeInsideAnEnumPayloadInACollectionSuggestsModifyingThePayload() async {
    let store = TestStore(
      initialState: State(
        rows: [
          Row(id: 0, status: .idle), Row(id: 1, status: .recording(Self.meeting("A"))),
          Row(id: 2, status: .recording(Self.meeting("Z"))),
        ]),
      reducer: Self.reducer, environment: ())
    await withKnownIssue {
      await store.send(.retitle(1, "B"))
    } matching: { issue in
      let text = issue.comments.first?.rawValue ?? ""
      return text.hasPrefix("A state change does not match expectation.")
        && text.hasSuffix(
          """
          Expected closure: { CasePath(ExpectedClosureTests.Status.recording).modify(&$0.rows[1].status) \
          { $0.title = "B" } }
          """)
    }
    // The suggestion compiles, and passes.
    await store.send(.retitle(1, "C")) {
      CasePath(ExpectedClosureTests.Status.recording).modify(&$0.rows[1].status) { $0.title = "C" }
    }
  }

  /// The same inside an optional enum (a screen's destination): through the case's path, on the
  /// unwrapped value.
  @Test func aChangeInsideAnOptionalEnumsPayloadSuggestsModifyingThePayload() async {
    let store = TestStore(
      initialState: State(rows: [], destination: .recording(Self.meeting("A"))),
      reducer: Self.reducer, environment: ())
    await withKnownIssue {
      await store.send(.retitleDestination("B"))
    } matching: { issue in
      let text = issue.comments.first?.rawValue ?? ""
      return text.hasPrefix("A state change does not match expectation.")
        && text.hasSuffix(
          """
          Expected closure: { CasePath(ExpectedClosureTests.Status.recording).modify(&$0.destination) \
          { $0.title = "B" } }
          """)
    }
    // The suggestion compiles, and passes.
    await store.send(.retitleDestination("C")) {
      CasePath(ExpectedClosureTests.Status.recording).modify(&$0.destination) { $0.title = "C" }
    }
    // Pasted where the destination is gone, it changes nothing: the step's diff says why, and
    // the run goes on (`&$0.destination!` trapped, ending every test of the run).
    await store.send(.dismissDestination) { $0.destination = nil }
    await withKnownIssue {
      await store.send(.retitleDestination("D")) {
        CasePath(ExpectedClosureTests.Status.recording).modify(&$0.destination) { $0.title = "D" }
      }
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix("Expected state to change, but no change occurred.")
        == true
    }
  }

  /// Several changes inside a payload that do not fit on one line go one a line, and the
  /// suggestion pastes and passes.
  @Test func severalChangesInsideAPayloadGoOneALine() async {
    let standup = Self.meeting("Standup")
    var planning = standup
    planning.title = "Weekly planning with the whole team"
    planning.attendees.append("Blob III")
    let (before, after) = (Status.recording(standup), Status.recording(planning))
    #expect(
      Inspector().closure(from: before, to: after) == """
        {
          CasePath(ExpectedClosureTests.Status.recording).modify(&$0) {
            $0.title = "Weekly planning with the whole team"
            $0.attendees.append("Blob III")
          }
        }
        """)
    var pasted = before
    CasePath(ExpectedClosureTests.Status.recording).modify(&pasted) {
      $0.title = "Weekly planning with the whole team"
      $0.attendees.append("Blob III")
    }
    #expect(pasted == after)
  }

  enum Wrapper: Equatable {
    case status(Status)
  }

  /// A `modify` inside a `modify`: each closure's statements on lines of their own.
  @Test func aModifyInsideAModifyGoesOneStatementALine() {
    let standup = Self.meeting("Standup")
    var planning = standup
    planning.title = "Weekly planning with the whole team"
    planning.attendees.append("Blob III")
    let before = Wrapper.status(.recording(standup))
    let after = Wrapper.status(.recording(planning))
    #expect(
      Inspector().closure(from: before, to: after) == """
        {
          CasePath(ExpectedClosureTests.Wrapper.status).modify(&$0) {
            CasePath(ExpectedClosureTests.Status.recording).modify(&$0) {
              $0.title = "Weekly planning with the whole team"
              $0.attendees.append("Blob III")
            }
          }
        }
        """)
  }

  enum Screen: Equatable {
    case detail(Notes)
  }
  struct Notes: Equatable {
    var lines: [String]
    var footer = "A footer, short."
  }

  /// A change inside a payload whose value wraps over several lines is still suggested through
  /// the case's path when that is the shorter on one line: the two are compared unwrapped.
  @Test func aWrappedChangeInsideAPayloadIsStillSuggestedThroughTheCasePath() {
    let lines = (1...8).map { "Line number \($0)" }
    let before = Screen.detail(Notes(lines: []))
    let after = Screen.detail(Notes(lines: lines))
    #expect(
      Inspector().closure(from: before, to: after) == """
        {
          CasePath(ExpectedClosureTests.Screen.detail).modify(&$0) { $0.lines = [
            "Line number 1",
            "Line number 2",
            "Line number 3",
            "Line number 4",
            "Line number 5",
            "Line number 6",
            "Line number 7",
            "Line number 8"
          ] }
        }
        """)
    #expect(
      Inspector.unwrapped("f(\n  a: 1,\n  b: [\n    2\n  ]\n)") == "f(a: 1, b: [2])")
  }
}
