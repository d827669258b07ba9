import Synchronization
import TideInspect

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Where a store's runtime warnings go: an action sent to a child that is gone, an effect's
/// unhandled error, an observer loop.
///
/// There is one reporter for the process, and by default it is ``platformLog``: on Apple
/// platforms it puts warnings in the platform's log of runtime issues, where Xcode shows them
/// beside the code (built only there; CI does not build it); elsewhere it writes
/// `[Tide] warning: …` to standard error. A `TestStore` fails the running test instead, whatever
/// the reporter.
///
/// ```swift
/// RuntimeWarnings.reporter = { warning in print("[app] \(warning.message)") }
/// // later, back to the default:
/// RuntimeWarnings.reporter = RuntimeWarnings.platformLog
/// ```
public enum RuntimeWarnings {
  /// One runtime warning.
  public struct Warning: Sendable, Equatable {
    /// What went wrong and what to do about it: a heading line, a blank line, the details.
    public let message: String
    /// The file (`Module/File.swift`) and line of the code the warning is about, when known.
    public let fileID: String?
    /// The line in ``fileID``.
    public let line: Int?
    /// The full path of that file, when known: what a test framework points at.
    public let filePath: String?
    /// The column in ``line``, when known.
    public let column: Int?

    /// A warning.
    ///
    /// ```swift
    /// let warning = RuntimeWarnings.Warning(message: "Something went wrong.")
    /// ```
    ///
    /// - Parameters:
    ///   - message: The message.
    ///   - fileID: The file the warning is about.
    ///   - line: The line in that file.
    ///   - filePath: The full path of that file.
    ///   - column: The column in that line.
    public init(
      message: String, fileID: String? = nil, line: Int? = nil, filePath: String? = nil,
      column: Int? = nil
    ) {
      self.message = message
      self.fileID = fileID
      self.line = line
      self.filePath = filePath
      self.column = column
    }
  }

  private static let current = Mutex<@Sendable (Warning) -> Void>(platformLog)

  /// The function every runtime warning goes to, ``platformLog`` unless replaced. Replace it
  /// once, at launch, to send warnings elsewhere: a logger, a crash reporter.
  ///
  /// It is called where the warning arises, which may be while a store's reducer runs (an
  /// action for a child that is gone): it must not read a store's state, which a store refuses
  /// then ("A store's state was read while its reducer ran."). The warning says what to log.
  ///
  /// <!-- example: in logger -->
  /// ```swift
  /// RuntimeWarnings.reporter = { warning in logger.warning("\(warning.message)") }
  /// ```
  public static var reporter: @Sendable (Warning) -> Void {
    get { current.withLock { $0 } }
    set { current.withLock { $0 = newValue } }
  }

  /// Writes `[Tide] warning (File.swift:12): …` to standard error, in one write.
  ///
  /// ```swift
  /// RuntimeWarnings.reporter = RuntimeWarnings.standardError
  /// ```
  public static let standardError: @Sendable (Warning) -> Void = { warning in
    let line = standardErrorText(for: warning)
    _ = line.withCString { write(2, $0, strlen($0)) }
  }

  /// What ``standardError`` writes for `warning`: with what a terminal would act on (an escape
  /// sequence in a file name the warning quotes) written as `\u{…}`.
  package static func standardErrorText(for warning: Warning) -> String {
    let place = warning.fileID.map { file in " (\(file)\(warning.line.map { ":\($0)" } ?? ""))" }
    return TerminalText.printable("[Tide] warning\(place ?? ""): \(warning.message)") + "\n"
  }

  /// The reporter the platform suits best: the runtime-issue log on Apple platforms (built only
  /// there; CI does not build it), ``standardError`` elsewhere.
  ///
  /// ```swift
  /// RuntimeWarnings.reporter = RuntimeWarnings.platformLog
  /// ```
  public static var platformLog: @Sendable (Warning) -> Void {
    #if canImport(os)
      appleRuntimeIssueLog
    #else
      standardError
    #endif
  }
}
