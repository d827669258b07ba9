/// A task an effect runner launched, with the token the registry knows it by.
struct LaunchedTask: Sendable {
  let token: Int
  let task: Task<Void, Never>
}
