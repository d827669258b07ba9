// An invariant of the login screen, in an explorer's list.
let _: [Invariant<Login.State, Login.Action>] = [
  // «example»
]
