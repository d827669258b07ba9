/// An identifier an operator (``ChildLifetime``) made for its child's effects: a child, an
/// element, a presented child, a screen of a stack.
protocol ChildOwnedEffectsID {
  /// The operator's ``ChildLifetime``.
  var owner: ObjectIdentifier { get }
}
