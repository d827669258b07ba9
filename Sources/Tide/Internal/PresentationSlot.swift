/// The slot of a presented child, under which the effects its parent starts are tied to its
/// presentations (``EffectID/presentationSlot`` derives it from a presentation's identifier).
struct PresentationSlot: Hashable, Sendable, CustomStringConvertible {
  let owner: ObjectIdentifier

  var description: String { "slot" }
}
