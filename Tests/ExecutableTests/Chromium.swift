import Foundation
import TideTestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A headless Chromium driven over the DevTools protocol on a pipe (`--remote-debugging-pipe`:
/// JSON messages ended by a NUL, written to its descriptor 3 and read from its descriptor 4), so
/// the browser test needs nothing but Debian's `chromium` package.
final class Chromium {
  /// Where Debian installs it.
  static let path = "/usr/bin/chromium"
  static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: path) }

  private let pid: pid_t
  private let toBrowser: Int32
  private let fromBrowser: Int32
  private var nextID = 0
  private var buffer: [UInt8] = []
  private var session: String?
  private let profile: URL
  /// Chromium's own temporary folder, removed with the profile.
  private let temporary: String

  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  init(width: Int = 1100, height: Int = 760) throws {
    profile = FileManager.default.temporaryDirectory
      .appendingPathComponent("tide-chromium-\(UUID().uuidString)")
    var input: [Int32] = [0, 0]
    var output: [Int32] = [0, 0]
    guard pipe(&input) == 0, pipe(&output) == 0 else { throw Failure(description: "pipe failed") }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, input[0], 3)
    posix_spawn_file_actions_adddup2(&actions, output[1], 4)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let arguments = [
      Self.path, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
      "--no-first-run", "--no-default-browser-check", "--hide-scrollbars",
      "--user-data-dir=\(profile.path)", "--window-size=\(width),\(height)", "about:blank",
    ]
    var argv = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    // Chromium's own temporary files go in a folder of this browser's, removed with the
    // profile; and it gets a process group of its own, so its helper processes end with it.
    // The folder's path is short: Chromium puts a Unix socket in it, and a socket's path may
    // have at most 107 bytes (a long TMPDIR made Chromium exit at once).
    let base = NSTemporaryDirectory().count <= 48 ? NSTemporaryDirectory() : "/tmp/"
    var template = Array((base.hasSuffix("/") ? base : base + "/").utf8CString.dropLast())
    template += Array("tc-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else {
      throw Failure(description: "cannot make a temporary folder for chromium in \(base)")
    }
    temporary = String(cString: made)
    var environment = ProcessInfo.processInfo.environment
    environment["TMPDIR"] = temporary
    var envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in envp { free(pointer) } }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
    posix_spawnattr_setpgroup(&attributes, 0)
    var child: pid_t = 0
    let spawned = posix_spawn(&child, Self.path, &actions, &attributes, &argv, &envp)
    close(input[0])
    close(output[1])
    guard spawned == 0 else { throw Failure(description: "chromium did not start: \(spawned)") }
    pid = child
    toBrowser = input[1]
    fromBrowser = output[0]
    let target = try call("Target.createTarget", ["url": "about:blank"])
    let attached = try call(
      "Target.attachToTarget", ["targetId": target["targetId"] as Any, "flatten": true])
    session = attached["sessionId"] as? String
    _ = try call("Page.enable")
  }

  deinit {
    close(toBrowser)
    close(fromBrowser)
    // The whole group: the browser and the helpers it started, which would otherwise go on
    // writing into the profile after it is removed.
    kill(-pid, SIGKILL)
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    try? FileManager.default.removeItem(at: profile)
    try? FileManager.default.removeItem(atPath: temporary)
  }

  /// Calls a protocol method on the page (or the browser, before a page is attached) and returns
  /// its result.
  @discardableResult
  func call(_ method: String, _ parameters: [String: Any] = [:]) throws -> [String: Any] {
    nextID += 1
    let id = nextID
    var message: [String: Any] = ["id": id, "method": method, "params": parameters]
    if let session { message["sessionId"] = session }
    var data = try JSONSerialization.data(withJSONObject: message)
    data.append(0)
    _ = data.withUnsafeBytes { write(toBrowser, $0.baseAddress, $0.count) }
    while true {
      let reply = try nextMessage()
      guard reply["id"] as? Int == id else { continue }
      if let error = reply["error"] as? [String: Any] {
        throw Failure(description: "\(method): \(error["message"] ?? error)")
      }
      return reply["result"] as? [String: Any] ?? [:]
    }
  }

  private func nextMessage() throws -> [String: Any] {
    while true {
      if let end = buffer.firstIndex(of: 0) {
        let data = Data(buffer[..<end])
        buffer.removeFirst(end + 1)
        return (try JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
      }
      var descriptor = pollfd(fd: fromBrowser, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, Int32(failureDetectorSeconds * 1000)) > 0 else {
        throw Failure(description: "chromium did not answer within \(failureDetectorSeconds) s")
      }
      var chunk = [UInt8](repeating: 0, count: 1 << 16)
      let count = read(fromBrowser, &chunk, chunk.count)
      guard count > 0 else { throw Failure(description: "chromium closed its pipe") }
      buffer += chunk[..<count]
    }
  }

  func navigate(to url: String) throws {
    try call("Page.navigate", ["url": url])
  }

  /// Evaluates JavaScript in the page and returns its value.
  func evaluate(_ expression: String) throws -> Any? {
    let result = try call(
      "Runtime.evaluate",
      ["expression": expression, "returnByValue": true, "awaitPromise": true])
    if let exception = result["exceptionDetails"] as? [String: Any] {
      throw Failure(description: "\(expression): \(exception["text"] ?? exception)")
    }
    return (result["result"] as? [String: Any])?["value"]
  }

  /// Waits until `condition`, a JavaScript expression, is true in the page.
  func wait(
    for condition: String, within seconds: Double = failureDetectorSeconds,
    _ what: @autoclosure () -> String
  ) throws {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      // Until the page has loaded, what the condition reads may not exist yet.
      let check = "(() => { try { return Boolean(\(condition)); } catch { return false; } })()"
      do {
        if try evaluate(check) as? Bool == true { return }
      } catch let failure as Failure where failure.description.contains("navigated or closed") {
        // The page was replaced while it was asked (tide's first page hands its token over and
        // moves on): ask the next one.
      }
      usleep(20_000)
    }
    let text = (try? evaluate("document.body.innerText")) as? String ?? ""
    throw Failure(description: "waited \(Int(seconds)) s for \(what()); the page shows:\n\(text)")
  }

  /// Types into the element with this id, one key at a time, as a person would.
  func type(_ text: String, into id: String) throws {
    _ = try evaluate("document.getElementById('\(id)').focus()")
    for character in text {
      try call("Input.insertText", ["text": String(character)])
    }
  }

  /// Clicks the middle of the first element `selector` matches, with the mouse.
  func click(_ selector: String) throws {
    guard
      let point = try evaluate(
        """
        (() => { const e = document.querySelector(\(Self.quoted(selector)));
          if (!e) return null; e.scrollIntoView({block: 'center'});
          const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()
        """) as? [Double]
    else { throw Failure(description: "nothing matches \(selector)") }
    for type in ["mousePressed", "mouseReleased"] {
      try call(
        "Input.dispatchMouseEvent",
        ["type": type, "x": point[0], "y": point[1], "button": "left", "clickCount": 1])
    }
  }

  /// A PNG of the page as shown.
  func screenshot() throws -> Data {
    let result = try call("Page.captureScreenshot", ["format": "png"])
    guard let text = result["data"] as? String, let data = Data(base64Encoded: text) else {
      throw Failure(description: "no screenshot")
    }
    return data
  }

  static func quoted(_ text: String) -> String {
    let data = try! JSONSerialization.data(withJSONObject: [text])
    return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
  }
}
