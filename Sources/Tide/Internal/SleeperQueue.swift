/// The sleepers of a ``ManualClock`` in wake-up order: a binary min-heap keyed by deadline, then
/// by the order they went to sleep, so that sleepers with the same deadline wake first-come
/// first-served.
///
/// Adding and removing the earliest cost O(log n). A cancelled sleeper is not searched for: the
/// clock forgets it in its table, and its heap entry is dropped when it reaches the top.
struct SleeperQueue {
  struct Entry {
    let deadline: ManualClock.Instant
    let id: Int

    func precedes(_ other: Entry) -> Bool {
      deadline < other.deadline || (deadline == other.deadline && id < other.id)
    }
  }

  private var heap: [Entry] = []

  var isEmpty: Bool { heap.isEmpty }

  var first: Entry? { heap.first }

  mutating func insert(_ entry: Entry) {
    heap.append(entry)
    var child = heap.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard heap[child].precedes(heap[parent]) else { break }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  mutating func removeFirst() -> Entry? {
    guard !heap.isEmpty else { return nil }
    heap.swapAt(0, heap.count - 1)
    let first = heap.removeLast()
    var parent = 0
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var smallest = parent
      if left < heap.count && heap[left].precedes(heap[smallest]) { smallest = left }
      if right < heap.count && heap[right].precedes(heap[smallest]) { smallest = right }
      guard smallest != parent else { break }
      heap.swapAt(parent, smallest)
      parent = smallest
    }
    return first
  }
}
