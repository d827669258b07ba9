import Foundation
import Testing
import Tide
import TideInspect
import TideRecord

@testable import TideExpressions
@testable import TideREPL

@Suite struct ExpressionParserTests {
  @Test func parsesEnumCasesWithPositionalAndLabelledPayloads() throws {
    #expect(
      try ExpressionParser.parse(#".select(index: 2, "x")"#)
        == .member(
          name: "select",
          arguments: [
            .init(label: "index", value: .integer("2", position: 15), labelPosition: 8),
            .init(label: nil, value: .string("x", position: 18)),
          ], position: 0))
    #expect(
      try ExpressionParser.parse(".logoutTapped")
        == .member(name: "logoutTapped", arguments: nil, position: 0))
  }

  @Test func parsesLiterals() throws {
    #expect(
      try ExpressionParser.parse(#""a\"b\\c\n\u{1F600}é""#) == .string("a\"b\\c\n😀é", position: 0))
    #expect(try ExpressionParser.parse("-42") == .integer("-42", position: 0))
    #expect(try ExpressionParser.parse("1_000") == .integer("1000", position: 0))
    #expect(try ExpressionParser.parse("50.8503") == .decimal(50.8503, position: 0))
    #expect(try ExpressionParser.parse("true") == .boolean(true, position: 0))
    #expect(try ExpressionParser.parse("nil") == .null(position: 0))
    #expect(try ExpressionParser.parse("[]") == .array([], position: 0))
    #expect(
      try ExpressionParser.parse("[1, 2,]")
        == .array([.integer("1", position: 1), .integer("2", position: 4)], position: 0))
    // A UUID as the inspector prints it reads back as the string it decodes from.
    #expect(
      try ExpressionParser.parse(#"UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!"#)
        == .string("DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF", position: 0))
    #expect(
      try ExpressionParser.parse(#"User(name: "Ada")"#)
        == .call(
          type: "User",
          arguments: [.init(label: "name", value: .string("Ada", position: 11), labelPosition: 5)],
          position: 0))
  }

  @Test(arguments: [
    (#".a("x"#, "unterminated string: add a closing '\"'", 3),
    (".a(1", "expected ')' to close the '(' at column 3", 4),
    (".a(1 2)", "expected ',' or ')' after an argument, found '2'", 5),
    (".", "expected a case name after '.'", 1),
    ("foo", "expected '(' after foo, or a '.' before a case name", 3),
    ("@", "expected a value (like .caseName, \"text\", 42 or [ ]), found '@'", 0),
    (".a extra", "unexpected 'e' after the value", 3),
    (#""\q""#, "unknown escape in a string (use \\n, \\t, \\\", \\\\ or \\u{…})", 1),
    (#""\u{110000}""#, "\\u{…} needs 1 to 8 hex digits naming a Unicode scalar", 1),
    ("[1, 2", "expected ']' to close the '[' at column 1", 5),
    ("1.2.3", "'1.2.3' is not a number", 0),
  ])
  func errorsSayWhatWasExpectedWhere(input: String, message: String, position: Int) {
    #expect(throws: InputError(message: message, position: position)) {
      try ExpressionParser.parse(input)
    }
  }
}

@Suite struct ExpressionDecoderTests {
  enum Inner: Codable, Equatable {
    case plain
    case value(Int)
    case labelled(text: String, count: Int?)
  }
  enum Outer: Codable, Equatable {
    case inner(Inner)
    case items([Item])
    case item(Item)
    case flag(Bool)
    case ratio(Double)
    case identified(UUID)
  }
  struct Item: Codable, Equatable {
    var name: String
    var tags: [String]
    var note: String?
  }

  func decode(_ text: String) throws -> Outer {
    try ExpressionDecoder.decode(
      Outer.self, from: try ExpressionParser.parse(text),
      caseNames: { ["ExpressionDecoderTests.Inner": ["plain", "value", "labelled"]] })
  }

  @Test func decodesThroughTheSynthesizedConformance() throws {
    #expect(try decode(".inner(.plain)") == .inner(.plain))
    #expect(try decode(".inner(.value(3))") == .inner(.value(3)))
    #expect(
      try decode(#".inner(.labelled(text: "x", count: nil))"#)
        == .inner(.labelled(text: "x", count: nil)))
    #expect(
      try decode(#".inner(.labelled(text: "x", count: 2))"#)
        == .inner(.labelled(text: "x", count: 2)))
    #expect(
      try decode(#".items([Item(name: "a", tags: ["t"]), Item(name: "b", tags: [], note: "n")])"#)
        == .items([Item(name: "a", tags: ["t"]), Item(name: "b", tags: [], note: "n")]))
    #expect(try decode(".flag(false)") == .flag(false))
    #expect(try decode(".ratio(2)") == .ratio(2))
    // As the inspector prints a UUID, and as its plain string.
    let id = UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!
    #expect(try decode(#".identified(UUID(uuidString: "\#(id.uuidString)")!)"#) == .identified(id))
    #expect(try decode(#".identified("\#(id.uuidString)")"#) == .identified(id))
  }

  enum Theme: String, Codable, CaseIterable {
    case orange = "ORANGE"
    case teal
  }
  enum Level: Int, Codable, CaseIterable {
    case low = 1
    case high = 2
  }
  enum Bare: Int, Codable { case one = 1 }
  struct Values: Codable, Equatable {
    var wait: Duration
    var pause: Duration
    var tick: Duration
    var odd: Duration
    var when: Date
    var link: URL
    var price: Decimal
    var theme: Theme
    var other: Theme
    var level: Level?
  }

  /// Every value the inspector prints as a Swift expression its `Codable` form does not read
  /// (a duration, a date, a URL, a decimal, an enum with raw values) reads back as printed, so
  /// a state the REPL shows can be typed again.
  @Test func valuesReadBackAsTheInspectorPrintsThem() throws {
    let values = Values(
      wait: .seconds(60), pause: .milliseconds(250), tick: .nanoseconds(7),
      odd: Duration(secondsComponent: 1, attosecondsComponent: 5),
      when: Date(timeIntervalSince1970: 1_700_000_000.5),
      link: URL(string: "https://example.com/a?b=c")!, price: Decimal(string: "12.75")!,
      theme: .orange, other: .teal, level: .high)
    let printed = Inspector().line(values)
    #expect(
      printed
        == #"ExpressionDecoderTests.Values(wait: .seconds(60), pause: .milliseconds(250), tick: .nanoseconds(7), odd: Duration(secondsComponent: 1, attosecondsComponent: 5), when: Date(timeIntervalSince1970: 1700000000.5), link: URL(string: "https://example.com/a?b=c")!, price: Decimal(string: "12.75")!, theme: .orange, other: .teal, level: .high)"#
    )
    let typed = String(printed.dropFirst("ExpressionDecoderTests.".count))
    let read = try ExpressionDecoder.decode(
      Values.self, from: try ExpressionParser.parse(typed), caseNames: { [:] })
    #expect(read == values)
  }

  /// A URL relative to a base (a file URL made from a relative path, as a test's fixtures often
  /// are) is equal only to one with the same base: it prints with its base and reads back equal.
  @Test func aRelativeURLPrintsWithItsBaseAndReadsBackEqual() throws {
    let base = URL(string: "file:///tmp/memos/")!
    let relative = URL(string: "recordings/1.m4a", relativeTo: base)!
    let absolute = URL(string: "file:///tmp/memos/recordings/1.m4a")!
    #expect(relative != absolute)
    let printed = Inspector().line(relative)
    #expect(
      printed
        == #"URL(string: "recordings/1.m4a", relativeTo: URL(string: "file:///tmp/memos/")!)!"#)
    #expect(Inspector().line(absolute) == #"URL(string: "file:///tmp/memos/recordings/1.m4a")!"#)
    let read = try ExpressionDecoder.decode(
      URL.self, from: try ExpressionParser.parse(printed), caseNames: { [:] })
    #expect(read == relative)
    // What a relative path gives, whatever the working folder.
    let file = URL(fileURLWithPath: "memos/1.m4a")
    let readFile = try ExpressionDecoder.decode(
      URL.self, from: try ExpressionParser.parse(Inspector().line(file)), caseNames: { [:] })
    #expect(readFile == file)
  }

  /// Dates print so that they read back exactly: a seeded sample of times, fractions included
  /// (seconds since 1970 lose a fraction's last bit for many of them, so those print as
  /// seconds since the reference date).
  @Test func datesReadBackExactly() throws {
    let seed = UInt64.random(in: 0...UInt64.max)
    var random = SeededRandom(seed: seed)
    for _ in 0..<1000 {
      let date = Date(
        timeIntervalSinceReferenceDate: Double.random(in: -4e9...4e9, using: &random))
      let printed = Inspector().line(date)
      let read = try ExpressionDecoder.decode(
        Date.self, from: try ExpressionParser.parse(printed), caseNames: { [:] })
      #expect(read == date, "seed \(seed): \(printed)")
    }
    let odd = Date(timeIntervalSinceReferenceDate: 0.1)
    #expect(Inspector().line(odd) == "Date(timeIntervalSinceReferenceDate: 0.1)")
    #expect(Inspector().line(Date(timeIntervalSince1970: 0)) == "Date(timeIntervalSince1970: 0.0)")
  }

  struct Note: Identifiable, Equatable, Sendable, Codable {
    let id: Int
    var text: String
  }
  struct Board: Equatable, Codable {
    var notes: Shared<IdentifiedArray<Note>>
    var open: Shared<Note>
  }

  /// Shared copies print with their type's generic arguments, `Shared<Note>(key: …, element:
  /// …)`, and read back so, a copy of an element as one.
  @Test func sharedCopiesReadBackWithTheirGenericArguments() throws {
    let notes = Shared(key: "notes", value: IdentifiedArray([Note(id: 1, text: "a")]))
    let board = Board(notes: notes, open: notes.element(id: 1)!)
    let printed = Inspector().line(board)
    #expect(
      printed
        == #"ExpressionDecoderTests.Board(notes: Shared<IdentifiedArray<ExpressionDecoderTests.Note>>(key: "notes", value: [ExpressionDecoderTests.Note(id: 1, text: "a")]), open: Shared<ExpressionDecoderTests.Note>(key: "notes", element: ExpressionDecoderTests.Note(id: 1, text: "a")))"#
    )
    let read = try ExpressionDecoder.decode(
      Board.self, from: try ExpressionParser.parse(printed), caseNames: { [:] })
    #expect(read == board)
    let micro = try ExpressionDecoder.decode(
      Duration.self, from: try ExpressionParser.parse(".microseconds(1.5)"), caseNames: { [:] })
    #expect(micro == .nanoseconds(1500))
    #expect(
      throws: InputError(
        message:
          "a duration is written .seconds(…), .milliseconds(…), .microseconds(…), "
          + ".nanoseconds(…) or .zero, not .hours", position: 0)
    ) {
      _ = try ExpressionDecoder.decode(
        Duration.self, from: try ExpressionParser.parse(".hours(1)"), caseNames: { [:] })
    }
  }

  struct Tag: RawRepresentable, Codable, Equatable {
    var rawValue: String
    static let home = Tag(rawValue: "home-page")
  }

  /// A struct with raw values is read from its raw value, never by a member's name, which
  /// would make another value than the member.
  @Test func aStructWithRawValuesIsNotReadByMemberName() {
    #expect(throws: InputError.self) {
      _ = try ExpressionDecoder.decode(
        Tag.self, from: try ExpressionParser.parse(".home"), caseNames: { [:] })
    }
  }

  @Test(arguments: ["1,5", "1.5abc", "-", " 1", "1" + String(repeating: "0", count: 44)])
  func malformedDecimalsAreReported(text: String) {
    #expect(
      throws: InputError(
        message:
          "\(Inspector().line(text)) is not a decimal number (digits, a fraction and an exponent "
          + "if any, at most 38 digits)", position: 16)
    ) {
      _ = try ExpressionDecoder.decode(
        Decimal.self,
        from: try ExpressionParser.parse("Decimal(string: \(Inspector().line(text)))!"),
        caseNames: { [:] })
    }
  }

  @Test(arguments: [
    (".seconds(\"x\")", "expected a whole number of seconds, found a string", 9),
    (".nanoseconds(1.5)", "expected a whole number of nanoseconds, found a number", 13),
    (
      ".seconds(99999999999999999999)", "99999999999999999999 does not fit in a duration's seconds",
      9
    ),
    ("Date(timeIntervalSince1970: true)", "expected a number of seconds, found a Boolean", 28),
    (#"URL(string: "")!"#, #""" is not a URL"#, 12),
    (
      #"Decimal(string: "ten")!"#,
      #""ten" is not a decimal number (digits, a fraction and an exponent if any, at most 38 digits)"#,
      16
    ),
    (#"URL(path: "x")"#, #"expected URL(string: "…")!"#, 0),
    (
      #"URL(string: 1, relativeTo: URL(string: "file:///a/")!)!"#,
      #"expected URL(string: "…", relativeTo: URL(string: "…")!)!"#, 0
    ),
    (#"URL(string: "b", relativeTo: 7)!"#, "expected a URL, found a whole number", 29),
    (#"URL(string: "", relativeTo: URL(string: "file:///a/")!)!"#, #""" is not a URL"#, 12),
    (#"Decimal(string: 5)!"#, #"expected Decimal(string: "…")!"#, 0),
    (".purple", "ExpressionDecoderTests.Theme has no case .purple", 0),
    (
      ".one",
      "ExpressionDecoderTests.Bare is read from its raw value, like 1; make it CaseIterable to write its cases by name",
      0
    ),
  ])
  func valuesOfTheWrongFormAreReportedWhereTheyAre(input: String, message: String, position: Int) {
    struct Holder: Codable {
      var wait: Duration?
      var when: Date?
      var link: URL?
      var price: Decimal?
      var theme: Theme?
      var bare: Bare?
    }
    let label =
      input == ".purple"
      ? "theme"
      : input == ".one"
        ? "bare"
        : input.hasPrefix(".")
          ? "wait"
          : input.hasPrefix("Date")
            ? "when"
            : input.hasPrefix("URL") ? "link" : "price"
    let text = "Holder(\(label): \(input))"
    #expect(throws: InputError(message: message, position: position + label.count + 9)) {
      _ = try ExpressionDecoder.decode(
        Holder.self, from: try ExpressionParser.parse(text), caseNames: { [:] })
    }
  }

  @Test func unknownCasesSuggestTheClosest() {
    #expect(
      throws: InputError(
        message: "ExpressionDecoderTests.Inner has no case .vlaue", position: 7,
        suggestions: [".value"])
    ) { try decode(".inner(.vlaue(3))") }
  }

  /// A label one typo away from a real one (a letter missing, extra, wrong, two swapped, a
  /// capital) is suggested; the caret is under the label.
  @Test(arguments: [
    (
      ".inner(.labelled(txt: \"x\", count: 1))", "unexpected label 'txt:' in .labelled(…)", 17,
      ["'text:'"]
    ),
    (
      ".inner(.labelled(text: \"x\", cuont: 1))", "unexpected label 'cuont:' in .labelled(…)", 28,
      ["'count:'"]
    ),
    (
      ".inner(.labelled(Text: \"x\", count: 1))", "unexpected label 'Text:' in .labelled(…)", 17,
      ["'text:'"]
    ),
    (".inner(.labelled(size: 1, count: 1))", "unexpected label 'size:' in .labelled(…)", 17, []),
    (
      ".inner(.value(amount: 3))",
      "unexpected label 'amount:' in .value(…), whose value 1 has no label", 14, []
    ),
    // `_0` is the key of a value without a label: never suggested.
    (
      ".inner(.value(a0: 3))", "unexpected label 'a0:' in .value(…), whose value 1 has no label",
      14, []
    ),
    (
      ".inner(.value(_1: 3))", "unexpected label '_1:' in .value(…), whose value 1 has no label",
      14, []
    ),
    (".item(Item(nam: \"a\", tags: []))", "Item has no property 'nam'", 11, ["'name:'"]),
    (".item(Item(name: \"a\", tagss: []))", "Item has no property 'tagss'", 22, ["'tags:'"]),
  ])
  func aMistypedLabelIsSuggested(
    input: String, message: String, position: Int, suggestions: [String]
  ) {
    #expect(throws: InputError(message: message, position: position, suggestions: suggestions)) {
      try decode(input)
    }
  }

  @Test(arguments: [
    (".inner(.value(\"3\"))", "expected a whole number, found a string", 14),
    (".flag(1)", "expected true or false, found a whole number", 6),
    (".inner(.value(3, 4))", ".value(…) takes fewer values", 17),
    (
      ".inner(.labelled(\"x\"))",
      "the values of .labelled(…) have labels; write them, like .labelled(label: …)", 17
    ),
    (".inner(.labelled(count: 1))", "missing 'text:' in .labelled(…)", 7),
    (".item(Item(name: \"a\"))", "missing 'tags:' in Item(…)", 6),
    (".item(Item(\"a\"))", "every value in Item(…) needs a label, like name: \"…\"", 11),
    (".items(5)", "expected an array like [ … ], found a whole number", 7),
    ("5", "expected an ExpressionDecoderTests.Outer (a .case or Type(…)), found a whole number", 0),
  ])
  func mistakesAreReportedWhereTheyAre(input: String, message: String, position: Int) {
    #expect(throws: InputError(message: message, position: position)) { try decode(input) }
  }
}
