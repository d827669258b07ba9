import Synchronization
import TideInspect

/// One entry of a navigation stack's path as a view holds it (``Store/stackPath(_:action:)``):
/// a screen the stack holds, or a screen a link asks to push.
///
/// A link anywhere in the stack pushes by appending ``push(_:)`` to the path, which is what
/// SwiftUI's `NavigationLink(value: StackPathElement.push(state))` does; the binding sends the stack's
/// `.push(id:state:)` with its next identifier, and the path then holds the new screen.
///
/// <!-- example: given store: Store<App.State, App.Action>, place: PlaceDetail.State -->
/// ```swift
/// let path = store.stackPath(\.path, action: \.path)
/// // What NavigationLink(value: StackPathElement.push(place)) does when tapped:
/// path.set(path.value + [.push(place)])
/// ```
///
/// A screen's entry is written as its identifier, `[0, 1]`. Two pushes of equal states are two
/// entries: an entry to push is equal only to itself, and the screen it pushed stays equal to it
/// (not to `.screen(id)`), so SwiftUI sees the entry it appended become that screen. Compare
/// ``id``s to compare screens.
public struct StackPathElement<State: Sendable>: Hashable, Sendable,
  ExpressibleByIntegerLiteral, CustomStringConvertible
{
  enum Kind: Sendable {
    case screen(StackElementID)
    /// A state to push, with a number no other entry to push has.
    case push(State, number: Int)
    /// A screen a link pushed: equal to the link's entry, so that SwiftUI sees the entry it
    /// appended become the screen, not another value in its place.
    case pushed(StackElementID, number: Int)
  }

  let kind: Kind

  /// The entry of a screen the stack holds.
  ///
  /// ```swift
  /// let entry = StackPathElement<String>.screen(2)
  /// print(entry.id == 2)  // true
  /// ```
  ///
  /// - Parameter id: The screen's identifier.
  /// - Returns: The entry.
  public static func screen(_ id: StackElementID) -> Self {
    Self(kind: .screen(id))
  }

  /// An entry that asks the stack to push a screen with `state`: a navigation link's value.
  ///
  /// ```swift
  /// let entry = StackPathElement.push("Detail")
  /// print(entry.id == nil)  // true
  /// ```
  ///
  /// - Parameter state: The screen's state.
  /// - Returns: The entry.
  public static func push(_ state: State) -> Self {
    Self(kind: .push(state, number: pushNumbers.add(1, ordering: .relaxed).newValue))
  }

  /// The entry of the screen with the identifier `value`.
  ///
  /// ```swift
  /// let path: [StackPathElement<String>] = [0, 1]
  /// print(path)  // [#0, #1]
  /// ```
  ///
  /// - Parameter value: The identifier's number.
  public init(integerLiteral value: Int) {
    self.init(kind: .screen(StackElementID(rawValue: value)))
  }

  init(kind: Kind) {
    self.kind = kind
  }

  /// The identifier of the screen it is, or `nil` for an entry that asks to push one.
  public var id: StackElementID? {
    switch kind {
    case .screen(let id), .pushed(let id, _): id
    case .push: nil
    }
  }

  /// The number of the link's entry, for an entry to push or a screen a link pushed.
  var pushNumber: Int? {
    switch kind {
    case .screen: nil
    case .push(_, let number), .pushed(_, let number): number
    }
  }

  /// The screen's identifier, `#2`, or the state to push, `push("Detail")`.
  public var description: String {
    switch kind {
    case .screen(let id), .pushed(let id, _): id.description
    case .push(let state, _): "push(\(Inspector().line(state)))"
    }
  }

  /// Whether two entries are the same: the same screen, or the same link's entry (before and
  /// after the stack pushed its screen). Screens of a stack made anew in place of another are
  /// other entries than the old stack's with the same numbers, so a view's path changes with it;
  /// an entry written as a number (`0`) is the screen with that number in either.
  ///
  /// ```swift
  /// let link = StackPathElement.push("Detail")
  /// print(link == link, link == .push("Detail"))  // true false
  /// ```
  ///
  /// - Parameters:
  ///   - lhs: An entry.
  ///   - rhs: Another.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    if let left = lhs.pushNumber, let right = rhs.pushNumber { return left == right }
    if case .screen(let left) = lhs.kind, case .screen(let right) = rhs.kind {
      // A screen of a stack made anew in place of another is another entry, though numbered
      // alike; one written as a number matches either.
      return left == right
        && (left.lineage == right.lineage || left.lineage == 0 || right.lineage == 0)
    }
    return false
  }

  /// Hashes what ``==(_:_:)`` compares: the screen's identifier, or the link's entry's number.
  ///
  /// ```swift
  /// print(Set<StackPathElement<String>>([0, 0, 1]).count)  // 2
  /// ```
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    if let number = pushNumber {
      hasher.combine(1)
      hasher.combine(number)
    } else {
      hasher.combine(0)
      hasher.combine(id)
    }
  }
}

/// The source of the numbers that tell entries to push apart.
private let pushNumbers = Atomic<Int>(0)
