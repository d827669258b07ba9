extension IdentifiedArray {
  /// Removes the elements at a set of positions: what a list's swipe-to-delete hands over
  /// (SwiftUI's `onDelete` gives an `IndexSet`, which this takes as it is).
  ///
  /// ```swift
  /// struct Row: Identifiable { let id: Int }
  /// var rows: IdentifiedArray<Row> = [Row(id: 1), Row(id: 2), Row(id: 3)]
  /// rows.remove(atOffsets: [0, 2])
  /// print(rows.ids)  // [2]
  /// ```
  ///
  /// Repeated positions count once. A position outside the collection (an offset a view took
  /// from a list that has changed since) removes nothing and is reported, as a runtime warning
  /// in an app and a failure in a test:
  ///
  /// ```
  /// IdentifiedArray.remove(atOffsets:) was given position 7, outside 0..<3; nothing was removed.
  /// ```
  ///
  /// - Parameters:
  ///   - offsets: The positions of the elements to remove.
  @inlinable
  public mutating func remove(atOffsets offsets: some Sequence<Int>) {
    guard let doomed = marks(offsets, for: "remove(atOffsets:)", undone: "removed") else {
      return
    }
    var position = 0
    removeAll { _ in
      defer { position += 1 }
      return doomed[position]
    }
  }

  /// Moves the elements at a set of positions to go before the element at `destination`, keeping
  /// their order: what a list's drag-to-reorder hands over (SwiftUI's `onMove`).
  ///
  /// ```swift
  /// struct Row: Identifiable { let id: Int }
  /// var rows: IdentifiedArray<Row> = [Row(id: 1), Row(id: 2), Row(id: 3)]
  /// rows.move(fromOffsets: [0], toOffset: 3)
  /// print(rows.ids)  // [2, 3, 1]
  /// ```
  ///
  /// Positions are those before the move; `destination` is from `0` through `count`. A position
  /// or a destination outside those moves nothing and is reported, as a runtime warning in an
  /// app and a failure in a test.
  ///
  /// - Parameters:
  ///   - offsets: The positions of the elements to move.
  ///   - destination: The position, before the move, of the element they go before; `count`
  ///     puts them at the end.
  @inlinable
  public mutating func move(fromOffsets offsets: some Sequence<Int>, toOffset destination: Int) {
    guard acceptsMoveDestination(destination) else { return }
    guard let moving = marks(offsets, for: "move(fromOffsets:toOffset:)", undone: "moved") else {
      return
    }
    let staying = indices.filter { !moving[$0] }
    let order =
      staying.filter { $0 < destination } + indices.filter { moving[$0] }
      + staying.filter { $0 >= destination }
    reorder(order)
  }

  /// Sorts the elements in place by a predicate; the sort is stable.
  ///
  /// ```swift
  /// struct Row: Identifiable { let id: Int; var title: String }
  /// var rows: IdentifiedArray<Row> = [Row(id: 1, title: "b"), Row(id: 2, title: "a")]
  /// rows.sort { $0.title < $1.title }
  /// print(rows.ids)  // [2, 1]
  /// ```
  ///
  /// When the predicate throws, the collection is left as it was.
  ///
  /// - Parameters:
  ///   - areInIncreasingOrder: Whether the first element goes before the second.
  @inlinable
  public mutating func sort(
    by areInIncreasingOrder: (Element, Element) throws -> Bool
  ) rethrows {
    var order = Array(indices)
    // Positions break ties, which makes the sort stable.
    try order.sort { left, right in
      if try areInIncreasingOrder(elements[left], elements[right]) { return true }
      if try areInIncreasingOrder(elements[right], elements[left]) { return false }
      return left < right
    }
    reorder(order)
  }

  /// The elements that match a predicate, in order, as an `IdentifiedArray`.
  ///
  /// ```swift
  /// struct Row: Identifiable { let id: Int; var isDone: Bool }
  /// let rows: IdentifiedArray<Row> = [Row(id: 1, isDone: true), Row(id: 2, isDone: false)]
  /// let open: IdentifiedArray<Row> = rows.filter { !$0.isDone }
  /// print(open.ids)  // [2]
  /// ```
  ///
  /// The result is this collection with the other elements removed: assigned back, the elements
  /// it keeps are the same elements to the stores that watch them.
  ///
  /// - Parameters:
  ///   - isIncluded: Whether to keep an element.
  /// - Returns: The elements kept.
  @inlinable
  public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> Self {
    var result = self
    try result.removeAll { try !isIncluded($0) }
    return result
  }

  /// Whether `destination` is a position elements can be moved before (`0` through `count`);
  /// reported when it is not.
  @usableFromInline
  func acceptsMoveDestination(_ destination: Int) -> Bool {
    guard (0...count).contains(destination) else {
      IssueReporter.current.report(
        "IdentifiedArray.move(fromOffsets:toOffset:) was given destination \(destination), "
          + "outside 0...\(count); nothing was moved.")
      return false
    }
    return true
  }

  /// Which positions `offsets` names, one flag a position; `nil`, with the offset outside the
  /// collection reported, when one is.
  @usableFromInline
  func marks(
    _ offsets: some Sequence<Int>, for operation: String, undone: String
  ) -> [Bool]? {
    var marked = [Bool](repeating: false, count: count)
    for offset in offsets {
      guard indices.contains(offset) else {
        IssueReporter.current.report(
          "IdentifiedArray.\(operation) was given position \(offset), outside 0..<\(count); "
            + "nothing was \(undone).")
        return nil
      }
      marked[offset] = true
    }
    return marked
  }

  /// Puts the elements in the order of `order`, a permutation of the positions.
  @inlinable
  mutating func reorder(_ order: [Int]) {
    guard order != Array(indices) else { return }
    elements = order.map { elements[$0] }
    births = order.map { births[$0] }
    reindexAll()
  }
}

extension IdentifiedArray where Element: Comparable {
  /// Sorts the elements in place in increasing order; the sort is stable.
  ///
  /// ```swift
  /// struct Row: Identifiable, Comparable {
  ///   let id: Int
  ///   static func < (lhs: Row, rhs: Row) -> Bool { lhs.id < rhs.id }
  /// }
  /// var rows: IdentifiedArray<Row> = [Row(id: 2), Row(id: 1)]
  /// rows.sort()
  /// print(rows.ids)  // [1, 2]
  /// ```
  @inlinable
  public mutating func sort() {
    sort(by: <)
  }
}
