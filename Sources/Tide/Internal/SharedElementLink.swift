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
