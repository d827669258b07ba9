import Foundation
import Testing
import TideInspect

struct Credentials: Equatable, Redacting {
  var isLoading = false
  var password = "Secret1"
  var username = "pritesh"
  static let redactedLabels: Set<String> = ["password"]
}

enum Command: Equatable, Redacting {
  case typed(String)
  case secret(String)
  case pair(Int?, label: String)
  case labelled(text: String)
  case idle
  static let redactedLabels: Set<String> = ["secret"]
}

struct Place: Equatable {
  var name: String
  var population: Int
}

struct Screen: Equatable {
  var title = "Places"
  var places: [Place] = []
  var selected: Place?
  var tags: Set<String> = []
  var counts: [String: Int] = [:]
}

/// Keeps an integer between 0 and 10.
@propertyWrapper struct Clamped: Equatable {
  var wrappedValue: Int {
    didSet { wrappedValue = min(max(wrappedValue, 0), 10) }
  }
  init(wrappedValue: Int) { self.wrappedValue = min(max(wrappedValue, 0), 10) }
}

struct Volume: Equatable {
  @Clamped var level = 3
  var name = "main"
}

final class Box {
  let value = 1
  var name = "box"
}

@Suite struct InspectorTests {
  let inspector = Inspector()

  @Test func dumpPrintsStructsFieldByFieldInDeclarationOrder() {
    #expect(
      inspector.dump(Credentials()) == """
        Credentials(
          isLoading: false,
          password: "••••••",
          username: "pritesh"
        )
        """)
  }

  @Test func scalarsPrintAsSwiftLiterals() {
    #expect(inspector.line("say \"hi\"\n\t\u{1}") == #""say \"hi\"\n\t\u{1}""#)
    #expect(inspector.line(42) == "42")
    #expect(inspector.line(0.3) == "0.3")
    // A Float as the shortest text that reads back as it (widened to a Double, 0.1 printed
    // 0.10000000149011612).
    #expect(inspector.line(Float(0.1)) == "0.1")
    #expect(inspector.line(true) == "true")
    #expect(inspector.line(Optional<Int>.none as Any) == "nil")
    #expect(inspector.line(Optional(3) as Any) == "3")
    #expect(inspector.line(Duration.milliseconds(300)) == ".milliseconds(300)")
    #expect(inspector.line(Duration.seconds(2)) == ".seconds(2)")
    #expect(
      inspector.line(URL(string: "https://example.com/a")!)
        == #"URL(string: "https://example.com/a")!"#)
    #expect(inspector.line(Character("é")) == #""é""#)
  }

  @Test func enumsPrintTheirCaseAndPayload() {
    #expect(inspector.line(Command.typed("a")) == #".typed("a")"#)
    #expect(inspector.line(Command.pair(nil, label: "x")) == #".pair(nil, label: "x")"#)
    #expect(inspector.line(Command.labelled(text: "t")) == #".labelled(text: "t")"#)
    #expect(inspector.line(Command.idle) == ".idle")
  }

  @Test func casesWithoutPayloadPrintTheirNameNotTheirDescription() {
    enum Failure: CustomStringConvertible {
      case offline
      var description: String { "The network is offline." }
    }
    #expect(inspector.line(Failure.offline) == ".offline")
    #expect(inspector.line([Failure.offline]) == "[.offline]")
  }

  @Test func redactingTypesHideWhatTheyName() {
    #expect(inspector.line(Command.secret("hunter2")) == #".secret("••••••")"#)
    #expect(Inspector(redacts: false).line(Command.secret("hunter2")) == #".secret("hunter2")"#)
    #expect(!inspector.dump(Credentials()).contains("Secret1"))
  }

  @Test func collectionsPrintDeterministically() {
    #expect(inspector.line(["b": 2, "a": 1, "c": 3]) == #"["a": 1, "b": 2, "c": 3]"#)
    #expect(inspector.line(Set([3, 1, 2])) == "Set([1, 2, 3])")
    #expect(inspector.line([Int]()) == "[]")
    #expect(inspector.line([String: Int]()) == "[:]")
    #expect(inspector.line((1, b: "x")) == #"(1, b: "x")"#)
    #expect(
      inspector.dump([1, 2]) == """
        [
          [0]: 1,
          [1]: 2
        ]
        """)
  }

  @Test func shortNestedValuesStayOnOneLine() {
    let screen = Screen(places: [Place(name: "Brussels", population: 1_019_022)])
    #expect(
      inspector.dump(screen) == """
        Screen(
          title: "Places",
          places: [Place(name: "Brussels", population: 1019022)],
          selected: nil,
          tags: Set([]),
          counts: [:]
        )
        """)
  }

  @Test func classesPrintTheirStoredProperties() {
    #expect(inspector.line(Box()) == #"Box(value: 1, name: "box")"#)
  }

  @Test func diffShowsOnlyWhatChangedWithContext() {
    #expect(
      inspector.diff(Credentials(), Credentials(isLoading: true)) == """
              Credentials(
            −   isLoading: false,
            +   isLoading: true,
                password: "••••••",
                username: "pritesh"
              )
        """)
    #expect(inspector.diff(Credentials(), Credentials()) == nil)
  }

  @Test func anUnchangedValueTooLongForALineIsSummarizedWithoutCuttingAToken() {
    struct Meeting: Equatable {
      var link = URL(string: "https://example.com/meetings/00000000-0000-0000-0000-000000000007")!
      var transcript = String(repeating: "Lorem ipsum dolor sit amet. ", count: 4)
      var attendees = 1
    }
    // The first two lines are longer than a line's width: the address is one token and is shown
    // whole, the text is a string and is cut.
    #expect(
      inspector.diff(Meeting(), Meeting(attendees: 2)) == """
              InspectorTests.Meeting(
                link: URL(string: "https://example.com/meetings/00000000-0000-0000-0000-000000000007")!,
                transcript: "Lorem ipsum dolor sit amet. Lorem ipsum dolor sit amet. L…",
            −   attendees: 1
            +   attendees: 2
              )
        """)
  }

  /// A string cut in a diff keeps its closing quote and no half of an escape; an optional that
  /// holds `nil` is written `.some(nil)`, which reads back as itself (`nil` would be none).
  @Test func aCutStringIsClosedAndANilInsideAnOptionalIsNotNone() {
    struct Note: Equatable {
      var text = String(repeating: "a", count: 56) + "\\tail of the note"
      var draft: String?? = .some(nil)
      var count = 1
    }
    #expect(
      inspector.diff(Note(), Note(count: 2)) == #"""
              InspectorTests.Note(
                text: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa…",
                draft: .some(nil),
            −   count: 1
            +   count: 2
              )
        """#)
    #expect(Inspector().source(Note().draft as Any) == ".some(nil)")
  }

  /// Within a limit (the REPL's history), a long token is still shortened: only a diff's
  /// context keeps it whole.
  @Test func aLineWithinALimitShortensALongToken() {
    enum Navigation { case open(URL) }
    let url = URL(string: "https://example.com/meetings/00000000-0000-0000-0000-000000000007")!
    #expect(
      inspector.line(Navigation.open(url), limit: 40)
        == #".open(URL(string: "https://example.com/meetings/00000000-0000-0000…)"#)
  }

  @Test func diffCollapsesDistantUnchangedElements() {
    let old = Array(0..<20)
    var new = old
    new[10] = 99
    #expect(
      inspector.diff(old, new) == """
              [
                … (8 unchanged)
                [8]: 8,
                [9]: 9,
            −   [10]: 10,
            +   [10]: 99,
                [11]: 11,
                [12]: 12,
                … (7 unchanged)
              ]
        """)
  }

  @Test func diffAlignsInsertionsAndRemovals() {
    #expect(
      inspector.diff([1, 2, 3, 4], [1, 9, 2, 3]) == """
              [
                [0]: 1,
            +   [1]: 9,
                [2]: 2,
                [3]: 3
            −   [3]: 4
              ]
        """)
  }

  @Test func diffRecursesIntoNestedValuesAndOptionals() {
    let old = Screen(selected: Place(name: "Paris", population: 1))
    var new = old
    new.selected?.population = 2
    new.counts = ["a": 1]
    new.tags = ["x"]
    #expect(
      inspector.diff(old, new) == """
              Screen(
                title: "Places",
                places: [],
                selected: Place(
                  name: "Paris",
            −     population: 1
            +     population: 2
                ),
                tags: Set([
            +     "x"
                ]),
                counts: [
            +     "a": 1
                ]
              )
        """)
  }

  @Test func diffOfDifferentEnumCasesReplacesTheWholeValue() {
    #expect(
      inspector.diff(Command.typed("a"), Command.idle) == """
            − .typed("a")
            + .idle
        """)
  }

  @Test func diffSaysThatARedactedValueChangedButNotWhat() {
    let diff = inspector.diff(Credentials(password: "a"), Credentials(password: "b"))
    #expect(
      diff == """
              Credentials(
                isLoading: false,
            −   password: "••••••",
            +   password: "••••••",
                username: "pritesh"
              )
        """)
  }

  @Test func assignmentsNameEachChangedLeaf() {
    var new = Screen(selected: Place(name: "Paris", population: 1))
    let old = new
    new.title = "Saved"
    new.selected?.population = 5
    new.counts = ["a": 1]
    #expect(
      inspector.assignments(from: old, to: new) == [
        #"$0.title = "Saved""#,
        "$0.selected?.population = 5",
        #"$0.counts["a"] = 1"#,
      ])
    #expect(
      inspector.closure(from: Credentials(), to: Credentials(isLoading: true))
        == "{ $0.isLoading = true }")
    #expect(inspector.closure(from: Credentials(), to: Credentials()) == nil)
    // A secret is a placeholder to type its value in: its stand-in would compile and fail.
    #expect(
      inspector.closure(from: Credentials(), to: Credentials(password: "Other1"))
        == "{ $0.password = <#secret#> }")
    #expect(
      Inspector(redacts: false).closure(from: Credentials(), to: Credentials(password: "Other1"))
        == #"{ $0.password = "Other1" }"#)
  }

  /// A dictionary's subscript returns an optional: a change inside a value goes through `?`
  /// (a hostile trial's `$0.rows["a"].title = "B"` did not compile), and an optional value set to
  /// `nil` keeps its key (`= nil` removed it, and the test failed again as pasted).
  @Test func assignmentsIntoADictionarysValuesCompileAndKeepTheKey() {
    struct Table: Equatable {
      var rows: [String: Place]
      var nested: [String: [Int]]
      var flags: [String: Bool?]
    }
    let old = Table(
      rows: ["a": Place(name: "A", population: 1), "b": Place(name: "B", population: 1)],
      nested: ["a": [1, 2]], flags: ["a": true, "b": nil])
    var new = old
    new.rows["a"]?.population = 2
    new.rows["b"] = Place(name: "Bee", population: 3)
    new.nested["a"]?[1] = 9
    new.flags["a"] = .some(nil)
    new.flags["c"] = .some(nil)
    #expect(
      inspector.assignments(from: old, to: new) == [
        #"$0.rows["a"]?.population = 2"#,
        #"$0.rows["b"]?.name = "Bee""#,
        #"$0.rows["b"]?.population = 3"#,
        #"$0.nested["a"]?[1] = 9"#,
        #"$0.flags["a"] = .some(nil)"#,
        #"$0.flags["c"] = .some(nil)"#,
      ])
    // The statements as written, applied: they compile, and make `new`.
    var applied = old
    applied.rows["a"]?.population = 2
    applied.rows["b"]?.name = "Bee"
    applied.rows["b"]?.population = 3
    applied.nested["a"]?[1] = 9
    applied.flags["a"] = .some(nil)
    applied.flags["c"] = .some(nil)
    #expect(applied == new)
  }

  /// Elements of a set (keys of a dictionary) that print alike were one entry of the diff, the
  /// first of each side by hash order: a changed password hid, or showed, from run to run.
  @Test func elementsThatPrintAlikeAreEachShown() {
    struct Login: Hashable, Redacting {
      var user: String
      var password: String
      static let redactedLabels: Set<String> = ["password"]
    }
    let before: Set = [Login(user: "a", password: "p1"), Login(user: "a", password: "p2")]
    let after: Set = [Login(user: "a", password: "p1"), Login(user: "a", password: "p3")]
    #expect(
      inspector.diff(before, after) == """
              Set([
                InspectorTests.Login(user: "a", password: "••••••"),
                InspectorTests.Login(
                  user: "a",
            −     password: "••••••"
            +     password: "••••••"
                )
              ])
        """)
    final class Token: Hashable {
      let value = 1
      static func == (lhs: Token, rhs: Token) -> Bool { lhs === rhs }
      func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    }
    let kept = Token()
    #expect(
      inspector.diff(Set([kept, Token()]), Set([kept])) == """
              Set([
                InspectorTests.Token(value: 1)
            −   InspectorTests.Token(value: 1)
              ])
        """)
  }

  /// A property wrapper's field printed as its storage, `_level`, and was suggested as
  /// `$0._level.wrappedValue = 5`, which does not compile outside the type's file.
  @Test func aPropertyWrappersFieldIsThePropertyItWraps() {
    #expect(inspector.line(Volume()) == "Volume(level: 3, name: \"main\")")
    var louder = Volume()
    louder.level = 5
    #expect(inspector.closure(from: Volume(), to: louder) == "{ $0.level = 5 }")
    #expect(
      inspector.diff(Volume(), louder) == """
              Volume(
            −   level: 3,
            +   level: 5,
                name: "main"
              )
        """)
  }

  @Test func assignmentsRebuildValuesAsSwiftSource() {
    let old = Screen()
    let new = Screen(
      places: [Place(name: "Brussels", population: 1)], selected: nil, tags: ["b", "a"])
    #expect(
      inspector.closure(from: old, to: new) == """
        {
          $0.places = [Place(name: "Brussels", population: 1)]
          $0.tags = ["a", "b"]
        }
        """)
  }

  @Test func sourceSpellsEnumsAndOptionals() {
    #expect(inspector.source(Command.pair(4, label: "x")) == #".pair(4, label: "x")"#)
    #expect(
      inspector.source([Place(name: "A", population: 1)]) == #"[Place(name: "A", population: 1)]"#)
  }

  @Test func diffOfALargeArrayIsComputedFromTheChangeOutward() {
    let old = (0..<10_000).map { Place(name: "Place \($0)", population: $0) }
    var new = old
    new[5_000].population = -1
    let diff = inspector.diff(old, new)
    #expect(
      diff == """
              [
                … (4998 unchanged)
                [4998]: Place(name: "Place 4998", population: 4998),
                [4999]: Place(name: "Place 4999", population: 4999),
                [5000]: Place(
                  name: "Place 5000",
            −     population: 5000
            +     population: -1
                ),
                [5001]: Place(name: "Place 5001", population: 5001),
                [5002]: Place(name: "Place 5002", population: 5002),
                … (4997 unchanged)
              ]
        """)
  }

  /// Numbers whose mirrors show an opaque field print as themselves, so that two different
  /// ones never look alike.
  @Test func otherFloatingPointWidthsVectorsAndIdentifiersPrintTheirValues() throws {
    #if !(os(macOS) && arch(x86_64))
      #expect(Inspector().line(Float16(1.5)) == "1.5")
      #expect(Inspector().line(Float16.nan) == ".nan")
      #expect(Inspector().diff(Float16(1), Float16(1.5)) != nil)
    #endif
    #expect(Inspector().line(SIMD4<Float>(1, 2, 3, 4)) == "SIMD4<Float>(1.0, 2.0, 3.0, 4.0)")
    #expect(Inspector().diff(SIMD2<Int>(1, 2), SIMD2<Int>(1, 3)) != nil)
    let identifier = ObjectIdentifier(Int.self)
    #expect(Inspector().line(identifier) == "\(identifier)")
    #expect(Inspector().line(1.5) == "1.5")
    #expect(Inspector().line(-Double.infinity) == "-.infinity")
  }

  /// Blanks that are not the space are written as escapes in a string, and a type's own text
  /// (a mirror with no style) is kept on one line with its controls escaped.
  @Test func blanksAndATypesOwnTextCannotLookLikeSomethingElse() {
    #expect(Inspector().line("a\u{00A0}b") == #""a\u{a0}b""#)
    #expect(Inspector().line("a\u{3164}b") == #""a\u{3164}b""#)
    #expect(Inspector().diff("a b", "a\u{2003}b") != nil)
    struct Shouting: CustomStringConvertible, CustomReflectable {
      var description: String { "one\ntwo\u{1B}[2J" }
      var customMirror: Mirror { Mirror(self, children: [:]) }
    }
    #expect(Inspector().line(Shouting()) == #"one\ntwo\u{1b}[2J"#)
  }
}
