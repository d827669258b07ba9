// An environment of the login screen for tide.
let _: REPLEnvironment<Login.Environment> =
  // «example»
