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
  case tuple([Field])
  case array([Node])
  case set([Node])
  case dictionary([Pair])

  struct Field: Equatable {
    let label: String?
    let node: Node
  }

  struct Pair: Equatable {
    let key: Node
    let value: Node
  }

  /// The node without its optional wrapper.
  var unwrapped: Node {
    if case .some(let node) = self { return node.unwrapped }
    return self
  }
}
