/// A logged-in user, as the login API returns it.
///
/// ```swift
/// let user = User(
///   name: "Pritesh", userName: "pritesh", email: "pritesh@example.com",
///   address: "Pune, India", designation: "iOS Developer"
/// )
/// ```
public struct User: Equatable, Hashable, Sendable, Codable {
  /// The full name, used to greet the user.
  public var name: String
  /// The name the user logs in with.
  public var userName: String
  /// The e-mail address.
  public var email: String
  /// The postal address.
  public var address: String
  /// The job title.
  public var designation: String

  /// Creates a user.
  ///
  /// - Parameters:
  ///   - name: The full name.
  ///   - userName: The login name.
  ///   - email: The e-mail address.
  ///   - address: The postal address.
  ///   - designation: The job title.
  public init(name: String, userName: String, email: String, address: String, designation: String) {
    self.name = name
    self.userName = userName
    self.email = email
    self.address = address
    self.designation = designation
  }
}
