/// Why a server (the web front, or a store served to `tide attach`) could not start.
public enum ServerError: Error, Equatable, CustomStringConvertible {
  /// The listening socket could not be opened; the reason is said plainly.
  case cannotListen(String)
  /// The folder of a feature's page, or the front's own files, could not be read.
  case missingResource(String)

  /// What went wrong, for a person.
  public var description: String {
    switch self {
    case .cannotListen(let reason): reason
    case .missingResource(let reason): reason
    }
  }
}
