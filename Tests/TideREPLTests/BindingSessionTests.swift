import Foundation
import Testing
import Tide
import TideREPL
import TideTestSupport

extension ProfileForm {
  @MainActor
  static var feature: REPLFeature {
    REPLFeature(
      name: "profile", summary: "a form of bindings",
      initialState: State(), reducer: reducer,
      environments: [REPLEnvironment("none", summary: "no effects", testExpression: "()") { _ in }],
      examples: [.binding(.set(\.name, "Ada")), .saveTapped],
      export: REPLTestExport(
        imports: ["TideTestSupport"], reducer: "ProfileForm.reducer",
        initialState: "ProfileForm.State()"))
  }
}

/// A feature that binds its fields through one action is driven from the REPL as it prints:
/// typed, saved to a file and loaded back, and exported as a test that compiles and passes (the
/// committed `Tests/TideTestingTests/ExportedProfileSessionTests.swift`).
@MainActor
@Suite struct BindingSessionTests {
  static let committed = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent(
      "TideTestingTests/ExportedProfileSessionTests.swift")

  @Test func bindingActionsAreTypedSavedLoadedAndExported() async throws {
    let scratch = try ScratchFolder("bindings")
    let session = scratch.file("profile.tide")
    let file = scratch.file("ExportedProfileSessionTests.swift")
    let transcript = try Transcript(features: [ProfileForm.feature])
    let typed = await transcript.run(
      #".binding(.set(\.name, "A"))"#, ".saveTapped", #".binding(.set(\.name, "Ada"))"#,
      ".binding(.set(\\.age, 36))", ".saveTapped", #".binding(.set(\.nmae, "Bob"))"#,
      ":save \(session)", ":reset", ":load \(session)", ":state", ":export-test \(file)")
    #expect(typed.contains(#"→ .binding(.set(\.name, "Ada"))"#), "\(typed)")
    #expect(
      typed.contains(
        """
        error: ProfileForm.State has no bindable field 'nmae' (it has: name, age).
          .binding(.set(\\.nmae, "••••••"))
                        ^
        """), "\(typed)")
    #expect(typed.contains("loaded 5 steps of profile"), "\(typed)")
    #expect(typed.contains(#"savedName: "Ada""#), "\(typed)")
    #expect(
      try String(contentsOfFile: session, encoding: .utf8).contains(
        #"send @0ms .binding(.set(\.age, 36))"#))
    let exported = try String(contentsOfFile: file, encoding: .utf8)
    if ProcessInfo.processInfo.environment["TIDE_RECORD_TRANSCRIPTS"] != nil {
      try exported.write(to: Self.committed, atomically: true, encoding: .utf8)
    }
    #expect(exported.contains(#"await store.send(.binding(.set(\.name, "Ada")))"#), "\(exported)")
    #expect(exported == (try String(contentsOf: Self.committed, encoding: .utf8)))
  }
}
