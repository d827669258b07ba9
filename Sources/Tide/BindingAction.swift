import TideInspect

/// An action that sets one writable field of a feature's state: what a form's text fields,
/// toggles and pickers send, through one action case instead of one case per field.
///
/// A feature opts in with a case that carries it and ``Reducer/binding(action:)-(CasePath<Action,BindingAction<State>>)``, which sets the
/// field before the feature's reducer runs; the reducer reacts to a given field by matching its
/// key path:
///
/// ```swift
/// enum Settings {
///   struct State: Equatable {
///     var name = ""
///     var notifies = false
///     var nameIsValid = false
///   }
///   enum Action: Sendable, Equatable {
///     case binding(BindingAction<State>)
///   }
///   static let reducer = Reducer<State, Action, Void> { state, action, _ in
///     switch action {
///     case .binding(\.name):
///       state.nameIsValid = !state.name.isEmpty
///     case .binding:
///       break
///     }
///     return .none
///   }
///   .binding(action: CasePath(Action.binding))
/// }
///
/// let store = Store(initialState: Settings.State(), reducer: Settings.reducer, environment: ())
/// store.send(.binding(.set(\.name, "Ada")))
/// print(store.state.name, store.state.nameIsValid)  // Ada true
/// ```
///
/// Only fields whose values are `Equatable` and `Sendable` can be set, so that two actions compare
/// and the action crosses to the store's actor. It prints as `.set(\.name, "Ada")`, the call that
/// makes it.
public struct BindingAction<Root>: Sendable {
  /// The field the action sets; for an action that sets a field of a collection's element
  /// (``set(_:id:_:_:)``), the collection.
  public let keyPath: any PartialKeyPath<Root> & Sendable
  /// The value it sets the field to.
  public let value: any Sendable
  /// The element and its field, for an action made by ``set(_:id:_:_:)``.
  let element: ElementField?
  /// Sets the field; `false` when the element it names is not there.
  private let apply: @Sendable (inout Root) -> Bool
  private let isEqualValue: @Sendable (any Sendable) -> Bool

  /// An action that sets the field at `keyPath` to `value`.
  ///
  /// <!-- example: given store: Store<Settings.State, Settings.Action> -->
  /// ```swift
  /// store.send(.binding(.set(\.name, "Ada")))
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The field.
  ///   - value: Its new value.
  /// - Returns: The action.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: any WritableKeyPath<Root, Value> & Sendable, _ value: Value
  ) -> Self {
    Self(
      keyPath: keyPath, value: value, element: nil,
      apply: {
        $0[keyPath: keyPath] = value
        return true
      },
      isEqualValue: { ($0 as? Value) == value })
  }

  init(
    keyPath: any PartialKeyPath<Root> & Sendable, value: any Sendable, element: ElementField?,
    apply: @escaping @Sendable (inout Root) -> Bool,
    isEqualValue: @escaping @Sendable (any Sendable) -> Bool
  ) {
    self.keyPath = keyPath
    self.value = value
    self.element = element
    self.apply = apply
    self.isEqualValue = isEqualValue
  }

  /// Sets the field in `state`. An action that sets a field of an element the collection does not
  /// have changes nothing and reports it.
  ///
  /// <!-- example: given state: inout Settings.State -->
  /// ```swift
  /// BindingAction<Settings.State>.set(\.name, "Ada").apply(to: &state)
  /// ```
  ///
  /// - Parameters:
  ///   - state: The state to change.
  public func apply(to state: inout Root) {
    if !apply(&state) { reportMissingElement() }
  }

  /// Whether a binding action sets the field at `keyPath`: lets a reducer match
  /// `case .binding(\.name):`. An action that sets a field of a collection's element
  /// (``set(_:id:_:_:)``) matches the collection's key path: `case .binding(\.attendees):`.
  ///
  /// <!-- example: in settings-feature -->
  /// ```swift
  /// case .binding(\.name):
  ///   state.nameIsValid = !state.name.isEmpty
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The field.
  ///   - action: The binding action.
  /// - Returns: Whether `action` sets that field.
  public static func ~= <Value>(keyPath: WritableKeyPath<Root, Value>, action: Self) -> Bool {
    (action.keyPath as AnyKeyPath) == (keyPath as AnyKeyPath)
  }
}

extension BindingAction: Equatable {
  /// Whether two actions set the same field (of the same element) to equal values.
  ///
  /// ```swift
  /// #expect(BindingAction<Settings.State>.set(\.name, "Ada") == .set(\.name, "Ada"))
  /// ```
  ///
  /// - Parameters:
  ///   - lhs: An action.
  ///   - rhs: Another action.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    (lhs.keyPath as AnyKeyPath) == (rhs.keyPath as AnyKeyPath) && lhs.element == rhs.element
      && lhs.isEqualValue(rhs.value)
  }
}

extension BindingAction: CustomStringConvertible, CustomInspectable {
  /// `.set(\.name, "Ada")`: the call that makes it, with the key path's root left to the
  /// action's case to infer.
  public var description: String {
    Inspector().line(self)
  }

  /// The action as Swift code, for the inspector: `.set(\.name, "Ada")`. A value set into a
  /// field that the state hides (`Redacting`, as a password is), or that an element's type
  /// hides, is hidden as that field is: `.set(\.password, "••••••")`.
  public var inspectionValue: Any {
    // `\State.name` names the root by its bare name, which a test cannot resolve when the state
    // is nested in a feature (`Settings.State`); `\.name` is inferred from the action's case.
    let name = BindableField<Root>.name(of: keyPath)
    let hidden = (Root.self as? any Redacting.Type)?.redactedLabels ?? []
    let isSecret =
      hidden.contains(String(name.prefix { $0 != "." })) || element?.isSecret == true
    var shown: Any = value
    if isSecret { shown = InspectedSecret(value as Any) }
    if let element {
      return InspectedElementSet.set(
        InspectedKeyPath(name: name), id: element.id.base, InspectedKeyPath(name: element.name),
        shown)
    }
    return InspectedSet.set(InspectedKeyPath(name: name), shown)
  }
}

/// A binding action as the inspector prints it, `.set(\.name, "Ada")`.
private enum InspectedSet {
  case set(InspectedKeyPath, Any)
}

/// A binding action that sets an element's field, as the inspector prints it:
/// `.set(\.attendees, id: 3, \.name, "Ada")`.
private enum InspectedElementSet {
  case set(InspectedKeyPath, id: Any, InspectedKeyPath, Any)
}

/// A key path as written with its root left out, `\.name`: a mirror with no display style makes
/// the inspector print the description as it is.
private struct InspectedKeyPath: CustomStringConvertible, CustomReflectable {
  let name: String
  var description: String { "\\.\(name)" }
  var customMirror: Mirror { Mirror(self, children: [:], displayStyle: nil) }
}

extension Reducer {
  /// Applies this feature's ``BindingAction``s to its state, then runs this reducer, which can
  /// react to a given field by matching `case .binding(\.name):`.
  ///
  /// <!-- example: in settings-declaration -->
  /// ```swift
  /// static let reducer = core.binding(action: CasePath(Action.binding))
  /// ```
  ///
  /// - Parameters:
  ///   - action: A case path from this reducer's action to its binding actions.
  /// - Returns: A reducer that sets the field, then runs this one.
  public func binding(action: CasePath<Action, BindingAction<State>>) -> Self {
    Self(sharing: sharing, watches: watches) { state, parentAction, environment in
      action.extract(parentAction)?.apply(to: &state)
      return body(&state, parentAction, environment)
    }
  }
}

extension Store {
  /// A binding to a writable field of the state, set through the feature's ``BindingAction``
  /// case.
  ///
  /// ```swift
  /// enum Settings {
  ///   struct State: Equatable { var name = "" }
  ///   enum Action: Sendable, Equatable { case binding(BindingAction<State>) }
  ///   static let reducer = Reducer<State, Action, Void> { _, _, _ in .none }
  ///     .binding(action: CasePath(Action.binding))
  /// }
  /// let store = Store(initialState: Settings.State(), reducer: Settings.reducer, environment: ())
  /// let name = store.binding(\.name, action: CasePath(Settings.Action.binding))
  /// name.set("Ada")
  /// print(name.value)  // Ada
  /// ```
  ///
  /// In SwiftUI: `TextField("Name", text: store.binding(\.name, action: CasePath(Settings.Action.binding)).swiftUI)`.
  ///
  /// - Parameters:
  ///   - keyPath: The field.
  ///   - action: A case path from the store's action to its binding actions.
  /// - Returns: The binding.
  public func binding<Value: Equatable & Sendable>(
    _ keyPath: any WritableKeyPath<State, Value> & Sendable,
    action: CasePath<Action, BindingAction<State>>
  ) -> StoreBinding<Value> {
    binding(keyPath, send: { action.embed(.set(keyPath, $0)) })
  }

  /// A binding to a writable field of the state, set through the feature's ``BindingAction``
  /// case named by a key path into the action's `AllCasePaths`: the same as
  /// ``binding(_:action:)-(_,CasePath<Action,BindingAction<State>>)`` with the case path the
  /// action lists.
  ///
  /// <!-- example: given store: Store<RenamePlace.State, RenamePlace.Action> -->
  /// ```swift
  /// let name = store.binding(\.name, action: \.binding)
  /// name.set("Paris, France")
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The field.
  ///   - action: A key path to the case path of the binding actions in `Action.AllCasePaths`.
  /// - Returns: The binding.
  public func binding<Value: Equatable & Sendable>(
    _ keyPath: any WritableKeyPath<State, Value> & Sendable,
    action: KeyPath<Action.AllCasePaths, CasePath<Action, BindingAction<State>>>
  ) -> StoreBinding<Value> where Action: CasePathable {
    binding(keyPath, action: Action.allCasePaths[keyPath: action])
  }
}
