import Foundation
import Testing
import Tide
import TideExpressions
import TideInspect
import TideREPL
import TideRecord
import TideTestSupport

/// A binding action is read as it prints, `.binding(.set(\.name, "Ada"))`: in the REPL, a
/// recording and a served store. The field is looked up among the state's bindable fields, and a
/// mistake is an error at the place it was made.
@Suite struct BindingActionReadingTests {
  struct Address: Codable, Equatable, Sendable {
    var city = ""
  }
  struct Profile: Equatable, Sendable, BindableState {
    var name = ""
    var age = 0
    var address = Address()
    var notes = ""  // not bindable
    static let bindableFields: [BindableField<Self>] = [
      .field(\.name), .field(\.age), .field(\.address.city),
    ]
  }
  enum Action: Codable, Equatable, Sendable {
    case binding(BindingAction<Profile>)
    case saveTapped
  }

  @Test(arguments: [
    (#".binding(.set(\.name, "Ada"))"#, Action.binding(.set(\.name, "Ada"))),
    (".binding(.set(\\.age, 36))", Action.binding(.set(\.age, 36))),
    (#".binding(.set( \.address.city , "Ghent" ))"#, Action.binding(.set(\.address.city, "Ghent"))),
  ])
  func readsWhatItPrints(text: String, expected: Action) throws {
    let action = try ActionReader.read(text, as: Action.self)
    // Equal: the same field (so `case .binding(\.name):` matches it) and the same value.
    #expect(action == expected)
    // Printed, it reads back as itself.
    #expect(try ActionReader.read(Inspector().line(action), as: Action.self) == action)
  }

  @Test(arguments: [
    (
      #".binding(.set(\.nmae, "Ada"))"#,
      "BindingActionReadingTests.Profile has no bindable field 'nmae' (it has: name, age, address.city).",
      14
    ),
    (
      #".binding(.set(\.notes, "x"))"#,
      "BindingActionReadingTests.Profile has no bindable field 'notes' (it has: name, age, address.city).",
      14
    ),
    (#".binding(.set(\.age, "36"))"#, "expected a whole number, found a string", 21),
    (#".binding(.set("name", "Ada"))"#, "expected a key path like \\.name, found a string", 14),
    (
      #".binding(.set(\name, "Ada"))"#,
      "expected '.' after '\\': a key path is written like \\.name", 15
    ),
    (#".binding(.set(\.name., "Ada"))"#, "expected a property name after '.'", 21),
    (#".binding(.set(\.name))"#, "missing value 2 of .set(…)", 9),
    (
      #".binding(.put(\.name, "Ada"))"#,
      "BindingAction<TideREPLTests.BindingActionReadingTests.Profile> has no case .put", 9
    ),
  ])
  func aMistakeIsAnErrorWhereItWasMade(text: String, message: String, position: Int) {
    #expect {
      _ = try ActionReader.read(text, as: Action.self)
    } throws: { error in
      guard let error = error as? InputError else { return false }
      return error.message == message && error.position == position
    }
  }

  @Test func aBindingActionRoundTripsThroughJSON() throws {
    let action = Action.binding(.set(\.address.city, "Ghent"))
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let data = try encoder.encode(action)
    #expect(
      String(decoding: data, as: UTF8.self)
        == #"{"binding":{"_0":{"set":{"_0":"\\.address.city","_1":"Ghent"}}}}"#)
    #expect(try JSONDecoder().decode(Action.self, from: data) == action)
  }

  @Test func aFieldThatIsNotListedCannotBeWritten() {
    #expect {
      _ = try JSONEncoder().encode(Action.binding(.set(\.notes, "x")))
    } throws: { error in
      guard case EncodingError.invalidValue(_, let context) = error else { return false }
      return context.debugDescription
        == #".set(\.notes, "x") sets a field that is not among BindingActionReadingTests.Profile.bindableFields (name, age, address.city): add it there to write this action."#
    }
    let json = Data(#"{"binding":{"_0":{"set":{"_0":"notes","_1":"x"}}}}"#.utf8)
    #expect {
      _ = try JSONDecoder().decode(Action.self, from: json)
    } throws: { error in
      guard case DecodingError.dataCorrupted(let context) = error else { return false }
      return context.debugDescription
        == #"Expected a key path written like "\\.name", found "notes"."#
    }
  }
}

/// A binding action that sets a field the state hides is hidden as that field is, wherever Tide
/// prints actions; source for a test (`redacts: false`) keeps the value.
@Suite struct SecretBindingTests {
  struct Account: Equatable, Sendable, BindableState, Redacting {
    var name = ""
    var password = ""
    static let redactedLabels: Set<String> = ["password"]
    static let bindableFields: [BindableField<Self>] = [.field(\.name), .field(\.password)]
  }
  enum Action: Codable, Equatable, Sendable {
    case binding(BindingAction<Account>)
  }

  @Test func aSecretFieldsValueIsHidden() {
    let secret = Action.binding(.set(\.password, "hunter2"))
    #expect(Inspector().line(secret) == #".binding(.set(\.password, "••••••"))"#)
    #expect(
      BindingAction<Account>.set(\.password, "hunter2").description
        == #".set(\.password, "••••••")"#)
    #expect(Inspector(redacts: false).line(secret) == #".binding(.set(\.password, "hunter2"))"#)
    #expect(
      Inspector().line(Action.binding(.set(\.name, "Ada"))) == #".binding(.set(\.name, "Ada"))"#)
  }

  @MainActor
  @Test func theREPLNeverPrintsIt() async throws {
    let feature = REPLFeature(
      name: "account", summary: "a name and a password",
      initialState: Account(),
      reducer: Reducer<Account, Action, Void> { _, _, _ in .none }
        .binding(action: CasePath(Action.binding)),
      environments: [REPLEnvironment("none", summary: "no effects") { _ in }])
    let transcript = try Transcript(features: [feature])
    let output = await transcript.run(#".binding(.set(\.password, "hunter2"))"#, ":history")
    #expect(!output.contains("hunter2"), "\(output)")
    #expect(output.contains(#"→ .binding(.set(\.password, "••••••"))"#), "\(output)")
  }
}

/// A bindable field must be a path of stored properties: a computed one has no name that reads
/// back, and saying so is better than a recording that cannot be loaded.
@Suite struct BindableFieldNameTests {
  struct Form: Equatable, Sendable {
    var name = ""
    var shouting: String {
      get { name.uppercased() }
      set { name = newValue.lowercased() }
    }
  }

  @Test func aComputedPropertyIsReported() {
    let issues = ReportedIssues()
    IssueReporter.$current.withValue(issues.reporter) {
      _ = BindableField<Form>.field(\.name)
      _ = BindableField<Form>.field(\.shouting)
    }
    #expect(issues.all.count == 1)
    #expect(issues.all.first?.hasPrefix("A bindable field's key path, ") == true)
    #expect(
      issues.all.first?.hasSuffix(
        "is not a path of stored properties, so a binding action that sets it cannot be read back from text (the REPL, a recording). List stored properties in bindableFields."
      ) == true)
  }
}

/// A binding action that sets a field of a list's element is read as it prints,
/// `.set(\.attendees, id: 2, \.name, "Blob")`, when the state lists that field of its elements.
@Suite struct ElementBindingActionReadingTests {
  struct Attendee: Identifiable, Codable, Equatable, Sendable {
    let id: Int
    var name = ""
    var notes = ""  // not bindable
  }
  struct Roster: Equatable, Sendable, BindableState {
    var title = ""
    var attendees: IdentifiedArray<Attendee> = [Attendee(id: 1), Attendee(id: 2)]
    static let bindableFields: [BindableField<Self>] = [
      .field(\.title), .elementField(\.attendees, \.name),
    ]
  }
  enum Action: Codable, Equatable, Sendable {
    case binding(BindingAction<Roster>)
  }

  @Test func readsWhatItPrints() throws {
    let text = #".binding(.set(\.attendees, id: 2, \.name, "Blob"))"#
    let action = try ActionReader.read(text, as: Action.self)
    #expect(action == .binding(.set(\.attendees, id: 2, \.name, "Blob")))
    #expect(Inspector().line(action) == text)
  }

  @Test func roundTripsThroughJSON() throws {
    let action = Action.binding(.set(\.attendees, id: 2, \.name, "Blob"))
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let data = try encoder.encode(action)
    #expect(
      String(decoding: data, as: UTF8.self)
        == #"{"binding":{"_0":{"set":{"_0":"\\.attendees","_2":"\\.name","_3":"Blob","id":2}}}}"#)
    #expect(try JSONDecoder().decode(Action.self, from: data) == action)
    // A plain field of the same state still reads as before.
    let title = Action.binding(.set(\.title, "Standup"))
    #expect(try JSONDecoder().decode(Action.self, from: encoder.encode(title)) == title)
  }

  @Test func anElementFieldThatIsNotListedIsAnError() {
    #expect {
      _ = try JSONEncoder().encode(Action.binding(.set(\.attendees, id: 2, \.notes, "x")))
    } throws: { error in
      guard case EncodingError.invalidValue(_, let context) = error else { return false }
      return context.debugDescription
        == #".set(\.attendees, id: 2, \.notes, "x") sets a field that is not among ElementBindingActionReadingTests.Roster.bindableFields (title, attendees[id: …].name): add it there to write this action."#
    }
    #expect {
      _ = try ActionReader.read(
        #".binding(.set(\.attendees, id: 2, \.notes, "x"))"#, as: Action.self)
    } throws: { error in
      guard let error = error as? InputError else { return false }
      return error.message
        == "ElementBindingActionReadingTests.Roster has no bindable field 'attendees[id: …].notes' (it has: title, attendees[id: …].name)."
    }
    #expect {
      _ = try ActionReader.read(
        #".binding(.set(\.attendees, id: "2", \.name, "x"))"#, as: Action.self)
    } throws: { error in
      (error as? InputError)?.message == "expected a whole number, found a string"
    }
  }
}
