// A form's state that lists its bindable fields.
struct Profile: Equatable, Sendable, BindableState {
  var name = ""
  var age = 0
  // «example»
}
