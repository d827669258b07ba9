// `tide`: the REPL front end. It explores the app, login and add-location features on embedded
// defaults (the demo login backend and the shipped gazetteer): no server, no network, and
// nothing written to disk unless `--data FOLDER` asks the app to keep its saved places there.

import TideCommand

await REPLCommand.main(
  name: "tide",
  variables: [
    REPLCommand.Variable(
      "TIDE_LOGIN_URL",
      "a login server (https, or http on localhost): adds the live environment to login and app")
  ],
  warnings: Features.liveLoginProblem.map { [$0] } ?? []
) { dataFolder in
  Features.all(dataFolder: dataFolder)
}
