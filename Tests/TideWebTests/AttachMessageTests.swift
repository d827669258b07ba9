import Foundation
import Testing

@testable import TideAttach
@testable import TideWeb

@Suite("The attach protocol's lines")
struct AttachMessageTests {
  @Test func aMessageReadsBackAsWritten() throws {
    let message = AttachMessage([
      ("type", .string("send")), ("id", .number(-42)),
      ("action", .string(".usernameChanged(\"a\\\"b\")\n\t\u{1}\u{2028}é😀")),
    ])
    let line = message.line
    #expect(line.last == 10)
    #expect(line.dropLast().contains(10) == false)
    #expect(try AttachMessage.parse(line.dropLast()) == message)
    #expect(
      String(decoding: line, as: UTF8.self)
        == #"{"type":"send","id":-42,"action":".usernameChanged(\"a\\\"b\")\n\t\u0001\u2028é😀"}"#
        + "\n")
  }

  @Test func escapesAndSpacesAreRead() throws {
    let message = try AttachMessage.parse(
      Array((#" { "type" :"# + "\t" + #""line" , "text" : "\u00e9\ud83d\ude00\/\b\f\r" } "#).utf8))
    #expect(message["text"] == .string("é😀/\u{8}\u{C}\r"))
    #expect(try AttachMessage.parse(Array("{}".utf8)).fields.isEmpty)
  }

  @Test(
    arguments: [
      ("", "column 1: an empty line: each line is one JSON object, such as {\"type\":\"hello\",…}"),
      ("[1]", "column 1: a line is one JSON object, starting with '{'"),
      ("{type:1}", "column 2: expected a field's name in quotes"),
      (#"{"a" 1}"#, "column 6: expected ':' after a field's name"),
      (#"{"a":1 "b":2}"#, "column 8: expected ',' or '}' after a value"),
      (#"{"a":1,"a":2}"#, "column 8: the field \"a\" is written twice"),
      (#"{"a":true}"#, "column 6: values are strings or whole numbers (no true, false or null)"),
      (#"{"a":{"b":1}}"#, "column 6: values are strings or whole numbers; nothing is nested"),
      (#"{"a":[1]}"#, "column 6: values are strings or whole numbers; nothing is nested"),
      (#"{"a":1.5}"#, "column 6: numbers are whole numbers"),
      (#"{"a":1e3}"#, "column 6: numbers are whole numbers"),
      (#"{"a":012}"#, "column 6: a number does not start with 0"),
      (#"{"a":-}"#, "column 6: expected digits"),
      (#"{"a":1234567890123456}"#, "column 6: a number has at most 15 digits"),
      (#"{"a":"x}"#, "column 6: a string is not closed: add '\"'"),
      (
        #"{"a":"\q"}"#,
        "column 7: unknown escape in a string (use \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\u)"
      ),
      (#"{"a":"\u12"}"#, "column 9: \\u takes four hex digits"),
      (
        #"{"a":"\ud800"}"#,
        "column 7: a \\u escape of a high surrogate must be followed by a low one"
      ),
      (
        #"{"a":"\udc00"}"#,
        "column 7: a \\u escape names a lone surrogate, which is not a character"
      ),
      (#"{"a":1} x"#, "column 9: nothing may follow the object on its line"),
      (#"{"a":"#, "column 6: the line ends where a value should be"),
    ])
  func aBadLineSaysWhatAndWhere(line: String, message: String) {
    do throws(AttachMessage.ParseError) {
      _ = try AttachMessage.parse(Array(line.utf8))
      Issue.record("\(line) was read")
    } catch {
      #expect(error.description == message)
    }
  }

  @Test func controlCharactersAndBadUTF8AreRefused() {
    #expect(throws: AttachMessage.ParseError.self) {
      try AttachMessage.parse(Array("{\"a\":\"x\u{1}\"}".utf8))
    }
    #expect(throws: AttachMessage.ParseError.self) {
      try AttachMessage.parse([123, 34, 97, 34, 58, 34, 0xFF, 0xFE, 34, 125])
    }
    #expect(throws: AttachMessage.ParseError.self) {
      try AttachMessage.parse(
        Array(("{" + (0...16).map { "\"f\($0)\":1" }.joined(separator: ",") + "}").utf8))
    }
  }

  @Test func clientMessagesSayWhatIsMissingOrUnknown() throws {
    func refusal(_ line: String) -> String? {
      guard let message = try? AttachMessage.parse(Array(line.utf8)) else { return "unreadable" }
      switch Result(catching: { () throws(AttachProtocol.Refusal) in
        try AttachProtocol.ClientMessage(message)
      }) {
      case .success: return nil
      case .failure(let refusal): return refusal.message
      }
    }
    #expect(
      try AttachProtocol.ClientMessage(
        AttachMessage.parse(Array(#"{"type":"hello","protocol":1,"token":"t"}"#.utf8)))
        == .hello(protocol: 1, token: "t"))
    #expect(refusal(#"{"id":1}"#) == #"a message needs a type: "hello" or "send""#)
    #expect(refusal(#"{"type":1}"#) == #""type" is a string: "hello" or "send""#)
    #expect(refusal(#"{"type":"jump"}"#) == #"unknown type "jump": a client sends hello or send"#)
    #expect(refusal(#"{"type":"send","id":1}"#) == #"send needs "action", a string"#)
    #expect(
      refusal(#"{"type":"send","id":"1","action":".a"}"#)
        == #""id" is a whole number, not a string"#)
    #expect(
      refusal(#"{"type":"send","id":1,"action":".a","x":2}"#)
        == #"send has no field "x"; it has "type", "id", "action""#)
  }

  /// A welcome may say where the served store began (`start`, a state's fingerprint): read
  /// back when it does, absent when it does not, refused when it is not one.
  @Test func aWelcomeSaysWhereTheStoreBeganWhenItKnows() throws {
    func read(_ line: String) throws -> AttachProtocol.ServerMessage {
      try AttachProtocol.ServerMessage(AttachMessage.parse(Array(line.utf8)))
    }
    let welcome =
      #"{"type":"welcome","protocol":1,"feature":"login","environment":"demo","lines":0"#
    #expect(
      try read(welcome + #","start":"0123456789abcdef"}"#)
        == .welcome(
          protocol: 1, feature: "login", environment: "demo", lines: 0, start: "0123456789abcdef"))
    #expect(
      try read(welcome + "}")
        == .welcome(protocol: 1, feature: "login", environment: "demo", lines: 0, start: nil))
    #expect(throws: AttachProtocol.Refusal(#""start" is 16 hexadecimal digits"#)) {
      try read(welcome + #","start":"x"}"#)
    }
    let written = AttachProtocol.ServerMessage.welcome(
      protocol: 1, feature: "login", environment: "demo", lines: 0, start: "0123456789abcdef")
    #expect(try read(String(decoding: written.message.line.dropLast(), as: UTF8.self)) == written)
  }

  /// Random messages read back as written, and random bytes never crash the reader. The seed
  /// is printed when a case fails: run with TIDE_FUZZ_SEED=N to replay it.
  @Test func randomLinesRoundTripAndRandomBytesAreRefusedCleanly() {
    let seed =
      ProcessInfo.processInfo.environment["TIDE_FUZZ_SEED"].flatMap(UInt64.init)
      ?? UInt64.random(in: 0...UInt64.max)
    var generator = SplitMix(seed: seed)
    let alphabet: [Unicode.Scalar] = [
      "a", "\"", "\\", "\n", "\u{0}", "\u{7F}", "é", "😀", "\u{2028}", "{", " ",
    ]
    for _ in 0..<2_000 {
      var fields: [(name: String, value: AttachMessage.Value)] = []
      for index in 0..<Int(generator.next() % 5) {
        let length = Int(generator.next() % 12)
        var text = String.UnicodeScalarView()
        for _ in 0..<length {
          text.append(alphabet[Int(generator.next() % UInt64(alphabet.count))])
        }
        let value: AttachMessage.Value =
          generator.next() % 2 == 0
          ? .string(String(text))
          : .number(Int(Int64(bitPattern: generator.next()) % 999_999_999_999_999))
        fields.append(("f\(index)", value))
      }
      let message = AttachMessage(fields)
      let read = try? AttachMessage.parse(message.line.dropLast())
      #expect(read == message, "seed \(seed): \(String(decoding: message.line, as: UTF8.self))")
      // Bytes around a valid line, flipped and cut: read or refused, never a crash.
      var bytes = Array(message.line.dropLast())
      for _ in 0..<3 where !bytes.isEmpty {
        bytes[Int(generator.next() % UInt64(bytes.count))] = UInt8(
          truncatingIfNeeded: generator.next())
      }
      _ = try? AttachMessage.parse(bytes.prefix(Int(generator.next() % UInt64(bytes.count + 1))))
    }
  }
}
