/// How a REPL runs.
///
/// ```swift
/// let options = REPLOptions(clock: .virtual, colors: false, echoesInput: true, showsProgress: false)
/// ```
public struct REPLOptions: Sendable, Equatable {
  /// How time moves for the features' effects.
  public enum ClockMode: String, Sendable, Equatable, CaseIterable {
    /// Time moves only with `:advance`: every run of a script is the same.
    case virtual
    /// Time moves with the wall clock, so a login answers after its delay by itself.
    case real
  }

  /// How time moves.
  public var clock: ClockMode
  /// Whether to colour output with ANSI escapes.
  public var colors: Bool
  /// Whether to print each input line after the prompt, as a transcript does.
  public var echoesInput: Bool
  /// Whether long commands (`:explore`) show a live status line, rewritten in place: for a
  /// terminal, not for a file or a pipe.
  public var showsProgress: Bool
  /// The command that runs this REPL, as its messages spell it (`:load or notes --open a
  /// recording first`): `tide`, or your own REPL executable.
  public var commandName: String

  /// Creates options.
  ///
  /// - Parameters:
  ///   - clock: How time moves.
  ///   - colors: Whether to colour output.
  ///   - echoesInput: Whether to print each input line.
  ///   - showsProgress: Whether long commands show a live status line.
  ///   - commandName: The command that runs this REPL, as its messages spell it.
  public init(
    clock: ClockMode = .virtual, colors: Bool = false, echoesInput: Bool = false,
    showsProgress: Bool = false, commandName: String = "tide"
  ) {
    self.commandName = commandName
    self.clock = clock
    self.colors = colors
    self.echoesInput = echoesInput
    self.showsProgress = showsProgress
  }
}
