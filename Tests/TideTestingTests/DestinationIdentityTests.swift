import Testing
import Tide
import TideTesting

/// A destination enum that is not `Identifiable` itself, whose case holds a screen that is: a
/// photo of one id replaced by a photo of another, in the same case, is a new presentation, and
/// the first one's timer ends with it (a port of the reference's destination identity test found
/// it running on, its ticks reaching the second photo).
@MainActor
@Suite struct DestinationIdentityTests {
  @Test func anotherPayloadIDInTheSameCaseIsANewPresentation() async {
    let clock = ManualClock()
    let store = TestStore(
      initialState: Viewer.State(), reducer: Viewer.reducer, environment: clock)
    await store.send(.show(1)) { $0.destination = .photo(Viewer.Photo(id: 1)) }
    await store.send(.destination(.presented(.photo(.appeared))))
    await clock.advance(by: .seconds(1))
    await store.receive(.destination(.presented(.photo(.tick)))) {
      $0.destination = .photo(Viewer.Photo(id: 1, seconds: 1))
    }
    await store.send(.show(2)) { $0.destination = .photo(Viewer.Photo(id: 2)) }
    #expect(store.runningEffects.isEmpty)
    // Nothing arrives: an unasserted tick would fail the test.
    await clock.advance(by: .seconds(3))
  }

  @Test func theSamePayloadIDChangedIsTheSameScreen() async {
    let clock = ManualClock()
    let store = TestStore(
      initialState: Viewer.State(), reducer: Viewer.reducer, environment: clock)
    await store.send(.show(1)) { $0.destination = .photo(Viewer.Photo(id: 1)) }
    await store.send(.destination(.presented(.photo(.appeared))))
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
private enum Viewer {
  struct Photo: Equatable, Sendable, Identifiable {
    var id: Int
    var seconds = 0
  }
  enum PhotoAction: Equatable, Sendable {
    case appeared
    case tick
  }
  static let photo = Reducer<Photo, PhotoAction, ManualClock> { photo, action, clock in
    switch action {
    case .appeared:
      return .run(name: "timer") { send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
    case .tick:
      photo.seconds += 1
      return .none
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
