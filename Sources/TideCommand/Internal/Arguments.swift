import Foundation
import TideAttach
import TideREPL

/// A REPL executable's command line.
struct Arguments: Equatable {
  var feature: String?
  var environment: String?
  var clock: String?
  var script: String?
  var open: String?
  var noColor = false
  var showsHelp = false
  var web = false
  var port: UInt16?
  /// `NAME attach ADDRESS`: the served store's address.
  var attach: String?
  /// `--data FOLDER`: where the features keep what they save.
  var data: String?

  /// The `--help` text of an executable named `name` over `features`.
  @MainActor
  static func usage(
    name: String, features: [REPLFeature], variables: [REPLCommand.Variable],
    keepsData: Bool = false
  ) -> String {
    let pad = String(repeating: " ", count: name.count)
    var names = features.map(\.name)
    if !names.isEmpty { names[0] += names.count == 1 ? " (the only one)" : " (default)" }
    let featureList =
      names.count <= 1
      ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + names.last!
    let environments = features.first?.environmentNames.prefix(2) ?? []
    let environmentList =
      environments.isEmpty ? "" : ", such as " + environments.joined(separator: " or ")
    var text = """
      USAGE: \(name) [--feature <name>] [--env <name>] [--clock virtual|real] [--open <file>]
             \(pad) [--script <file>] [--web [--port <n>]] [--no-color]\(keepsData ? "\n       \(pad) [--data <folder>]" : "")
             \(name) attach <address> [--web [--port <n>]] [--no-color]

      Explore Tide features by typing actions in Swift syntax and watching the state change.

      OPTIONS:

      """
    text += option("--feature <name>", featureList)
    text += option("--env <name>", "the environment\(environmentList)")
    text += """
        --clock <mode>     real (default at a terminal) or virtual (default for scripts):
                           with virtual, time moves only with :advance
        --open <file>      load a saved session or a recording first, as :load does: a
                           recording replays with its calls answered from the file
        --script <file>    run the lines of a file, then exit; so does piped input
        --web              also serve the feature to a browser on this machine, printing
                           web: http://127.0.0.1:PORT/?token=TOKEN (the app's page, and
                           an inspector for any feature); piped lines are then read as
                           they arrive, until the input ends
        --port <n>         the web front's port (default: a free one)

      """
    if keepsData {
      text += """
          --data <folder>    keep what the features save in this folder (made, owner-only,
                             when missing), and start from what it holds; without it,
                             nothing is written to disk

        """
    }
    text += """
        --no-color         plain output (also when NO_COLOR is set)
        -h, --help         show this help

      ATTACH:
        TIDE_TOKEN=<token> \(name) attach <address>
                           follow a store another process serves (StoreServer), as the
                           command it printed says: tide://127.0.0.1:PORT or
                           tide+unix:PATH, the run's token in TIDE_TOKEN (in the
                           arguments, any user of the machine could read it). Its steps
                           show as it takes them, actions you type are sent to it, :save
                           writes its recording so far (\(name) --open replays it)

      ENVIRONMENT:

      """
    for variable in variables { text += option(variable.name, variable.summary) }
    text += option("NO_COLOR", "plain output")
    text += option("TIDE_TOKEN", "the served run's token, for \(name) attach")
    text += "\nInside, :help lists the commands."
    return text
  }

  /// An option's line: its name in a column of 19, then its summary wrapped at 80 columns.
  private static func option(_ name: String, _ summary: String) -> String {
    let indent = String(repeating: " ", count: 21)
    var lines: [String] = []
    var line = ""
    for word in summary.split(separator: " ") {
      if !line.isEmpty && indent.count + line.count + 1 + word.count > 80 {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    lines.append(line)
    let head = "  " + name.padding(toLength: max(name.count + 1, 19), withPad: " ", startingAt: 0)
    let first = name.count >= 18 ? "  \(name)\n\(indent)\(lines[0])" : head + lines[0]
    return ([first] + lines.dropFirst().map { indent + $0 }).joined(separator: "\n") + "\n"
  }

  /// Parses the arguments after the executable's name.
  static func parse(_ arguments: [String], name: String) throws(ArgumentError) -> Arguments {
    var result = Arguments()
    var index = 0
    var isAttaching = false
    func value(for option: String) throws(ArgumentError) -> String {
      index += 1
      guard index < arguments.count, !arguments[index].hasPrefix("--") else {
        throw ArgumentError(message: "\(option) needs a value")
      }
      return arguments[index]
    }
    while index < arguments.count {
      let argument = arguments[index]
      switch argument {
      case "--feature": result.feature = try value(for: argument)
      case "--env": result.environment = try value(for: argument)
      case "--clock":
        let mode = try value(for: argument)
        guard mode == "virtual" || mode == "real" else {
          throw ArgumentError(message: "--clock takes virtual or real, not '\(mode)'")
        }
        result.clock = mode
      case "--script": result.script = try value(for: argument)
      case "--open": result.open = try value(for: argument)
      case "--data": result.data = try value(for: argument)
      case "--no-color": result.noColor = true
      case "--web": result.web = true
      case "--port":
        let text = try value(for: argument)
        guard let port = UInt16(text), port > 0 else {
          throw ArgumentError(message: "--port takes a port from 1 to 65535, not '\(text)'")
        }
        result.port = port
      case "-h", "--help": result.showsHelp = true
      case "attach" where !isAttaching:
        // `tide attach ADDRESS`, options before or after.
        isAttaching = true
      case _ where isAttaching && result.attach == nil && !argument.hasPrefix("-"):
        result.attach = argument
      default: throw ArgumentError(message: "unknown option '\(argument)'")
      }
      index += 1
    }
    if isAttaching && result.attach == nil {
      throw ArgumentError(
        message: "attach needs the address the served process printed: \(name) attach tide://…")
    }
    if result.attach != nil {
      let chosen = [
        ("--feature", result.feature != nil), ("--env", result.environment != nil),
        ("--clock", result.clock != nil), ("--open", result.open != nil),
        ("--script", result.script != nil), ("--data", result.data != nil),
      ].filter(\.1).map(\.0)
      if let option = chosen.first {
        throw ArgumentError(
          message:
            "\(option) is not for \(name) attach: the served store has its feature, environment and clock; type or pipe lines"
        )
      }
    }
    if result.open != nil && result.environment != nil {
      throw ArgumentError(
        message:
          "--open replays the file in the environment it names (a recording in replay): drop --env"
      )
    }
    if result.port != nil && !result.web {
      throw ArgumentError(message: "--port is for the web front: add --web")
    }
    if result.web && result.script != nil {
      throw ArgumentError(
        message: "--web reads lines as they arrive; pipe the script instead of --script")
    }
    return result
  }
}

struct ArgumentError: Error, Equatable {
  let message: String
}
