import TideInspect

/// Which child a presentation shows: two states of a presented child with the same identity are
/// the same screen, changed; a different identity is a dismissal and a new presentation.
///
/// The identity is the child's enum case, when its state is an enum (a destination), and the
/// identifier of the state or of the case's payload, when it is `Identifiable`.
@usableFromInline
struct PresentationIdentity: Hashable, Sendable, CustomStringConvertible {
  let caseName: String?
  // AnyHashable is not Sendable; identifiers of states are values (an Int, a UUID, a String).
  private nonisolated(unsafe) let id: AnyHashable?

  /// The identity of a child's state.
  @usableFromInline
  init<State>(of state: State) {
    caseName = enumCaseName(state)
    if let identifiable = state as? any Identifiable {
      id = Self.hashable(identifiable)
    } else if caseName != nil, let payload = Mirror(reflecting: state).children.first?.value,
      let identifiable = payload as? any Identifiable
    {
      id = Self.hashable(identifiable)
    } else {
      id = nil
    }
  }

  private static func hashable(_ value: some Identifiable) -> AnyHashable {
    AnyHashable(value.id)
  }

  /// `.rename`, `id: 3`, `.detail, id: 3`, or empty for a child that is neither an enum nor
  /// identifiable.
  @usableFromInline
  var description: String {
    let parts = [caseName.map { ".\($0)" }, id.map { "id: \(describe($0.base))" }]
    return parts.compactMap { $0 }.joined(separator: ", ")
  }
}
