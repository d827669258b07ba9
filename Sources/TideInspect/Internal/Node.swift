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

    init(_ value: Any, reflector: Reflector) {
      self.value = value
      self.reflector = reflector
    }

    static func == (lhs: Unchanged, rhs: Unchanged) -> Bool { lhs === rhs }
  }
}
