import Synchronization

/// How many roots are reducing a step now, on any thread: while none is, a change to a
/// ``Shared`` copy needs no further look (one load in its setter).
@usableFromInline let sharedStepsActive = Atomic<Int>(0)

/// What one step at a root did to shared copies, kept while the root reduces it.
///
/// - The changes made in screens the step may remove: an operator whose parent holds no copy
///   keeps its child's copies after the child's step, and the copies that remain take them when
///   the step ends (a sheet's Save that also dismisses it).
/// - Every change made to a copy in the step, so that a change no copy holds at the end of the
///   step is reported rather than lost without a word: a parent changed its child's copy and
///   removed the child in the same step, or a reducer took a copy from the state, changed it
///   and dropped it.
///
/// Made on first use: a step that changes no copy and keeps none makes none.
@usableFromInline
final class SharedStep: @unchecked Sendable {
  /// Each kept copy, as the note it makes among the copies collected at the end of the step.
  private(set) var kept: [(inout SharedCopies) -> Void] = []

  /// The latest change made to each key's copies (and each element's) in the step.
  private(set) var changes: [SharedCopies.ElementKey: SharedChange] = [:]

  /// The problems reported in the step: each is reported once, though every level that syncs
  /// copies in the step finds it again.
  private var reported: Set<String> = []

  /// Whether the step kept no copy and saw no change.
  var isEmpty: Bool { kept.isEmpty && changes.isEmpty }

  /// Reports a problem with shared copies, once in a step.
  ///
  /// - Parameters:
  ///   - message: The report.
  ///   - step: The step that found it, when a root has ended it; otherwise the step a root is
  ///     reducing on this thread, if any.
  static func report(_ message: String, in step: SharedStep?) {
    if let step = step ?? current {
      guard step.reported.insert(message).inserted else { return }
    }
    IssueReporter.current.report(message)
  }

  @usableFromInline
  func keep<Value>(_ copy: Shared<Value>) {
    kept.append { $0.note(copy) }
  }

  /// Whether some root is reducing a step now, on any thread.
  @inlinable static var isAnyActive: Bool {
    sharedStepsActive.load(ordering: .relaxed) != 0
  }

  /// Whether a root that keeps the changes of screens its step removes is reducing a step on
  /// this thread: a reducer run by hand inside it needs no step of its own.
  static var isKeepingRemovedChanges: Bool {
    isAnyActive && SharedStepContext.ofThisThread?.pointee.keepsRemovedChanges == true
  }

  /// The step a root that keeps removed screens' changes is reducing on this thread, where an
  /// operator keeps its child's copies; `nil` when none is.
  static var currentKeeping: SharedStep? {
    isKeepingRemovedChanges ? current : nil
  }

  /// The step a root is reducing on this thread, made on first use; `nil` when none is.
  static var current: SharedStep? {
    guard isAnyActive, let context = SharedStepContext.ofThisThread, context.pointee.isReducing
    else { return nil }
    if let step = context.pointee.step { return step }
    let step = SharedStep()
    context.pointee.step = step
    return step
  }

  /// What a thread was doing before a root began a step on it: restored when the step ends.
  struct Outer {
    let context: UnsafeMutablePointer<SharedStepContext>
    let wasReducing: Bool
    let keptRemovedChanges: Bool
    let origin: UInt64
    let step: SharedStep?
  }

  /// Begins a root's step on this thread; pass what it returns to ``end(_:)``.
  ///
  /// - Parameters:
  ///   - keepsRemovedChanges: Whether the root keeps the changes of screens its step removes.
  ///   - origin: The store whose root reduces the step (``SharedSaveOrigin``), or 0.
  @inline(__always)
  static func begin(keepsRemovedChanges: Bool, origin: UInt64) -> Outer {
    let context = SharedStepContext.forThisThread
    let outer = Outer(
      context: context, wasReducing: context.pointee.isReducing,
      keptRemovedChanges: context.pointee.keepsRemovedChanges, origin: context.pointee.origin,
      step: context.pointee.step.take())
    context.pointee.isReducing = true
    context.pointee.keepsRemovedChanges = keepsRemovedChanges
    // A step reduced by hand inside a store's step is that store's.
    if origin != 0 { context.pointee.origin = origin }
    sharedStepsActive.add(1, ordering: .relaxed)
    return outer
  }

  /// Ends the step ``begin(keepsRemovedChanges:origin:)`` began.
  ///
  /// - Parameter outer: What `begin(keepsRemovedChanges:origin:)` returned.
  /// - Returns: The step, when anything kept a copy or changed one in it.
  @inline(__always)
  static func end(_ outer: Outer) -> SharedStep? {
    sharedStepsActive.subtract(1, ordering: .relaxed)
    let step = outer.context.pointee.step.take()
    outer.context.pointee.isReducing = outer.wasReducing
    outer.context.pointee.keepsRemovedChanges = outer.keptRemovedChanges
    outer.context.pointee.origin = outer.origin
    outer.context.pointee.step = outer.step
    return step
  }

  /// Notes that `copy` was just changed, when a root is reducing a step on this thread.
  @usableFromInline
  static func noteChange<Value>(_ copy: Shared<Value>) {
    guard let step = current else { return }
    // The latest change of each key: a copy changed again, or another copy of the key changed
    // after it, is what the end of the step must find.
    let change = SharedChange(copy)
    step.changes[change.key] = change
  }
}
