// `tide`: the REPL front end. It explores the app, login and add-location features on embedded
// defaults (the demo login backend and the shipped gazetteer): no server, no network.

import Foundation
import TideREPL

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

func fail(_ message: String) -> Never {
  write("tide: error: \(message)\n", to: STDERR_FILENO)
  exit(2)
}

@MainActor
func runScript(_ repl: REPL, lines: [String]) async {
  for line in lines {
    if await repl.handle(line) == .quit { break }
  }
  await repl.drain(limit: .seconds(10))
  repl.finish()
}

/// Bytes typed on the terminal, read on a thread of their own so that effects can print while a
/// line is being typed.
func keystrokes() -> AsyncStream<UInt8?> {
  AsyncStream { continuation in
    Thread {
      var byte: UInt8 = 0
      while read(STDIN_FILENO, &byte, 1) == 1 { continuation.yield(byte) }
      continuation.yield(nil)
      continuation.finish()
    }.start()
  }
}

@MainActor
func runInteractive(_ repl: REPL, editor: LineEditor) async {
  editor.complete = { repl.completions(for: $0) }
  editor.enableRawMode()
  defer { editor.restore() }
  repl.start()
  let keys = keystrokes()
  let ticker = Task { @MainActor in
    while !Task.isCancelled {
      try? await Task.sleep(for: .milliseconds(20))
      if repl.isRealTime { await repl.tick() }
    }
  }
  defer { ticker.cancel() }
  editor.begin(prompt: repl.styledPrompt)
  loop: for await byte in keys {
    guard let byte else { break }
    switch editor.feed(byte) {
    case nil:
      continue
    case .line(let line):
      if await repl.handle(line) == .quit { break loop }
    case .interrupt:
      if await !repl.interrupt() { break loop }
    case .endOfInput:
      break loop
    }
    editor.begin(prompt: repl.styledPrompt)
  }
  repl.finish()
}

let arguments: Arguments
do {
  arguments = try Arguments.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  fail("\(error.message)\n\n\(Arguments.usage)")
}
if arguments.showsHelp {
  write(Arguments.usage + "\n")
  exit(0)
}

let interactive = arguments.script == nil && isatty(STDIN_FILENO) == 1
let colors =
  interactive && isatty(STDOUT_FILENO) == 1 && !arguments.noColor
  && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
let clock =
  arguments.clock.flatMap(REPLOptions.ClockMode.init(rawValue:)) ?? (interactive ? .real : .virtual)
let options = REPLOptions(clock: clock, colors: colors, echoesInput: !interactive)

var lines: [String] = []
if let script = arguments.script {
  do {
    lines = try String(contentsOfFile: script, encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  } catch {
    fail("cannot read the script \(script): \(error.localizedDescription)")
  }
} else if !interactive {
  while let line = readLine() { lines.append(line) }
}

@MainActor
func main() async {
  if let problem = Features.liveLoginProblem {
    write("tide: warning: \(problem)\n", to: STDERR_FILENO)
  }
  // At a terminal, output goes above the line being typed.
  let editor = interactive ? LineEditor() : nil
  let repl: REPL
  do {
    repl = try REPL(
      features: Features.all, feature: arguments.feature, environment: arguments.environment,
      options: options,
      write: { text in
        if let editor { editor.printAbove(text) } else { write(text) }
      })
  } catch {
    fail(error.description)
  }
  if let editor {
    await runInteractive(repl, editor: editor)
  } else {
    await runScript(repl, lines: lines)
  }
}

await main()
