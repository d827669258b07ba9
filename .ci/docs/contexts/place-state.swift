// A place's screen setting its alert or dialog.
struct SaveError: Error { var message: String }
struct PlaceScreen {
  var alert: AlertState<PlaceAlert>?
  var dialog: ConfirmationDialogState<PlaceAlert>?
}
@MainActor func _example(state: inout PlaceScreen, error: SaveError, place: Place) {
  // «example»
}
