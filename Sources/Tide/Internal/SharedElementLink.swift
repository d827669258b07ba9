/// How a copy of one element of a shared collection reaches the collection: made by
/// `Shared.element(id:)` and `Shared(key:element:)`, and used by the sync to give the
/// collection an element's change and an element the collection's.
@usableFromInline
protocol SharedElementLink: SendableMetatype {
  /// The type of the collection's copies: `IdentifiedArray<Element>`.
  static var collectionType: Any.Type { get }
  /// The identifier of `element`, which the link's element type must be.
  static func id(of element: Any) -> AnyHashable
  /// The element with identifier `id` in `collection`: `nil` when it holds none, or is not the
  /// collection's type.
  static func element(_ id: AnyHashable, in collection: Any) -> Any?
  /// Replaces the element with `element`'s identifier in `collection` by `element`: `false`
  /// when the collection holds no such element (it was removed), and is left as it is.
  static func replace(_ element: Any, in collection: inout Any) -> Bool
}

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

/// Which element of which collection a copy of an element is: the link to the collection, and
/// the element's identifier when the copy was made, which its value must keep.
@usableFromInline
final class SharedElementReference: @unchecked Sendable {
  // Unchecked: the identifier is read from an element of a `Sendable` shared value, and never
  // changed.
  let link: any SharedElementLink.Type
  let id: AnyHashable

  init(link: any SharedElementLink.Type, id: AnyHashable) {
    self.link = link
    self.id = id
  }
}

/// A collection whose elements a copy can be of: how a report names a copy of a collection's
/// element type made as a copy of a whole value.
protocol IdentifiedCollection {
  static var elementType: Any.Type { get }
}

extension IdentifiedArray: IdentifiedCollection {
  static var elementType: Any.Type { Element.self }
}
