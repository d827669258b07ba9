/// An environment that declares its calls once, so that every tool can intercept them: the
/// explorer (`explorable(calls:clock:)`), a recorder (`recorded(by:)`) and a replay
/// (`replaying(_:)`), or an interceptor of your own (``intercepted(by:)``).
///
/// ```swift
/// struct Notes: Sendable, InterceptableEnvironment {
///   var save: @Sendable (_ text: String) async throws -> Void
///   var load: @Sendable () async throws -> [String]
///   var clock: any Clock<Duration>
///
///   static let calls: [EnvironmentCall<Self>] = [
///     EnvironmentCall("save", \.save) { _ in [.success(()), .failure(URLError(.timedOut))] },
///     EnvironmentCall("load", \.load) { [.success([]), .success(["milk"])] },
///     .clock(\.clock),
///   ]
///   static var unimplemented: Self {
///     Self(
///       save: Tide.unimplemented("Notes.save"), load: Tide.unimplemented("Notes.load"),
///       clock: ContinuousClock())
///   }
/// }
/// ```
public protocol InterceptableEnvironment: Sendable {
  /// The environment's calls, its clock and its children's environments, each declared once.
  static var calls: [EnvironmentCall<Self>] { get }

  /// An environment whose every call fails the test that makes it: the base the explorer and a
  /// replay route their calls from, so nothing real ever runs there.
  static var unimplemented: Self { get }
}

extension InterceptableEnvironment {
  /// This environment with every declared call routed through `interceptor`.
  ///
  /// When two declared calls share a name, a recording and the explorer cannot tell them
  /// apart: that is reported (once per environment type) as
  ///
  /// ```
  /// Two calls of an environment have one name.
  ///
  ///   Environment: Notes
  ///   Name: save
  ///
  /// Recordings and the explorer tell calls apart by name. Give each declared call its own.
  /// ```
  ///
  /// <!-- example: given interceptor: any CallInterceptor -->
  /// ```swift
  /// let environment = Login.Environment.demo(clock: ContinuousClock()).intercepted(by: interceptor)
  /// ```
  ///
  /// - Parameters:
  ///   - interceptor: What answers the calls.
  /// - Returns: The environment.
  public func intercepted(by interceptor: any CallInterceptor) -> Self {
    Self.reportRepeatedNames()
    var environment = self
    for call in Self.calls { call.route(&environment, interceptor) }
    return environment
  }

  /// This environment with every declared clock (its own and its children's) replaced.
  ///
  /// ```swift
  /// let environment = AddLocation.Environment.unimplemented.replacingClocks(with: ManualClock())
  /// ```
  ///
  /// - Parameters:
  ///   - clock: The clock.
  /// - Returns: The environment.
  public func replacingClocks(with clock: any Clock<Duration>) -> Self {
    var environment = self
    for call in Self.calls { call.setClock(&environment, clock) }
    return environment
  }

  /// The names of the declared calls, the children's included, in declaration order.
  ///
  /// ```swift
  /// let names = App.Environment.callNames  // ["login", "geocode"]
  /// ```
  public static var callNames: [String] { calls.flatMap(\.names) }

  /// Checks the names once per type: the explorer routes a new environment on every run.
  private static func reportRepeatedNames() {
    guard namesChecked.withLock({ $0.insert(ObjectIdentifier(Self.self)).inserted }) else {
      return
    }
    var seen: Set<String> = []
    guard let repeated = callNames.first(where: { !seen.insert($0).inserted }) else { return }
    let type = String(reflecting: Self.self)
    IssueReporter.current.report(
      """
      Two calls of an environment have one name.

        Environment: \(type)
        Name: \(repeated)

      Recordings and the explorer tell calls apart by name. Give each declared call its own.
      """)
  }
}

/// The environment types whose call names were checked for repeats.
private let namesChecked = Lock<Set<ObjectIdentifier>>([])
