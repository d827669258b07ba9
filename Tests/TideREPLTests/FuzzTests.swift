import Foundation
import Testing
import Tide
import TideInspect
import TideRecord
import TideStress
import TideTestSupport

@testable import TideExpressions
@testable import TideREPL

/// Seeded fuzzing of everything that reads what a person types or a file holds: lines through
/// the REPL (parser, decoder and commands), session files through `:load`, and the parser and
/// decoder alone at volume. Each input is a valid line or file with a few random mutations
/// (odd characters, boundary numbers, deep nesting, CR and BOM, cuts and copies).
///
/// The properties: nothing traps or hangs; the secret never appears in the output; a line that
/// reports an error leaves the session exactly as it was; a caret never points outside its line;
/// every action the REPL can print reads back to itself. A failure prints the seed and the input;
/// rerun it with `TIDE_FUZZ_SEED=N swift test --filter Fuzz`.
@MainActor
@Suite("Fuzz")
struct FuzzTests {
  static let seed: UInt64 =
    ProcessInfo.processInfo.environment["TIDE_FUZZ_SEED"].flatMap(UInt64.init)
    ?? UInt64.random(in: 0...UInt64(UInt32.max))

  typealias VaultSession = FeatureSession<Vault.State, Vault.Action, Vault.Environment>

  // MARK: - Inputs

  static let actions = [
    ".usernameChanged(\"ada\")", ".passwordChanged(\"\(Vault.secret)\")", ".amountChanged(1e-05)",
    ".amountChanged(-.infinity)", ".ratioChanged(0.1)", ".limitChanged(255)",
    ".bigChanged(-9223372036854775808)", ".noteChanged(nil)", ".noteChanged(\"a\\tb\\u{1F600}\")",
    ".nestedChanged(.wrap(.wrap(.leaf)))", ".openTapped", ".openResponse(true)", ".ping", ".pong",
  ]

  static let commands = [
    ":state", ":state password", ":state nested.leaf", ":state username", ":view", ":history",
    ":undo", ":back 1", ":back 3", ":jump 0", ":jump 2", ":reset", ":env", ":env locked",
    ":env demo", ":clock", ":advance 300ms", ":advance 1s", ":advance 1.5s", ":effects",
    ":cancel", ":cancel 1", ":features", ":use vault", ":help", "# a comment",
  ]

  static let pieces = [
    "\u{0}", "\r", "\r\n", "\n", "\u{FEFF}", "\u{202E}", "é", "😀", "\u{301}", "\\", "\"", "(",
    ")", "[", "]", ",", ":", ".", "-", "_", "\t", "\u{7F}", "\\u{", "\\u{110000}", "\\q", "e",
    "E+", "nil", "true", ".leaf", "password", "passwordChanged", "\\.name", "\\.a.b", "\\..",
    String(repeating: "(", count: 150), String(repeating: "[", count: 120),
    String(repeating: ".wrap(", count: 110), String(repeating: "9", count: 40),
  ]

  static let numbers = [
    "0", "-0", "255", "256", "-1", "9223372036854775807", "9223372036854775808",
    "-9223372036854775809", "1e308", "1e309", "1e-324", "-.infinity", ".nan", "0.1", "1_000",
    "1e", "1e+", "--1", "0x10", "1.2.3", "99999999999999999999999999999999", "4.9e-324",
  ]

  /// `line` with one to three random edits.
  static func mutate(_ line: String, _ random: inout SeededRandom) -> String {
    var characters = Array(line)
    for _ in 0..<Int.random(in: 1...3, using: &random) {
      let position = Int.random(in: 0...characters.count, using: &random)
      switch Int.random(in: 0..<6, using: &random) {
      case 0:
        characters.insert(
          contentsOf: pieces.randomElement(using: &random)!, at: position)
      case 1 where !characters.isEmpty:
        let start = min(position, characters.count - 1)
        let end = min(characters.count, start + Int.random(in: 1...4, using: &random))
        characters.removeSubrange(start..<end)
      case 2 where !characters.isEmpty:
        let start = min(position, characters.count - 1)
        let end = min(characters.count, start + Int.random(in: 1...8, using: &random))
        characters.insert(contentsOf: characters[start..<end], at: end)
      case 3:
        // A number where a number was, or anywhere.
        if let digit = characters.indices.filter({ characters[$0].isASCIIDigit })
          .randomElement(using: &random)
        {
          var end = digit
          while end < characters.count, characters[end].isASCIIDigit || characters[end] == "." {
            end += 1
          }
          characters.replaceSubrange(
            digit..<end, with: numbers.randomElement(using: &random)!)
        } else {
          characters.insert(contentsOf: numbers.randomElement(using: &random)!, at: position)
        }
      case 4 where characters.count > 1:
        let other = Int.random(in: 0..<characters.count, using: &random)
        characters.swapAt(min(position, characters.count - 1), other)
      default:
        characters.removeSubrange(min(position, characters.count)...)
      }
    }
    return String(characters)
  }

  /// `line` mutated, except that a quoted secret in it stays whole and quoted: the secret is
  /// only ever typed where a secret goes, and whatever happens around it, it must not be printed.
  static func mutateAroundSecret(_ line: String, _ random: inout SeededRandom) -> String {
    let quoted = "\"\(Vault.secret)\""
    guard let range = line.range(of: quoted) else { return mutate(line, &random) }
    let head = String(line[..<range.lowerBound])
    let tail = String(line[range.upperBound...])
    return (Bool.random(using: &random) ? mutate(head, &random) : head) + quoted
      + (Bool.random(using: &random) ? mutate(tail, &random) : tail)
  }

  /// What a rejected line must leave as it was.
  static func fingerprint(_ repl: REPL) -> String {
    guard let session = repl.session as? VaultSession else { return "another feature" }
    return [
      "\(session.entries.count)", "\(session.cursor)", "\(session.clock.now.offset)",
      session.environmentName, "\(session.options.clock)", "\(session.store.runningEffects)",
      REPLFormat.source.source(session.store.state),
    ].joined(separator: " | ")
  }

  static func hasError(_ output: Substring) -> Bool {
    output.split(separator: "\n").contains { $0.hasPrefix("error: ") }
  }

  // MARK: - Properties

  @Test(.failureDetector)
  func linesThroughTheREPL() async throws {
    var random = SeededRandom(seed: Self.seed)
    let transcript = try Transcript(features: [Vault.feature])
    _ = await transcript.repl.handle(".passwordChanged(\"\(Vault.secret)\")")
    var rejected = 0
    for index in 0..<10_000 {
      let base =
        Bool.random(using: &random)
        ? Self.actions.randomElement(using: &random)!
        : Self.commands.randomElement(using: &random)!
      let line = index % 10 == 0 ? base : Self.mutateAroundSecret(base, &random)
      let before = Self.fingerprint(transcript.repl)
      let start = transcript.text.endIndex
      _ = await transcript.repl.handle(line)
      let output = transcript.text[start...]
      #expect(
        !output.contains(Vault.secret),
        "seed \(Self.seed), line \(index): the secret was printed for \(line.debugDescription)")
      if Self.hasError(output) {
        rejected += 1
        #expect(
          Self.fingerprint(transcript.repl) == before,
          "seed \(Self.seed), line \(index): a rejected line changed the session: \(line.debugDescription)"
        )
      }
    }
    // The mutations reach past the parser: many lines are rejected, and many are not.
    #expect(rejected > 2_500 && rejected < 9_800, "seed \(Self.seed): \(rejected) rejected")
  }

  @Test(.failureDetector)
  func sessionFilesThroughLoad() async throws {
    var random = SeededRandom(seed: Self.seed &+ 1)
    let scratch = try ScratchFolder("repl")
    let transcript = try Transcript(features: [Vault.feature])
    for line in [".passwordChanged(\"\(Vault.secret)\")"]
      + Self.actions.filter({ !$0.contains("open") })
    {
      _ = await transcript.repl.handle(line)
    }
    _ = await transcript.repl.handle(".openTapped")
    let session = try transcript.repl.session.sessionFile()
    let path = scratch.file("fuzzed.tide")
    for index in 0..<1_500 {
      var lines = session.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        let target = Int.random(in: 0..<lines.count, using: &random)
        lines[target] = Self.mutateAroundSecret(lines[target], &random)
      }
      let separator = ["\n", "\r\n", "\r"].randomElement(using: &random)!
      try lines.joined(separator: separator).write(toFile: path, atomically: true, encoding: .utf8)
      let before = Self.fingerprint(transcript.repl)
      let start = transcript.text.endIndex
      _ = await transcript.repl.handle(":load \(path)")
      let output = transcript.text[start...]
      #expect(
        !output.contains(Vault.secret),
        "seed \(Self.seed &+ 1), file \(index): the secret was printed for \(lines)")
      if Self.hasError(output) {
        #expect(
          Self.fingerprint(transcript.repl) == before,
          "seed \(Self.seed &+ 1), file \(index): a load that failed changed the session: \(lines)"
        )
      }
    }
  }

  @Test(.failureDetector)
  func linesThroughTheParserAndDecoder() throws {
    var random = SeededRandom(seed: Self.seed &+ 2)
    let corpus = Self.actions + Self.numbers + ["[1, [2, [3]]]", "State(password: \"x\")"]
    let sessionText = "# tide session\n# feature: vault\nsend @0ms .ping\nreceive @0ms .pong\n"
    for index in 0..<20_000 {
      let line = Self.mutate(corpus.randomElement(using: &random)!, &random)
      do {
        let expression = try ExpressionParser.parse(line)
        _ = try? ExpressionDecoder.decode(
          Vault.Action.self, from: expression, caseNames: { [:] })
      } catch {
        #expect(
          (0...line.unicodeScalars.count).contains(error.position),
          "seed \(Self.seed &+ 2), line \(index): position \(error.position) is outside \(line.debugDescription)"
        )
      }
      _ = try? SessionFile.parse(Self.mutate(sessionText, &random))
    }
  }

  @Test func everyActionReadsBackAsItself() throws {
    var random = SeededRandom(seed: Self.seed &+ 3)
    let scalars: [Unicode.Scalar] = [
      "a", "\"", "\\", "\n", "\r", "\t", "\0", "\u{7F}", "é", "😀", "\u{202E}", "\u{FEFF}",
      "\u{301}", " ",
    ]
    func text() -> String {
      var string = ""
      for _ in 0..<Int.random(in: 0...12, using: &random) {
        string.unicodeScalars.append(scalars.randomElement(using: &random)!)
      }
      return string
    }
    func double() -> Double {
      [
        0, -0.0, .nan, .infinity, -.infinity, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
        1e-05, 1e+16, 0.1, Double(bitPattern: random.next()),
      ].randomElement(using: &random)!
    }
    for index in 0..<3_000 {
      let action: Vault.Action =
        switch Int.random(in: 0..<7, using: &random) {
        case 0: .usernameChanged(text())
        case 1: .amountChanged(double())
        case 2: .ratioChanged(Float(bitPattern: UInt32(truncatingIfNeeded: random.next())))
        case 3: .limitChanged(UInt8.random(in: .min ... .max, using: &random))
        case 4: .bigChanged(Int64(bitPattern: random.next()))
        case 5: .noteChanged(Bool.random(using: &random) ? nil : text())
        default:
          .nestedChanged(
            (0..<Int.random(in: 0...40, using: &random)).reduce(.leaf) { nested, _ in .wrap(nested)
            })
        }
      let source = REPLFormat.source.source(action)
      let decoded = try ExpressionDecoder.decode(
        Vault.Action.self, from: try ExpressionParser.parse(source), caseNames: { [:] })
      #expect(
        REPLFormat.source.source(decoded) == source,
        "seed \(Self.seed &+ 3), action \(index): \(source) read back differently")
    }
  }
}
