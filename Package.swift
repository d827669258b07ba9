// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "Tide",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "Tide", targets: ["Tide"]),
    .library(name: "TideTesting", targets: ["TideTesting"]),
    .library(name: "TideInspect", targets: ["TideInspect"]),
    .library(name: "TidePersistence", targets: ["TidePersistence"]),
    .library(name: "LoginFeature", targets: ["LoginFeature"]),
    .library(name: "AddLocationFeature", targets: ["AddLocationFeature"]),
    .library(name: "AppFeature", targets: ["AppFeature"]),
    .library(name: "FeatureTools", targets: ["FeatureTools"]),
    .library(name: "TideExplore", targets: ["TideExplore"]),
    .library(name: "TideRecord", targets: ["TideRecord"]),
    .library(name: "TideREPL", targets: ["TideREPL"]),
    .library(name: "TideAttach", targets: ["TideAttach"]),
    .library(name: "TideWeb", targets: ["TideWeb"]),
    .library(name: "TideCommand", targets: ["TideCommand"]),
    .executable(name: "tide", targets: ["tide"]),
    .executable(name: "tide-benchmarks", targets: ["TideBenchmarks"]),
    .executable(name: "tide-stress", targets: ["tide-stress"]),
  ],
  dependencies: [],
  targets: [
    // Core: the runtime, and the value printer and diff it shares with the test harness and REPL.
    .target(name: "TideInspect"),
    .target(name: "Tide", dependencies: ["TideInspect"]),
    .target(name: "TidePersistence", dependencies: ["Tide"]),

    // Testing: the exhaustive TestStore and test clocks.
    .target(
      name: "TideTesting",
      dependencies: ["Tide", "TideInspect", "TideExplore", "TideTestingBootstrap"]),
    // Installs TideTesting's runtime-warning reporter as a test bundle loads (a C constructor:
    // Swift has no load-time code).
    .target(name: "TideTestingBootstrap"),

    // Exploring: searching a feature's schedules for broken invariants, and exporting tests.
    .target(name: "TideExplore", dependencies: ["Tide", "TideInspect"]),

    // Recording: a store's session with what its environment's calls answered, replayed without
    // the outside world; the session file format the REPL shares.
    .target(name: "TideRecord", dependencies: ["Tide", "TideInspect"]),

    // Features.
    .target(
      name: "LoginFeature", dependencies: ["Tide", "TideInspect"]),
    .target(
      name: "AddLocationFeature", dependencies: ["Tide"],
      resources: [
        .copy("Resources/cities15000.tsv"), .copy("Resources/countries.tsv"),
        .copy("Resources/GEONAMES-ATTRIBUTION.md"),
      ]),
    .target(
      name: "AppFeature",
      dependencies: [
        "Tide", "TideInspect", "LoginFeature", "AddLocationFeature",
      ],
      resources: [.copy("Resources/Web")]),
    // The features' explorers and invariants: what the tools and tests use, and no app links.
    .target(
      name: "FeatureTools",
      dependencies: [
        "LoginFeature", "AddLocationFeature", "AppFeature", "Tide", "TideInspect", "TideExplore",
      ]),

    // The app in SwiftUI: built only where SwiftUI exists (its files are under
    // `#if canImport(SwiftUI)`), so CI, on Linux, builds an empty module.
    .target(
      name: "AppSwiftUI",
      dependencies: ["AppFeature", "LoginFeature", "AddLocationFeature", "Tide"]),

    // Reading actions written in Swift syntax: what the REPL and a served store take.
    .target(name: "TideExpressions", dependencies: ["TideInspect", "TideRecord"]),

    // Serving a store to `tide attach`, and the attach client: an app that serves its store
    // links this, and not the REPL.
    .target(
      name: "TideAttach",
      dependencies: ["Tide", "TideInspect", "TideRecord", "TideExpressions"]),

    // Fronts: the REPL engine, the web front beside it, and the executables.
    .target(
      name: "TideREPL",
      dependencies: ["Tide", "TideInspect", "TideExplore", "TideRecord", "TideExpressions"]),
    .target(
      name: "TideWeb",
      dependencies: ["Tide", "TideREPL", "TideInspect", "TideAttach", "TideRecord"],
      resources: [
        .copy("Resources/inspector.html"), .copy("Resources/inspector.js"),
        .copy("Resources/tide.js"), .copy("Resources/tide.css"), .copy("Resources/handover.js"),
      ]),
    // Everything the `tide` executable does, for any features: a user's REPL executable is one
    // call of it.
    .target(
      name: "TideCommand",
      dependencies: ["TideREPL", "TideWeb", "TideAttach", "TideInspect", "TideRecord"]),
    .executableTarget(
      name: "tide",
      dependencies: [
        "TideCommand", "TideREPL", "TideInspect", "AppFeature", "LoginFeature",
        "AddLocationFeature", "FeatureTools", "TideExplore", "TideRecord", "TidePersistence",
      ]),
    // Stress: the runtime's promises tried at scale, small in the suite, full size in tide-stress.
    .target(name: "TideStress", dependencies: ["Tide", "TideTesting", "TideInspect"]),
    .executableTarget(name: "tide-stress", dependencies: ["TideStress", "TidePersistence"]),
    // A small app process that serves its store to `tide attach` (the two-process test runs it).
    .executableTarget(
      name: "tide-served-app",
      dependencies: ["AppFeature", "Tide", "TideInspect", "TideRecord", "TideAttach"]),
    .executableTarget(
      name: "TideBenchmarks",
      dependencies: [
        "Tide", "TideTesting", "TideInspect", "TideExplore", "AddLocationFeature", "LoginFeature",
        "TideREPL", "TideWeb", "TideAttach", "TideRecord", "AppFeature", "FeatureTools",
      ]),

    // Playgrounds: runnable tours, each run by ExecutableTests.
    .executableTarget(
      name: "CounterPlayground", dependencies: ["Tide"], path: "Playgrounds/Counter"),
    .executableTarget(
      name: "TestingPlayground", dependencies: ["Tide", "TideTesting", "TideTestSupport"],
      path: "Playgrounds/Testing"),
    .executableTarget(
      name: "LoginPlayground",
      dependencies: ["LoginFeature", "Tide", "TideInspect"], path: "Playgrounds/Login"),
    .executableTarget(
      name: "AddLocationPlayground", dependencies: ["AddLocationFeature", "Tide"],
      path: "Playgrounds/AddLocation"),
    .executableTarget(
      name: "AppPlayground",
      dependencies: ["AppFeature", "AddLocationFeature", "LoginFeature", "Tide"],
      path: "Playgrounds/App"),
    .executableTarget(
      name: "ExplorePlayground",
      dependencies: ["LoginFeature", "FeatureTools", "Tide", "TideExplore"],
      path: "Playgrounds/Explore"),
    .executableTarget(
      name: "RecordPlayground", dependencies: ["LoginFeature", "Tide", "TideRecord", "TideREPL"],
      path: "Playgrounds/Record"),

    // Tests, and the helpers and small features they share.
    .target(
      name: "TideTestSupport", dependencies: ["Tide", "TideInspect"],
      path: "Tests/TideTestSupport"),
    .testTarget(name: "TideInspectTests", dependencies: ["TideInspect", "Tide"]),
    .testTarget(name: "TideTests", dependencies: ["Tide", "TideTesting", "TideTestSupport"]),
    .testTarget(
      name: "TidePersistenceTests",
      dependencies: ["TidePersistence", "Tide", "TideTesting", "TideTestSupport"]),
    .testTarget(
      name: "LoginFeatureTests", dependencies: ["LoginFeature", "TideTesting", "TideTestSupport"]),
    .testTarget(
      name: "AddLocationFeatureTests",
      dependencies: ["AddLocationFeature", "TideTesting", "TideTestSupport"]),
    .testTarget(
      name: "AppFeatureTests",
      dependencies: ["AppFeature", "TideTesting", "TideTestSupport", "TideRecord"]),
    .testTarget(
      name: "TideREPLTests",
      dependencies: [
        "TideREPL", "TideExpressions", "Tide", "TideInspect", "TideStress", "TideExplore",
        "TideTestSupport",
        "TideRecord",
      ]),
    .testTarget(name: "TideStressTests", dependencies: ["TideStress"]),
    .testTarget(
      name: "TideWebTests",
      dependencies: [
        "TideWeb", "TideAttach", "TideREPL", "AppFeature", "LoginFeature", "Tide", "TideRecord",
        "TideTestSupport",
      ]),
    .testTarget(
      name: "TideExploreTests",
      dependencies: [
        "TideExplore", "FeatureTools", "TideTesting", "Tide", "LoginFeature", "AddLocationFeature",
        "AppFeature",
        "TideTestSupport",
      ]),
    .testTarget(
      name: "TideRecordTests",
      dependencies: [
        "TideRecord", "Tide", "TideTesting", "LoginFeature", "AddLocationFeature", "AppFeature",
        "TideTestSupport",
      ]),
    .testTarget(
      name: "TideTestingTests",
      dependencies: ["Tide", "TideTesting", "TideInspect", "TideTestSupport"]),
    .testTarget(
      name: "ExecutableTests",
      dependencies: [
        "CounterPlayground", "TestingPlayground", "LoginPlayground", "AddLocationPlayground",
        "AppPlayground", "ExplorePlayground", "RecordPlayground",
        "tide", "tide-stress", "TideTestSupport", "Tide", "TideRecord", "AppFeature",
        "LoginFeature", "AddLocationFeature", "TidePersistence",
      ],
      exclude: ["Transcripts"]),
  ]
)

// Settings every Swift target shares.
for target in package.targets where target.name != "TideTestingBootstrap" {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .enableUpcomingFeature("ExistentialAny"),
      .enableUpcomingFeature("MemberImportVisibility"),
    ]
}
