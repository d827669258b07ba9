/// Which element of which collection a copy of an element is: the link to the collection, and
/// the element's identifier when the copy was made, which its value must keep.
@usableFromInline
final class SharedElementReference: @unchecked Sendable {
  // Unchecked: the identifier is read from an element of a `Sendable` shared value, and never
  // changed.
  let link: any SharedElementLink.Type
  let id: AnyHashable

  /// The reference to element `id` of a collection reached through `link`.
  init(link: any SharedElementLink.Type, id: AnyHashable) {
    self.link = link
    self.id = id
  }
}
