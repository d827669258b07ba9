import Foundation
import TideInspect
import TideREPL
import TideWeb

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Everything the `tide` executable does, for features of your own: a REPL with line editing,
/// Tab completion, history and a prompt at a terminal; scripts and piped input; a real-time
/// clock that moves while you type; `--open` for a saved session or a recording, `--web` for
/// the browser front, `attach` to follow a store another process serves; and `--help`.
///
/// A package's REPL is an executable target whose `main.swift` is one call, with the features
/// it registers (here `features`, an array of `REPLFeature`):
///
/// <!-- example: given features: [REPLFeature] -->
/// ```swift
/// await REPLCommand.main(name: "notes", features: features)
/// ```
///
/// `swift run notes` then explores the feature at a terminal, `swift run notes --script
/// walk.tide` runs a script, and `TIDE_TOKEN=… swift run notes attach tide://127.0.0.1:PORT`
/// follows the app that serves it. `tide` itself is this call with the shipped features.
public enum REPLCommand {
  /// An environment variable an executable reads, for its `--help`.
  public struct Variable: Sendable {
    /// The variable's name: `TIDE_LOGIN_URL`.
    public let name: String
    /// What it does, in a line or two.
    public let summary: String

    /// A variable and what it does.
    ///
    /// ```swift
    /// let variable = REPLCommand.Variable("NOTES_SERVER", "the notes server to sync with")
    /// ```
    ///
    /// - Parameters:
    ///   - name: The variable's name.
    ///   - summary: What it does.
    public init(_ name: String, _ summary: String) {
      self.name = name
      self.summary = summary
    }
  }

  /// Runs the command with the process's arguments, then exits: with 0 when all went well, 1
  /// when a line of a script failed (after a one-line summary on standard error), 2 when the
  /// arguments or a file given in them cannot be used (with the error and, for arguments, the
  /// usage).
  ///
  /// <!-- example: given features: [REPLFeature] -->
  /// ```swift
  /// await REPLCommand.main(name: "notes", features: features, warnings: ["NOTES_URL is empty"])
  /// ```
  ///
  /// - Parameters:
  ///   - name: The executable's name, as the usage and messages spell it.
  ///   - features: The features it explores; the first is the default.
  ///   - variables: Environment variables the executable reads, listed by `--help`.
  ///   - warnings: Printed on standard error before the REPL starts: a variable that is set
  ///     but unusable, say.
  ///   - arguments: The arguments after the executable's name.
  @MainActor
  public static func main(
    name: String, features: [REPLFeature], variables: [Variable] = [], warnings: [String] = [],
    arguments: [String] = Array(CommandLine.arguments.dropFirst())
  ) async -> Never {
    let command = Command(name: name, features: features, variables: variables)
    exit(await command.run(arguments: arguments, warnings: warnings))
  }

  /// Runs the command with features that keep data on disk when `--data FOLDER` is given, then
  /// exits as ``main(name:features:variables:warnings:arguments:)`` does.
  ///
  /// `features` makes the features: with `nil`, the folder not given, they keep everything in
  /// memory and write nothing; with a folder (made owner-only when missing; a folder other users
  /// can write in is used with a warning), they load what they saved there and save there as
  /// they change. It is called with `nil` first, for `--help` and the names of the features,
  /// then again with the folder when `--data` names one. An error it throws is printed, and
  /// the command exits with 2.
  ///
  /// <!-- example: given makeFeatures: @escaping (String?) throws -> [REPLFeature] -->
  /// ```swift
  /// await REPLCommand.main(name: "notes") { dataFolder in try makeFeatures(dataFolder) }
  /// ```
  ///
  /// - Parameters:
  ///   - name: The executable's name, as the usage and messages spell it.
  ///   - variables: Environment variables the executable reads, listed by `--help`.
  ///   - warnings: Printed on standard error before the REPL starts.
  ///   - arguments: The arguments after the executable's name.
  ///   - features: Makes the features, given the folder `--data` names, or `nil`.
  @MainActor
  public static func main(
    name: String, variables: [Variable] = [], warnings: [String] = [],
    arguments: [String] = Array(CommandLine.arguments.dropFirst()),
    features: @escaping (_ dataFolder: String?) throws -> [REPLFeature]
  ) async -> Never {
    let command: Command
    do {
      command = try Command(name: name, variables: variables, features: features)
    } catch {
      FileHandle.standardError.write(Data("\(name): error: \(error)\n".utf8))
      exit(2)
    }
    exit(await command.run(arguments: arguments, warnings: warnings))
  }
}
