/// A value of a store's state and the action that sets it: what a text field, a toggle or a
/// picker needs, on any platform.
///
/// Reading ``value`` reads that value through the store (so Observation tracks it alone, as
/// `store.name` does); ``set(_:)`` sends the action. The state stays the one source of truth: after a
/// set, ``value`` is whatever the reducer made of the action, which may differ from what was set.
///
/// ```swift
/// let store = Store(
///   initialState: Login.State(), reducer: Login.reducer, environment: .demo(clock: ManualClock()))
/// let username = store.binding(\.username, send: Login.Action.usernameChanged)
/// username.set("pritesh")
/// print(username.value)  // pritesh
/// ```
///
/// In SwiftUI, its `swiftUI` property makes it a `Binding`:
/// `TextField("Username", text: store.binding(\.username, send: Login.Action.usernameChanged).swiftUI)`.
/// That one property is built only where SwiftUI exists, and CI (Linux) does not build it.
@MainActor
public struct StoreBinding<Value> {
  private let read: @MainActor () -> Value
  private let write: @MainActor (Value) -> Void

  /// The value in the store's state now.
  public var value: Value { read() }

  /// Sends the action that sets the value.
  ///
  /// - Parameters:
  ///   - newValue: The value the user chose.
  public func set(_ newValue: Value) { write(newValue) }

  init(read: @escaping @MainActor () -> Value, write: @escaping @MainActor (Value) -> Void) {
    self.read = read
    self.write = write
  }
}

extension Store {
  /// A binding to a value of the state, set by sending an action.
  ///
  /// <!-- example: given store: Store<Login.State, Login.Action> -->
  /// ```swift
  /// let password = store.binding(\.password, send: Login.Action.passwordChanged)
  /// password.set("Secret1")
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: Where the value is in the state.
  ///   - action: The action that sets it, usually an action case such as
  ///     `Login.Action.usernameChanged`.
  /// - Returns: The binding.
  public func binding<Value>(
    _ keyPath: KeyPath<State, Value>, send action: @escaping (Value) -> Action
  ) -> StoreBinding<Value> {
    StoreBinding(
      read: { [self] in track(keyPath, isEqual: runtimeEquality(for: Value.self)) },
      write: { [self] in send(action($0)) })
  }
}

#if canImport(SwiftUI)
  import SwiftUI

  extension StoreBinding {
    /// The binding as SwiftUI's `Binding`. Built only on platforms with SwiftUI; CI does not
    /// build it.
    public var swiftUI: Binding<Value> {
      Binding(get: { value }, set: { set($0) })
    }
  }
#endif
