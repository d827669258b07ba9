// An invariant of the add-location search, in an explorer's list.
let _: [Invariant<AddLocation.State, AddLocation.Action>] = [
  // «example»
]
