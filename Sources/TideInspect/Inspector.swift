/// Prints values readably and deterministically, and diffs them: the engine behind `TestStore`
/// failure messages, the REPL's state display and effect descriptions.
///
/// It reflects any value with `Mirror`: structs and classes print their stored properties in
/// declaration order, enums their case and payload, dictionaries with sorted keys, sets sorted,
/// optionals as their wrapped value or `nil`. Types that adopt ``Redacting`` hide what they name.
///
/// ```swift
/// let inspector = Inspector()
/// print(inspector.dump(Login.State(username: "pritesh", password: "Secret1")))
/// // Login.State(
/// //   username: "pritesh",
/// //   password: "••••••",
/// //   isLoading: false,
/// //   user: nil,
/// //   alert: nil
/// // )
/// ```
public struct Inspector: Sendable {
  /// Whether values named by ``Redacting`` are hidden. On by default; code generation that must
  /// reproduce values exactly turns it off.
  public var redacts: Bool
  /// What ``source(_:)`` prints a hidden value as; dots when `nil`. An editor placeholder such as
  /// `<#secret#>` makes exported source refuse to compile until the secret is typed back.
  package var secretPlaceholder: String?
  /// Whether a hidden string or integer prints as a stand-in of the same shape (`"Secret1"` as
  /// `"Aaaaaa0"`: each capital `A`, each small letter `a`, each digit `0`, anything else `-`)
  /// instead of dots, so that a recording without its secrets still replays through checks of
  /// length and kinds of characters. Other hidden values print as dots.
  package var standsInForSecrets = false
  /// Whether ``source(_:)`` spells a ``SourceExpressible`` value with the call its type gives,
  /// for a test, or with its fields, for a session file: the REPL reads a session's actions
  /// back through `Decodable`, whose keys are the fields.
  package var usesSourceExpressions = true
  /// Whether each shared copy is written under the label that gives it its rank when read back
  /// (`value:` for a copy made with a value of its own and not synced since, `default:` for any
  /// other), rather than as states print it: what an action needs when it is written to be
  /// read or compiled again (a session file, an exported test, an explorer's report), so that
  /// a copy kept from the state takes the others' value there, as it did in the run.
  package var labelsSharedCopiesByRank = false

  /// Creates an inspector.
  ///
  /// ```swift
  /// let forDisplay = Inspector()
  /// let forSource = Inspector(redacts: false)
  /// ```
  ///
  /// - Parameters:
  ///   - redacts: Whether to hide values that ``Redacting`` types name.
  public init(redacts: Bool = true) {
    self.redacts = redacts
  }

  /// Prints a value over as many lines as its structure needs, two spaces a level. Short nested
  /// values stay on one line.
  ///
  /// <!-- example: given inspector: Inspector -->
  /// ```swift
  /// inspector.dump([1, 2])  // "[\n  [0]: 1,\n  [1]: 2\n]"
  /// ```
  ///
  /// - Parameters:
  ///   - value: Any value.
  /// - Returns: The printed value, without a trailing newline.
  public func dump(_ value: Any) -> String {
    Renderer(style: .lines).render(node(value))
  }

  /// Prints a value on one line.
  ///
  /// <!-- example: given inspector: Inspector -->
  /// ```swift
  /// inspector.line(Login.Action.usernameChanged("pritesh"))  // .usernameChanged("pritesh")
  /// ```
  ///
  /// - Parameters:
  ///   - value: Any value.
  /// - Returns: The printed value.
  public func line(_ value: Any) -> String {
    Renderer(style: .line).render(node(value))
  }

  /// Prints a value as a Swift expression that rebuilds it, as far as its public shape allows:
  /// literals, `.case(payload)`, `Type(property: value, …)` for structs (their memberwise
  /// initializer, or the call a ``SourceExpressible`` type gives), array and dictionary
  /// literals.
  ///
  /// ```swift
  /// struct Place { var name: String; var countryCode: String }
  /// print(Inspector(redacts: false).source(Place(name: "Brussels", countryCode: "BE")))
  /// // Place(name: "Brussels", countryCode: "BE")
  /// ```
  ///
  /// - Parameters:
  ///   - value: Any value.
  /// - Returns: A Swift expression.
  public func source(_ value: Any) -> String {
    var reflector = Reflector(redacts: redacts)
    reflector.standsInForSecrets = standsInForSecrets
    reflector.rebuildsSource = usesSourceExpressions
    reflector.labelsSharedCopiesByRank = labelsSharedCopiesByRank
    return Renderer(style: .source, secretPlaceholder: secretPlaceholder)
      .render(reflector.node(value))
  }

  /// Returns a −/+ diff of two values, or `nil` when they print the same.
  ///
  /// Lines are indented four spaces, then carry a marker (`−` for `old`, `+` for `new`, a space
  /// for context). Unchanged siblings further than two places from a change collapse to
  /// `… (N unchanged)`; long unchanged values shrink to `Type(…)`.
  ///
  /// ```swift
  /// let inspector = Inspector()
  /// let before = Login.State(username: "pritesh", password: "Secret1")
  /// var after = before
  /// after.isLoading = true
  /// print(inspector.diff(before, after)!)
  /// //       Login.State(
  /// //         username: "pritesh",
  /// //         password: "••••••",
  /// //     −   isLoading: false,
  /// //     +   isLoading: true,
  /// //         user: nil,
  /// //         alert: nil
  /// //       )
  /// ```
  ///
  /// - Parameters:
  ///   - old: The value shown with `−`.
  ///   - new: The value shown with `+`.
  /// - Returns: The diff, or `nil` if there is no difference to show.
  public func diff(_ old: Any, _ new: Any) -> String? {
    let reflector = Reflector(redacts: redacts)
    reflector.comparingSharedCopies(of: old, with: new)
    let (oldNode, newNode) = reflector.pair(old, new)
    guard oldNode != newNode else { return nil }
    return Differ().diff(oldNode, newNode).map { line in
      "    \(line.marker.rawValue) " + String(repeating: "  ", count: line.indent) + line.text
    }
    .joined(separator: "\n")
  }

  /// Whether a diff of two values looks at all of both: `false` when they are too large (past
  /// 100,000 values, or 100 levels deep) and a part was left out, which no suggested statement
  /// goes through.
  ///
  /// - Parameters:
  ///   - old: One value.
  ///   - new: The other.
  /// - Returns: Whether nothing was left out.
  package func comparesWhole(_ old: Any, _ new: Any) -> Bool {
    let (oldNode, newNode) = Reflector(redacts: redacts).pair(old, new)
    return !oldNode.containsElided && !newNode.containsElided
  }

  /// Whether `value` holds a floating-point NaN (`.nan`), which is not equal to itself: two
  /// values holding one print alike and still differ under `==`, whatever else they hold.
  ///
  /// - Parameters:
  ///   - value: The value to look through, within the printer's limits.
  /// - Returns: Whether a NaN is printed in it.
  package func holdsNaN(_ value: Any) -> Bool {
    Reflector(redacts: false).node(value).contains { $0 == .scalar(".nan") }
  }

  /// Prints a value on one line of at most about `limit` characters: parts that do not fit
  /// shrink to `Type(…)`, `.case(…)` or `[… 4 elements]`, outermost kept.
  ///
  /// <!-- example: given inspector: Inspector, action: Login.Action -->
  /// ```swift
  /// inspector.line(action, limit: 60)  // .searchResponse(.success([… 4 elements]))
  /// ```
  ///
  /// - Parameters:
  ///   - value: Any value.
  ///   - limit: The length to aim for.
  /// - Returns: The printed value.
  public func line(_ value: Any, limit: Int) -> String {
    Renderer(style: .line).compact(node(value), limit: limit)
  }

  /// A readable name for a type: `Login.State` rather than `LoginFeature.Login.State`, without
  /// the markers of private and local contexts.
  ///
  /// ```swift
  /// Inspector.typeName(Login.State.self)  // "Login.State"
  /// ```
  ///
  /// - Parameters:
  ///   - type: Any type.
  /// - Returns: Its name.
  public static func typeName(_ type: Any.Type) -> String {
    TypeName.clean(String(reflecting: type))
  }

  func node(_ value: Any) -> Node {
    var reflector = Reflector(redacts: redacts)
    reflector.standsInForSecrets = standsInForSecrets
    reflector.labelsSharedCopiesByRank = labelsSharedCopiesByRank
    return reflector.node(value)
  }
}
