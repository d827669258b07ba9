import Testing
import TideInspect

/// A type that gives its own call is spelled with it in generated Swift, and assigned whole
/// when it changes; everywhere else (lines, diffs) it prints its fields as before.
@Suite struct SourceExpressibleTests {
  /// Public in a user's module: its own initialiser, a computed field, a private setter.
  struct Profile: Equatable, SourceExpressible, Redacting {
    private(set) var name: String
    private(set) var initials: String
    private(set) var pin: String

    init(name: String, pin: String) {
      self.name = name
      self.initials = String(name.prefix(1))
      self.pin = pin
    }

    var sourceExpression: SourceExpression {
      SourceExpression("Profile", ["name": name, "pin": pin])
    }
    static let redactedLabels: Set<String> = ["pin"]
  }

  struct Version: Equatable, SourceExpressible {
    var number: Int
    var sourceExpression: SourceExpression { SourceExpression("Version", ["": number]) }
  }

  struct Screen: Equatable {
    var profile: Profile?
    var versions: [Version] = []
    var title = ""
  }

  @Test func aValueIsSpelledWithTheCallItsTypeGives() {
    let inspector = Inspector(redacts: false)
    #expect(
      inspector.source(Profile(name: "Ada", pin: "1234")) == #"Profile(name: "Ada", pin: "1234")"#)
    #expect(inspector.source(Version(number: 2)) == "Version(2)")
    #expect(
      inspector.source(
        Screen(profile: Profile(name: "Ada", pin: "1"), versions: [Version(number: 1)]))
        == #"SourceExpressibleTests.Screen(profile: Profile(name: "Ada", pin: "1"), versions: [Version(1)], title: "")"#
    )
  }

  @Test func anArgumentTheTypeRedactsIsHidden() {
    #expect(
      Inspector().source(Profile(name: "Ada", pin: "1234"))
        == #"Profile(name: "Ada", pin: "••••••")"#)
  }

  @Test func aChangedValueIsAssignedWholeNeverFieldByField() {
    let inspector = Inspector(redacts: false)
    let before = Screen(profile: Profile(name: "Ada", pin: "1"))
    var after = before
    after.profile = Profile(name: "Grace", pin: "1")
    after.title = "Hi"
    #expect(
      inspector.assignments(from: before, to: after) == [
        #"$0.profile = Profile(name: "Grace", pin: "1")"#, #"$0.title = "Hi""#,
      ])
    var versions = before
    versions.versions = [Version(number: 1), Version(number: 2), Version(number: 3)]
    var appended = versions
    appended.versions.append(Version(number: 4))
    #expect(
      inspector.assignments(from: versions, to: appended) == ["$0.versions.append(Version(4))"])
    #expect(
      inspector.assignments(from: Version(number: 1), to: Version(number: 2)) == ["$0 = Version(2)"]
    )
  }

  @Test func linesAndDiffsStillShowTheFields() {
    let inspector = Inspector(redacts: false)
    #expect(
      inspector.line(Profile(name: "Ada", pin: "1"))
        == #"SourceExpressibleTests.Profile(name: "Ada", initials: "A", pin: "1")"#)
    let diff = inspector.diff(Version(number: 1), Version(number: 2))
    #expect(diff?.contains("number: 2") == true)
  }
}
