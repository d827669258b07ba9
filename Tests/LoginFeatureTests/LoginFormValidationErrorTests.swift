import LoginFeature
import Testing

@Suite struct LoginFormValidationErrorTests {
  @Test(arguments: [
    ("p", "", LoginFormValidationError.invalidUsernameLength),
    ("pritesh", "po", .invalidPasswordLength),
    ("pritesh", "poytrl", .invalidPasswordCharacters),
    ("pritesh", "POYTRL", .invalidPasswordCharacters),
    ("pritesh", "poyt1l", .invalidPasswordCharacters),
    ("abcdefghijk", "A1b", .invalidUsernameLength),
    ("", "A1b", .invalidUsernameLength),
    // Only ASCII counts: "É" is not A–Z and "٣" is not 0–9.
    ("pritesh", "É1abc", .invalidPasswordCharacters),
    ("pritesh", "A٣abc", .invalidPasswordCharacters),
  ])
  func invalidInputBreaksTheFirstRuleInOrder(
    username: String, password: String, error: LoginFormValidationError
  ) {
    #expect(LoginFormValidationError.validate(username: username, password: password) == error)
  }

  @Test(arguments: [
    ("pritesh", "aK8oio"),
    ("abcdefghij", "A1b"),
    ("ab", "A1b"),
    // Lengths count Characters: "é" written as e + combining accent is one character.
    ("ne\u{301}", "A1\u{301}x"),
  ])
  func validInputPasses(username: String, password: String) {
    #expect(LoginFormValidationError.validate(username: username, password: password) == nil)
  }

  @Test func eachRuleHasAMessage() {
    #expect(
      LoginFormValidationError.allMessages == [
        "Username must be 2 to 10 characters long.",
        "Password must be at least 3 characters long.",
        "Password must contain an uppercase letter (A–Z) and a digit (0–9).",
      ])
  }
}

extension LoginFormValidationError {
  static var allMessages: [String] {
    [Self.invalidUsernameLength, .invalidPasswordLength, .invalidPasswordCharacters].map(
      \.description)
  }
}
