// An alert of a place's screen.
let _: AlertState<PlaceAlert> =
  // «example»
