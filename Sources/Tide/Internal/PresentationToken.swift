import Synchronization

/// Which alert or dialog a value is, among equal ones: a number no other alert or dialog made in
/// the process has, given when one is made (or decoded) and kept by its copies.
///
/// It is not part of the value: equality, hashing, printing and coding leave it out. Only a
/// presentation reads it, to tell an alert that a button's action put in place of the one shown
/// (another alert, even an equal one) from the one shown, which the button dismisses.
@usableFromInline
struct PresentationToken: Hashable, Sendable {
  @usableFromInline let value: UInt64

  /// A token no other has.
  init() {
    value = presentationTokens.add(1, ordering: .relaxed).newValue
  }
}

/// The source of ``PresentationToken``s.
private let presentationTokens = Atomic<UInt64>(0)
