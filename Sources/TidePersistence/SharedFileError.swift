/// Why a ``SharedFile`` did not save a value.
///
/// ```swift
/// let error = SharedFileError.cannotWrite(path: "/data/saved.json", reason: "Permission denied")
/// print(error)  // cannot write /data/saved.json: Permission denied
/// ```
public enum SharedFileError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file, or the temporary file it is written through, could not be written.
  case cannotWrite(path: String, reason: String)
  /// The file holds what another writer wrote, not what this one last read or wrote. The file
  /// was left as it is, and the value this one had to save was written to `keptAt`, which every
  /// later save from the same writer (a store, or the app outside stores) rewrites until that
  /// writer saves what the file holds: load the file and take its value.
  case changedElsewhere(path: String, keptAt: String)
  /// This one never read the file, and the file holds a value: another writer's, or one this
  /// app loaded with another ``SharedFile``. The file was left as it is, and the value was
  /// written to `keptAt`, as for ``changedElsewhere(path:keptAt:)``. Save with the `SharedFile`
  /// that loaded the file (one per file, shared by the state and the environment), or load it
  /// with this one first.
  case neverRead(path: String, keptAt: String)
  /// The file exists but could not be read when it was loaded, so this one does not write over
  /// it.
  case unreadable(path: String, reason: String)

  /// The error as a sentence.
  public var description: String {
    switch self {
    case .cannotWrite(let path, let reason):
      "cannot write \(path): \(reason)"
    case .changedElsewhere(let path, let keptAt):
      "\(path) holds what another writer wrote, not what was last read or written here; it was left as it is, and this value was written to \(keptAt), as is every later save from the same writer until it saves what the file holds (load the file and take its value)"
    case .neverRead(let path, let keptAt):
      "this SharedFile never read \(path), which holds a value: it was left as it is, and this value was written to \(keptAt), as is every later save until this SharedFile loads the file; save with the SharedFile that loaded the file, or load it with this one first"
    case .unreadable(let path, let reason):
      "\(path) could not be read (\(reason)), so it is not written over"
    }
  }
}
