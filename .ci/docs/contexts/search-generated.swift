// An action the explorer generates for the add-location search, in its list.
let _: [GeneratedAction<AddLocation.State, AddLocation.Action>] = [
  // «example»
]
