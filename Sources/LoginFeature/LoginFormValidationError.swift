/// Why the login form's input is not valid yet.
///
/// Rules are checked in order, and lengths are counted in `Character`s, so "né" is two characters:
///
/// 1. the username is 2 to 10 characters long, else ``invalidUsernameLength``;
/// 2. the password is at least 3 characters long, else ``invalidPasswordLength``;
/// 3. the password holds an uppercase letter A–Z and a digit 0–9, else
///    ``invalidPasswordCharacters``.
///
/// ```swift
/// LoginFormValidationError.validate(username: "p", password: "")            // .invalidUsernameLength
/// LoginFormValidationError.validate(username: "pritesh", password: "po")    // .invalidPasswordLength
/// LoginFormValidationError.validate(username: "pritesh", password: "poytrl") // .invalidPasswordCharacters
/// LoginFormValidationError.validate(username: "pritesh", password: "aK8oio") // nil
/// ```
public enum LoginFormValidationError: Error, Equatable, Hashable, Sendable, Codable,
  CustomStringConvertible
{
  /// The username is shorter than 2 or longer than 10 characters.
  case invalidUsernameLength
  /// The password is shorter than 3 characters.
  case invalidPasswordLength
  /// The password lacks an uppercase letter A–Z or a digit 0–9.
  case invalidPasswordCharacters

  /// The shortest and longest usernames allowed.
  public static let usernameLengths = 2...10
  /// The shortest password allowed.
  public static let minimumPasswordLength = 3

  /// Returns the first rule the input breaks, or `nil` when it is valid.
  ///
  /// ```swift
  /// if let error = LoginFormValidationError.validate(username: "p", password: "Secret1") {
  ///   print(error)  // Username must be 2 to 10 characters long.
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - username: The username as typed.
  ///   - password: The password as typed.
  /// - Returns: The first broken rule, or `nil`.
  public static func validate(username: String, password: String) -> Self? {
    guard usernameLengths.contains(username.count) else { return .invalidUsernameLength }
    guard password.count >= minimumPasswordLength else { return .invalidPasswordLength }
    let hasUppercase = password.unicodeScalars.contains { ("A"..."Z").contains($0) }
    let hasDigit = password.unicodeScalars.contains { ("0"..."9").contains($0) }
    guard hasUppercase && hasDigit else { return .invalidPasswordCharacters }
    return nil
  }

  /// What to tell the person typing.
  public var description: String {
    switch self {
    case .invalidUsernameLength:
      "Username must be 2 to 10 characters long."
    case .invalidPasswordLength:
      "Password must be at least 3 characters long."
    case .invalidPasswordCharacters:
      "Password must contain an uppercase letter (A–Z) and a digit (0–9)."
    }
  }
}
