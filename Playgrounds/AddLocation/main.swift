// The add-location feature driven through a Store with the shipped offline gazetteer.
//
// Run it with `swift run AddLocationPlayground`. It narrates each step with the screen's view
// state and checks itself with `precondition`.

import AddLocationFeature
import Tide

@MainActor
func render(_ view: AddLocation.ViewState) {
  let spinner = view.isSearchingIndicatorVisible ? " ⟳" : ""
  print("   [\(view.query)]\(spinner)")
  for row in view.rows.prefix(3) { print("     \(row.title) — \(row.subtitle)") }
  if view.rows.count > 3 { print("     … \(view.rows.count - 3) more") }
  if let empty = view.emptyMessage { print("     (\(empty))") }
  if let error = view.errorMessage { print("     error: \(error)") }
}

@MainActor
func tour() async {
  // The debounce waits on this clock; the tour moves it by hand. An app injects ContinuousClock().
  let clock = ManualClock()
  let store = Store(
    initialState: AddLocation.State(),
    reducer: AddLocation.reducer,
    environment: .live(clock: clock),
    drivenBy: clock
  )
  store.observe({ AddLocation.ViewState($0) }, onChange: render)

  // The store runs its effects on the clock, so moving the clock runs the search: first up to its
  // debounce, then past it.
  func search(_ query: String) async {
    store.send(.queryChanged(query))
    await clock.advance(by: AddLocation.debounce)
  }

  print("1. Typing is debounced: three keystrokes, one search 0.3 s after the last.")
  store.send(.queryChanged("B"))
  store.send(.queryChanged("Br"))
  await search("Brus")
  precondition(store.state.location(at: 0)?.name == "Brussels")
  precondition(store.state.location(at: 0)?.countryName == "Belgium")

  print("2. Matching ignores case and diacritics, and a country narrows it.")
  await search("zurich")
  await search("paris, us")
  precondition(store.state.locations.allSatisfy { $0.countryCode == "US" })

  print("3. An empty query clears the results at once, with no search.")
  store.send(.queryChanged("   "))
  precondition(store.state.locations.isEmpty && store.runningEffects.isEmpty)

  print("4. Picking a location tells the parent feature through a delegate action.")
  await search("Brus")
  store.send(.locationTapped(index: 0))
  print("   picked: \(store.state.pickedLocation?.name ?? "nothing")")
  precondition(store.state.pickedLocation?.name == "Brussels")
  store.send(.locationTapped(index: 99))
  precondition(store.state.errorMessage != nil)
  print("Done: the add-location tour checked itself.")
}

await tour()
