// A collection type of the app's own.
struct IdentifiedList: Sequence {
  func makeIterator() -> IndexingIterator<[Int]> { [].makeIterator() }
}
// «example»
