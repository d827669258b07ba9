/// An identifier an operator makes for the effects of the children it runs (a presentation's,
/// an element's, a screen's, a slot's), rather than one a feature wrote: ``Reducer/pullback(state:action:environment:)-(_,CasePath<ParentAction,Action>,_)``
/// makes these private to the place it composes a reducer at, so that one feature composed at
/// two places keeps the two copies' children apart.
protocol OperatorEffectID {}

extension ChildEffectsID: OperatorEffectID {}
extension ElementEffectsID: OperatorEffectID {}
extension PresentedEffectsID: OperatorEffectID {}
extension PresentationSlot: OperatorEffectID {}

/// Where ``Reducer/pullback(state:action:environment:)-(_,CasePath<ParentAction,Action>,_)`` composes a reducer: the scope of the
/// identifiers its operators make.
@usableFromInline
struct PulledBackPosition: Hashable, @unchecked Sendable {
  // A key path is immutable; it is `Sendable` where the pullback is given one.
  let path: AnyKeyPath

  @usableFromInline
  static func scope(of path: AnyKeyPath) -> EffectID {
    EffectID(PulledBackPosition(path: path))
  }
}
