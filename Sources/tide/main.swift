// `tide`: the REPL front end. It explores the app, login and add-location features on embedded
// defaults (the demo login backend and the shipped gazetteer): no server, no network.

import TideCommand

await REPLCommand.main(
  name: "tide", features: Features.all,
  variables: [
    REPLCommand.Variable(
      "TIDE_LOGIN_URL",
      "a login server (https, or http on localhost): adds the live environment to login and app")
  ],
  warnings: Features.liveLoginProblem.map { [$0] } ?? [])
