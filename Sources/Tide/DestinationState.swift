/// An enum of the screens a parent presents one at a time (a destination): a sheet, an alert, a
/// pushed screen, each a case whose payload is that screen's state.
///
/// Conforming declares the convention that the destination's state and action name their cases
/// alike (`case rename(Rename.State)` and `case rename(Rename.Action)`). The `ifLet` over a
/// ``PresentationAction`` then knows which case an action is for: an action for another case than
/// the one presented changes nothing, reaches neither the child nor the parent, and is reported;
/// and an alert or a confirmation dialog in a case is dismissed by its buttons. A feature whose
/// state merely happens to be an enum (a screen's loading phases) does not conform, and none of
/// this applies to it.
///
/// A destination's identity is its case: replacing the rename sheet by the alert is a dismissal
/// and a presentation, which cancels the sheet's effects. Two screens of the same case (a detail
/// of one place, then of another) are told apart by the `id` of the case's payload when that is
/// `Identifiable`, or by the enum's own `id` when the enum is `Identifiable`.
///
/// ```swift
/// enum Destination {
///   enum State: Equatable, DestinationState {
///     case rename(String)
///     case alert(AlertState<Alert>)
///   }
///   enum Alert: Sendable, Equatable { case confirmDeletion }
///   enum Action: Sendable, Equatable {
///     case rename(String)
///     case alert(Alert)
///   }
/// }
/// print(Destination.State.self is any DestinationState.Type)  // true
/// ```
public protocol DestinationState {}
