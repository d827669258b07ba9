import Foundation
import Testing
import Tide
import TideExplore
import TideInspect
import TideTestSupport

@testable import TideExpressions
@testable import TideREPL

/// The classes of hostile input from issue #10, each proved at its root.
@MainActor
@Suite struct HostileInputTests {
  func vault() throws -> Transcript { try Transcript(features: [Vault.feature]) }

  /// The state as `:state` prints it, and the history: what a rejected line must not change.
  func snapshot(_ transcript: Transcript) async -> String {
    let text = await transcript.run(":state", ":history", ":clock")
    return text.split(separator: "\n").filter { !$0.hasPrefix("vault> ") }.joined(separator: "\n")
  }

  // MARK: 1. Numbers

  @Test func hugeDurationsAreRefusedAndTheClockNeverOverflows() async throws {
    let transcript = try vault()
    let before = await snapshot(transcript)
    #expect(
      await transcript.run(":advance 1e18s")
        == """
        vault> :advance 1e18s
        error: '1e18s' is longer than a REPL clock can go (1000000000000ms, about 31 years)

        """)
    #expect(
      await transcript.run(":advance 999999999s", ":advance 2s")
        == """
        vault> :advance 999999999s
        clock: 999999999000ms
        vault> :advance 2s
        error: the clock is at 999999999000ms; 2000ms more would take it past 1000000000000ms, the furthest it goes

        """)
    #expect(before != (await snapshot(transcript)))
    // Hours, up to the same limit.
    let hours = try vault()
    #expect(
      await hours.run(":advance 277777h", ":advance 1h")
        == """
        vault> :advance 277777h
        clock: 999997200000ms
        vault> :advance 1h
        error: the clock is at 999997200000ms; 3600000ms more would take it past 1000000000000ms, the furthest it goes

        """)
    #expect(
      await hours.run(":advance 300000h")
        == """
        vault> :advance 300000h
        error: '300000h' is longer than a REPL clock can go (1000000000000ms, about 31 years)

        """)
    for bad in ["-1s", "nan s", "infs", "0x10s", "1e400s", "s", "12", "1.5.2s"] {
      #expect((await transcript.run(":advance \(bad)")).contains("error: "), "\(bad)")
    }
    #expect(await transcript.run(":advance 1e-3s").hasSuffix("clock: 999999999001ms\n"))
  }

  @Test func numbersAreCheckedAgainstTheTypeThatReadsThem() async throws {
    let transcript = try vault()
    let output = await transcript.run(
      ".limitChanged(300)", ".limitChanged(-1)", ".bigChanged(99999999999999999999999)",
      ".amountChanged(1e400)", ".ratioChanged(1e300)", ".amountChanged(1e)")
    let errors = output.split(separator: "\n").filter { $0.hasPrefix("error: ") }
    #expect(
      errors == [
        "error: 300 does not fit in a UInt8 (0 to 255)",
        "error: -1 does not fit in a UInt8 (0 to 255)",
        "error: 99999999999999999999999 does not fit in an Int64 (-9223372036854775808 to 9223372036854775807)",
        "error: '1e400' is too large for a number (write .infinity for infinity)",
        "error: 1e+300 is too large for a Float",
        "error: '1e' is not a number: the exponent needs digits, as in 1e-3",
      ])
    #expect(await transcript.run(":history").contains("No steps yet"))
  }

  @Test func everyNumberASessionCanHoldIsReadBack() async throws {
    let transcript = try vault()
    await transcript.run(
      ".amountChanged(1e-05)", ".bigChanged(-9223372036854775808)", ".limitChanged(255)",
      ".ratioChanged(0.1)", ".amountChanged(-.infinity)", ".amountChanged(1e+16)",
      ".amountChanged(1E-3)", ".amountChanged(-0.0)", ".amountChanged(.nan)")
    let state = await transcript.run(":state")
    #expect(state.contains("amount: .nan"))
    #expect(state.contains("big: -9223372036854775808"))
    #expect(state.contains("ratio: 0.1"))
    let history = await transcript.run(":history")
    for value in ["1e-05", "-.infinity", "1e+16", "0.001", "-0.0"] {
      #expect(history.contains("(\(value))"), "\(value)")
    }
  }

  @Test func stepNumbersThatDoNotFitAreRefused() async throws {
    let transcript = try vault()
    let output = await transcript.run(":jump 99999999999999999999", ":back 9223372036854775807")
    #expect(output.contains("error: 99999999999999999999 is too large for :jump"))
    #expect(output.contains("error: already at step 0, the initial state"))
  }

  // MARK: 2. Nesting

  @Test func deepNestingIsAnErrorNotAStackOverflow() async throws {
    let transcript = try vault()
    let parentheses = String(repeating: "(", count: 5000)
    #expect(
      (await transcript.run(parentheses)).contains(
        "error: the value nests deeper than 100 levels"))
    let cases =
      String(repeating: ".wrap(", count: 3000) + ".leaf"
      + String(repeating: ")", count: 3000)
    #expect(
      (await transcript.run(".nestedChanged(\(cases))")).contains(
        "error: the value nests deeper than 100 levels"))
    let fine = String(repeating: ".wrap(", count: 90) + ".leaf" + String(repeating: ")", count: 90)
    #expect(!(await transcript.run(".nestedChanged(\(fine))")).contains("error"))
  }

  // MARK: 3. The password

  @Test func theSecretNeverAppearsInWhatTidePrints() async throws {
    let scratch = try ScratchFolder("repl")
    let transcript = try vault()
    let secret = Vault.secret
    var output = await transcript.run(
      ".passwordChanged(\"\(secret)\")", ":state password", ":state", ":view", ":history",
      ".passwordChanged(\"\(secret)\"", ".passwordChanged(\(secret))", ".pasword(\"\(secret)\")",
      ".passwordChanged(\"\(secret)\", 2)", "passwordChanged(\"\(secret)\")",
      "State(password: \"\(secret)\", 1)", ".passwordChanged(\"\(secret)\\q\")")
    #expect(output.contains("vault> :state password\n\"••••••\"\n"))
    try "# tide session\nsend @0ms .passwordChanged(\(secret))\n".write(
      toFile: scratch.file("broken.tide"), atomically: true, encoding: .utf8)
    output += await transcript.run(":load \(scratch.file("broken.tide"))")
    #expect(
      output.contains(
        "error: line 2: a value is not valid; it may be secret, so tide does not quote it"))
    #expect(!output.contains(secret), "\(output)")
    #expect(!output.contains("Hunter"))
  }

  /// A script's lines end at LF or CRLF only: a line split at a CR, a U+2028 or another
  /// line-breaking character inside a password's string showed the second half as a name.
  @Test(arguments: ["\r", "\u{2028}", "\u{85}", "\u{0B}", "\u{0C}"])
  func aLineBreakInsideASecretsStringDoesNotSplitTheLine(separator: String) async throws {
    let transcript = try vault()
    let secret = Vault.secret
    let half = String(secret.dropFirst(3))
    let result = await transcript.repl.runScript(
      ".passwordChanged(\"\(secret.prefix(3))\(separator)\(half)\")\r\n:state password\n")
    #expect(result.lineCount == 2)
    #expect(!transcript.text.contains(half), "\(transcript.text)")
    #expect(transcript.text.contains("vault> :state password\n\"••••••\"\n"), "\(transcript.text)")
  }

  @Test func indexingIsForListsSoItCannotReadAFieldByPosition() async throws {
    let transcript = try vault()
    let output = await transcript.run(
      ".passwordChanged(\"\(Vault.secret)\")", ":state [1]", ":state nested[0]")
    #expect(!output.contains(Vault.secret))
    #expect(
      output.contains(
        "error: the state is a Vault.State, not a list: [1] indexes lists; name a property instead"
      ))
    #expect(output.contains("error: nested is nil"))
    // A number too large for an index is said to be one.
    let huge = await transcript.run(":state nested[99999999999999999999]", ":state nested[x]")
    #expect(
      huge.contains(
        "error: 'nested[99999999999999999999]': 99999999999999999999 is not an index of any list (at most 9223372036854775807)"
      ), "\(huge)")
    #expect(huge.contains("error: 'nested[x]' needs a whole number between [ ]"))
  }

  @Test func theFirstActionsSecretsAreKnownWithoutExamples() async throws {
    let transcript = try Transcript(features: [Vault.feature(examples: [])])
    _ = await transcript.repl.handle(".passwordChanged(\"x\")")
    #expect(transcript.repl.session.secretLabels == ["password", "passwordChanged"])
  }

  @Test func whatATerminalWouldActOnIsWrittenOut() async throws {
    let transcript = try vault()
    let output = await transcript.run(
      "\u{1B}[2J\u{9B}31m\u{202E}", ".usernameChanged(\"\u{1B}[31mred\u{2028}\u{85}\")")
    #expect(
      !output.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{9B}" || $0 == "\u{202E}" })
    #expect(output.contains(#"vault> \u{1b}[2J\u{9b}31m\u{202e}"#))
    #expect(output.contains(#"+   username: "\u{1b}[31mred\u{2028}\u{85}","#))
  }

  @Test func filesThatHoldTheSecretAreTheOwnersOnly() async throws {
    let scratch = try ScratchFolder("repl")
    let transcript = try vault()
    await transcript.run(
      ".passwordChanged(\"\(Vault.secret)\")", ":save \(scratch.file("s.tide"))",
      ":export-test \(scratch.file("VaultTests.swift"))")
    for name in ["s.tide", "VaultTests.swift"] {
      let attributes = try FileManager.default.attributesOfItem(atPath: scratch.file(name))
      #expect((attributes[.posixPermissions] as? Int) == 0o600, "\(name)")
      let text = try String(contentsOfFile: scratch.file(name), encoding: .utf8)
      #expect(text.contains(Vault.secret))
      #expect(text.contains("passwords included"))
    }
  }

  // MARK: 4. Files

  @Test func savingNeverOverwritesWithoutBeingTold() async throws {
    let scratch = try ScratchFolder("repl")
    let transcript = try vault()
    let path = scratch.file("Package.swift")
    try "// a manifest\n".write(toFile: path, atomically: true, encoding: .utf8)
    #expect(
      await transcript.run(":save \(path)", ":export-test \(path)")
        == """
        vault> :save \(path)
        error: \(path) already exists; :save! \(path) replaces it
        vault> :export-test \(path)
        error: \(path) already exists; :export-test! \(path) replaces it

        """)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "// a manifest\n")
    #expect(
      (await transcript.run(":save! \(path)")).contains("saved to \(path) (readable by you only"))
    #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("# tide session\n"))
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.path)
    #expect(leftovers == ["Package.swift"])
  }

  @Test func onlyRegularFilesAreReplaced() async throws {
    let scratch = try ScratchFolder("repl")
    let transcript = try vault()
    let target = scratch.file("target.txt")
    try "keep me\n".write(toFile: target, atomically: true, encoding: .utf8)
    let link = scratch.file("link.tide")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    let fifo = scratch.file("fifo.tide")
    #expect(mkfifo(fifo, 0o600) == 0)
    let folder = scratch.file("folder.tide")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    let output = await transcript.run(
      ":save! \(link)", ":save! \(fifo)", ":save! \(folder)", ":load \(fifo)", ":load \(folder)",
      ":save \(scratch.file("missing/s.tide"))")
    let errors = output.split(separator: "\n").filter { $0.hasPrefix("error: ") }
    #expect(
      errors == [
        "error: cannot write \(link): it is a symbolic link, and tide replaces only regular files",
        "error: cannot write \(fifo): it is a FIFO, and tide replaces only regular files",
        "error: cannot write \(folder): it is a folder, and tide replaces only regular files",
        "error: cannot read \(fifo): it is a FIFO",
        "error: cannot read \(folder): it is a folder",
        "error: cannot write \(scratch.file("missing/s.tide")): the folder \(scratch.file("missing")) does not exist",
      ])
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep me\n")
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
  }

  // MARK: 5. Sessions that come back

  @Test func aSavedSessionLoadsBackToTheSameState() async throws {
    let scratch = try ScratchFolder("repl")
    let transcript = try vault()
    await transcript.run(
      ".usernameChanged(\"tab\\there \\\"quoted\\\" back\\\\slash \\u{0}\\u{7F}\\r\\n é 😀 \\u{202E}\\u{2028}\\u{85}\\u{2029}\\u{FEFF} 👨‍👩‍👧\")",
      ".amountChanged(1e-05)", ".amountChanged(1e+16)", ".ratioChanged(3.4028235e+38)",
      ".bigChanged(-9223372036854775808)", ".noteChanged(nil)", ".noteChanged(\"\")",
      ".nestedChanged(.wrap(.wrap(.leaf)))", ".amountChanged(-.infinity)",
      ".passwordChanged(\"\(Vault.secret)\")")
    let before = await snapshot(transcript)
    await transcript.run(":save \(scratch.file("s.tide"))", ":reset")
    #expect(before != (await snapshot(transcript)))
    let loaded = await transcript.run(":load \(scratch.file("s.tide"))")
    #expect(loaded.hasSuffix("loaded 10 steps of vault (environment: demo)\n"))
    #expect(before == (await snapshot(transcript)))
  }

  @Test func crlfAndAByteOrderMarkAreRead() async throws {
    let scratch = try ScratchFolder("repl")
    let transcript = try vault()
    let text =
      "\u{FEFF}# tide session\r\n# feature: vault\r\nsend @0ms .usernameChanged(\"ada\")\r\nsend @5ms .limitChanged(7)\r\n"
    try text.write(toFile: scratch.file("crlf.tide"), atomically: true, encoding: .utf8)
    #expect(
      (await transcript.run(":load \(scratch.file("crlf.tide"))")).hasSuffix(
        "loaded 2 steps of vault (environment: demo)\n"))
    #expect(await transcript.run(":state username") == "vault> :state username\n\"ada\"\n")
    let single = try vault()
    try "# tide session\nsend @0ms .ping\n".write(
      toFile: scratch.file("one.tide"), atomically: true, encoding: .utf8)
    #expect(
      (await single.run(":load \(scratch.file("one.tide"))")).hasSuffix(
        "loaded 1 step of vault (environment: demo); the effects then took 1 more step\n"))
  }

  @Test func aLoadThatFailsLeavesTheSessionAsItWas() async throws {
    let scratch = try ScratchFolder("repl")
    let transcript = try vault()
    await transcript.run(".usernameChanged(\"kept\")", ".openTapped")
    let before = await snapshot(transcript)
    let files: [(String, String, String)] = [
      ("empty.tide", "", "this is not a tide session: its first line is not '# tide session'"),
      (
        "manifest.tide", "// swift-tools-version:6.0\n",
        "this is not a tide session: its first line is not '# tide session'"
      ),
      (
        "env.tide", "# tide session\n# environment: nowhere\nsend @0ms .ping\n",
        "line 2: the file names an environment vault does not have: 'nowhere'"
      ),
      (
        "late.tide", "# tide session\nsend @0ms .ping\n# environment: gone\nsend @0ms .ping\n",
        "line 3: the file names an environment vault does not have: 'gone'"
      ),
      (
        "back.tide", "# tide session\nsend @5ms .ping\nsend @4ms .ping\n",
        "line 3: the time goes back, from @5ms to @4ms"
      ),
      (
        "time.tide", "# tide session\nsend @99999999999999999ms .ping\n",
        "line 2: '99999999999999999ms' is longer than a REPL clock can go (1000000000000ms, about 31 years)"
      ),
      (
        "shape.tide", "# tide session\nsend .ping\n",
        #"line 2 is not 'send @<time> <action>', 'receive @<time> <action>', 'resolve @<time> <outcome> <call>' or 'answer @<time> #<number> "<call>" <result>'"#
      ),
      (
        "case.tide", "# tide session\nsend @0ms .pong\nsend @0ms .nope\n",
        "line 3: Vault.Action has no case .nope"
      ),
      (
        "deep.tide", "# tide session\nsend @0ms " + String(repeating: "[", count: 10_000) + "\n",
        "line 2: the value nests deeper than 100 levels"
      ),
      (
        "feature.tide", "# tide session\n# feature: elsewhere\n",
        "is a session of 'elsewhere', which this tide does not have"
      ),
      (
        "diverge.tide",
        "# tide session\nsend @0ms .openTapped\nreceive @1000ms .openResponse(false)\n",
        "line 3: re-running the session gave ← .openResponse(true) where the history has ← .openResponse(false); the session is unchanged"
      ),
      (
        "missing.tide", "# tide session\nreceive @0ms .pong\n",
        "line 2: re-running the session, the effects did not send ← .pong (no effect was running); the session is unchanged"
      ),
      (
        "extra.tide", "# tide session\nsend @0ms .ping\nsend @0ms .ping\n",
        "line 3: re-running the session, the effects sent ← .pong before → .ping; the session is unchanged"
      ),
    ]
    for (name, text, message) in files {
      try text.write(toFile: scratch.file(name), atomically: true, encoding: .utf8)
      let output = await transcript.run(":load \(scratch.file(name))")
      #expect(output.contains("error: ") && output.contains(message), "\(name): \(output)")
      #expect(before == (await snapshot(transcript)), "\(name) changed the session")
    }
    #expect(await transcript.run(":effects") == "vault> :effects\n  1  .run(\"open\")\n")
  }

  // MARK: 6. Effects across time travel

  @Test func travellingToAStepRestartsTheEffectsInFlightThere() async throws {
    let transcript = try vault()
    await transcript.run(".openTapped", ":advance 1s")
    let back = await transcript.run(":back 1")
    #expect(
      back
        == """
        vault> :back 1
        ⟲ step 1 of 2, re-run from the initial state
              Vault.State(
                username: "",
                password: "••••••",
            −   isLoading: false,
            +   isLoading: true,
            −   isOpen: true,
            +   isOpen: false,
                amount: 0.0,
                ratio: 0.0,
                … (5 unchanged)
              )
            in flight again: .run("open")

        """)
    // The restarted effect answers as the first did: one new step, printed once.
    let advance = await transcript.run(":advance 1s")
    #expect(
      advance
        == """
        vault> :advance 1s
        (1 undone step after this point is discarded)
        ← .openResponse(true)
              Vault.State(
                username: "",
                password: "••••••",
            −   isLoading: true,
            +   isLoading: false,
            −   isOpen: false,
            +   isOpen: true,
                amount: 0.0,
                ratio: 0.0,
                … (5 unchanged)
              )
        clock: 1000ms

        """)
  }

  @Test func whatHappenedAfterTheLastStepIsSavedToo() async throws {
    let scratch = try ScratchFolder("repl")
    let transcript = try vault()
    await transcript.run(".openTapped", ":advance 500ms", ":env locked", ":advance 200ms")
    await transcript.run(":save \(scratch.file("s.tide"))")
    let file = try String(contentsOfFile: scratch.file("s.tide"), encoding: .utf8)
    #expect(file.hasSuffix("send @0ms .openTapped\n# environment: locked\n# clock: @700ms\n"))
    let before = await snapshot(transcript)
    await transcript.run(":reset", ":load \(scratch.file("s.tide"))")
    #expect(before == (await snapshot(transcript)))
    #expect(
      (await transcript.run(":jump 1")).hasPrefix(
        "vault> :jump 1\n⟲ step 1 of 1, re-run from the initial state; environment: demo, as at that step\n"
      ))
    try "# tide session\nsend @0ms .ping\n# environment: nope\n".write(
      toFile: scratch.file("end.tide"), atomically: true, encoding: .utf8)
    #expect(
      (await transcript.run(":load \(scratch.file("end.tide"))")).contains(
        "error: line 3: the file names an environment vault does not have: 'nope'"))
  }

  @Test func commandsRefuseWhatTheyWouldIgnore() async throws {
    let transcript = try vault()
    let output = await transcript.run(":undo 3", ":reset please", ":quit now", ":state \"x\"")
    let errors = output.split(separator: "\n").filter { $0.hasPrefix("error: ") }
    #expect(
      errors == [
        "error: :undo takes no argument", "error: :reset takes no argument",
        "error: :quit takes no argument",
        "error: a command never takes quoted text; remove the \" (a string is part of an action)",
      ])
  }

  @Test func maskingALongLineIsLinear() async throws {
    // 60,000 secret labels and strings in one line: every part is hidden in one pass.
    let transcript = try vault()
    let line = "# " + String(repeating: "password:1,\"a\",", count: 60_000)
    let output = await transcript.run(line)
    #expect(output.hasPrefix("vault> # password:••••••,\"••••••\",password:"))
  }

  @Test func aSessionSavedWithAnEffectInFlightLoadsWithItInFlight() async throws {
    let scratch = try ScratchFolder("repl")
    let transcript = try vault()
    await transcript.run(".openTapped", ":save \(scratch.file("s.tide"))", ":reset")
    #expect(
      (await transcript.run(":load \(scratch.file("s.tide"))")).hasSuffix(
        "loaded 1 step of vault (environment: demo)\n    in flight: .run(\"open\")\n"))
    #expect((await transcript.run(":advance 1s")).contains("← .openResponse(true)"))
  }

  @Test func environmentSwitchesAreReplayedWhereTheyHappened() async throws {
    let scratch = try ScratchFolder("repl")
    let transcript = try vault()
    await transcript.run(
      ".openTapped", ":advance 1s", ":env locked", ".openTapped", ":advance 1s",
      ":save \(scratch.file("s.tide"))")
    let file = try String(contentsOfFile: scratch.file("s.tide"), encoding: .utf8)
    #expect(file.contains("receive @1000ms .openResponse(true)\n# environment: locked\nsend"))
    let before = await snapshot(transcript)
    await transcript.run(":back 2", ":jump 4")
    #expect(before == (await snapshot(transcript)))
    #expect(
      (await transcript.run(":export-test \(scratch.file("T.swift"))")).contains(
        "error: the session switched to the environment 'locked' at step 3; a test runs in one environment"
      ))
  }

  @Test func jumpingIntoASynchronousFollowUpLandsAfterIt() async throws {
    let transcript = try vault()
    await transcript.run(".ping", ".usernameChanged(\"x\")")
    #expect(
      (await transcript.run(":jump 1")).hasPrefix(
        "vault> :jump 1\n⟲ step 2 of 3, re-run from the initial state (step 1's effects took 1 more step at once)\n"
      ))
  }

  @Test func aRealClockGoesOnFromWhereAdvanceLeftIt() async throws {
    let transcript = try vault()
    await transcript.run(":clock real", ":advance 10s")
    let session = try #require(
      transcript.repl.session as? FeatureSession<Vault.State, Vault.Action, Vault.Environment>)
    #expect(session.realOffset == .seconds(10))
    await transcript.repl.tick()
    #expect(session.clock.now.offset >= .seconds(10))
  }

  @Test func aScriptThatEndsWithEffectsInFlightSaysSo() async throws {
    let transcript = try vault()
    let result = await transcript.repl.runScript(".openTapped\r\n.nope\r\n:quit\r\n.ping\r\n")
    #expect(
      result == ScriptResult(lineCount: 4, failedLines: [2], stillRunning: [".run(\"open\")"]))
    #expect(result.summary == "1 of 4 lines failed: line 2")
    #expect(
      transcript.text.hasSuffix(
        "note: 1 effect still running at the end of the script (virtual time moves only with :advance): .run(\"open\")\n"
      ))
  }

  // MARK: 7. Costs

  @Test func anExportedTestGrowsWithTheChangesNotTheState() async throws {
    let scratch = try ScratchFolder("repl")
    let transcript = try vault()
    var lines: [String] = []
    for index in 0..<800 {
      lines.append(".usernameChanged(\"\(String(repeating: "x", count: index))\")")
    }
    for line in lines { _ = await transcript.repl.handle(line) }
    await transcript.run(":export-test \(scratch.file("Long.swift"))")
    let size = try FileManager.default.attributesOfItem(atPath: scratch.file("Long.swift"))[.size]
    // Each step writes its own string once: about 2 × 400 characters on average.
    #expect((size as? Int ?? .max) < 800 * 1_000)
  }

  @Test func aLineLongerThanTheCapIsRefused() async throws {
    let transcript = try vault()
    let line = ".usernameChanged(\"" + String(repeating: "y", count: 1_000_000) + "\")"
    #expect(
      await transcript.run(line)
        == """
        vault> (a line of 1000020 characters)
        error: the line is 1000020 characters long; a line may be at most 1000000

        """)
    #expect(Suggestions.closest(to: String(repeating: "z", count: 2_000_000), in: ["zz"]) == [])
  }

  @Test func theEchoOfALongLineShowsThePartAroundTheMistake() async throws {
    let transcript = try vault()
    let line = "[" + String(repeating: "1, ", count: 300) + "x]"
    let output = await transcript.run(line)
    let shown = output.split(separator: "\n")
    #expect(shown[1] == "error: expected '(' after x, or a '.' before a case name")
    let window = "…" + String(String(repeating: "1, ", count: 300).suffix(98)) + "x]"
    #expect(shown[2] == "  " + window)
    // The caret is where the parser stopped: after the name, under the "]".
    #expect(shown[3] == "  " + String(repeating: " ", count: 100) + "^")
  }

  @Test func arraysAreEditedNotRewritten() {
    struct Box { var items: [Int] }
    let inspector = REPLFormat.source
    let many = Box(items: Array(0..<100))
    var more = many
    more.items.append(100)
    #expect(inspector.assignments(from: many, to: more) == ["$0.items.append(100)"])
    var fewer = many
    fewer.items.remove(at: 3)
    #expect(inspector.assignments(from: many, to: fewer) == ["$0.items.remove(at: 3)"])
    var inserted = many
    inserted.items.insert(-1, at: 0)
    #expect(inspector.assignments(from: many, to: inserted) == ["$0.items.insert(-1, at: 0)"])
    #expect(
      inspector.assignments(from: Box(items: []), to: Box(items: [1])) == ["$0.items = [1]"])
  }

  // MARK: 8. Words

  @Test func messagesUseTheRightWords() async throws {
    #expect(English.withArticle("Int") == "an Int")
    #expect(English.withArticle("App.Action") == "an App.Action")
    #expect(English.withArticle("UInt8") == "a UInt8")
    #expect(English.withArticle("User") == "a User")
    #expect(English.withArticle("Login.State") == "a Login.State")
    #expect(English.count(1, "step") == "1 step")
    #expect(English.count(0, "step") == "0 steps")
    struct Long { var list = [String(repeating: "x", count: 80)], flag = false }
    #expect(
      Inspector().diff(Long(), Long(flag: true))?.contains("list: [… 1 element]") == true)
    let transcript = try vault()
    #expect(
      await transcript.run(":state nested.leaf")
        == "vault> :state nested.leaf\nerror: nested is nil\n")
  }

  @Test(arguments: [
    ("exported-login session", "exportedLoginSession"), ("123", "session123"),
    ("func", "funcSession"), ("é", "replaysSession"), ("", "replaysSession"),
    ("Straße 9", "straE9"), ("self", "selfSession"),
  ])
  func exportedTestNamesAreIdentifiers(base: String, name: String) {
    #expect(TestExporter.testName(from: base) == name)
  }
}
