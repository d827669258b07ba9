import Observation
import Testing
import Tide
import TideTestSupport
import TideTesting

/// A stack made anew in place of another (a deep link's `state.path = StackState([…])`, a pop of
/// everything with `StackState()`) numbers from #0 again but is another stack: the old screens'
/// effects end, and an identifier the old stack gave reaches none of the new one's screens (a port
/// of the reference's stack tests found the old #0's response changing the new #0).
@MainActor
@Suite struct StackReplacementTests {
  let clock = ManualClock()

  func makeStore(_ state: Reader.State = Reader.State()) -> TestStore<
    Reader.State, Reader.Action, ManualClock
  > {
    TestStore(initialState: state, reducer: Reader.reducer, environment: clock)
  }

  @Test func aDeepLinkEndsTheEffectsOfTheScreensItReplaces() async {
    let store = makeStore(Reader.State(path: StackState([Reader.Page(number: 1)])))
    await store.send(.path(.element(id: 0, action: .appeared)))
    #expect(store.runningEffects.count == 1)
    await store.send(.deepLink([2])) { $0.path = StackState([Reader.Page(number: 2)]) }
    #expect(store.runningEffects.isEmpty)
    // Nothing arrives: the old page's tick would be an unasserted action.
    await clock.advance(by: .seconds(3))
    #expect(store.state.path[id: 0]?.seconds == 0)
  }

  @Test func aParentsActionForAScreenOfAReplacedStackReachesNoScreen() async {
    let store = makeStore()
    await store.send(.openAndFetch(1)) { $0.path.append(Reader.Page(number: 1)) }
    let fetchLine = #line - 1
    await store.send(.closeAll) { $0.path = StackState() }
    await store.send(.open(2)) { $0.path.append(Reader.Page(number: 2)) }
    #expect(store.state.path.ids == [0])
    await expectIssues([
      """
      An action was sent to a screen of a stack that has since been replaced by another.

        Action: .fetched("page 1")
        ID: #0
        Reducer: forEach(\\State.path) at TideTestingTests/StackReplacementTests.swift:\(Reader.forEachLine)

      A StackState made anew (state.path = StackState(…)) numbers its screens from #0 again, \
      but it is another stack: the screens of the one it replaced were popped, and their \
      effects cancelled, when it was replaced. This identifier was given by the old stack, so \
      the action reached no screen, though the new stack may have one with that number. Stop \
      sending to a screen once it is popped.

        Started by: send(.openAndFetch(1)) at StackReplacementTests.swift:\(fetchLine)

      The effect's action arrived while the test moved a clock between two steps: this is the \
      step that started the effect.
      """
    ]) {
      await clock.advance(by: .seconds(1))
      await store.receive(.path(.element(id: 0, action: .fetched("page 1"))))
    }
    #expect(store.state.path[0].text == "")
  }

  @Test func removingEveryScreenNumbersOn() async {
    // The way to pop everything and keep numbering: the old identifier names no screen.
    let store = makeStore()
    await store.send(.openAndFetch(1)) { $0.path.append(Reader.Page(number: 1)) }
    await store.send(.path(.popFrom(id: 0))) { $0.path.removeAll() }
    await store.send(.open(2)) { $0.path.append(Reader.Page(number: 2)) }
    #expect(store.state.path.ids == [1])
    await withKnownIssue {
      await clock.advance(by: .seconds(1))
      await store.receive(.path(.element(id: 0, action: .fetched("page 1"))))
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        "An effect sent an action to a screen that is not in the stack.") == true
    }
  }

  @Test func anIdentifierOfAnotherStackNamesNoScreen() {
    var old = StackState(["List"])
    let listID = old.ids[0]
    let replacement = StackState(["Detail"])
    #expect(replacement[id: listID] == nil)
    #expect(replacement.index(id: listID) == nil)
    // Written as a number, it names the screen with that number in whichever stack.
    #expect(replacement[id: 0] == "Detail")
    // The stack's own identifiers, and a copy's, still name its screens.
    let copy = old
    #expect(copy[id: listID] == "List")
    old.append("More")
    #expect(old[id: listID] == "List")
  }

  @Test func settingAScreenThroughAnIdentifierOfAReplacedStackChangesNothing() async {
    var path = StackState(["a", "b", "c"])
    let stale = path.ids[2]
    path = StackState(["x"])
    await expectIssues([
      """
      A screen was set through #2, an identifier of a stack this one has replaced: it names none \
      of this stack's screens, though one may have that number. Nothing was changed.
      """
    ]) {
      path[id: stale] = "y"
    }
    #expect(path == StackState(["x"]))
  }

  @Test func aScopeThroughAnIdentifierOfAReplacedStackIsNilAndKeepsTheLiveScreensStore() {
    let store = Store(
      initialState: Reader.State(path: StackState([Reader.Page(number: 1)])),
      reducer: Reader.reducer, environment: clock)
    let stale = store.state.path.ids[0]
    store.send(.deepLink([2]))
    let live = store.scope(state: \.path, id: 0, action: \.path)
    #expect(store.scope(state: \.path, id: stale, action: \.path) == nil)
    #expect(store.scope(state: \.path, id: 0, action: \.path) === live)
    #expect(live?.number == 2)
  }

  /// What a `NavigationStack` reads: the path of a replaced stack is another path, though its
  /// screens are numbered alike, and a view that read it is told.
  @Test func aViewsPathChangesWhenItsStackIsReplaced() {
    let store = Store(
      initialState: Reader.State(path: StackState([Reader.Page(number: 1)])),
      reducer: Reader.reducer, environment: clock)
    let path = store.stackPath(\.path, action: \.path)
    let told = ValueLog<Bool>()
    let before = withObservationTracking {
      path.value
    } onChange: {
      told.append(true)
    }
    store.send(.deepLink([2]))
    #expect(told.all == [true])
    #expect(path.value != before)
    #expect(path.value.map(\.description) == ["#0"])
    // An entry written as a number is the screen with that number in either.
    #expect(path.value == [0])
  }

  /// A stack replaced inside an `ifLet`'s child by that operator's parent, where no step of the
  /// stack's `forEach` looks: the old screen's timer ran on, each tick reported, for ever. Its
  /// first action after the replacement ends its effects, as for a screen popped there.
  @Test func aStackReplacedWhereNoStepLooksEndsTheOldScreensEffectsAtTheirNextAction() async {
    let store = TestStore(
      initialState: Library.State(reader: Reader.State(path: StackState([Reader.Page(number: 1)]))),
      reducer: Library.reducer, environment: clock)
    await store.send(.reader(.path(.element(id: 0, action: .appeared))))
    let line = #line - 1
    await store.send(.deepLinkReader) {
      $0.reader?.path = StackState([Reader.Page(number: 9)])
    }
    #expect(store.runningEffects.count == 1)
    await expectIssues([
      """
      An effect of a screen sent it an action after its stack was replaced by another.

        Action: .tick
        ID: #0
        Reducer: forEach(\\State.path) at TideTestingTests/StackReplacementTests.swift:\(Reader.forEachLine)

      The stack was replaced outside the reducer that forEach(\\State.path) is called on and the \
      reducers combined with it (by a reducer above them), so its effects went on running; they \
      are cancelled now. Replace stacks in the reducer that forEach(\\State.path) is called on, or \
      one combined with it, where the effects end at once.

        Started by: send(.reader(.path(.element(id: 0, action: .appeared)))) at StackReplacementTests.swift:\(line)

      The effect's action arrived while the test moved a clock between two steps: this is the \
      step that started the effect.
      """
    ]) {
      await clock.advance(by: .seconds(3))
      await store.receive(.reader(.path(.element(id: 0, action: .tick))))
    }
    #expect(store.runningEffects.isEmpty)
    #expect(store.state.reader?.path[0].seconds == 0)
  }

  /// An older copy of the stack put back (an undo) counted again from where it was: an
  /// identifier given since was given twice, and a parent's action for the popped screen changed
  /// its successor.
  @Test func anOlderCopyPutBackCountsOnFromWhereTheStackWas() async {
    let store = makeStore(Reader.State(path: StackState([Reader.Page(number: 1)])))
    await store.send(.snapshot) { $0.saved = $0.path }
    await store.send(.openAndFetch(2)) { $0.path.append(Reader.Page(number: 2)) }
    await store.send(.undo) { $0.path = $0.saved }
    await store.send(.open(3)) { $0.path.append(Reader.Page(number: 3)) }
    #expect(store.state.path.ids == [0, 2])
    await withKnownIssue {
      await clock.advance(by: .seconds(1))
      await store.receive(.path(.element(id: 1, action: .fetched("page 2"))))
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        "An effect sent an action to a screen that is not in the stack.") == true
    }
    #expect(store.state.path[1].text == "")
  }

  /// A view that writes back the path it read before its stack was replaced sets screens the
  /// new stack does not hold, though they are numbered alike: reported, nothing popped.
  @Test func aPathOfAReplacedStackWrittenBackPopsNothing() async {
    let store = Store(
      initialState: Reader.State(
        path: StackState([Reader.Page(number: 1), Reader.Page(number: 2)])),
      reducer: Reader.reducer, environment: clock)
    let path = store.stackPath(\.path, action: \.path)
    let old = path.value
    store.send(.deepLink([5, 6, 7]))
    let reports = ValueLog<String>()
    IssueReporter.$current.withValue(IssueReporter { message, _ in reports.append(message) }) {
      path.set(Array(old.prefix(1)))
    }
    #expect(
      reports.all.first?.hasPrefix("A navigation stack's path was set to screens it does not hold.")
        == true)
    #expect(store.state.path.ids == [0, 1, 2])
  }

  @Test func aScreensStoreIsGoneOnceItsStackIsReplaced() {
    let store = Store(
      initialState: Reader.State(path: StackState([Reader.Page(number: 1)])),
      reducer: Reader.reducer, environment: clock)
    let first = store.scope(state: \.path, id: 0, action: \.path)
    #expect(first?.number == 1)
    store.send(.deepLink([2]))
    let second = store.scope(state: \.path, id: 0, action: \.path)
    #expect(second?.number == 2)
    #expect(first !== second)
  }
}

/// Pages a reader opens: each counts the seconds it is shown, and the parent fetches a page's
/// text for it.
enum Reader {
  struct Page: Equatable, Sendable {
    var number: Int
    var seconds = 0
    var text = ""
  }
  enum PageAction: Equatable, Sendable {
    case appeared
    case tick
    case fetched(String)
  }
  static let page = Reducer<Page, PageAction, ManualClock> { page, action, clock in
    switch action {
    case .appeared:
      return .run(name: "timer") { send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
    case .tick:
      page.seconds += 1
    case .fetched(let text):
      page.text = text
    }
    return .none
  }

  struct State: Equatable, Sendable {
    var path = StackState<Page>()
    var saved = StackState<Page>()
  }
  enum Action: Equatable, Sendable, CasePathable {
    case open(Int)
    case openAndFetch(Int)
    case deepLink([Int])
    case closeAll
    case snapshot
    case undo
    case path(StackAction<Page, PageAction>)

    struct AllCasePaths {
      var path: CasePath<Action, StackAction<Page, PageAction>> { CasePath(Action.path) }
    }
    static var allCasePaths: AllCasePaths { AllCasePaths() }
  }
  static let core = Reducer<State, Action, ManualClock> { state, action, clock in
    switch action {
    case .open(let number):
      state.path.append(Page(number: number))
    case .openAndFetch(let number):
      // The parent fetches the page's text and sends it to the screen it pushed.
      let id = state.path.append(Page(number: number))
      return .run(name: "fetch") { send in
        try await clock.sleep(for: .seconds(1))
        await send(.path(.element(id: id, action: .fetched("page \(number)"))))
      }
    case .deepLink(let numbers):
      state.path = StackState(numbers.map { Page(number: $0) })
    case .closeAll:
      state.path = StackState()
    case .snapshot:
      state.saved = state.path
    case .undo:
      state.path = state.saved
    case .path:
      break
    }
    return .none
  }
  static let forEachLine = #line + 1
  static let reducer = core.forEach(
    \.path, action: CasePath(Action.path), environment: { $0 }, child: page)
}

/// A library that holds a reader while it is open, and deep-links into it from above.
enum Library {
  struct State: Equatable, Sendable {
    var reader: Reader.State?
  }
  enum Action: Equatable, Sendable {
    case deepLinkReader
    case reader(Reader.Action)
  }
  static let reducer = Reducer<State, Action, ManualClock> { state, action, _ in
    if case .deepLinkReader = action { state.reader?.path = StackState([Reader.Page(number: 9)]) }
    return .none
  }
  .ifLet(\.reader, action: CasePath(Action.reader), environment: { $0 }, child: Reader.reducer)
}
