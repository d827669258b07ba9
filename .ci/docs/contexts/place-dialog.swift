// A confirmation dialog of a place's screen.
let _: ConfirmationDialogState<PlaceAlert> =
  // «example»
