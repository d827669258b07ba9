import Foundation
import Testing
import TideTestSupport

/// `tide --web` in a real browser: headless Chromium (Debian's `chromium`) drives the app page and
/// the inspector while lines are typed into the REPL. Without Chromium the test is skipped,
/// unless `TIDE_REQUIRE_BROWSER=1` (set by `.ci/run`, which installs it) makes that a failure.
/// `TIDE_RECORD_SCREENSHOTS=1` writes the README's screenshots to `Docs/Screenshots/`.
@Suite("tide --web in a real browser", .serialized)
struct BrowserTests {
  static let required = ProcessInfo.processInfo.environment["TIDE_REQUIRE_BROWSER"] == "1"

  @Test(.enabled(if: Chromium.isAvailable || required, "Debian's chromium is not installed"))
  func thePageAndTheREPLDriveOneSession() async throws {
    try #require(Chromium.isAvailable, "TIDE_REQUIRE_BROWSER=1, but \(Chromium.path) is missing")
    let tide = try TideProcess(arguments: ["--web", "--clock", "real", "--no-color"])
    let browser = try Chromium()
    try browser.navigate(to: tide.url)

    // The app page: log in as the demo user.
    try browser.wait(for: "!document.getElementById('login').hidden", "the login form")
    try browser.wait(
      for: "document.getElementById('login-button').disabled", "a disabled login button")
    try Self.logIn(browser)
    try browser.wait(
      for: "document.getElementById('greeting').textContent === 'Hello Pritesh'", "the home screen"
    )

    // Present the search, search "Brus" and add Brussels, which dismisses the search.
    #expect(try browser.evaluate("document.getElementById('search').hidden") as? Bool == true)
    try browser.click("#search-open")
    try browser.wait(for: "!document.getElementById('search').hidden", "the search")
    try browser.type("Brus", into: "query")
    try browser.wait(
      for:
        "[...document.querySelectorAll('#results li')].some(li => li.innerText.includes('Brussels'))",
      "Brussels among the results")
    let index = try browser.evaluate(
      "[...document.querySelectorAll('#results li')].findIndex(li => li.innerText.startsWith('Brussels'))"
    )
    try browser.click("#results li[data-index='\(index as? Int ?? 0)']")
    try browser.wait(
      for: "document.getElementById('saved').innerText.includes('Brussels, Belgium')",
      "Brussels among the saved locations")
    try browser.wait(for: "document.getElementById('search').hidden", "the search dismissed")

    // The REPL printed each of the page's steps, and never the password.
    let printed = tide.output
    #expect(printed.contains(#"web> .login(.usernameChanged("p"))"#))
    #expect(printed.contains(#"web> .login(.usernameChanged("pritesh"))"#))
    #expect(printed.contains(#"web> .login(.passwordChanged("••••••"))"#))
    #expect(printed.contains("web> .login(.loginButtonTapped)"))
    #expect(printed.contains("web> .searchTapped"))
    #expect(printed.contains(#"web> .addLocation(.presented(.queryChanged("Brus")))"#))
    #expect(printed.contains("← .addLocation(.presented(.delegate(.didAddLocation("))
    #expect(!printed.contains("Secret1"))

    // A line typed in the REPL reaches the page.
    tide.type(".searchTapped")
    tide.type(#".addLocation(.presented(.queryChanged("Genev")))"#)
    try browser.wait(
      for: "document.getElementById('query').value === 'Genev'", "the REPL's query in the page")
    try browser.wait(
      for: "document.getElementById('results').innerText.includes('Geneva')",
      "Geneva among the results")
    #expect(try browser.evaluate("document.getElementById('password').value") as? String == "")
    try Self.record(browser, as: "app")
    // The search shares the saved places: Brussels, saved above, is marked; Brusque is not.
    tide.type(#".addLocation(.presented(.queryChanged("Brus")))"#)
    try browser.wait(
      for:
        "[...document.querySelectorAll('#results li')].some(li => li.innerText.startsWith('Brussels') && li.querySelector('.saved-mark'))",
      "Brussels marked as saved")
    #expect(
      try browser.evaluate(
        "[...document.querySelectorAll('#results li')].filter(li => li.querySelector('.saved-mark')).length"
      ) as? Int == 1)
    // Cancel dismisses the search, and the REPL prints it.
    try browser.click("#search-cancel")
    try browser.wait(for: "document.getElementById('search').hidden", "the search cancelled")
    #expect(tide.waitForOutput("web> .addLocation(.dismiss)", within: 30))

    // The inspector: every step, from where it came, without the password.
    try browser.navigate(to: tide.origin + "/inspector")
    try browser.wait(
      for: "document.querySelectorAll('.step .origin.page').length > 0", "page steps")
    try browser.wait(
      for: "document.querySelectorAll('.step .origin.repl').length > 0", "REPL steps")
    try browser.wait(
      for: "document.getElementById('effects-summary').textContent !== ''", "effects")
    #expect(try browser.evaluate("document.body.innerText.includes('Secret1')") as? Bool == false)
    let steps = try #require(
      try browser.evaluate("Number(document.getElementById('count').textContent.split(' ')[0])")
        as? Int)
    try browser.click(".step[data-number='\(steps - 2)']")
    try browser.wait(
      for: "document.querySelector('#detail h2')?.textContent.startsWith('Step \(steps - 2)')",
      "the selected step's detail")
    try Self.record(browser, as: "inspector")

    // Travel to the step after the login: the REPL says so, and the page follows.
    try browser.click("#travel")
    try browser.wait(
      for: "document.getElementById('count').textContent.endsWith('at step \(steps - 2)')",
      "the session at step \(steps - 2)")
    #expect(tide.output.contains("web> :jump \(steps - 2)\n⟲ step \(steps - 2) of \(steps)"))

    // 10,000 steps: the inspector renders only the rows in view.
    tide.type(":use login")
    let lines = (0..<10_000).map { #".usernameChanged("\#($0 % 2 == 0 ? "a" : "b")")"# }
    tide.type(lines.joined(separator: "\n"))
    try browser.wait(
      for: "document.getElementById('count').textContent.startsWith('10000 steps')",
      within: failureDetectorSeconds, "10,000 steps in the inspector")
    _ = try browser.evaluate(
      "window.tideInspector.renders = 0, window.tideInspector.totalRenderMs = 0, window.tideInspector.maxRenderMs = 0"
    )
    tide.type(".usernameChanged(\"c\")")
    try browser.wait(
      for: "document.getElementById('count').textContent.startsWith('10001 steps')",
      "the 10,001st step")
    try browser.wait(for: "window.tideInspector.renders > 0", "a render")
    let rows = try browser.evaluate("document.querySelectorAll('.step').length") as? Int ?? 0
    #expect(rows < 100, "only the rows in view exist, not \(rows)")
    let perStep = try browser.evaluate("window.tideInspector.maxRenderMs") as? Double ?? -1
    print(
      "browser: rendering a step with 10,001 steps in the inspector took \(perStep) ms (\(rows) rows in the page)"
    )
    #expect(perStep >= 0)
  }

  /// The app's navigation on the page: a saved place's screen is pushed, renamed through its
  /// sheet, and deleted after its confirmation, each step a line the REPL prints.
  @Test(.enabled(if: Chromium.isAvailable || required, "Debian's chromium is not installed"))
  func thePagePushesAPlaceRenamesItInASheetAndDeletesItAfterAConfirmation() async throws {
    try #require(Chromium.isAvailable, "TIDE_REQUIRE_BROWSER=1, but \(Chromium.path) is missing")
    let tide = try TideProcess(arguments: ["--web", "--clock", "real", "--no-color"])
    let browser = try Chromium()
    try browser.navigate(to: tide.url)
    try browser.wait(for: "!document.getElementById('login').hidden", "the login form")
    try Self.logIn(browser)
    try browser.wait(
      for: "document.getElementById('greeting').textContent === 'Hello Pritesh'", "the home screen"
    )
    tide.type(".searchTapped")
    tide.type(#".addLocation(.presented(.queryChanged("Brus")))"#)
    try browser.wait(
      for: "document.getElementById('results').innerText.includes('Brussels')", "Brussels found")
    tide.type(".addLocation(.presented(.locationTapped(index: 0)))")
    try browser.wait(
      for: "document.getElementById('saved').innerText.includes('Brussels, Belgium')",
      "Brussels saved")

    // Open: the place's screen covers the list, with what the gazetteer knows.
    try browser.click("#saved li[data-index='0'] .open")
    try browser.wait(
      for: "!document.getElementById('place').hidden && document.getElementById('home').hidden",
      "the place's screen")
    try browser.wait(
      for: "document.getElementById('place-facts').innerText.includes('Population: 1,019,022')",
      "the place's facts")
    try browser.wait(
      for: "document.getElementById('namesakes-message').textContent !== ''"
        + " && !document.getElementById('namesakes-message').textContent.startsWith('Looking')",
      "the namesakes looked up")

    // Rename in the sheet.
    try browser.click("#place-rename")
    try browser.wait(for: "!document.getElementById('rename-sheet').hidden", "the rename sheet")
    _ = try browser.evaluate("document.getElementById('rename-name').select()")
    try browser.type("Home $&", into: "rename-name")
    try browser.wait(
      for: "document.getElementById('rename-name').value === 'Home $&'", "the typed name")
    try browser.click("#rename-save")
    try browser.wait(
      for: "document.getElementById('rename-sheet').hidden"
        + " && document.getElementById('place-title').textContent === 'Home $&'",
      "the renamed place")

    // Delete, after the confirmation: back on the list, which is empty.
    try browser.click("#place-delete")
    try browser.wait(
      for: "!document.getElementById('prompt').hidden"
        + " && document.getElementById('prompt-message').textContent"
        + " === 'Remove it from your saved places?'",
      "the confirmation")
    try Self.record(browser, as: "place")
    try browser.click("#prompt-buttons button.destructive")
    try browser.wait(
      for: "!document.getElementById('home').hidden"
        + " && document.getElementById('saved').children.length === 0",
      "the list, without the place")

    // The page can show the list before `tide` has printed the action the confirmation sent
    // back: wait for that line, the last one, then read the rest.
    #expect(tide.waitForOutput("← .path(.element(id: 0, action: .delegate(.deleteConfirmed)))"))
    let printed = tide.output
    #expect(printed.contains("web> .savedLocation(id: 2800866, action: .openTapped)"))
    #expect(printed.contains("← .path(.element(id: 0, action: .appeared))"))
    #expect(printed.contains("web> .path(.element(id: 0, action: .renameTapped))"))
    #expect(printed.contains(#"Home $&"))"#))
    #expect(
      printed.contains(
        "web> .path(.element(id: 0, action: .destination(.presented(.confirmDeletion(.delete)))))"))
  }

  /// `tide attach --web`: the app's page and the inspector on a store another process serves.
  /// The page logs in through tide attach, the served process's own state changes, and the
  /// inspector shows the served store's steps.
  @Test(.enabled(if: Chromium.isAvailable || required, "Debian's chromium is not installed"))
  func theInspectorFollowsAServedStoreThroughTideAttach() async throws {
    try #require(Chromium.isAvailable, "TIDE_REQUIRE_BROWSER=1, but \(Chromium.path) is missing")
    let app = try TideProcess("tide-served-app", arguments: [], announcement: "attach: ")
    let attach = try TideProcess(
      arguments: ["attach", app.attachAddress, "--web", "--no-color"],
      environment: ["TIDE_TOKEN": app.attachToken])
    let browser = try Chromium()
    try browser.navigate(to: attach.url)
    try browser.wait(for: "!document.getElementById('login').hidden", "the login form")
    try Self.logIn(browser)
    // The demo backend answers in the served process; the page follows it through tide attach.
    try browser.wait(
      for: "document.getElementById('greeting').textContent === 'Hello Pritesh'", "the home screen"
    )
    app.type("state")
    #expect(app.waitForOutput(#"userName: "pritesh""#), "the served process's own state")
    try browser.navigate(to: attach.origin + "/inspector")
    try browser.wait(
      for: "document.querySelectorAll('.step').length >= 16", "the served store's steps")
    // Sent in the served process, not typed in this REPL.
    try browser.wait(
      for: "document.querySelectorAll('.step .origin.app').length === 15",
      "15 steps sent in the app")
    #expect(
      try browser.evaluate("document.querySelectorAll('.step .origin.repl').length === 0") as? Bool
        == true)
    try browser.wait(
      for: "document.getElementById('effects-summary').textContent !== ''", "effects")
    #expect(try browser.evaluate("document.body.innerText.includes('Secret1')") as? Bool == false)
    try Self.record(browser, as: "attach-inspector")
  }

  /// A page on another port of 127.0.0.1 (a dev server, another user's, a local app's) is the
  /// same site to the browser. It must neither obtain the run's token nor disturb the real page:
  /// the browser sends it nothing of tide's, its script cannot read the token or act on the
  /// session, and the real page goes on working after it (issue 26).
  @Test(.enabled(if: Chromium.isAvailable || required, "Debian's chromium is not installed"))
  func aPageOnAnotherLocalPortNeitherObtainsNorDisturbsTheToken() async throws {
    try #require(Chromium.isAvailable, "TIDE_REQUIRE_BROWSER=1, but \(Chromium.path) is missing")
    let tide = try TideProcess(arguments: ["--web", "--clock", "real", "--no-color"])
    let token = String(tide.url.split(separator: "=").last ?? "")
    try #require(!token.isEmpty)
    let browser = try Chromium()
    try browser.navigate(to: tide.url)
    try browser.wait(for: "!document.getElementById('login').hidden", "the login form")
    // The token left the address bar.
    #expect(try browser.evaluate("location.href") as? String == tide.origin + "/app/")

    let other = try OtherPortServer(
      page: """
        <!doctype html><title>another local server</title><script>
        window.attack = (async () => {
          const tide = "\(tide.origin)";
          document.cookie = "tide_token=bogus; path=/";
          const out = { storage: localStorage.getItem("tide-token") };
          try {
            const read = await fetch(tide + "/api/session", { credentials: "include" });
            out.read = read.status + " " + (await read.text());
          } catch (error) { out.read = "blocked"; }
          try {
            await fetch(tide + "/api/action", { method: "POST", mode: "no-cors",
              credentials: "include", body: '.login(.usernameChanged("evil"))' });
            out.post = "sent";
          } catch (error) { out.post = "blocked"; }
          return JSON.stringify(out);
        })();
        </script>
        """)
    try browser.navigate(to: "http://127.0.0.1:\(other.port)/")
    try browser.wait(for: "window.attack !== undefined", "the other page's script")
    let attack = try #require(try browser.evaluate("window.attack") as? String)
    #expect(attack == #"{"storage":null,"read":"blocked","post":"sent"}"#)
    // The browser sent the other server nothing of tide's: no token, in a cookie or anywhere
    // (the only tide_token cookie it may get is the bogus one its own page set).
    #expect(!other.requests.isEmpty)
    for request in other.requests {
      #expect(!request.contains(token), "the other server received the token:\n\(request)")
    }
    // The page's POST was refused: the session never saw "evil".
    #expect(!tide.output.contains("evil"))

    // Back on tide's page, which works as before, cookie or not.
    try browser.navigate(to: tide.origin + "/app/")
    try browser.wait(for: "!document.getElementById('login').hidden", "the login form again")
    try browser.wait(
      for: "document.getElementById('status').textContent === 'live'", "a live page")
    try browser.type("ok", into: "username")
    let deadline = Date().addingTimeInterval(failureDetectorSeconds)
    while !tide.output.contains(#"web> .login(.usernameChanged("ok"))"#), Date() < deadline {
      usleep(20_000)
    }
    #expect(tide.output.contains(#"web> .login(.usernameChanged("ok"))"#))
  }

  /// Two `tide --web` runs in one browser keep out of each other's way: each page keeps its own
  /// run's token (two ports are two origins), where one cookie for 127.0.0.1 was replaced by the
  /// other (issue 26).
  @Test(.enabled(if: Chromium.isAvailable || required, "Debian's chromium is not installed"))
  func twoRunsInOneBrowserKeepTheirOwnTokens() async throws {
    try #require(Chromium.isAvailable, "TIDE_REQUIRE_BROWSER=1, but \(Chromium.path) is missing")
    let first = try TideProcess(arguments: ["--web", "--clock", "real", "--no-color"])
    let second = try TideProcess(arguments: ["--web", "--clock", "real", "--no-color"])
    let browser = try Chromium()
    try browser.navigate(to: first.url)
    try browser.wait(for: "!document.getElementById('login').hidden", "the first run's page")
    try browser.navigate(to: second.url)
    try browser.wait(for: "!document.getElementById('login').hidden", "the second run's page")
    // Back to the first run's page, opened by its address without the token: it still has its
    // own, and works.
    try browser.navigate(to: first.origin + "/app/")
    try browser.wait(
      for: "document.getElementById('status').textContent === 'live'", "the first page live")
    try browser.type("one", into: "username")
    #expect(first.waitForOutput(#"web> .login(.usernameChanged("one"))"#))
    try browser.navigate(to: second.origin + "/app/")
    try browser.wait(
      for: "document.getElementById('status').textContent === 'live'", "the second page live")
    try browser.type("two", into: "username")
    #expect(second.waitForOutput(#"web> .login(.usernameChanged("two"))"#))
    #expect(!first.output.contains("two"))
    #expect(!second.output.contains(#"usernameChanged("one")"#))
  }

  /// The inspector's downloaded test comes with the note `:export-test` prints when steps
  /// reported issues as they ran: the page shows it beside the download.
  @Test(.enabled(if: Chromium.isAvailable || required, "Debian's chromium is not installed"))
  func theDownloadShowsWhichStepsReportedIssues() async throws {
    try #require(Chromium.isAvailable, "TIDE_REQUIRE_BROWSER=1, but \(Chromium.path) is missing")
    let tide = try TideProcess(arguments: ["--web", "--no-color"])
    tide.type(#".addLocation(.presented(.queryChanged("Brus")))"#)
    #expect(tide.waitForOutput("An action was sent to a child whose state is nil."))
    let browser = try Chromium()
    // The test is fetched and its note shown; the file itself is not saved.
    _ = try browser.call("Browser.setDownloadBehavior", ["behavior": "deny"])
    try browser.navigate(to: tide.url)
    try browser.wait(for: "!document.getElementById('login').hidden", "the app page")
    try browser.navigate(to: tide.origin + "/inspector")
    try browser.wait(for: "document.querySelectorAll('.step').length >= 1", "the step")
    #expect(try browser.evaluate("document.getElementById('test-note').hidden") as? Bool == true)
    try browser.click("#download")
    try browser.wait(for: "!document.getElementById('test-note').hidden", "the note")
    #expect(
      try browser.evaluate("document.getElementById('test-note').textContent") as? String
        == "note: step 1 reported an issue when it ran (An action was sent to a child whose state is nil); the test reports it too, so it fails until the feature no longer does"
    )
  }

  /// A page the server dropped for reading too slowly says so, and reconnects: `Tide.follow`
  /// reads the stream's last `dropped` event and hands it to `onStatus` (a hostile trial: the
  /// page said "is tide still running?" while it was). The stream is stood in for in the page,
  /// as no browser reads slowly on request; `EventStreamOrderTests` checks the server's event.
  @Test(.enabled(if: Chromium.isAvailable || required, "Debian's chromium is not installed"))
  func aDroppedPageSaysWhyAndReconnects() async throws {
    try #require(Chromium.isAvailable, "TIDE_REQUIRE_BROWSER=1, but \(Chromium.path) is missing")
    let tide = try TideProcess(arguments: ["--web", "--no-color"])
    let browser = try Chromium()
    try browser.navigate(to: tide.url)
    try browser.wait(for: "!document.getElementById('login').hidden", "the app page")
    _ = try browser.evaluate(
      #"""
      (() => {
        const probe = document.createElement("div");
        probe.id = "probe";
        document.body.appendChild(probe);
        window.probeConnects = 0;
        const fetchFromServer = window.fetch;
        window.fetch = (path, options) => {
          if (path !== "/events") return fetchFromServer(path, options);
          window.probeConnects += 1;
          return Promise.resolve(new Response(
            'event: update\ndata: {"steps":0}\n\n' +
            "event: dropped\ndata: more than 4194304 bytes waited for this reader to read them\n\n"));
        };
        Tide.follow(() => {}, (connected, reason, note) =>
          Tide.showStatus(probe, connected, reason, note));
      })()
      """#)
    try browser.wait(
      for: "document.getElementById('probe').textContent.startsWith('dropped')", "the note")
    #expect(
      try browser.evaluate("document.getElementById('probe').textContent") as? String
        == "dropped: more than 4194304 bytes waited for this reader to read them; reconnecting")
    try browser.wait(for: "window.probeConnects >= 2", "a reconnection")
  }

  /// Writes a screenshot for the README when `TIDE_RECORD_SCREENSHOTS=1`.
  /// Logs in on the app's page as the demo user.
  static func logIn(_ browser: Chromium) throws {
    try browser.type("pritesh", into: "username")
    try browser.type("Secret1", into: "password")
    try browser.wait(
      for: "!document.getElementById('login-button').disabled", "the login button enabled")
    try browser.click("#login-button")
  }

  static func record(_ browser: Chromium, as name: String) throws {
    guard ProcessInfo.processInfo.environment["TIDE_RECORD_SCREENSHOTS"] == "1" else { return }
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Docs/Screenshots").standardized
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try browser.screenshot().write(to: folder.appendingPathComponent("\(name).png"))
  }
}

/// `tide` running with a pipe for its input (kept open: lines are typed into it) and its output
/// collected as it comes.
final class TideProcess: @unchecked Sendable {
  private let process = Process()
  private let input = Pipe()
  private let lock = NSLock()
  private var collected = Data()
  private(set) var url = ""

  /// `http://127.0.0.1:PORT`.
  var origin: String { String(url.prefix { $0 != "?" }.dropLast()) }

  /// The address in the attach command a served app printed (`TIDE_TOKEN=… tide attach ADDRESS`).
  var attachAddress: String { String(url.split(separator: " ").last ?? "") }

  /// The token in the attach command a served app printed.
  var attachToken: String {
    String(url.split(separator: " ").first?.dropFirst("TIDE_TOKEN=".count) ?? "")
  }

  /// The run's token, from the address it printed.
  var token: String { String(url.split(separator: "=").last ?? "") }

  /// The port it listens on.
  var port: UInt16 { UInt16(origin.split(separator: ":").last ?? "") ?? 0 }

  /// The process's resident size in bytes, from `/proc` (0 where there is none).
  var residentBytes: Int {
    let path = "/proc/\(process.processIdentifier)/statm"
    guard let text = try? String(contentsOfFile: path, encoding: .utf8),
      let pages = text.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
    else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }

  /// The most the process's resident size has been, in bytes, from `/proc` (0 where there is
  /// none).
  var peakResidentBytes: Int {
    let path = "/proc/\(process.processIdentifier)/status"
    guard let text = try? String(contentsOfFile: path, encoding: .utf8),
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
      let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
    else { return 0 }
    return kilobytes * 1024
  }

  /// Waits until its output contains `text`, for up to `seconds`. Searches only what arrived
  /// since the last look, so a long output is not read again every time.
  func waitForOutput(_ text: String, within seconds: Double = failureDetectorSeconds) -> Bool {
    let needle = Data(text.utf8)
    let deadline = Date().addingTimeInterval(seconds)
    var searched = 0
    while true {
      lock.lock()
      let from = max(0, searched - needle.count)
      let found = collected.range(of: needle, in: from..<collected.count) != nil
      searched = collected.count
      lock.unlock()
      if found { return true }
      if Date() > deadline { return false }
      usleep(10_000)
    }
  }

  /// Starts `executable` (built beside the tests) and waits until it prints a line that starts
  /// with `announcement`, whose rest is its address (``url``).
  init(
    _ executable: String = "tide", arguments: [String], announcement: String = "web: ",
    environment: [String: String] = [:]
  ) throws {
    let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    process.executableURL = directory.appendingPathComponent(executable)
    process.arguments = arguments
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    process.standardInput = input
    output.fileHandleForReading.readabilityHandler = { [weak self] handle in
      let data = handle.availableData
      guard let self else { return }
      self.lock.lock()
      self.collected.append(data)
      self.lock.unlock()
    }
    try process.run()
    process.killIfRunning(after: Int(failureDetectorSeconds))
    let deadline = Date().addingTimeInterval(failureDetectorSeconds)
    var found: String?
    while found == nil && Date() < deadline {
      usleep(10_000)
      found = output_().split(separator: "\n").first { $0.hasPrefix(announcement) }
        .map { String($0.dropFirst(announcement.count)) }
    }
    guard let found else {
      throw Chromium.Failure(
        description: "\(executable) printed no \(announcement)address:\n\(output_())")
    }
    url = found
  }

  private func output_() -> String {
    lock.lock()
    defer { lock.unlock() }
    return String(decoding: collected, as: UTF8.self)
  }

  /// What tide printed so far.
  var output: String { output_() }

  /// Types lines into the REPL.
  func type(_ text: String) {
    input.fileHandleForWriting.write(Data((text + "\n").utf8))
  }

  /// Sends it SIGTERM and waits for it to exit.
  ///
  /// - Returns: Its exit status.
  @discardableResult
  func terminateAndWait(with signal: Int32 = SIGTERM) -> Int32 {
    kill(process.processIdentifier, signal)
    process.waitUntilExit()
    return process.terminationStatus
  }

  /// Ends its input and waits for it to exit.
  ///
  /// - Returns: Its exit status.
  @discardableResult
  func endInputAndWait() -> Int32 {
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
    return process.terminationStatus
  }

  deinit {
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
  }
}
