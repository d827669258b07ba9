/// A path from an enum to one of its cases: the pair of functions that wrap a value into the case
/// (`embed`) and take it back out (`extract`).
///
/// Case paths are to enum cases what key paths are to struct properties. ``Reducer`` uses them to
/// pick a child's actions out of a parent's, and ``Store`` to send a child's actions through a
/// parent.
///
/// Build one from a case's constructor; extraction then works by reflection:
///
/// ```swift
/// enum AppAction: Sendable {
///   case login(LoginAction)
///   case logoutTapped
/// }
/// let login = CasePath(AppAction.login)
/// login.extract(.login(.loginButtonTapped))  // .loginButtonTapped
/// login.extract(.logoutTapped)               // nil
/// ```
///
/// Or spell out both directions, which is faster and works for any shape:
///
/// ```swift
/// let login = CasePath<AppAction, LoginAction>(
///   embed: AppAction.login,
///   extract: { if case let .login(action) = $0 { action } else { nil } }
/// )
/// ```
///
/// A case path to a `CasePathable` payload reaches the payload's cases by name, as a key path
/// reaches a property's properties: `\.searchResponse.success` for a `Result` payload (see
/// ``subscript(dynamicMember:)``).
@dynamicMemberLookup
public struct CasePath<Root, Value>: Sendable {
  /// Wraps a value into the case.
  public let embed: @Sendable (Value) -> Root
  /// Returns the case's payload, or `nil` when the root is another case.
  public let extract: @Sendable (Root) -> Value?

  /// Creates a case path from its two directions.
  ///
  /// ```swift
  /// let some = CasePath<Int?, Int>(embed: { $0 }, extract: { $0 })
  /// ```
  ///
  /// - Parameters:
  ///   - embed: A function that wraps a value into the case.
  ///   - extract: A function that returns the case's payload, or `nil` for any other case.
  public init(
    embed: @escaping @Sendable (Value) -> Root,
    extract: @escaping @Sendable (Root) -> Value?
  ) {
    self.embed = embed
    self.extract = extract
  }

  /// Creates a case path from a case's constructor, extracting by reflection.
  ///
  /// Extraction reads the root's case name and payload with `Mirror`, then checks that embedding
  /// the payload again produces the same case. It works for cases with one or more associated
  /// values, labelled or not. A case without associated values has a case path of its own,
  /// made from the case itself (``init(_:fileID:filePath:line:column:)``); use
  /// ``init(embed:extract:)`` on hot paths where reflection is too slow.
  ///
  /// ```swift
  /// let child = CasePath(ParentAction.child)
  /// ```
  ///
  /// - Parameters:
  ///   - embed: The case's constructor, such as `AppAction.login`.
  public init(_ embed: @escaping @Sendable (Value) -> Root) {
    self.embed = embed
    self.extract = { root in
      guard
        let (name, payload) = enumCase(of: root),
        let value = cast(payload, to: Value.self),
        let (embeddedName, _) = enumCase(of: embed(value)),
        embeddedName == name
      else { return nil }
      return value
    }
  }

  /// Changes the payload in place when `root` holds a value of this case; does nothing when it
  /// is `nil` or of another case.
  ///
  /// ```swift
  /// enum Screen: Equatable { case detail(String), settings }
  /// var shown: Screen? = .detail("Home")
  /// CasePath(Screen.detail).modify(&shown) { $0 += " 2" }
  /// var gone: Screen? = nil
  /// CasePath(Screen.detail).modify(&gone) { $0 += " 2" }
  /// print(shown == .detail("Home 2"), gone == nil)  // true true
  /// ```
  ///
  /// A test store suggests it for a change inside an optional enum's payload (a destination),
  /// `CasePath(Destination.State.rename).modify(&$0.destination) { $0.name = "Work" }`: pasted
  /// into a step where the destination is gone, it changes nothing, and the step's diff shows
  /// why, where a force-unwrapped `&$0.destination!` would stop every test of the run.
  ///
  /// - Parameters:
  ///   - root: The optional value to change.
  ///   - body: Changes the payload.
  /// - Returns: What `body` returns, or `nil` when `root` is `nil` or of another case.
  @discardableResult
  public func modify<Result>(
    _ root: inout Root?, _ body: (inout Value) throws -> Result
  ) rethrows -> Result? {
    guard root != nil else { return nil }
    return try modify(&root!, body)
  }

  /// Changes the payload in place when `root` is of this case; does nothing otherwise.
  ///
  /// ```swift
  /// var action = Login.Action.usernameChanged("prite")
  /// CasePath(Login.Action.usernameChanged).modify(&action) { $0 += "sh" }
  /// // action == .usernameChanged("pritesh")
  /// ```
  ///
  /// A test store suggests it for a change inside an enum's payload, so that the expected
  /// closure names what changed rather than the whole value.
  ///
  /// The payload is changed in place, as an `inout` property is: a large array in it is not
  /// copied, and what `body` changed before throwing stays changed. While `body` runs, `root`
  /// holds no value (it is moved out, and put back after): nothing may read it meanwhile, as a
  /// store's reads check.
  ///
  /// - Parameters:
  ///   - root: The value to change.
  ///   - body: Changes the payload.
  /// - Returns: What `body` returns, or `nil` when `root` is of another case.
  @discardableResult
  public func modify<Result>(
    _ root: inout Root, _ body: (inout Value) throws -> Result
  ) rethrows -> Result? {
    // In place: the root is moved out and released before `body` runs, so that the payload is
    // the only reference to its storage, and changing a large array in it does not copy it.
    // (Read out of a root that stays, the payload would share its storage with the root's.)
    try withUnsafeMutablePointer(to: &root) { pointer in
      let whole = pointer.move()
      guard var value = extract(whole) else {
        pointer.initialize(to: whole)
        return nil
      }
      _ = consume whole
      defer { pointer.initialize(to: embed(value)) }
      return try body(&value)
    }
  }

  /// Returns a case path that goes through this one and then through `path`.
  ///
  /// ```swift
  /// let usernameChanged = CasePath(AppAction.login).appending(path: CasePath(LoginAction.usernameChanged))
  /// usernameChanged.extract(.login(.usernameChanged("pritesh")))  // "pritesh"
  /// ```
  ///
  /// - Parameters:
  ///   - path: A case path from this path's value to a nested case.
  /// - Returns: A case path from this path's root to the nested case's payload.
  public func appending<NestedValue>(
    path: CasePath<Value, NestedValue>
  ) -> CasePath<Root, NestedValue> {
    CasePath<Root, NestedValue>(
      embed: { self.embed(path.embed($0)) },
      extract: { self.extract($0).flatMap(path.extract) }
    )
  }
}

extension CasePath where Root == Value {
  /// The identity case path: it embeds and extracts the value unchanged.
  ///
  /// <!-- example: given appStore: Store<App.State, App.Action> -->
  /// ```swift
  /// let store = appStore.makeChildStore(state: { $0 }, action: CasePath.`self`.embed)
  /// ```
  public static var `self`: Self {
    Self(embed: { $0 }, extract: { $0 })
  }
}

/// Casts a payload to the case path's value type, looking through the one-element tuple that
/// `Mirror` reports for a single labelled associated value (`case label(text: String)`).
private func cast<Value>(_ payload: Any, to type: Value.Type) -> Value? {
  if let value = payload as? Value { return value }
  let mirror = Mirror(reflecting: payload)
  guard mirror.displayStyle == .tuple, mirror.children.count == 1 else { return nil }
  return mirror.children.first!.value as? Value
}

/// Reads an enum value's case name and payload, or `nil` for a value that is not an enum case
/// with associated values.
private func enumCase(of value: Any) -> (name: String, payload: Any)? {
  let mirror = Mirror(reflecting: value)
  guard mirror.displayStyle == .enum, let child = mirror.children.first, let name = child.label
  else { return nil }
  return (name, child.value)
}
