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
  /// A view that builds a row from the element it shows uses ``binding(_:element:_:action:)``,
  /// which is never `nil`.
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
    let path = Self.path(of: field, in: collection, id: id)
    guard let initial = currentState[keyPath: path] else { return nil }
    return elementBinding(collection, id: id, field, path: path, initial: initial, action: action)
  }

  /// A binding to a field of an element of a collection, for a view built from the element: a
  /// row of a `ForEach`. It is never `nil`: until it reads the store, and once the element is
  /// gone, it answers with what it last read or set, starting from `element`'s field. It is
  /// ``binding(_:id:_:action:)`` otherwise, and never traps either.
  ///
  /// ```swift
  /// struct Attendee: Identifiable, Equatable, Sendable {
  ///   let id: Int
  ///   var name = ""
  /// }
  /// enum Form {
  ///   struct State: Equatable {
  ///     var attendees: IdentifiedArray<Attendee> = [Attendee(id: 1, name: "Ada")]
  ///   }
  ///   enum Action: Sendable, Equatable { case binding(BindingAction<State>) }
  ///   static let reducer = Reducer<State, Action, Void> { _, _, _ in .none }
  ///     .binding(action: CasePath(Action.binding))
  /// }
  ///
  /// let store = Store(initialState: Form.State(), reducer: Form.reducer, environment: ())
  /// for attendee in store.attendees {
  ///   let name = store.binding(\.attendees, element: attendee, \.name, action: CasePath(Form.Action.binding))
  ///   print(name.value)  // Ada
  /// }
  /// ```
  ///
  /// In SwiftUI: `ForEach(store.attendees) { attendee in TextField("Name", text:
  /// store.binding(\.attendees, element: attendee, \.name, action: …).swiftUI) }`.
  ///
  /// - Parameters:
  ///   - collection: The collection, from the store's state.
  ///   - element: The element the view shows; its identifier names it in the collection.
  ///   - field: The field, from the element.
  ///   - action: A case path from the store's action to its binding actions.
  /// - Returns: The binding.
  public func binding<Element: Identifiable, Value: Equatable & Sendable>(
    _ collection: any WritableKeyPath<State, IdentifiedArray<Element>> & Sendable,
    element: Element,
    _ field: any WritableKeyPath<Element, Value> & Sendable,
    action: CasePath<Action, BindingAction<State>>
  ) -> StoreBinding<Value> where Element: Sendable, Element.ID: Sendable {
    elementBinding(
      collection, id: element.id, field, path: Self.path(of: field, in: collection, id: element.id),
      initial: element[keyPath: field], action: action)
  }

  /// The path an element's binding reads: the field of the element, `nil` once it is gone.
  private static func path<Element: Identifiable, Value>(
    of field: any WritableKeyPath<Element, Value> & Sendable,
    in collection: any WritableKeyPath<State, IdentifiedArray<Element>> & Sendable,
    id: Element.ID
  ) -> KeyPath<State, Value?> {
    (collection as KeyPath<State, IdentifiedArray<Element>>)
      .appending(path: \IdentifiedArray<Element>.[id: id, field: field as KeyPath<Element, Value>])
  }

  /// The binding both element forms make: it answers with `initial` until it reads a value.
  private func elementBinding<Element: Identifiable, Value: Equatable & Sendable>(
    _ collection: any WritableKeyPath<State, IdentifiedArray<Element>> & Sendable,
    id: Element.ID,
    _ field: any WritableKeyPath<Element, Value> & Sendable,
    path: KeyPath<State, Value?>,
    initial: Value,
    action: CasePath<Action, BindingAction<State>>
  ) -> StoreBinding<Value> where Element: Sendable, Element.ID: Sendable {
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

            Nothing was sent. The element was removed (a view that still shows it holds a \
            stale binding, which reads the field's last value until the view is gone), or the \
            binding was made for an element the collection never had.
            """)
          return
        }
        send(action.embed(set))
        if let value = currentState[keyPath: path] { last.value = value }
      })
  }
}
