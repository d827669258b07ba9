import Synchronization
import TideInspect

/// Which child a presentation shows: two states of a presented child with the same identity are
/// the same screen, changed; a different identity is a dismissal and a new presentation.
///
/// The identity is the child's case, when its state is a ``DestinationState``, and its `id`,
/// when it is `Identifiable`; a destination enum that is not has the `id` of its case's payload,
/// when that is `Identifiable` (the screen a case shows). A child that is neither has one
/// identity: present. It is a plain value, copied and compared at every step for nothing: the
/// `id` is kept as its hash, so two identifiers whose 64-bit hashes collide count as one (the
/// older screen's effects then outlive it, as for a child changed in place).
@usableFromInline
struct PresentationIdentity: Hashable, Sendable, CustomStringConvertible {
  /// Where the runtime keeps the case's name (`0` for none): compared without making a string.
  @usableFromInline let caseAddress: UInt
  /// The hash of the child's `id`, if it has one.
  @usableFromInline let idHash: Int?

  @usableFromInline
  init(caseAddress: UInt, idHash: Int?) {
    self.caseAddress = caseAddress
    self.idHash = idHash
  }

  /// The identity of every child of a type that is neither a destination nor identifiable.
  @usableFromInline static let present = Self(caseAddress: 0, idHash: nil)

  /// `.rename`, or empty for a child that is not a destination.
  @usableFromInline
  var description: String {
    UnsafePointer<CChar>(bitPattern: caseAddress).map { "." + String(cString: $0) } ?? ""
  }
}

/// Reads the identity of one type of child: chosen once, when the presentation is built, so that
/// a child that is neither a destination nor identifiable costs nothing at each step. A
/// destination whose shown case holds an identifiable payload is reflected to read its `id`
/// (about a microsecond and a half in a debug build); its other cases are not.
///
/// It is `Sendable` by hand: its closure captures nothing but a metatype, and reads the value it is
/// given.
@usableFromInline
struct PresentationIdentifier<State>: @unchecked Sendable {
  @usableFromInline let read: (State) -> PresentationIdentity
  /// Whether every child of this type has the same identity: then only its presence counts,
  /// and `read` need not be called.
  @usableFromInline let isConstant: Bool

  @usableFromInline
  init() {
    let isDestination = State.self is any DestinationState.Type
    let id = (State.self as? any Identifiable.Type).map { hashOfID(of: $0) as (State) -> Int }
    isConstant = !isDestination && id == nil
    switch (isDestination, id) {
    case (false, nil):
      read = { _ in .present }
    case (false, let id?):
      read = { PresentationIdentity(caseAddress: 0, idHash: id($0)) }
    case (true, let id?):
      read = { PresentationIdentity(caseAddress: enumCaseAddress($0) ?? 0, idHash: id($0)) }
    case (true, nil):
      // Which cases hold an identifiable payload, learnt once a case: the others (an alert, a
      // case without a payload) cost no reflection at each step.
      let identifiableCases = Mutex<[UInt: Bool]>([:])
      read = { destination in
        let address = enumCaseAddress(destination) ?? 0
        let known = identifiableCases.withLock { $0[address] }
        guard known != false else { return PresentationIdentity(caseAddress: address, idHash: nil) }
        let hash = payloadIDHash(of: destination)
        if known == nil { identifiableCases.withLock { $0[address] = hash != nil } }
        return PresentationIdentity(caseAddress: address, idHash: hash)
      }
    }
  }
}

/// The hash of the `id` of a child whose type `State` is `Element`, an `Identifiable` type.
private func hashOfID<State, Element: Identifiable>(of _: Element.Type) -> (State) -> Int {
  { state in
    // `State` is `Element`: only the compiler does not know it.
    unsafeBitCast(state, to: Element.self).id.hashValue
  }
}

/// The hash of the `id` of a destination's payload, when the payload is `Identifiable`: a detail
/// of one place and then of another, in the same case, are two screens. `nil` for a case without
/// a payload, or whose payload is not `Identifiable` (an alert, several values).
private func payloadIDHash<State>(of destination: State) -> Int? {
  guard let payload = Mirror(reflecting: destination).children.first?.value as? any Identifiable
  else { return nil }
  return hashOfID(payload)
}

/// The hash of `value`'s `id`.
private func hashOfID(_ value: some Identifiable) -> Int {
  value.id.hashValue
}

extension PresentationIdentifier {
  /// The identity of a child that may be absent: `nil` when it is.
  @inlinable
  func identity(of child: State?) -> PresentationIdentity? {
    guard let child else { return nil }
    return isConstant ? .present : read(child)
  }
}
