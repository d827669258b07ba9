// Runs when the process loads: a test bundle links TideTesting, so the runtime warnings of the
// plain stores its tests use become issues of the test that is running (Swift Testing or
// XCTest), with no call in the tests. Outside a test they go where they went before.
//
// The function is defined in Swift, in TideTesting (RuntimeWarningsInTests.swift).
#include "TideTestingBootstrap.h"

extern void tide_testing_install_runtime_warning_reporter(void);

__attribute__((constructor)) static void tide_testing_bootstrap(void) {
  tide_testing_install_runtime_warning_reporter();
}
