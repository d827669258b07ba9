import TideInspect

extension BindingAction {
  /// An action that sets a field of the element with an identifier in a collection: what a row's
  /// text field sends, so that a form binds each element of a list without a feature per row.
  ///
  /// The action never traps: reduced after its element was removed (a keystroke queued behind a
  /// delete), it sets nothing and reports that it named no element; the feature's reducer still
  /// runs, as for any binding action. A reducer matches it by the collection's key path,
  /// `case .binding(\.attendees):`, and prints it as the call that makes it (a field the
  /// element's type hides, as `Redacting` does, prints hidden):
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
      element: ElementField(id: id, field: field, of: Element.self),
      apply: { state in
        state[keyPath: collection].modify(id: id) { $0[keyPath: field] = value } != nil
      },
      isEqualValue: { ($0 as? Value) == value })
  }

  /// Reports an action that names an element the collection does not have: it set nothing.
  func reportMissingElement() {
    IssueReporter.current.report(
      """
      A binding action set a field of an element that is not in the collection.

        Action: \(description)

      No element has this identifier, so no field was set. A binding from \
      Store.binding(_:id:_:action:) sends nothing once its element is gone: this action was \
      sent before the element was removed and reduced after (a keystroke queued behind a \
      delete), or was made with an identifier the collection never had.
      """)
  }
}
