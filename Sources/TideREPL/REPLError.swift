/// Why a REPL could not start.
public enum REPLError: Error, Equatable, CustomStringConvertible {
  /// No feature has this name.
  case unknownFeature(String, suggestions: [String])
  /// The feature has no environment of this name.
  case unknownEnvironment(String, feature: String, suggestions: [String])
  /// A file could not be read; the reason is said plainly.
  case cannotRead(String)
  /// The `replay` environment was asked for at the start, before any recording is loaded.
  case replayNeedsRecording(feature: String)

  /// What is wrong, for a person.
  public var description: String {
    switch self {
    case .unknownFeature(let name, let suggestions):
      "there is no feature '\(name)'" + Self.hint(suggestions)
    case .unknownEnvironment(let name, let feature, let suggestions):
      "\(feature) has no environment '\(name)'" + Self.hint(suggestions)
    case .cannotRead(let reason):
      reason
    case .replayNeedsRecording(let feature):
      "\(feature)'s replay environment answers calls from a recording: open one with --open FILE, which replays it there"
    }
  }

  private static func hint(_ suggestions: [String]) -> String {
    suggestions.isEmpty ? "" : "; did you mean \(suggestions.joined(separator: ", "))?"
  }
}
