extension Shared {
  /// A copy of one element of this shared collection, kept in step with it: a change made to
  /// the element through either copy is seen by the other in the same step, as between any two
  /// copies of a key. How a screen about one element (a detail pushed from a list) holds just
  /// that element, written as if it were its own.
  ///
  /// ```swift
  /// struct Meeting: Identifiable, Equatable, Sendable {
  ///   let id: Int
  ///   var title: String
  /// }
  /// let meetings = Shared(key: "meetings", value: IdentifiedArray([Meeting(id: 1, title: "Standup")]))
  /// let meeting = meetings.element(id: 1)
  /// print(meeting?.title ?? "none")  // Standup
  /// ```
  ///
  /// The element's copy has the collection's key; the state that holds it lists it in
  /// ``SharedState/sharedFields`` like any copy. While the collection holds the element, the
  /// copy holds it as the collection does; once the collection no longer holds it (it was
  /// removed), the copy keeps the element's last value, and a change made to the copy then is
  /// reported, since no collection can take it. The copy stays a copy of element `id`: a value
  /// with another identifier assigned to it is reported, and the copy takes its element back.
  ///
  /// - Parameters:
  ///   - id: The element's identifier.
  /// - Returns: The element's copy, or `nil` when the collection holds no element with `id`.
  public func element<Element>(id: Element.ID) -> Shared<Element>?
  where Value == IdentifiedArray<Element> {
    guard let element = value[id: id] else { return nil }
    var copy = Shared<Element>(key: key, default: element)
    copy.version = version
    copy.isNew = isNew
    copy.elementReference = SharedElementReference(
      link: IdentifiedElementLink<Element>.self, id: AnyHashable(id))
    return copy
  }
}

extension Shared where Value: Identifiable {
  /// A copy of one element of the collection (an `IdentifiedArray<Value>`) shared under `key`,
  /// which takes the element the collection's copies hold: how a screen about one element is
  /// tested alone, and how a state is spelled with it. `element` is its value only while no
  /// copy of the collection holds one.
  ///
  /// ```swift
  /// struct Meeting: Identifiable, Equatable, Sendable {
  ///   let id: Int
  ///   var title: String
  /// }
  /// let meeting = Shared(key: "meetings", element: Meeting(id: 1, title: "Standup"))
  /// print(meeting.title)  // Standup
  /// ```
  ///
  /// - Parameters:
  ///   - key: The collection's key.
  ///   - element: The element, found in the collection by its identifier.
  public init(key: String, element: Value) {
    self.init(key: key, default: element)
    elementReference = SharedElementReference(
      link: IdentifiedElementLink<Value>.self, id: AnyHashable(element.id))
  }
}
