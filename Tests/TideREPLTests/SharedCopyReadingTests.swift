import Foundation
import Testing
import Tide
import TideREPL
import TideRecord
import TideTestSupport

/// A shared value's copy typed in the REPL does what the same words do in code: a pushed screen
/// with `Shared(key:value:)` brings its value, with `Shared(key:default:)` takes the list's.
@MainActor
@Suite struct SharedCopyReadingTests {
  enum Favourites {
    struct Screen: Codable, Equatable, Sendable, SharedState {
      var title: String
      var favourites = Shared(key: "favourites", default: [Int]())
      static let sharedFields: [SharedField<Self>] = [.field(\.favourites)]
    }
    enum ScreenAction: Codable, Equatable, Sendable { case starred(Int) }
    struct State: Codable, Equatable, Sendable, SharedState {
      var favourites = Shared(key: "favourites", value: [1])
      var path = StackState<Screen>()
      static let sharedFields: [SharedField<Self>] = [.field(\.favourites)]
    }
    enum Action: Codable, Equatable, Sendable {
      case path(StackAction<Screen, ScreenAction>)
    }
    static let screen = Reducer<Screen, ScreenAction, Void> { screen, action, _ in
      switch action {
      case .starred(let number): screen.favourites.value.append(number)
      }
      return .none
    }
    static let reducer = Reducer<State, Action, Void> { _, _, _ in .none }
      .forEach(\.path, action: CasePath(Action.path), environment: { $0 }, child: screen)

    @MainActor static var feature: REPLFeature {
      REPLFeature(
        name: "favourites", summary: "a list of favourites and the screens pushed on it",
        initialState: State(), reducer: reducer,
        environments: [REPLEnvironment("none", summary: "nothing", testExpression: "()") { _ in }],
        view: { "\($0.favourites.value)" }, examples: [],
        export: REPLTestExport(imports: ["Favourites"], reducer: "Favourites.reducer"),
        recording: REPLRecording(testExpression: "()") { _, _ in })
    }
  }

  /// The value `:state favourites` shows.
  static func favourites(_ transcript: Transcript) async -> String? {
    let shown = await transcript.run(":state favourites")
    guard let line = shown.split(separator: "\n").first(where: { $0.hasPrefix("  value: ") }) else {
      return nil
    }
    return String(line.dropFirst("  value: ".count))
  }

  static let bringsNine =
    #".path(.push(id: 0, state: Screen(title: "a", favourites: Shared(key: "favourites", value: [9]))))"#
  static let takesTheList =
    #".path(.push(id: 1, state: Screen(title: "b", favourites: Shared(key: "favourites", default: [7]))))"#

  @Test func aTypedCopyDoesWhatTheSameWordsDoInCode() async throws {
    let transcript = try Transcript(features: [Favourites.feature])
    await transcript.run(Self.bringsNine, Self.takesTheList)
    let store = Store(
      initialState: Favourites.State(), reducer: Favourites.reducer, environment: ())
    store.send(
      .path(
        .push(id: 0, state: .init(title: "a", favourites: Shared(key: "favourites", value: [9])))))
    store.send(
      .path(
        .push(id: 1, state: .init(title: "b", favourites: Shared(key: "favourites", default: [7]))))
    )
    #expect(store.state.favourites.value == [9])
    #expect(store.state.path.map(\.favourites.value) == [[9], [9]])
    #expect(await Self.favourites(transcript) == "[9]")
    #expect(await transcript.run(":state path").contains("value: [9]"))
    #expect(!(await transcript.run(":state path").contains("[7]")))
  }

  /// A recording writes each copy an action carries under the label that gives it its rank, so
  /// that the replay does what the app did: a copy kept from an older state, and one made with
  /// a default and changed, take the list's value; one made with a value brings it.
  @Test func aRecordingReplaysTheCopiesAnActionCarriesAsTheAppRankedThem() async throws {
    let recorder = Recorder(feature: "favourites", environment: "none")
    let store = Store(
      initialState: Favourites.State(), reducer: Favourites.reducer, environment: ())
    try store.record(into: recorder)
    store.send(.path(.push(id: 0, state: .init(title: "a"))))
    store.send(.path(.element(id: 0, action: .starred(2))))
    let stale = Favourites.Screen(title: "stale", favourites: store.state.favourites)
    store.send(.path(.element(id: 0, action: .starred(3))))
    store.send(
      .path(
        .push(id: 1, state: .init(title: "new", favourites: Shared(key: "favourites", value: [4]))))
    )
    #expect(store.state.favourites.value == [4])
    store.send(.path(.push(id: 2, state: stale)))
    var edited = Favourites.Screen(title: "edited")
    edited.favourites.value.append(99)
    store.send(.path(.push(id: 3, state: edited)))
    #expect(store.state.favourites.value == [4])
    let recording = recorder.recording()
    #expect(
      recording.steps.map(\.action).filter { $0.contains("push") } == [
        #".path(.push(id: 0, state: SharedCopyReadingTests.Favourites.Screen(title: "a", favourites: Shared<Array<Int>>(key: "favourites", default: []))))"#,
        #".path(.push(id: 1, state: SharedCopyReadingTests.Favourites.Screen(title: "new", favourites: Shared<Array<Int>>(key: "favourites", value: [4]))))"#,
        #".path(.push(id: 2, state: SharedCopyReadingTests.Favourites.Screen(title: "stale", favourites: Shared<Array<Int>>(key: "favourites", default: [1, 2]))))"#,
        #".path(.push(id: 3, state: SharedCopyReadingTests.Favourites.Screen(title: "edited", favourites: Shared<Array<Int>>(key: "favourites", default: [99]))))"#,
      ])
    let scratch = try ScratchFolder("shared-recording")
    let file = scratch.file("favourites.tide")
    try recording.write(toFile: file)
    let transcript = try Transcript(features: [Favourites.feature])
    let problem = await transcript.repl.open(file)
    #expect(problem == nil)
    #expect(await Self.favourites(transcript) == "[4]")
    #expect(!transcript.text.contains("!"))
  }

  @Test func anExportedTestSpellsEachCopyAsItWasTyped() async throws {
    let scratch = try ScratchFolder("shared-export")
    let file = scratch.file("FavouritesSession.swift")
    let transcript = try Transcript(features: [Favourites.feature])
    await transcript.run(
      Self.bringsNine, Self.takesTheList, ":export-test \(file)")
    let exported = try String(contentsOfFile: file, encoding: .utf8)
    #expect(exported.contains(#"Shared<Array<Int>>(key: "favourites", value: [9])"#))
    #expect(exported.contains(#"Shared<Array<Int>>(key: "favourites", default: [7])"#))
  }
}
