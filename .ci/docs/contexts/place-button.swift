// A button of a place's alert.
let _: ButtonState<PlaceAlert> =
  // «example»
