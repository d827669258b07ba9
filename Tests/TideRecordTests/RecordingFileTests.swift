import Foundation
import LoginFeature
import Testing
import Tide
import TideRecord
import TideTestSupport

/// Reading and writing recordings: every bad line gets a plain reason that names it and quotes
/// nothing; files are written owner-only, atomically, and never over anything but a regular file
/// unless told.
@Suite struct RecordingFileTests {
  static let header = "# tide session\n"

  @Test(
    arguments: [
      (
        "answer @0ms 1 \"login\" value {}",
        #"line 2: an answer is written like answer @1500ms #1 "login" value {…}, error <type> {…}, failure "…" or cancelled"#
      ),
      (
        "answer @0ms #0 \"login\" cancelled",
        "line 2: an answer's call number is a whole number from 1"
      ),
      (
        "answer @0ms #99999999999999999999 \"login\" cancelled",
        "line 2: an answer's call number is a whole number from 1"
      ),
      (
        "answer @0ms #1 login cancelled",
        "line 2: an answer's call name is a non-empty string in quotes"
      ),
      (
        "answer @0ms #1 \"\" cancelled",
        "line 2: an answer's call name is a non-empty string in quotes"
      ),
      (
        "answer @0ms #1 \"lo\\qgin\" cancelled",
        "line 2: an answer's call name is a non-empty string in quotes"
      ),
      ("answer @0ms #1 \"login", "line 2: an answer's call name is a non-empty string in quotes"),
      (
        "answer @0ms #1 \"login\" value",
        #"line 2: an answer is written like answer @1500ms #1 "login" value {…}, error <type> {…}, failure "…" or cancelled"#
      ),
      (
        "answer @0ms #1 \"login\" error Type",
        #"line 2: an answer is written like answer @1500ms #1 "login" value {…}, error <type> {…}, failure "…" or cancelled"#
      ),
      (
        "answer @0ms #1 \"login\" failure oops",
        "line 2: a failure's description is a string in quotes"
      ),
      (
        "answer @0ms #1 \"login\" failure \"a\" b",
        "line 2: a failure's description is a string in quotes"
      ),
      (
        "answer @0ms #1 \"login\" cancelled now",
        #"line 2: an answer is written like answer @1500ms #1 "login" value {…}, error <type> {…}, failure "…" or cancelled"#
      ),
      (
        "answer @0ms #1 \"login\" returned {}",
        #"line 2: an answer is written like answer @1500ms #1 "login" value {…}, error <type> {…}, failure "…" or cancelled"#
      ),
      (
        "answer @0ms #1 \"login\" cancelled\nanswer @0ms #1 \"login\" cancelled",
        #"line 3: call #1 of "login" is answered twice"#
      ),
      (
        "answer @5ms #1 \"login\" cancelled\nsend @1ms .tapped",
        "line 3: the time goes back, from @5ms to @1ms"
      ),
      (
        "# feature: login\n# feature: app",
        "line 3: a second '# feature:' line (the first is line 2)"
      ),
      ("# clock: @1ms\n# clock: @2ms", "line 3: a second '# clock:' line (the first is line 2)"),
      ("# clock: 5ms", "line 2: the clock is not written like # clock: @800ms"),
      // A clock line can hold anything, a password among it: only a time is quoted.
      ("# clock: @hunter2", "line 2: the time is not written like # clock: @800ms"),
      (
        "# clock: @5ms\nsend @10ms .tapped",
        "line 2: the # clock: line says @5ms, before the last step's @10ms"
      ),
      (
        "# clock: @99999999999999999ms",
        "line 2: '99999999999999999ms' is longer than a REPL clock can go (1000000000000ms, about 31 years)"
      ),
      (
        "answered @0ms #1 \"login\" cancelled",
        #"line 2 is not 'send @<time> <action>', 'receive @<time> <action>', 'resolve @<time> <outcome> <call>' or 'answer @<time> #<number> "<call>" <result>'"#
      ),
    ])
  func aBadLineIsNamedAndNeverQuoted(line: String, message: String) {
    #expect(throws: RecordingError.cannotRead(message)) {
      try Recording(parsing: Self.header + line)
    }
  }

  @Test func everyKindOfAnswerReadsBack() throws {
    let text = """
      # tide session
      # feature: login
      # environment: live
      send @0ms .loginButtonTapped
      answer @10ms #1 "login" value {"name":"Ada"}
      answer @20ms #2 "login" error LoginFeature.LoginServiceError {"nilData":{}}
      answer @30ms #3 "login" failure "the cable is out \\"again\\" \\u00e9\\ud83c\\udf0a"
      answer @40ms #1 "a \\"name\\"\\twith\\u2028breaks" cancelled
      receive @40ms .loginResponse(.failure(.nilData))

      """
    let recording = try Recording(parsing: text.replacingOccurrences(of: "\n", with: "\r\n"))
    #expect(
      recording.answers.map(\.result) == [
        .value(json: #"{"name":"Ada"}"#),
        .error(type: "LoginFeature.LoginServiceError", json: #"{"nilData":{}}"#),
        .failure(description: "the cable is out \"again\" é🌊"),
        .cancelled,
      ])
    #expect(
      recording.answers.map(\.name) == [
        "login", "login", "login", "a \"name\"\twith\u{2028}breaks",
      ])
    #expect(recording.answers.map(\.number) == [1, 2, 3, 1])
    // Written back, each answer stays on one line and before the step it came before.
    let written = recording.text
    #expect(try Recording(parsing: written).answers == recording.answers)
    #expect(written.split(whereSeparator: \.isNewline).count == 9)
    #expect(
      written.split(whereSeparator: \.isNewline).last
        == "receive @40ms .loginResponse(.failure(.nilData))")
  }

  @Test func anAnswerLongerThanALineOfInputReadsBack() async throws {
    // Two million characters: longer than the longest line tide reads as typed.
    let long = String(repeating: "x", count: 2_000_000)
    let text = "# tide session\nanswer @0ms #1 \"fetch\" value \"\(long)\"\n"
    let recording = try Recording(parsing: text)
    let value = try await RecordedCalls(replaying: recording, clock: ManualClock())
      .call("fetch") { "" }
    #expect(value == long)
    // Other lines than steps and answers are still held to a million characters.
    #expect(throws: RecordingError.self) {
      try Recording(parsing: "# tide session\n# \(long)\n")
    }
  }

  /// A step is as long as its action, which may carry all a search found: a recorder writes it
  /// whatever its length, so it reads back.
  @MainActor @Test func aStepLongerThanAMillionCharactersReadsBack() async throws {
    let recorder = Recorder(feature: "login", environment: "test")
    let store = Store(
      initialState: Login.State(), reducer: Login.reducer, environment: .unimplemented)
    try store.record(into: recorder)
    store.send(.usernameChanged(String(repeating: "x", count: 2_000_000)))
    let recording = recorder.recording()
    #expect(recording.text.utf8.count > 2_000_000)
    #expect(try Recording(parsing: recording.text) == recording)
  }

  /// The system reads a name up to its first NUL: `victim\u{0}.tide` would replace `victim`.
  @Test func aNameHoldingANULIsRefusedForWritingAndReading() throws {
    let folder = try ScratchFolder("recording")
    let victim = folder.path + "/victim"
    try "precious".write(toFile: victim, atomically: false, encoding: .utf8)
    let recording = try Recording(parsing: "# tide session\nsend @0ms .loginButtonTapped\n")
    let reason =
      "the file name holds a NUL character (\\u{0}), which ends a name where the system reads it"
    #expect(throws: RecordingError.cannotWrite(reason)) {
      try recording.write(toFile: victim + "\u{0}.tide", replacing: true)
    }
    #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious")
    try recording.write(toFile: victim + ".tide")
    #expect(throws: RecordingError.self) {
      try Recording(contentsOfFile: victim + ".tide\u{0}zzz")
    }
  }

  @Test func aRecordingIsWrittenForItsOwnerOnlyAndKeepsWhatIsThere() throws {
    let folder = try ScratchFolder("recording")
    let path = folder.path + "/login.tide"
    let recording = try Recording(parsing: "# tide session\nsend @0ms .loginButtonTapped\n")
    try recording.write(toFile: path)
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    #expect(try Recording(contentsOfFile: path) == recording)

    #expect(
      throws: RecordingError.cannotWrite(
        "\(path) already exists; pass replacing: true to replace it")
    ) {
      try recording.write(toFile: path)
    }
    try recording.write(toFile: path, replacing: true)

    // A symbolic link is never replaced, nor is what it points at written through it.
    let link = folder.path + "/link.tide"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
    #expect(
      throws: RecordingError.cannotWrite(
        "cannot write \(link): it is a symbolic link, and tide replaces only regular files")
    ) {
      try recording.write(toFile: link, replacing: true)
    }
    #expect(throws: RecordingError.cannotRead("cannot read \(folder.path): it is a folder")) {
      try Recording(contentsOfFile: folder.path)
    }
    #expect(
      throws: RecordingError.cannotWrite(
        "cannot write \(folder.path)/missing/x.tide: the folder \(folder.path)/missing does not exist"
      )
    ) {
      try recording.write(toFile: folder.path + "/missing/x.tide")
    }
  }
}
