// An outcome the explorer gives a call.
let _: ExploreOutcome<[Location]> =
  // «example»
