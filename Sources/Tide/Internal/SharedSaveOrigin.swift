import Synchronization

/// Which store a save of a shared value comes from: what lets one file, saved to by two stores
/// (two windows of an app), tell a store's save made from an older value than the file holds.
///
/// Each store whose state holds shared copies gets a number of its own when it is made; its root
/// notes it while it reduces a step, `persisting` captures it in the save effect it returns, and
/// the save runs with it in ``current``, where a `SharedFile` reads it.
package enum SharedSaveOrigin {
  /// The store the save running in this task comes from; `nil` outside a save that
  /// `persisting` started in a store.
  @TaskLocal package static var current: UInt64?

  /// A number no other store, or moment a file notes, of the process has: never 0. A store
  /// takes one when it is made, and a file when it loads, so that a store's first save is
  /// compared with what the last load before the store was made read.
  package static func next() -> UInt64 {
    origins.add(1, ordering: .relaxed).newValue
  }

  /// The store whose root is reducing a step on this thread; `nil` when none is.
  static var reducing: UInt64? {
    guard let context = SharedStepContext.ofThisThread, context.pointee.isReducing,
      context.pointee.origin != 0
    else { return nil }
    return context.pointee.origin
  }

  private static let origins = Atomic<UInt64>(0)
}
