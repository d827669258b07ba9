import Observation
import Testing

@testable import Tide

/// A binding reads the store's state and sets it by sending an action: the state stays the one
/// source of truth, and a view reading the binding is told when the value changes.
@MainActor
@Suite struct StoreBindingTests {
  struct Form: Equatable {
    var name = ""
    var volume = 0
    var isMuted = false
  }

  enum Action: Sendable, Equatable {
    case nameChanged(String)
    case volumeChanged(Int)
    case muteToggled(Bool)
  }

  nonisolated static let reducer = Reducer<Form, Action, Void> { form, action, _ in
    switch action {
    case .nameChanged(let name): form.name = name
    // The reducer has the last word: the volume stays within 0...10.
    case .volumeChanged(let volume): form.volume = min(max(volume, 0), 10)
    case .muteToggled(let isMuted): form.isMuted = isMuted
    }
    return .none
  }

  @Test func settingSendsTheActionAndTheValueIsTheState() {
    let sent = Lock<[Action]>([])
    let logging = Reducer<Form, Action, Void> { form, action, environment in
      sent.withLock { $0.append(action) }
      return Self.reducer.reduce(into: &form, action: action, environment: environment)
    }
    let store = Store(initialState: Form(), reducer: logging, environment: ())
    let name = store.binding(\.name, send: Action.nameChanged)
    let muted = store.binding(\.isMuted, send: Action.muteToggled)
    name.set("Ada")
    muted.set(true)
    #expect(name.value == "Ada")
    #expect(muted.value)
    #expect(sent.withLock { $0 } == [.nameChanged("Ada"), .muteToggled(true)])
  }

  @Test func theReducerHasTheLastWord() {
    let store = Store(initialState: Form(), reducer: Self.reducer, environment: ())
    let volume = store.binding(\.volume, send: Action.volumeChanged)
    volume.set(42)
    #expect(volume.value == 10)
    store.send(.volumeChanged(3))
    #expect(volume.value == 3)
  }

  @Test func aViewReadingTheBindingIsToldWhenItsValueIsSet() {
    let store = Store(initialState: Form(), reducer: Self.reducer, environment: ())
    let name = store.binding(\.name, send: Action.nameChanged)
    let changed = Lock(false)
    withObservationTracking {
      _ = name.value
    } onChange: {
      changed.withLock { $0 = true }
    }
    name.set("Ada")
    #expect(changed.withLock { $0 })
  }
}
