// A declaration of a list's feature, whose rows are features of their own.
enum ListFeature {
  struct State: Equatable, Sendable { var rows: IdentifiedArray<Row> = [] }
  enum Action: Sendable { case row(Int, Row.Action) }
  static let core = Reducer<State, Action, Void> { _, _, _ in .none }
  // «example»
}
