import Foundation
import TideAttach
import TideInspect
import TideREPL
import TideRecord
import TideWeb

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One run of a REPL executable: its name, its features, and what its arguments and standard
/// input say.
@MainActor
struct Command {
  let name: String
  let variables: [REPLCommand.Variable]
  /// Makes the features, given the folder `--data` names; `nil` for an executable whose
  /// features keep nothing, which refuses `--data`.
  let makeFeatures: ((_ dataFolder: String?) throws -> [REPLFeature])?
  let features: [REPLFeature]

  init(name: String, features: [REPLFeature], variables: [REPLCommand.Variable]) {
    self.name = name
    self.variables = variables
    self.features = features
    makeFeatures = nil
  }

  init(
    name: String, variables: [REPLCommand.Variable],
    features: @escaping (_ dataFolder: String?) throws -> [REPLFeature]
  ) throws {
    self.name = name
    self.variables = variables
    self.features = try features(nil)
    makeFeatures = features
  }

  var usage: String {
    Arguments.usage(
      name: name, features: features, variables: variables, keepsData: makeFeatures != nil)
  }

  /// Prints an error on standard error. A message may quote what a file or a served process
  /// said: no escape sequence of theirs reaches the terminal.
  func error(_ message: String) {
    write("\(name): error: \(TerminalText.printable(message))\n", to: STDERR_FILENO)
  }

  /// Runs the command; returns the exit status.
  func run(arguments list: [String], warnings: [String]) async -> Int32 {
    let arguments: Arguments
    do {
      arguments = try Arguments.parse(list, name: name)
    } catch {
      self.error("\(error.message)\n\n\(usage)")
      return 2
    }
    if arguments.showsHelp {
      write(usage + "\n")
      return 0
    }
    let interactive = arguments.script == nil && isatty(STDIN_FILENO) == 1
    let terminal = Terminal(
      interactive: interactive,
      colors: interactive && isatty(STDOUT_FILENO) == 1 && !arguments.noColor
        && ProcessInfo.processInfo.environment["NO_COLOR"] == nil,
      showsProgress: interactive && isatty(STDOUT_FILENO) == 1)
    if let address = arguments.attach {
      return await runAttached(to: address, arguments: arguments, terminal: terminal)
    }
    for warning in warnings {
      write("\(name): warning: \(TerminalText.printable(warning))\n", to: STDERR_FILENO)
    }
    var scriptText = ""
    if let script = arguments.script {
      do {
        scriptText = try REPL.readFile(atPath: script)
      } catch {
        self.error(error.description)
        return 2
      }
    } else if !interactive && !arguments.web {
      // Piped input, read whole and bounded like a file.
      let limit = 64 << 20
      let data = (try? FileHandle.standardInput.read(upToCount: limit + 1)) ?? Data()
      guard data.count <= limit else {
        self.error("the input is larger than 64 MiB")
        return 2
      }
      guard let text = String(validating: Array(data), as: UTF8.self) else {
        self.error(
          "the input is not UTF-8 text (\(FileAccess.invalidUTF8Location(in: Array(data)))): nothing was run"
        )
        return 2
      }
      scriptText = text
    }
    var features = self.features
    if let folder = arguments.data {
      guard let makeFeatures else {
        self.error("--data: \(name) keeps nothing on disk, so it takes no data folder\n\n\(usage)")
        return 2
      }
      do {
        if let warning = try DataFolder.prepare(folder) {
          write("\(name): warning: \(TerminalText.printable(warning))\n", to: STDERR_FILENO)
        }
        features = try makeFeatures(folder)
      } catch {
        self.error("--data: \(error)")
        return 2
      }
    }
    let clock =
      arguments.clock.flatMap(REPLOptions.ClockMode.init(rawValue:))
      ?? (interactive ? .real : .virtual)
    let options = REPLOptions(
      clock: clock, colors: terminal.colors, echoesInput: !interactive,
      showsProgress: terminal.showsProgress, commandName: name)
    // At a terminal, output goes above the line being typed.
    let editor = interactive ? LineEditor() : nil
    let repl: REPL
    do {
      repl = try REPL(
        features: features, feature: arguments.feature, environment: arguments.environment,
        options: options,
        write: { text in
          if let editor { editor.printAbove(text) } else { write(text) }
        })
    } catch {
      self.error(error.description)
      return 2
    }
    guard case .success(let server) = startWebFront(repl, arguments: arguments) else { return 2 }
    defer { server?.stop() }
    if interactive { repl.start() }
    if let path = arguments.open, let failure = await repl.open(path) {
      self.error(failure)
      return 2
    }
    if let editor {
      await runInteractive(repl, editor: editor)
      return 0
    } else if arguments.web {
      return await runStreaming(repl)
    } else {
      return await runScript(repl, text: scriptText)
    }
  }

  /// Starts the web front beside `repl` when the arguments ask for it, printing its address;
  /// a failure, said on standard error, when it cannot start.
  func startWebFront(_ repl: REPL, arguments: Arguments) -> Result<WebServer?, ServerError> {
    guard arguments.web else { return .success(nil) }
    let web = WebServer(repl: repl, options: WebServer.Options(port: arguments.port ?? 0))
    do {
      write("web: \(try web.start().absoluteString)\n")
      return .success(web)
    } catch {
      self.error("the web front could not start: \(error.description)")
      return .failure(error)
    }
  }

  /// Runs a script to its end; a failed line makes the status 1, with a one-line summary.
  func runScript(_ repl: REPL, text: String) async -> Int32 {
    let result = await repl.runScript(text, waitingAtMost: .seconds(10))
    guard let summary = result.summary else { return 0 }
    write("\(name): \(summary)\n", to: STDERR_FILENO)
    return 1
  }

  /// With `--web` and piped input: each line is handled as it arrives (the page drives the same
  /// session meanwhile), until the input ends.
  func runStreaming(_ repl: REPL) async -> Int32 {
    let ticker = startTicker(repl)
    defer { ticker.cancel() }
    var pending: [UInt8] = []
    var lineCount = 0
    var failed: [Int] = []
    func handle(_ bytes: ArraySlice<UInt8>) async -> Bool {
      var line = String(decoding: bytes, as: UTF8.self)
      if lineCount == 0, line.unicodeScalars.first == "\u{FEFF}" { line.removeFirst() }
      lineCount += 1
      let before = repl.failedLineCount
      let outcome = await repl.handle(line)
      if repl.failedLineCount > before { failed.append(lineCount) }
      return outcome == .continue
    }
    reading: for await chunk in keystrokes() {
      guard let chunk else { break }
      pending += chunk
      // Lines end at LF (or CRLF) only, as in a script: a lone CR may be inside a string.
      while let newline = pending.firstIndex(of: 10) {
        let end = newline > 0 && pending[newline - 1] == 13 ? newline - 1 : newline
        let keepGoing = await handle(pending[..<end])
        pending.removeFirst(newline + 1)
        if !keepGoing { break reading }
      }
    }
    if !pending.isEmpty { _ = await handle(pending[...]) }
    await repl.drain(limit: .seconds(10))
    repl.finish()
    let result = ScriptResult(lineCount: lineCount, failedLines: failed, stillRunning: [])
    guard let summary = result.summary else { return 0 }
    write("\(name): \(summary)\n", to: STDERR_FILENO)
    return 1
  }

  func runInteractive(_ repl: REPL, editor: LineEditor) async {
    editor.complete = { repl.completions(for: $0) }
    editor.enableRawMode()
    defer { editor.restore() }
    let keys = keystrokes()
    let ticker = startTicker(repl)
    defer { ticker.cancel() }
    editor.begin(prompt: repl.styledPrompt)
    loop: for await chunk in keys {
      guard let chunk else { break }
      editor.enqueue(chunk)
      // A pasted chunk may hold several lines: each is handled before the next is edited.
      while let event = editor.nextEvent() {
        switch event {
        case .line(let line):
          if await repl.handle(line) == .quit { break loop }
        case .interrupt:
          if await !repl.interrupt() { break loop }
        case .endOfInput:
          break loop
        }
        editor.begin(prompt: repl.styledPrompt)
      }
    }
    repl.finish()
  }
}

/// What standard input and output are.
struct Terminal {
  /// Whether a person types at a terminal.
  let interactive: Bool
  let colors: Bool
  let showsProgress: Bool
}

/// Bytes typed on the terminal, in the chunks `read` returns them (a paste arrives whole), read
/// on a thread of their own so that effects can print while a line is being typed.
func keystrokes() -> AsyncStream<[UInt8]?> {
  AsyncStream { continuation in
    Thread {
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = read(STDIN_FILENO, &buffer, buffer.count)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { break }
        continuation.yield(Array(buffer[..<count]))
      }
      continuation.yield(nil)
      continuation.finish()
    }.start()
  }
}

/// Moves a real-time clock while input is awaited, until cancelled.
@MainActor
func startTicker(_ repl: REPL) -> Task<Void, Never> {
  Task { @MainActor in
    while !Task.isCancelled {
      try? await Task.sleep(for: .milliseconds(20))
      if repl.isRealTime { await repl.tick() }
    }
  }
}
