/// A type that says how a generated test rebuilds its values: the call of one of its own
/// initialisers (or static functions) with arguments.
///
/// Tests that Tide writes (`:export-test`, the web inspector's download, the explorer's
/// reports) spell values as Swift. Without this, a struct is spelled with its memberwise
/// initialiser, which a test in another module cannot see when the type is public and declares
/// its own `init`; and a change to it is spelled field by field, which a test cannot assign when
/// a field's setter is private. A type that conforms is spelled with the call it gives, and a
/// change to it is assigned whole.
///
/// ```swift
/// public struct Profile: Equatable, SourceExpressible {
///   public private(set) var name: String
///   public private(set) var initials: String
///
///   public init(name: String) {
///     self.name = name
///     self.initials = String(name.prefix(1))
///   }
///
///   public var sourceExpression: SourceExpression {
///     SourceExpression("Profile", ["name": name])
///   }
/// }
/// print(Inspector().source(Profile(name: "Ada")))  // Profile(name: "Ada")
/// ```
///
/// Arguments are printed as Swift too, themselves spelled by their own types. An argument whose
/// label the type lists in `Redacting.redactedLabels` is hidden as the type's fields are.
public protocol SourceExpressible {
  /// The call that rebuilds this value.
  var sourceExpression: SourceExpression { get }
}

/// A call that rebuilds a value in a generated test: a function (an initialiser, a static
/// function) and its arguments.
///
/// ```swift
/// let call = SourceExpression("Notes.Handle", ["number": 7])  // Notes.Handle(number: 7)
/// let unlabeled = SourceExpression("Version", ["": 2])  // Version(2)
/// ```
public struct SourceExpression {
  /// What is called: `Profile`, `Profile.guest`.
  public let function: String
  /// The arguments, in order: an empty label for an unlabeled argument.
  public let arguments: [(label: String, value: Any)]
  /// The label of the argument that holds the value's elements, in order, when the value's own
  /// subscript reaches them by position: a change inside a few elements is then suggested as
  /// `$0.path[2].title = "B"` rather than as the whole value again. `nil` for most types.
  public let elements: String?
  /// The label of the argument that holds the elements' identifiers, in the same order, when the
  /// value's `[id:]` subscript reaches an element by its identifier, adds one set for a new
  /// identifier and removes one set to `nil`: a screen pushed or popped is then suggested as
  /// `$0.path[id: 3] = …` rather than as the whole value again. `nil` for most types.
  public let ids: String?
  /// With ``ids``, the identifier the value gives the next element it adds: an element added
  /// with a lower one (a value rebuilt whole) is suggested as the whole value again.
  public let nextID: Int?

  /// A call of `function` with `arguments`.
  ///
  /// ```swift
  /// let call = SourceExpression("Location", ["name": "Brussels", "population": 1_200_000])
  /// ```
  ///
  /// - Parameters:
  ///   - function: The initialiser's type or the function, as a test spells it.
  ///   - arguments: The arguments' labels (empty for none) and values.
  public init(_ function: String, _ arguments: KeyValuePairs<String, Any> = [:]) {
    self.function = function
    self.arguments = arguments.map { (label: $0.key, value: $0.value) }
    elements = nil
    ids = nil
    nextID = nil
  }

  /// A call of `function` with `arguments`, one of which, `elements`, holds the value's elements
  /// in the order its position subscript reaches them.
  ///
  /// ```swift
  /// let call = SourceExpression("Shelf", ["owner": "Ada", "books": ["Dune"]], elements: "books")
  /// print(call.elements ?? "none")  // books
  /// ```
  ///
  /// - Parameters:
  ///   - function: The initialiser's type or the function, as a test spells it.
  ///   - arguments: The arguments' labels (empty for none) and values.
  ///   - elements: The label of the argument that holds the elements.
  public init(_ function: String, _ arguments: KeyValuePairs<String, Any>, elements: String) {
    self.function = function
    self.arguments = arguments.map { (label: $0.key, value: $0.value) }
    self.elements = elements
    ids = nil
    nextID = nil
  }

  /// A call of `function` with `arguments`, one of which, `elements`, holds the value's elements
  /// in order, and another, `ids`, their identifiers (whole numbers) in the same order, by which
  /// the value's `[id:]` subscript reaches, adds and removes elements.
  ///
  /// ```swift
  /// let call = SourceExpression(
  ///   "Stack", ["ids": [0, 2], "screens": ["List", "Detail"]], elements: "screens", ids: "ids",
  ///   nextID: 3)
  /// print(call.ids ?? "none")  // ids
  /// ```
  ///
  /// - Parameters:
  ///   - function: The initialiser's type or the function, as a test spells it.
  ///   - arguments: The arguments' labels (empty for none) and values.
  ///   - elements: The label of the argument that holds the elements.
  ///   - ids: The label of the argument that holds their identifiers.
  ///   - nextID: The identifier the value's `[id:]` subscript gives an element it adds, at
  ///     least.
  public init(
    _ function: String, _ arguments: KeyValuePairs<String, Any>, elements: String, ids: String,
    nextID: Int
  ) {
    self.function = function
    self.arguments = arguments.map { (label: $0.key, value: $0.value) }
    self.elements = elements
    self.ids = ids
    self.nextID = nextID
  }

  /// ``ids`` and ``nextID``, as a diff keeps them.
  var identifiers: Node.IDs? {
    ids.map { Node.IDs(label: $0, next: nextID ?? 0) }
  }

  /// A call of `function` with arguments built at run time, for a type whose initialiser
  /// leaves out arguments that have their default value.
  ///
  /// ```swift
  /// let role: String? = nil
  /// var arguments: [(label: String, value: Any)] = [("", "Cancel")]
  /// if let role { arguments.append((label: "role", value: role)) }
  /// let call = SourceExpression("Button", arguments: arguments)
  /// print(call.arguments.count)  // 1
  /// ```
  ///
  /// - Parameters:
  ///   - function: The initialiser's type or the function, as a test spells it.
  ///   - arguments: The arguments, in order: an empty label for an unlabeled argument.
  public init(_ function: String, arguments: [(label: String, value: Any)]) {
    self.function = function
    self.arguments = arguments
    elements = nil
    ids = nil
    nextID = nil
  }
}
