/// A value reflected into a tree that can be printed, compared and diffed deterministically.
indirect enum Node: Equatable {
  /// A value printed as is: `42`, `"text"`, `true`, `nil`, `.seconds(1)`.
  case scalar(String)
  /// A hidden value. `fingerprint` is its unredacted rendering, used only to compare.
  case redacted(isString: Bool, fingerprint: String)
  /// The wrapped value of a non-nil optional; prints as the value itself.
  case some(Node)
  case enumCase(type: String, name: String, payload: [Field])
  case structure(type: String, fields: [Field])
  /// A value as the Swift call its type gives to rebuild it (a `SourceExpressible`), in source
  /// only: `User(name: "Ada")`. Assigned whole, never field by field, except inside the argument
  /// `elements` names (see `SourceExpression`), whose elements the value subscripts by position,
  /// or by the identifiers in the argument `ids` names.
  case expression(function: String, arguments: [Field], elements: String?, ids: IDs?)
  case tuple([Field])
  case array([Node])
  case set([Node])
  case dictionary([Pair])
  /// A value known to be equal on both sides of a diff, reflected only if it is printed. Both
  /// sides share the same box, so it compares equal by identity.
  case unchanged(Unchanged)
  /// In source only, a copy of a shared value spelled through the copy the root of the
  /// statements holds: `.list.saved`, printed after the root (`$0.list.saved`).
  case rootReference(String)
  /// A value left out: nested deeper than the reflector goes, or past the number of values it
  /// visits. Prints as `…`; equal to nothing, not even another left-out value, so that a diff
  /// never calls what it did not look at unchanged.
  case elided(LeftOut)

  /// What makes a left-out value equal to nothing.
  struct LeftOut: Equatable {
    static func == (lhs: Self, rhs: Self) -> Bool { false }
  }

  /// Whether the node is a value left out.
  var isElided: Bool {
    if case .elided = self { return true }
    return false
  }

  /// Whether the node is, or holds, a value left out; an unchanged value is not looked into.
  var containsElided: Bool {
    contains(where: \.isElided)
  }

  /// Whether this node, or one it holds, matches `isMatch`; an unchanged value, reflected only
  /// when printed, is not looked into.
  func contains(where isMatch: (Node) -> Bool) -> Bool {
    if isMatch(self) { return true }
    switch self {
    case .scalar, .redacted, .elided, .unchanged, .rootReference: return false
    case .some(let node): return node.contains(where: isMatch)
    case .enumCase(_, _, let fields), .structure(_, let fields), .expression(_, let fields, _, _),
      .tuple(let fields):
      return fields.contains { $0.node.contains(where: isMatch) }
    case .array(let nodes), .set(let nodes): return nodes.contains { $0.contains(where: isMatch) }
    case .dictionary(let pairs):
      return pairs.contains { $0.key.contains(where: isMatch) || $0.value.contains(where: isMatch) }
    }
  }

  /// The argument that holds an expression's element identifiers, and the identifier its next
  /// added element gets at least. Two are equal by label: the counter is not part of the value.
  struct IDs: Equatable {
    let label: String
    let next: Int

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.label == rhs.label }
  }

  struct Field: Equatable {
    let label: String?
    let node: Node
    /// The property a statement assigns the field through, when it is not the label (a shared
    /// copy of an element prints its value as `element`, and is changed through `value`).
    var member: String? = nil
  }

  struct Pair: Equatable {
    let key: Node
    let value: Node
  }

  /// The node without its optional wrapper, and with an unchanged value reflected.
  var unwrapped: Node {
    switch self {
    case .some(let node): return node.unwrapped
    case .unchanged(let box): return box.node.unwrapped
    default: return self
    }
  }

  final class Unchanged: Equatable {
    private let value: Any
    private let reflector: Reflector
    private(set) lazy var node = reflector.node(value)
    /// The value reflected within a small budget of its own, for a one-line summary in a diff:
    /// its shape and size show, however much of the diff's budget the changes took.
    private(set) lazy var summary = reflector.withBudget(Reflector.summaryValues).node(value)

    init(_ value: Any, reflector: Reflector) {
      self.value = value
      self.reflector = reflector
    }

    static func == (lhs: Unchanged, rhs: Unchanged) -> Bool { lhs === rhs }
  }
}
