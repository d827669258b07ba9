/// An enum that lists its case paths as the properties of one value, so that a case path can be
/// named by a key path: `\.login`.
///
/// Key paths have identity (two `\.login` are equal), which case paths made from functions do not.
/// That is what lets `store.scope(state: \.login, action: \.login)` hand out the same store each
/// time it is called with the same paths. Tide uses no macros, so the list is written by hand, one
/// line a case, whose type Swift infers:
///
/// ```swift
/// enum ParentAction: Sendable, CasePathable {
///   case child(ChildAction)
///   case closeTapped
///
///   struct AllCasePaths: Sendable {
///     let child = CasePath(ParentAction.child)
///     let closeTapped = CasePath(ParentAction.closeTapped)
///   }
///   static let allCasePaths = AllCasePaths()
/// }
///
/// enum ChildAction: Sendable, Equatable { case tapped }
/// print(ParentAction.allCasePaths.child.extract(.child(.tapped)) == .tapped)  // true
/// print(ParentAction.allCasePaths.closeTapped.extract(.closeTapped) != nil)  // true
/// ```
///
/// A test store receives an action by the key path of its case (`store.receive(\.closeTapped)`).
/// Only the cases a store scopes to, or a test receives by key path, need to be listed. A generic enum, which cannot have a stored
/// static property, returns `AllCasePaths()` from a computed `static var allCasePaths`. A case
/// path on a hot path can spell out its extraction instead of reflecting
/// (``CasePath/init(embed:extract:)``).
public protocol CasePathable {
  /// A type whose properties are the enum's case paths.
  associatedtype AllCasePaths
  /// The value whose properties are the enum's case paths.
  static var allCasePaths: AllCasePaths { get }
}
