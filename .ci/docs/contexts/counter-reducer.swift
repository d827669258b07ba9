// A case of the counter's reducer.
let _ = Reducer<Counter.State, Counter.Action, Counter.Environment> { state, action, environment in
  switch action {
  // «example»
  default:
    return .none
  }
}
