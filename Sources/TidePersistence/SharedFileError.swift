/// Why a ``SharedFile`` did not save a value.
///
/// ```swift
/// let error = SharedFileError.cannotWrite(path: "/data/saved.json", reason: "Permission denied")
/// print(error)  // cannot write /data/saved.json: Permission denied
/// ```
public enum SharedFileError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file, or the temporary file it is written through, could not be written.
  case cannotWrite(path: String, reason: String)
  /// The file holds what another writer wrote, not what this one last read or wrote (or this
  /// one never read it). The file was left as it is, and the value this one had to save was
  /// written to `keptAt`, which every later save of this one rewrites until the app reads the
  /// file again.
  case changedElsewhere(path: String, keptAt: String)
  /// The file exists but could not be read when it was loaded, so this one does not write over
  /// it.
  case unreadable(path: String, reason: String)

  /// The error as a sentence.
  public var description: String {
    switch self {
    case .cannotWrite(let path, let reason):
      "cannot write \(path): \(reason)"
    case .changedElsewhere(let path, let keptAt):
      "\(path) holds what another writer wrote, not what was last read or written here; it was left as it is, and this value was written to \(keptAt)"
    case .unreadable(let path, let reason):
      "\(path) could not be read (\(reason)), so it is not written over"
    }
  }
}
