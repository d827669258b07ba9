/// An effect of any action type, as the effect registry keeps it: printed, or asked for the
/// names of its `.run` effects, only when someone does.
package protocol InspectableEffect: Sendable, CustomStringConvertible {
  /// The names of the `.run(name:)` effects it is made of, in order.
  var runNames: [String] { get }
}

extension Effect: InspectableEffect {
  package var runNames: [String] {
    // An explicit stack rather than recursion, so that no nesting is too deep to walk.
    var names: [String] = []
    var pending: [Effect] = [self]
    while let effect = pending.popLast() {
      switch effect.operation {
      case .none, .send, .cancel, .dismiss:
        continue
      case .run(let run):
        if let name = run.name { names.append(name) }
      case .merge(let effects), .concatenate(let effects):
        pending += effects.reversed()
      case .cancellable(_, _, let inner), .watch(_, _, let inner):
        pending.append(inner)
      }
    }
    return names
  }
}
