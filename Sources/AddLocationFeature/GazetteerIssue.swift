/// A row of a place file that could not be read, and why. Loading skips such rows and reports
/// them; it never stops at one.
///
/// <!-- example: given gazetteer: Gazetteer -->
/// ```swift
/// for issue in gazetteer.issues { print(issue) }  // line 12: latitude "abc" is not a number
/// ```
public struct GazetteerIssue: Equatable, Sendable, CustomStringConvertible {
  /// The 1-based line number in the file.
  public let line: Int
  /// What is wrong with the row.
  public let reason: String

  /// Creates an issue.
  ///
  /// - Parameters:
  ///   - line: The 1-based line number.
  ///   - reason: What is wrong.
  public init(line: Int, reason: String) {
    self.line = line
    self.reason = reason
  }

  /// `line 12: latitude "abc" is not a number`
  public var description: String { "line \(line): \(reason)" }
}

/// Why a place file could not be used at all.
///
/// <!-- example: given url: URL -->
/// ```swift
/// do { _ = try Gazetteer(contentsOf: url) } catch { print(error) }
/// ```
public enum GazetteerError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file could not be read.
  case unreadable(path: String, reason: String)
  /// The file holds no readable place; the first issues say why.
  case noPlaces(path: String, issues: [GazetteerIssue])
  /// The data shipped with the module is missing from its bundle.
  case missingResource(String)

  /// What went wrong, for a person.
  public var description: String {
    switch self {
    case .unreadable(let path, let reason):
      return "Cannot read the place file \(path): \(reason)"
    case .noPlaces(let path, let issues):
      let first = issues.prefix(3).map { "  \($0)" }.joined(separator: "\n")
      return "The place file \(path) holds no readable place.\n\(first)"
    case .missingResource(let name):
      return "The shipped place data \(name) is missing from the AddLocationFeature bundle."
    }
  }
}
