import TideInspect

/// The element and the field that a binding action made by `set(_:id:_:_:)` sets: compared as
/// the action is (by identifier and field), and printed after the collection's key path.
struct ElementField: Hashable, @unchecked Sendable {
  // `@unchecked`: the identifier is `Sendable` (`set` requires it), which `AnyHashable` hides;
  // a metatype is immutable.
  /// The element's identifier.
  let id: AnyHashable
  /// The field's key path, from the element.
  let field: any AnyKeyPath & Sendable
  /// The element's type, whose hidden fields (`Redacting`) the action hides too.
  let elementType: Any.Type

  init<ID: Hashable & Sendable>(id: ID, field: any AnyKeyPath & Sendable, of elementType: Any.Type)
  {
    self.id = AnyHashable(id)
    self.field = field
    self.elementType = elementType
  }

  /// `name` for `\Attendee.name`: the field as the action prints it.
  var name: String { BindableField<Any>.name(of: field) }

  /// Whether the element's type hides the field: `pin` of an element that lists it in
  /// `redactedLabels`.
  var isSecret: Bool {
    let hidden = (elementType as? any Redacting.Type)?.redactedLabels ?? []
    return hidden.contains(String(name.prefix { $0 != "." }))
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.id == rhs.id && (lhs.field as AnyKeyPath) == (rhs.field as AnyKeyPath)
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(id)
    hasher.combine(field as AnyKeyPath)
  }
}
