import Testing
import Tide
import TideTestSupport

/// An environment's declared calls all go through one interceptor, whatever their arity and
/// result, with their arguments; declared clocks, the children's included, are replaced.
@Suite struct InterceptableEnvironmentTests {
  /// Notes what each call was, then runs the real call.
  final class CallLog: CallInterceptor {
    let entries = Lock<[String]>([])

    func intercept<Output: Sendable>(
      _ call: InterceptedCall<Output>, live: () async throws -> Output
    ) async throws -> Output {
      let arguments = call.arguments.map { "\($0)" }.joined(separator: ", ")
      entries.withLock {
        $0.append("\(call.name)(\(arguments)) -> \(Output.self), \(call.outcomes.count) outcomes")
      }
      return try await live()
    }

    func intercept<Output: Sendable>(
      _ call: InterceptedCall<Output>, live: () throws -> Output
    ) throws -> Output {
      let arguments = call.arguments.map { "\($0)" }.joined(separator: ", ")
      entries.withLock {
        $0.append(
          "\(call.name)(\(arguments)) -> \(Output.self) at once, \(call.outcomes.count) outcomes")
      }
      return try live()
    }
  }

  static let live = Notes.Environment(
    save: { _ in }, load: { ["a", "b"] }, open: { Notes.Handle(number: 1) },
    share: { _, person, _ in person == "ada" }, count: { a, b, c, d in (a + b + c + d).count },
    clock: ContinuousClock())

  @Test func everyDeclaredCallGoesThroughTheInterceptorWithItsArguments() async throws {
    let log = CallLog()
    let environment = Self.live.intercepted(by: log)
    try await environment.save("milk")
    #expect(try await environment.load() == ["a", "b"])
    #expect(try await environment.open() == Notes.Handle(number: 1))
    #expect(try await environment.share("milk", "ada", true))
    #expect(try await environment.count("a", "bb", "ccc", "dddd") == 10)
    #expect(
      log.entries.withLock { $0 } == [
        "save(milk) -> (), 2 outcomes",
        "load() -> Array<String>, 2 outcomes",
        "open() -> Handle, 1 outcomes",
        "share(milk, ada, true) -> Bool, 1 outcomes",
        "count(a, bb, ccc, dddd) -> Int, 0 outcomes",
      ])
  }

  /// A synchronous call, one that cannot throw included, comes through the interceptor's
  /// synchronous requirement, with its arguments, outcomes and kept errors.
  @Test func aSynchronousCallGoesThroughTheInterceptorAtOnce() throws {
    let log = CallLog()
    let environment = Stamps.Environment(
      nextID: { 41 }, template: { name in "\(name)!" }
    ).intercepted(by: log)
    #expect(environment.nextID() == 41)
    #expect(try environment.template("greeting") == "greeting!")
    #expect(
      log.entries.withLock { $0 } == [
        "nextID() -> Int at once, 2 outcomes",
        "template(greeting) -> String at once, 1 outcomes",
      ])
  }

  /// A call that cannot throw has nothing to throw when its interceptor does: that is
  /// reported at the call's declaration, and the environment's own implementation answers with
  /// its own reports silenced (an unimplemented placeholder would blame the test instead).
  @Test func aCallThatCannotThrowReportsWhatItsInterceptorThrewAndAnswersLive() {
    struct Refusing: CallInterceptor {
      struct Refusal: Error, CustomStringConvertible {
        var description: String { "refused" }
      }
      func intercept<Output: Sendable>(
        _ call: InterceptedCall<Output>, live: () async throws -> Output
      ) async throws -> Output { throw Refusal() }
      func intercept<Output: Sendable>(
        _ call: InterceptedCall<Output>, live: () throws -> Output
      ) throws -> Output { throw Refusal() }
    }
    let environment = Stamps.Environment.unimplemented.intercepted(by: Refusing())
    withKnownIssue {
      #expect(environment.nextID() == 0)
    } matching: { issue in
      issue.comments.first?.rawValue
        == #"The call "nextID" cannot throw, and it could not be answered, so it returned what the environment's own nextID returns instead. Why: refused"#
        // At the declaration, `EnvironmentCall("nextID", \.nextID)` in Stamps.swift.
        && issue.sourceLocation?.fileID == "TideTestSupport/Stamps.swift"
        && issue.sourceLocation?.line == 95
    }
  }

  /// An environment with an asynchronous call that cannot throw.
  struct Settings: InterceptableEnvironment {
    var load: @Sendable (_ key: String) async -> String
    static let calls: [EnvironmentCall<Self>] = [
      EnvironmentCall("load", \.load) { key in [.success("\(key) default")] }
    ]
    static var unimplemented: Self {
      Self(load: Tide.unimplemented("Settings.load", placeholder: "none"))
    }
  }

  /// An asynchronous call that cannot throw comes through the asynchronous requirement; when
  /// the interceptor throws, it reports that at its declaration and answers live, its own
  /// reports silenced; when its effect is cancelled, it answers live without a report.
  @Test func anAsynchronousCallThatCannotThrowAnswersLiveWhenItsInterceptorThrows() async {
    let log = CallLog()
    #expect(await Settings(load: { "\($0)!" }).intercepted(by: log).load("theme") == "theme!")
    #expect(log.entries.withLock { $0 } == ["load(theme) -> String, 1 outcomes"])

    struct Refusing: CallInterceptor {
      func intercept<Output: Sendable>(
        _ call: InterceptedCall<Output>, live: () async throws -> Output
      ) async throws -> Output { throw Refused.refused }
      func intercept<Output: Sendable>(
        _ call: InterceptedCall<Output>, live: () throws -> Output
      ) throws -> Output { throw Refused.refused }
    }
    let refused = Settings.unimplemented.intercepted(by: Refusing())
    await withKnownIssue {
      #expect(await refused.load("theme") == "none")
    } matching: { issue in
      issue.comments.first?.rawValue
        == #"The call "load" cannot throw, and it could not be answered, so it returned what the environment's own load returns instead. Why: refused"#
    }

    struct Cancelled: CallInterceptor {
      func intercept<Output: Sendable>(
        _ call: InterceptedCall<Output>, live: () async throws -> Output
      ) async throws -> Output { throw CancellationError() }
      func intercept<Output: Sendable>(
        _ call: InterceptedCall<Output>, live: () throws -> Output
      ) throws -> Output { throw CancellationError() }
    }
    #expect(await Settings.unimplemented.intercepted(by: Cancelled()).load("theme") == "none")
  }

  enum Refused: Error, CustomStringConvertible {
    case refused
    var description: String { "refused" }
  }

  @Test func theOutcomesAreTheDeclarationsForTheCallsArguments() async throws {
    struct Outcomes: CallInterceptor {
      let labels: Lock<[String]>
      func intercept<Output: Sendable>(
        _ call: InterceptedCall<Output>, live: () async throws -> Output
      ) async throws -> Output {
        labels.withLock { $0 += call.outcomes.map(\.label) }
        #expect(call.declaresOutcomes == (call.name != "count"))
        return try await live()
      }
      func intercept<Output: Sendable>(
        _ call: InterceptedCall<Output>, live: () throws -> Output
      ) throws -> Output { try live() }
    }
    let labels = Lock<[String]>([])
    let environment = Self.live.intercepted(by: Outcomes(labels: labels))
    _ = try await environment.share("milk", "ada", false)
    _ = try await environment.count("", "", "", "")
    try await environment.save("x")
    #expect(labels.withLock { $0 } == ["success(false)", "success(())", "failure(.offline)"])
  }

  @Test func aKeptErrorTypeIsTheDeclarations() async throws {
    struct Errors: CallInterceptor {
      func intercept<Output: Sendable>(
        _ call: InterceptedCall<Output>, live: () async throws -> Output
      ) async throws -> Output {
        #expect((call.keptErrors == Notes.SyncError.self) == (call.name == "save"))
        return try await live()
      }
      func intercept<Output: Sendable>(
        _ call: InterceptedCall<Output>, live: () throws -> Output
      ) throws -> Output { try live() }
    }
    let environment = Self.live.intercepted(by: Errors())
    try await environment.save("x")
    _ = try await environment.load()
  }

  struct Parent: InterceptableEnvironment {
    var notes: Notes.Environment
    var backup: Notes.Environment
    var ping: @Sendable () async throws -> Int
    var clock: any Clock<Duration>

    static let calls: [EnvironmentCall<Self>] = [
      .child(\.notes), EnvironmentCall("ping", \.ping), .clock(\.clock),
    ]
    static var unimplemented: Self {
      Self(
        notes: .unimplemented, backup: .unimplemented, ping: Tide.unimplemented("Parent.ping"),
        clock: ContinuousClock())
    }
  }

  @Test func declaredClocksAreReplacedTheChildrensIncludedAndNoOtherField() {
    let clock = ManualClock()
    let environment = Parent.unimplemented.replacingClocks(with: clock)
    #expect(environment.clock as? ManualClock === clock)
    #expect(environment.notes.clock as? ManualClock === clock)
    // Not declared: left alone.
    #expect(environment.backup.clock is ImmediateClock)
  }

  @Test func aChildsCallsAreTheParentsWithTheirNames() async throws {
    #expect(Parent.callNames == ["save", "load", "open", "share", "count", "ping"])
    let log = CallLog()
    var parent = Parent.unimplemented
    parent.notes = Self.live
    parent.backup = Self.live
    parent.ping = { 42 }
    let environment = parent.intercepted(by: log)
    _ = try await environment.notes.load()
    _ = try await environment.backup.load()
    #expect(try await environment.ping() == 42)
    #expect(
      log.entries.withLock { $0 } == [
        "load() -> Array<String>, 2 outcomes", "ping() -> Int, 0 outcomes",
      ])
  }

  struct Twice: InterceptableEnvironment {
    var save: @Sendable (Int) async throws -> Void
    var store: @Sendable (Int) async throws -> Void

    static let calls: [EnvironmentCall<Self>] = [
      EnvironmentCall("save", \.save), EnvironmentCall("save", \.store),
    ]
    static var unimplemented: Self { Self(save: { _ in }, store: { _ in }) }
  }

  @Test func twoCallsWithOneNameAreReportedOnceForTheType() {
    withKnownIssue {
      _ = Twice.unimplemented.intercepted(by: CallLog())
      _ = Twice.unimplemented.intercepted(by: CallLog())
    } matching: { issue in
      issue.comments.first?.rawValue == """
        Two calls of an environment have one name.

          Environment: TideTests.InterceptableEnvironmentTests.Twice
          Name: save

        Recordings and the explorer tell calls apart by name. Give each declared call its own.
        """
    }
  }
}
