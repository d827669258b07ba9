/// A first-in, first-out queue whose `popFirst` costs O(1): taking a thousand received actions
/// one at a time from an array's front would move the rest each time.
struct FIFOQueue<Element> {
  private var elements: [Element] = []
  /// The position of the oldest element; those before it are taken.
  private var head = 0

  var isEmpty: Bool { head == elements.count }

  var first: Element? { isEmpty ? nil : elements[head] }

  /// The elements, oldest first.
  var all: [Element] { Array(elements[head...]) }

  mutating func append(_ element: Element) {
    elements.append(element)
  }

  mutating func popFirst() -> Element? {
    guard !isEmpty else { return nil }
    let element = elements[head]
    head += 1
    // The taken half is dropped once it is the larger, so memory stays in proportion.
    if head * 2 >= elements.count {
      elements.removeFirst(head)
      head = 0
    }
    return element
  }

  /// Every element, oldest first; the queue is empty afterwards.
  mutating func removeAll() -> [Element] {
    defer {
      elements = []
      head = 0
    }
    return all
  }
}

extension FIFOQueue: Sendable where Element: Sendable {}
