// The explorer finds a bug nobody wrote a test for, shrinks it and writes the test.
//
// Run it with `swift run ExplorePlayground`. A login screen with one planted bug (a "no data"
// response leaves the spinner on) is searched at random and exhaustively; both find the bug
// and shrink it to the same four steps; then names and passwords made up by the explorer keep
// the real screen's invariants. The tour checks itself with `precondition`.

import FeatureTools
import LoginFeature
import Tide
import TideExplore

/// The login screen, with `isLoading` left set when the server sends no data.
let plantedBug = Reducer<Login.State, Login.Action, Login.Environment> {
  state, action, environment in
  let effect = Login.reducer.reduce(into: &state, action: action, environment: environment)
  if action == .loginResponse(.failure(.nilData)) { state.isLoading = true }
  return effect
}

@MainActor
func tour() async {
  print("1. The real login screen holds its invariants:")
  for invariant in Login.invariants { print("   - \(invariant.name)") }
  let clean = await Login.explorer().random(seed: 1, runs: 200, steps: 10)
  print("   \(clean.summary)")
  precondition(clean.failure == nil)

  print("\n2. The planted bug, searched with seeded random schedules:")
  let explorer = Login.explorer(reducer: plantedBug, reducerExpression: "plantedBug")
  let random = await explorer.random(seed: 1, runs: 200, steps: 10)
  print("   \(random.summary)")
  guard let failure = random.failure else { preconditionFailure("the bug was not found") }
  print("   found in \(failure.foundLength) steps, shrunk to \(failure.schedule.count):")
  for (index, step) in failure.schedule.enumerated() { print("     \(index + 1). \(step)") }
  precondition(failure.schedule.count == 4)

  print("\n3. Exhaustively, breadth first: the first failure is a shortest one.")
  let exhaustive = await explorer.exhaustive(depth: 4)
  print("   \(exhaustive.summary)")
  precondition(exhaustive.failure?.schedule == failure.schedule)

  print("\n4. The report, with the test that reproduces it:\n")
  print(failure.message)
  precondition(
    failure.test?.contains(
      "calls.resolveIfWaiting(\"login\", number: 1, outcome: \"failure(.nilData)\")")
      == true)

  print("\n5. Payloads the explorer makes up: names and passwords drawn from alphabets.")
  let generated = Explorer(
    initialState: Login.State(),
    reducer: Login.reducer,
    environment: { calls, clock in .explorable(calls: calls, clock: clock) },
    actions: { _ in [.loginButtonTapped] },
    generated: [
      .string(CasePath(Login.Action.usernameChanged), alphabet: "ab", length: 0...16),
      .string(CasePath(Login.Action.passwordChanged), alphabet: "aA1", length: 0...6),
    ],
    invariants: Login.invariants
  )
  let drawn = await generated.random(seed: 2, runs: 300, steps: 10)
  print("   \(drawn.summary)")
  precondition(drawn.failure == nil && drawn.shortfall == nil)

  print("\nDone: the explore tour checked itself.")
}

await tour()
