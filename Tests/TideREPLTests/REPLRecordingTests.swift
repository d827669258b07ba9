import Testing
import Tide
import TideTestSupport

@testable import TideREPL

/// A feature whose environment declares its calls registers its recordings in one word, and
/// its exported replays name the type as a test can.
@Suite struct REPLRecordingTests {
  @Test func aDeclaredEnvironmentReplaysUnderItsOwnName() {
    #expect(
      REPLRecording<Notes.Environment>().testExpression == "Notes.Environment.replaying(calls)")
  }

  private struct Hidden: InterceptableEnvironment {
    static let calls: [EnvironmentCall<Self>] = []
    static let unimplemented = Self()
  }

  @Test func aPrivateEnvironmentHasNoExpressionATestCouldUse() {
    #expect(REPLRecording<Hidden>().testExpression == nil)
  }
}
