/// An observer of a root store, told the state after every batch.
@usableFromInline
struct StoreObserver<State> {
  @usableFromInline let id: Int
  @usableFromInline let notify: (State) -> Void

  @usableFromInline
  init(id: Int, notify: @escaping (State) -> Void) {
    self.id = id
    self.notify = notify
  }
}
