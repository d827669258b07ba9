// `NAME attach ADDRESS`: the REPL on a store another process serves.

import Foundation
import TideAttach
import TideInspect
import TideREPL
import TideWeb

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Command {
  /// Connects to a served store and runs the REPL on it until the input ends; returns the exit
  /// status.
  func runAttached(to text: String, arguments: Arguments, terminal: Terminal) async -> Int32 {
    let environmentToken = ProcessInfo.processInfo.environment["TIDE_TOKEN"].flatMap {
      $0.isEmpty ? nil : $0
    }
    let address: AttachAddress
    do {
      // With the token in the environment, all of the address is the place: a socket's path
      // may contain ?token=.
      address = try AttachAddress(parsing: text, tokenInAddress: environmentToken == nil)
    } catch {
      self.error(error.message)
      return 2
    }
    guard let token = address.token ?? environmentToken, !token.isEmpty else {
      self.error(
        "TIDE_TOKEN is not set: run the command the served process printed, TIDE_TOKEN=… \(name) attach ADDRESS"
      )
      return 2
    }
    if address.token != nil {
      write(
        "\(name): warning: the token is in \(name)'s arguments, which any user of this machine can read (ps, /proc): give it in TIDE_TOKEN instead, as the served process prints: TIDE_TOKEN=TOKEN \(name) attach \(AttachAddress(place: address.place, token: nil).text)\n",
        to: STDERR_FILENO)
    }
    let client: AttachClient
    do {
      client = try AttachClient(connectingTo: address, token: token)
    } catch {
      self.error(error.message)
      return 1
    }
    let editor = terminal.interactive ? LineEditor() : nil
    let repl: REPL
    do {
      repl = try REPL(
        features: features, feature: client.feature,
        options: REPLOptions(
          clock: .virtual, colors: terminal.colors, echoesInput: !terminal.interactive,
          commandName: name),
        write: { text in
          if let editor { editor.printAbove(text) } else { write(text) }
        })
    } catch {
      self.error(
        "the process serves \(client.feature), which this \(name) does not have: \(error.description)"
      )
      return 1
    }
    let follower = AttachFollower(repl: repl, client: client)
    defer { follower.stop() }
    let place = AttachAddress(place: address.place, token: nil).text
    write(
      "attached to \(TerminalText.printable(client.feature)) at \(TerminalText.printable(place)) (environment: \(TerminalText.printable(client.environment))): its steps show as it takes them; actions you type are sent to it; :save <file> writes its recording so far\n"
    )
    await follower.takeInHistory(into: repl)
    guard case .success(let server) = startWebFront(repl, arguments: arguments) else { return 2 }
    defer { server?.stop() }
    if let editor {
      await runInteractive(repl, editor: editor)
      return 0
    } else {
      return await runStreaming(repl)
    }
  }
}
