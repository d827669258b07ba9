/// One entry of an environment's declaration: a call, the clock, or a child environment.
///
/// An ``InterceptableEnvironment`` lists these once, and every tool that intercepts its calls
/// (the explorer, a recorder, a replay) works from the list:
///
/// ```swift
/// extension AddLocation.Environment: InterceptableEnvironment {
///   public static let calls: [EnvironmentCall<Self>] = [
///     EnvironmentCall("geocode", \.geocode, errors: GeocoderError.self) { query in
///       [.success([Location(name: "\(query) City", latitude: 0, longitude: 0)]), .success([])]
///     },
///     .clock(\.clock),
///   ]
/// }
/// ```
///
/// A call is a closure property with up to four arguments, of type
/// `@Sendable (…) async throws -> Output` or `@Sendable (…) async -> Output`, or synchronous:
/// `@Sendable (…) throws -> Output` or `@Sendable (…) -> Output` (`uuid()`, `now()`, which a
/// reducer may call while it reduces). `Output` may be `Void`. The explorer and a replay end a
/// call whose effect is cancelled by throwing `CancellationError`; a call that cannot throw
/// returns what the environment's own closure returns instead (in a replay or an exploration,
/// its `unimplemented` placeholder), and reports any other failure to answer. A synchronous
/// call answers at once: a recording keeps its answer, a replay gives it back when the call is
/// made, and the explorer ends it with its first outcome for its arguments (it cannot wait for
/// the explorer to choose). A call with more arguments takes them as one struct.
public struct EnvironmentCall<Environment>: Sendable {
  /// The names of the calls this entry declares: one for a call, none for a clock, the
  /// child's for a child.
  let names: [String]
  /// Routes the entry's calls through an interceptor.
  let route: @Sendable (inout Environment, any CallInterceptor) -> Void
  /// Gives the entry's clocks a clock.
  let setClock: @Sendable (inout Environment, any Clock<Duration>) -> Void

  /// An entry for a call, from the closure that wraps the call's implementation.
  init<Function>(
    name: String, keyPath: any WritableKeyPath<Environment, Function> & Sendable,
    wrap: @escaping @Sendable (_ live: Function, _ interceptor: any CallInterceptor) -> Function
  ) {
    names = [name]
    route = { environment, interceptor in
      environment[keyPath: keyPath] = wrap(environment[keyPath: keyPath], interceptor)
    }
    setClock = { _, _ in }
  }

  private init(
    names: [String],
    route: @escaping @Sendable (inout Environment, any CallInterceptor) -> Void,
    setClock: @escaping @Sendable (inout Environment, any Clock<Duration>) -> Void
  ) {
    self.names = names
    self.route = route
    self.setClock = setClock
  }

  /// The environment's clock: the explorer gives it its virtual clock, a replay the replay's.
  ///
  /// ```swift
  /// let entry = EnvironmentCall<AddLocation.Environment>.clock(\.clock)
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The clock property.
  /// - Returns: The entry.
  public static func clock(
    _ keyPath: any WritableKeyPath<Environment, any Clock<Duration>> & Sendable
  ) -> Self {
    Self(
      names: [], route: { _, _ in },
      setClock: { environment, clock in environment[keyPath: keyPath] = clock })
  }

  /// A child environment's declared calls and clocks, as part of this one's: how a parent
  /// feature's environment declares the environments of the features it composes.
  ///
  /// ```swift
  /// let entries: [EnvironmentCall<App.Environment>] = [.child(\.login), .child(\.addLocation)]
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The child environment.
  /// - Returns: The entry.
  public static func child<Child: InterceptableEnvironment>(
    _ keyPath: any WritableKeyPath<Environment, Child> & Sendable
  ) -> Self {
    Self(
      names: Child.calls.flatMap(\.names),
      route: { environment, interceptor in
        for call in Child.calls { call.route(&environment[keyPath: keyPath], interceptor) }
      },
      setClock: { environment, clock in
        for call in Child.calls { call.setClock(&environment[keyPath: keyPath], clock) }
      })
  }
}
