import Tide

/// A list of meetings shared by the screens about one of them: a stack of details and an
/// editor sheet each hold a copy of just their meeting, `Shared<Meeting>`, made with
/// `element(id:)` from the root's copy of the list.
///
/// ```swift
/// let store = Store(initialState: Meetings.State(), reducer: Meetings.reducer, environment: ())
/// ```
public enum Meetings {
  /// A meeting.
  public struct Meeting: Identifiable, Equatable, Sendable, Codable {
    /// The meeting's identifier.
    public let id: Int
    /// Its title.
    public var title: String
    /// A meeting.
    ///
    /// - Parameters:
    ///   - id: The identifier.
    ///   - title: The title.
    public init(id: Int, title: String) {
      self.id = id
      self.title = title
    }
  }

  /// The key of the list.
  public static let key = "meetings"

  /// A screen about one meeting: it renames it, as if the meeting were its own.
  public enum Detail {
    /// The screen's state.
    public struct State: Equatable, Sendable, SharedState, Codable {
      /// The meeting, a copy of its element of the list.
      public var meeting: Shared<Meeting>
      /// A screen about `meeting`.
      ///
      /// - Parameters:
      ///   - meeting: The meeting's copy.
      public init(meeting: Shared<Meeting>) { self.meeting = meeting }
      /// The shared fields.
      public static let sharedFields: [SharedField<Self>] = [.field(\.meeting)]
    }

    /// The screen's actions.
    public enum Action: Equatable, Sendable {
      /// Renames the meeting.
      case rename(String)
      /// Renames the meeting, and asks the parent to close the screen in the same step.
      case renameAndClose(String)
    }

    /// Renames.
    public static let reducer = Reducer<State, Action, Void> { state, action, _ in
      switch action {
      case .rename(let title), .renameAndClose(let title): state.meeting.title = title
      }
      return .none
    }
  }

  /// The root's state.
  public struct State: Equatable, Sendable, SharedState {
    /// Every meeting.
    public var meetings: Shared<IdentifiedArray<Meeting>>
    /// The details pushed.
    public var path = StackState<Detail.State>()
    /// The editor sheet, while presented.
    public var editor: Detail.State?
    /// The title the root saw for the meeting a detail renamed, in the same step.
    public var seen = ""
    /// A root holding `meetings`.
    ///
    /// - Parameters:
    ///   - meetings: The meetings.
    public init(
      meetings: [Meeting] = [Meeting(id: 1, title: "Standup"), Meeting(id: 2, title: "Retro")]
    ) {
      self.meetings = Shared(key: Meetings.key, value: IdentifiedArray(meetings))
    }
    /// The shared fields.
    public static let sharedFields: [SharedField<Self>] = [.field(\.meetings)]
  }

  /// The root's actions.
  public enum Action: Equatable, Sendable {
    /// Pushes the detail of a meeting.
    case open(Int)
    /// Presents the editor of a meeting.
    case edit(Int)
    /// A pushed detail's.
    case path(StackAction<Detail.State, Detail.Action>)
    /// The editor's.
    case editor(Detail.Action)
    /// Removes a meeting from the list.
    case remove(Int)
    /// Prefixes every title.
    case prefixAll(String)
  }

  /// The root's own logic.
  public static let core = Reducer<State, Action, Void> { state, action, _ in
    switch action {
    case .open(let id):
      if let meeting = state.meetings.element(id: id) {
        state.path.append(Detail.State(meeting: meeting))
      }
    case .edit(let id):
      state.editor = state.meetings.element(id: id).map(Detail.State.init)
    case .path(.element(let id, .rename)):
      // Runs after the detail: its change is in the list already.
      if let meeting = state.path[id: id]?.meeting.value {
        state.seen = state.meetings.value[id: meeting.id]?.title ?? "none"
      }
    case .remove(let id):
      state.meetings.value.remove(id: id)
    case .prefixAll(let prefix):
      for meeting in state.meetings.value {
        state.meetings.value[id: meeting.id]?.title = prefix + meeting.title
      }
    case .path(.element(let id, .renameAndClose)):
      state.path.pop(from: id)
    case .editor(.renameAndClose):
      state.editor = nil
    case .path, .editor:
      break
    }
    return .none
  }

  /// The whole feature.
  public static let reducer =
    core
    .ifLet(\.editor, action: CasePath(Action.editor), environment: { $0 }, child: Detail.reducer)
    .forEach(\.path, action: CasePath(Action.path), environment: { $0 }, child: Detail.reducer)
}
