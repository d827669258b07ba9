// A UIKit-style login screen: a button and a label of the app's own.
final class Button { var isEnabled = false }
final class Label { var text: String? }
@MainActor func _example(
  store: Store<Login.State, Login.Action>, loginButton: Button, infoLabel: Label
) {
  // «example»
}
