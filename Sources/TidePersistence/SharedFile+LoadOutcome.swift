extension SharedFile {
  /// What ``loadWithOutcome(default:ifMissing:)`` found: for an app that tells its user when
  /// saved data could not be read, as well as reporting it.
  ///
  /// ```swift
  /// let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID()).json")
  /// let file = SharedFile<[String]>(path: path.path)
  /// let (value, outcome) = file.loadWithOutcome(default: [], ifMissing: .expected)
  /// print(value, outcome)  // [] missing
  /// ```
  public enum LoadOutcome: Sendable, Equatable {
    /// The file held a value, which the load returned.
    case loaded
    /// There was no file: the default.
    case missing
    /// The file could not be read (`reason`); the default, and the file is left alone.
    case unreadable(reason: String)
    /// The file did not decode (`reason`), and was moved to `movedTo`, where it can still be
    /// recovered; the default.
    case corrupt(reason: String, movedTo: String)
    /// The file did not decode (`reason`) and could not be moved aside; the default, and the
    /// file is left alone.
    case corruptNotMoved(reason: String)

    /// Whether the load gave the default because saved data could not be used: an app may
    /// tell its user so.
    ///
    /// ```swift
    /// print(SharedFile<[String]>.LoadOutcome.missing.lostSavedData)  // false
    /// ```
    public var lostSavedData: Bool {
      switch self {
      case .loaded, .missing: false
      case .unreadable, .corrupt, .corruptNotMoved: true
      }
    }
  }
}
