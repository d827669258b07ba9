import Foundation
import TideInspect

/// Where the REPL writes, and how it colours.
@MainActor
final class REPLOutput {
  enum Style {
    case plain, removed, added, action, received, effect, warning, error, dim, heading
  }

  private let destination: (String) -> Void
  var colors: Bool
  /// What is written while held back (see ``holdingBack(_:)``), or `nil` when writing goes out.
  private var heldBack: [String]?

  init(colors: Bool, write: @escaping (String) -> Void) {
    self.colors = colors
    self.destination = write
  }

  private func write(_ text: String) {
    if heldBack != nil { heldBack!.append(text) } else { destination(text) }
  }

  /// Runs `body` with what it writes held back, then writes it, unless `keep` says, from what
  /// `body` returned, to drop it.
  func holdingBack<Result>(
    _ body: () async -> Result, keep: (Result) -> Bool
  ) async -> Result {
    heldBack = []
    let result = await body()
    let text = heldBack ?? []
    heldBack = nil
    if keep(result) { text.forEach(destination) }
    return result
  }

  func line(_ text: String, _ style: Style = .plain) {
    write(paint(Self.printable(text), style) + "\n")
  }

  /// `text` with what a terminal would act on written as `\u{…}`: controls (an escape sequence
  /// in a script's line must not move the cursor or recolour the screen), line separators and
  /// format characters such as bidi overrides. Tabs and line feeds (of a value printed on
  /// several lines) stay.
  static func printable(_ text: String) -> String {
    TerminalText.printable(text)
  }

  /// Shows a status line that the next one replaces (a carriage return and an erase, for a
  /// terminal); `nil` erases it.
  func status(_ text: String?) {
    write("\r\u{1B}[K" + (text.map { paint(Self.printable($0), .dim) } ?? ""))
  }

  /// Prints a diff, colouring its − and + lines.
  func diff(_ text: String) {
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let marker = line.dropFirst(4).first
      self.line(String(line), marker == "−" ? .removed : marker == "+" ? .added : .plain)
    }
  }

  func paint(_ text: String, _ style: Style) -> String {
    guard colors else { return text }
    let code: String
    switch style {
    case .plain: return text
    case .removed: code = "31"
    case .added: code = "32"
    case .action: code = "1;36"
    case .received: code = "1;35"
    case .effect: code = "33"
    case .warning: code = "33"
    case .error: code = "1;31"
    case .dim: code = "2"
    case .heading: code = "1"
    }
    return "\u{1B}[\(code)m\(text)\u{1B}[0m"
  }
}

/// The inspectors the REPL prints with.
enum REPLFormat {
  /// Redacts: what is shown on screen.
  static let inspector = Inspector()
  /// Does not redact: actions as session files keep them, which must rebuild them exactly, and
  /// as the REPL reads them back (through `Decodable`: a `SourceExpressible` value is spelled
  /// with its fields here, not with its call).
  static let source = {
    var inspector = Inspector(redacts: false)
    inspector.usesSourceExpressions = false
    inspector.labelsSharedCopiesByRank = true
    return inspector
  }()
}
