import TideInspect

extension BindingAction {
  /// An action that sets a field of the element with an identifier in a collection: what a row's
  /// text field sends, so that a form binds each element of a list without a feature per row.
  ///
  /// The action never traps: reduced after its element was removed (a keystroke queued behind a
  /// delete), it changes nothing and reports that it named no element. A reducer matches it by the
  /// collection's key path, `case .binding(\.attendees):`, and prints it as the call that makes it:
  ///
  /// ```swift
  /// struct Attendee: Identifiable, Equatable, Sendable {
  ///   let id: Int
  ///   var name = ""
  /// }
  /// struct Form: Equatable {
  ///   var attendees: IdentifiedArray<Attendee> = [Attendee(id: 1)]
  /// }
  ///
  /// var form = Form()
  /// let action = BindingAction<Form>.set(\.attendees, id: 1, \.name, "Blob")
  /// action.apply(to: &form)
  /// print(form.attendees[id: 1]!.name)  // Blob
  /// print(action)  // .set(\.attendees, id: 1, \.name, "Blob")
  /// ```
  ///
  /// - Parameters:
  ///   - collection: The collection.
  ///   - id: The element's identifier.
  ///   - field: The field, from the element.
  ///   - value: Its new value.
  /// - Returns: The action.
  public static func set<Element: Identifiable, Value: Equatable & Sendable>(
    _ collection: any WritableKeyPath<Root, IdentifiedArray<Element>> & Sendable,
    id: Element.ID,
    _ field: any WritableKeyPath<Element, Value> & Sendable,
    _ value: Value
  ) -> Self where Element: Sendable, Element.ID: Sendable {
    Self(
      keyPath: collection, value: value,
      element: ElementField(id: id, field: field),
      apply: { state in
        state[keyPath: collection].modify(id: id) { $0[keyPath: field] = value } != nil
      },
      isEqualValue: { ($0 as? Value) == value })
  }

  /// Reports an action that names an element the collection does not have: it changed nothing.
  func reportMissingElement() {
    IssueReporter.current.report(
      """
      A binding action set a field of an element that is not in the collection.

        Action: \(description)

      No element has this identifier: it was removed before the action was reduced, or never \
      added. Nothing was changed. A binding made with Store.binding(_:id:_:action:) sends \
      nothing once its element is gone; an action made by hand names the wrong element.
      """)
  }
}

/// The element and the field that a binding action made by `set(_:id:_:_:)` sets: compared as
/// the action is, and printed after the collection's key path.
struct ElementField: Hashable, @unchecked Sendable {
  // `@unchecked`: the identifier is `Sendable` (`set` requires it), which `AnyHashable` hides.
  /// The element's identifier.
  let id: AnyHashable
  /// The field's key path, from the element.
  let field: AnyKeyPath

  init<ID: Hashable & Sendable>(id: ID, field: AnyKeyPath) {
    self.id = AnyHashable(id)
    self.field = field
  }

  /// `name` for `\Attendee.name`: the field as the action prints it.
  var name: String { BindableField<Any>.name(of: field) }
}

extension IdentifiedArray {
  /// A field of the element with an identifier, or `nil` when there is none: what an element's
  /// binding reads, tracked as one value.
  subscript<Value>(id id: Element.ID, field field: KeyPath<Element, Value>) -> Value? {
    index(id: id).map { elements[$0][keyPath: field] }
  }
}

extension Store {
  /// A binding to a field of the element with an identifier in a collection, set through the
  /// feature's ``BindingAction`` case: a row's text field in a form that lists elements.
  ///
  /// It never traps, though a view may read or set it once more after its element is removed:
  /// it then answers with the value it last read or set (the reducer's result of that set), and
  /// a set sends nothing and reports that the element is gone. (A key path such as
  /// `\.attendees[id: id]!.name` traps there.) Observation tracks the field alone: a change to
  /// another field or another element does not tell a view that reads it.
  ///
  /// ```swift
  /// struct Attendee: Identifiable, Equatable, Sendable {
  ///   let id: Int
  ///   var name = ""
  /// }
  /// enum Form {
  ///   struct State: Equatable {
  ///     var attendees: IdentifiedArray<Attendee> = [Attendee(id: 1), Attendee(id: 2)]
  ///   }
  ///   enum Action: Sendable, Equatable {
  ///     case binding(BindingAction<State>)
  ///     case deleteTapped(Int)
  ///   }
  ///   static let reducer = Reducer<State, Action, Void> { state, action, _ in
  ///     if case .deleteTapped(let id) = action { state.attendees[id: id] = nil }
  ///     return .none
  ///   }
  ///   .binding(action: CasePath(Action.binding))
  /// }
  ///
  /// let store = Store(initialState: Form.State(), reducer: Form.reducer, environment: ())
  /// let name = store.binding(\.attendees, id: 2, \.name, action: CasePath(Form.Action.binding))!
  /// name.set("Blob")
  /// store.send(.deleteTapped(2))
  /// print(name.value)  // Blob
  /// ```
  ///
  /// In SwiftUI, one per row:
  /// `ForEach(store.attendees) { TextField("Name", text: store.binding(\.attendees, id: $0.id, \.name, action: …)!.swiftUI) }`.
  ///
  /// - Parameters:
  ///   - collection: The collection, from the store's state.
  ///   - id: The element's identifier.
  ///   - field: The field, from the element.
  ///   - action: A case path from the store's action to its binding actions.
  /// - Returns: The binding, or `nil` when the collection has no element with `id`.
  public func binding<Element: Identifiable, Value: Equatable & Sendable>(
    _ collection: any WritableKeyPath<State, IdentifiedArray<Element>> & Sendable,
    id: Element.ID,
    _ field: any WritableKeyPath<Element, Value> & Sendable,
    action: CasePath<Action, BindingAction<State>>
  ) -> StoreBinding<Value>? where Element: Sendable, Element.ID: Sendable {
    let path = (collection as KeyPath<State, IdentifiedArray<Element>>)
      .appending(path: \IdentifiedArray<Element>.[id: id, field: field as KeyPath<Element, Value>])
    guard let initial = currentState[keyPath: path] else { return nil }
    let last = LastValue(initial)
    return StoreBinding(
      read: { [self] in
        if let value = track(path, isEqual: runtimeEquality(for: Value?.self)) {
          last.value = value
        }
        return last.value
      },
      write: { [self] newValue in
        let set = BindingAction.set(collection, id: id, field, newValue)
        guard currentState[keyPath: collection].index(id: id) != nil else {
          IssueReporter.current.report(
            """
            A binding to a field of an element that is not in the collection was set.

              Action: \(set.description)

            The element was removed: nothing was sent. A view that still shows it holds a \
            stale binding, which reads the field's last value until the view is gone.
            """)
          return
        }
        send(action.embed(set))
        if let value = currentState[keyPath: path] { last.value = value }
      })
  }
}

/// The last value an element's binding read, which it keeps answering with once the element
/// is gone.
@MainActor
private final class LastValue<Value> {
  var value: Value
  init(_ value: Value) { self.value = value }
}
