import Testing
import Tide
import TideTesting

/// A destination enum that is not `Identifiable` itself, whose case holds a screen that is: a
/// photo of one id replaced by a photo of another, in the same case, is a new presentation, and
/// the first one's timer ends with it (a port of the reference's destination identity test found
/// it running on, its ticks reaching the second photo).
@MainActor
@Suite struct DestinationIdentityTests {
  let clock = ManualClock()

  /// A viewer showing photo 1, whose timer runs.
  func showingPhotoOneWithItsTimer() async -> TestStore<Viewer.State, Viewer.Action, ManualClock> {
    let store = TestStore(
      initialState: Viewer.State(), reducer: Viewer.reducer, environment: clock)
    await store.send(.show(1)) { $0.destination = .photo(Viewer.Photo(id: 1)) }
    await store.send(.destination(.presented(.photo(.appeared))))
    return store
  }

  @Test func anotherPayloadIDInTheSameCaseIsANewPresentation() async {
    let store = await showingPhotoOneWithItsTimer()
    await clock.advance(by: .seconds(1))
    await store.receive(.destination(.presented(.photo(.tick)))) {
      $0.destination = .photo(Viewer.Photo(id: 1, seconds: 1))
    }
    await store.send(.show(2)) { $0.destination = .photo(Viewer.Photo(id: 2)) }
    #expect(store.runningEffects.isEmpty)
    // Nothing arrives: an unasserted tick would fail the test.
    await clock.advance(by: .seconds(3))
  }

  /// A photo that moves on to the next is a new screen, its own doing: the first photo's timer
  /// ends, and the timer it starts in that step is the new photo's (it was cancelled with the
  /// old one, silently).
  @Test func aScreenThatGivesItselfAnotherIDKeepsWhatItStartsInThatStep() async {
    let store = await showingPhotoOneWithItsTimer()
    await store.send(.destination(.presented(.photo(.next)))) {
      $0.destination = .photo(Viewer.Photo(id: 2))
    }
    #expect(store.runningEffects.count == 1)
    await clock.advance(by: .seconds(1))
    await store.receive(.destination(.presented(.photo(.tick)))) {
      $0.destination = .photo(Viewer.Photo(id: 2, seconds: 1))
    }
    await store.send(.destination(.dismiss)) { $0.destination = nil }
    #expect(store.runningEffects.isEmpty)
  }

  @Test func theSamePayloadIDChangedIsTheSameScreen() async {
    let store = await showingPhotoOneWithItsTimer()
    await clock.advance(by: .seconds(1))
    await store.receive(.destination(.presented(.photo(.tick)))) {
      $0.destination = .photo(Viewer.Photo(id: 1, seconds: 1))
    }
    // Shown again: the same photo, its count reset, its timer still running.
    await store.send(.show(1)) { $0.destination = .photo(Viewer.Photo(id: 1)) }
    #expect(store.runningEffects.count == 1)
    await clock.advance(by: .seconds(1))
    await store.receive(.destination(.presented(.photo(.tick)))) {
      $0.destination = .photo(Viewer.Photo(id: 1, seconds: 1))
    }
    await store.send(.destination(.dismiss)) { $0.destination = nil }
  }
}

/// A viewer that shows a photo, which counts the seconds it is shown, or a caption.
enum Viewer {
  struct Photo: Equatable, Sendable, Identifiable {
    var id: Int
    var seconds = 0
  }
  enum PhotoAction: Equatable, Sendable {
    case appeared
    case tick
    /// Moves on to the next photo, and shows it for as long as it is shown.
    case next
  }
  static let photo = Reducer<Photo, PhotoAction, ManualClock> { photo, action, clock in
    let timer = Effect<PhotoAction>.run(name: "timer") { send in
      while true {
        try await clock.sleep(for: .seconds(1))
        await send(.tick)
      }
    }
    switch action {
    case .appeared:
      return timer
    case .tick:
      photo.seconds += 1
      return .none
    case .next:
      photo = Photo(id: photo.id + 1)
      return timer
    }
  }

  enum Destination {
    enum State: Equatable, Sendable, DestinationState {
      case photo(Photo)
      case caption(String)
    }
    enum Action: Equatable, Sendable {
      case photo(PhotoAction)
      case caption(Never)
    }
    static let reducer = Viewer.photo.pullback(
      state: CasePath(State.photo), action: CasePath(Action.photo), environment: { $0 })
  }

  struct State: Equatable, Sendable {
    var destination: Destination.State?
  }
  enum Action: Equatable, Sendable {
    case show(Int)
    case destination(PresentationAction<Destination.Action>)
  }
  static let reducer = Reducer<State, Action, ManualClock> { state, action, _ in
    if case .show(let id) = action { state.destination = .photo(Photo(id: id)) }
    return .none
  }
  .ifLet(
    \.destination, action: CasePath(Action.destination), environment: { $0 },
    child: Destination.reducer)
}
