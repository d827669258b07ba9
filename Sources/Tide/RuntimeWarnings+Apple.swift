#if canImport(os)
  import os

  extension RuntimeWarnings {
    /// Logs a warning as a runtime issue: a fault in the `com.apple.runtime-issues` subsystem,
    /// which Xcode shows as a purple warning. Built only on Apple platforms; CI does not build it.
    static let appleRuntimeIssueLog: @Sendable (Warning) -> Void = { warning in
      let log = OSLog(subsystem: "com.apple.runtime-issues", category: "Tide")
      os_log(.fault, log: log, "%{public}@", warning.message)
    }
  }
#endif
