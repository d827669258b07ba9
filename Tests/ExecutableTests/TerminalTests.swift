import Foundation
import Testing
import TideTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// `tide` at a real terminal: a pseudo-terminal, so its line editor runs in raw mode.
@Suite struct TerminalTests {
  /// Runs `tide` on a pseudo-terminal, types `input`, and returns everything it drew.
  static func runOnTerminal(_ input: [UInt8], arguments: [String], prompt: String) throws
    -> [UInt8]
  {
    let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let executable = directory.appendingPathComponent("tide")
    guard FileManager.default.isExecutableFile(atPath: executable.path) else {
      throw MissingExecutable(path: executable.path)
    }
    var primary: Int32 = -1
    var secondary: Int32 = -1
    guard openpty(&primary, &secondary, nil, nil, nil) == 0 else {
      throw POSIXError(.init(rawValue: errno) ?? .EIO)
    }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1"]) { $1 }
    let terminal = FileHandle(fileDescriptor: secondary, closeOnDealloc: false)
    process.standardInput = terminal
    process.standardOutput = terminal
    process.standardError = terminal
    try process.run()
    process.killIfRunning(after: Int(failureDetectorSeconds))
    close(secondary)
    // Read on a thread of its own: the terminal's buffer is small, and tide blocks when it is
    // full.
    let drawn = Locked<[UInt8]>([])
    let primaryDescriptor = primary
    let reader = Thread {
      var buffer = [UInt8](repeating: 0, count: 65_536)
      while true {
        let count = read(primaryDescriptor, &buffer, buffer.count)
        if count > 0 {
          drawn.withLock { $0 += buffer[..<count] }
        } else if count < 0 && errno == EINTR {
          continue
        } else {
          break  // EIO once tide has exited.
        }
      }
    }
    reader.start()
    // Type only once the editor is in raw mode, which it is when it draws its first prompt.
    let deadline = Date().addingTimeInterval(failureDetectorSeconds)
    while Date() < deadline,
      !drawn.withLock({ String(decoding: $0, as: UTF8.self).contains(prompt) })
    {
      usleep(1_000)
    }
    var offset = 0
    while offset < input.count {
      let count = input[offset...].withUnsafeBytes { write(primary, $0.baseAddress, $0.count) }
      if count > 0 { offset += count } else if errno != EINTR && errno != EAGAIN { break }
    }
    process.waitUntilExit()
    while !reader.isFinished { usleep(1_000) }
    close(primary)
    return drawn.withLock { $0 }
  }

  @Test(.failureDetector)
  func aPastedLongLineIsDrawnInLinearSpace() throws {
    // 20,000 characters in one paste: redrawing the whole line after each byte would draw
    // about 200 MB; the editor draws at most 160 characters of it a time.
    let line = ".usernameChanged(\"" + String(repeating: "x", count: 20_000) + "\")"
    let drawn = try Self.runOnTerminal(
      Array((line + "\r:state username\r\u{4}").utf8), arguments: ["--feature", "login"],
      prompt: "login> ")
    let text = String(decoding: drawn, as: UTF8.self)
    #expect(drawn.count < 8_000_000, "drew \(drawn.count) bytes")
    // The state holds the whole line: nothing was lost to the terminal.
    let state = "\"" + String(repeating: "x", count: 20_000) + "\"\r\n"
    #expect(text.contains(state), "the state is not the whole line")
  }
}

/// A value behind a lock, for the reader thread.
final class Locked<Value>: @unchecked Sendable {
  private var value: Value
  private let lock = NSLock()
  init(_ value: Value) { self.value = value }
  func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }
}
