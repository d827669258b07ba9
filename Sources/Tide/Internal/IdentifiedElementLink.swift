/// The link of the elements of an `IdentifiedArray`.
@usableFromInline
enum IdentifiedElementLink<Element: Identifiable>: SharedElementLink {
  @usableFromInline static var collectionType: Any.Type { IdentifiedArray<Element>.self }

  @usableFromInline static func id(of element: Any) -> AnyHashable {
    AnyHashable((element as! Element).id)
  }

  @usableFromInline static func element(_ id: AnyHashable, in collection: Any) -> Any? {
    guard let collection = collection as? IdentifiedArray<Element>,
      let id = id.base as? Element.ID
    else { return nil }
    return collection[id: id]
  }

  @usableFromInline static func replace(_ element: Any, in collection: inout Any) -> Bool {
    guard var elements = collection as? IdentifiedArray<Element> else { return false }
    let element = element as! Element
    guard elements.index(id: element.id) != nil else { return false }
    // Released first, so that the elements are changed in place rather than copied twice.
    collection = 0
    elements[id: element.id] = element
    collection = elements
    return true
  }
}
