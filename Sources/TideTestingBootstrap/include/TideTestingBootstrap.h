// TideTestingBootstrap: installs TideTesting's runtime-warning reporter when a process that
// links TideTesting (a test bundle) loads, before any test runs. Nothing to call from Swift.
#ifndef TIDE_TESTING_BOOTSTRAP_H
#define TIDE_TESTING_BOOTSTRAP_H
#endif
