import Foundation
import Tide

/// A toast that hides itself after two seconds: the screen under it presents it and starts the
/// timer that dismisses it. Dismissed early and shown again, the new toast must not be hidden by
/// the first one's timer.
///
/// ```swift
/// let store = Store(initialState: ToastScreen.State(), reducer: ToastScreen.reducer, environment: ManualClock())
/// ```
package enum Toast {
  /// What the toast shows.
  package struct State: Equatable, Sendable {
    package var message: String

    package init(message: String) {
      self.message = message
    }
  }

  /// A tap on the toast.
  package enum Action: Sendable, Equatable { case tapped }

  /// Does nothing: the screen decides.
  package static let reducer = Reducer<State, Action, Void> { _, _, _ in .none }
}

/// A screen that shows toasts.
package enum ToastScreen {
  package struct State: Equatable, Sendable, Identifiable {
    package var id: Int
    package var toast: Toast.State?

    package init(id: Int = 0, toast: Toast.State? = nil) {
      self.id = id
      self.toast = toast
    }
  }

  package enum Action: Sendable, Equatable {
    /// Shows a toast and starts the timer that hides it.
    case showTapped(String)
    /// Shows a toast and nothing more.
    case present(String)
    /// Starts an effect, while nothing is shown, that shows a toast and hides it later.
    case flashTapped
    /// Shows a toast and starts a timer that tells the screen, not the toast, when it is up.
    case showWithExpiry(String)
    /// The timer of ``showWithExpiry(_:)`` is up: the screen hides whatever toast is shown.
    case expired
    /// Starts an effect that taps the toast a second later.
    case tapLater
    /// Starts an effect that shows three toasts in turn, each for a second.
    case tourTapped
    /// The same in the steps of a concatenation, each a task of its own.
    case tourInSteps
    /// Shows a toast, with two effects merged: one hides it after a second, the other shows
    /// another a second later and hides that one after another second.
    case pairTapped
    case toast(PresentationAction<Toast.Action>)
  }

  package static let reducer = Reducer<State, Action, ManualClock> { state, action, clock in
    switch action {
    case .showTapped(let message):
      state.toast = Toast.State(message: message)
      return .run(name: "hide") { send in
        try await clock.sleep(for: .seconds(2))
        await send(.toast(.dismiss))
      }
    case .present(let message):
      state.toast = Toast.State(message: message)
      return .none
    case .flashTapped:
      return .run(name: "flash") { send in
        await send(.present("Hi"))
        try await clock.sleep(for: .seconds(2))
        await send(.toast(.dismiss))
      }
    case .showWithExpiry(let message):
      state.toast = Toast.State(message: message)
      return .run(name: "expiry") { send in
        try await clock.sleep(for: .seconds(2))
        await send(.expired)
      }
    case .expired:
      return state.toast == nil ? .none : .send(.toast(.dismiss))
    case .tourTapped:
      return .run(name: "tour") { send in
        for message in ["One", "Two", "Three"] {
          await send(.present(message))
          try await clock.sleep(for: .seconds(1))
          await send(.toast(.dismiss))
        }
      }
    case .tourInSteps:
      let steps: [Effect<Action>] = ["One", "Two"].flatMap { message -> [Effect<Action>] in
        [
          .run(priority: .high) { send in await send(.present(message)) },
          .run { send in
            try await clock.sleep(for: .seconds(1))
            await send(.toast(.dismiss))
          },
        ]
      }
      return .concatenate(steps)
    case .pairTapped:
      state.toast = Toast.State(message: "First")
      return .merge(
        .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.toast(.dismiss))
        },
        .run { send in
          try await clock.sleep(for: .seconds(2))
          await send(.present("Second"))
          try await clock.sleep(for: .seconds(1))
          await send(.toast(.dismiss))
        })
    case .tapLater:
      return .run(name: "tap") { send in
        try await clock.sleep(for: .seconds(1))
        await send(.toast(.presented(.tapped)))
      }
    case .toast:
      return .none
    }
  }
  .ifLet(\.toast, action: CasePath(Action.toast), environment: { _ in }, child: Toast.reducer)

  /// The line of the `ifLet` above, which reports name.
  package static let ifLetLine: Int = {
    let lines =
      (try? String(contentsOfFile: #filePath, encoding: .utf8))?.split(
        separator: "\n", omittingEmptySubsequences: false) ?? []
    return (lines.firstIndex { $0.hasPrefix("  .ifLet(\\.toast") } ?? -1) + 1
  }()
}

/// Screens in rows, each with its own toast.
package enum ToastList {
  package struct State: Equatable, Sendable {
    package var rows: IdentifiedArray<ToastScreen.State> = [.init(id: 1), .init(id: 2)]

    package init() {}
  }

  package enum Action: Sendable, Equatable {
    case row(Int, ToastScreen.Action)

    package static func == (lhs: Self, rhs: Self) -> Bool {
      switch (lhs, rhs) {
      case (.row(let a, let x), .row(let b, let y)): a == b && x == y
      }
    }
  }

  package static let reducer = Reducer<State, Action, ManualClock>.empty
    .forEach(\.rows, action: CasePath(Action.row), environment: { $0 }, child: ToastScreen.reducer)
}
