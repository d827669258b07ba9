import Tide

/// A notes feature a user would write, whose environment declares its calls once: a save that
/// returns nothing, a load with no arguments, an `open` whose result is not `Codable`, a
/// three-argument share, and the autosave's clock.
///
/// ```swift
/// let environment = Notes.Environment.explorable(calls: ExploreCalls(), clock: ManualClock())
/// ```
public enum Notes {
  /// The text being edited and what became of it.
  public struct State: Equatable, Sendable {
    /// The note's text.
    public var text = ""
    /// How many saves succeeded.
    public var saves = 0
    /// The notes loaded.
    public var loaded: [String] = []
    /// The last failure's message.
    public var errorMessage: String?
    /// The handle `open` gave.
    public var handle: Handle?

    /// An empty note.
    public init() {}
  }

  /// Everything the feature handles.
  public enum Action: Equatable, Sendable {
    /// The text changed: saved once it rests for a second.
    case textChanged(String)
    /// Save now.
    case saveTapped
    /// The save ended.
    case saved
    /// Load the notes.
    case loadTapped
    /// The notes arrived.
    case loadedNotes([String])
    /// Open the note.
    case openTapped
    /// The note opened.
    case opened(Handle)
    /// Something failed.
    case failed(String)
  }

  /// What `open` returns: not `Codable`, so a recording cannot keep it.
  public struct Handle: Equatable, Sendable {
    /// The handle's number.
    public let number: Int
    /// A handle.
    ///
    /// - Parameters:
    ///   - number: The number.
    public init(number: Int) { self.number = number }
  }

  /// Why a save failed.
  public enum SyncError: Error, Equatable, Codable, Sendable {
    /// No connection.
    case offline
  }

  /// The feature's dependencies.
  public struct Environment: Sendable {
    /// Saves a note's text.
    public var save: @Sendable (_ text: String) async throws -> Void
    /// Loads every note.
    public var load: @Sendable () async throws -> [String]
    /// Opens the note.
    public var open: @Sendable () async throws -> Handle
    /// Shares a note with someone.
    public var share:
      @Sendable (_ text: String, _ person: String, _ canEdit: Bool) async throws -> Bool
    /// Counts the words of four texts.
    public var count:
      @Sendable (_ a: String, _ b: String, _ c: String, _ d: String) async throws -> Int
    /// The clock the autosave waits on.
    public var clock: any Clock<Duration>

    /// An environment.
    ///
    /// - Parameters:
    ///   - save: The save call.
    ///   - load: The load call.
    ///   - open: The open call.
    ///   - share: The share call.
    ///   - count: The count call.
    ///   - clock: The clock.
    public init(
      save: @escaping @Sendable (_ text: String) async throws -> Void,
      load: @escaping @Sendable () async throws -> [String],
      open: @escaping @Sendable () async throws -> Handle,
      share:
        @escaping @Sendable (_ text: String, _ person: String, _ canEdit: Bool) async throws
        -> Bool,
      count:
        @escaping @Sendable (_ a: String, _ b: String, _ c: String, _ d: String)
        async throws -> Int,
      clock: any Clock<Duration>
    ) {
      self.save = save
      self.load = load
      self.open = open
      self.share = share
      self.count = count
      self.clock = clock
    }
  }

  private enum CancelID { case autosave }

  /// The feature's logic.
  public static let reducer = Reducer<State, Action, Environment> { state, action, environment in
    switch action {
    case .textChanged(let text):
      state.text = text
      return .run(name: "autosave") { send in
        try await environment.clock.sleep(for: .seconds(1))
        try await environment.save(text)
        await send(.saved)
      } catch: { error, send in
        await send(.failed("\(error)"))
      }
      .cancellable(id: CancelID.autosave, cancelInFlight: true)
    case .saveTapped:
      return .run(name: "save") { [text = state.text] send in
        try await environment.save(text)
        await send(.saved)
      } catch: { error, send in
        await send(.failed("\(error)"))
      }
    case .saved:
      state.saves += 1
      return .none
    case .loadTapped:
      return .run(name: "load") { send in
        await send(.loadedNotes(try await environment.load()))
      } catch: { error, send in
        await send(.failed("\(error)"))
      }
    case .loadedNotes(let notes):
      state.loaded = notes
      return .none
    case .openTapped:
      return .run(name: "open") { send in
        await send(.opened(try await environment.open()))
      } catch: { error, send in
        await send(.failed("\(error)"))
      }
    case .opened(let handle):
      state.handle = handle
      return .none
    case .failed(let message):
      state.errorMessage = message
      return .none
    }
  }
}

extension Notes.Environment: InterceptableEnvironment {
  /// Each call declared once, with the outcomes the explorer may choose.
  public static let calls: [EnvironmentCall<Self>] = [
    EnvironmentCall("save", \.save, errors: Notes.SyncError.self) { _ in
      [.success(()), .failure(Notes.SyncError.offline)]
    },
    EnvironmentCall("load", \.load) { [.success([]), .success(["milk"])] },
    EnvironmentCall("open", \.open) { [.success(Notes.Handle(number: 7))] },
    EnvironmentCall("share", \.share) { _, _, canEdit in [.success(canEdit)] },
    EnvironmentCall("count", \.count),
    .clock(\.clock),
  ]

  /// Every call fails the test that makes it.
  public static var unimplemented: Self {
    Self(
      save: Tide.unimplemented("Notes.save"), load: Tide.unimplemented("Notes.load"),
      open: Tide.unimplemented("Notes.open"), share: Tide.unimplemented("Notes.share"),
      count: Tide.unimplemented("Notes.count"), clock: ImmediateClock())
  }
}
