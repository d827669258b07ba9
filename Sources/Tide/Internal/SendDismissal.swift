/// A call of ``Send/dismiss(fileID:filePath:line:column:)``: where it was made, whether it came
/// up through a composition, and what a presentation or a stack sends for it.
struct SendDismissal: Sendable {
  let location: SourceCodeLocation
  let isNested: Bool
  /// Sends the action of the nearest presentation or stack that takes the dismissal; `nil`
  /// when none does.
  var deliver: (@Sendable () async -> Void)? = nil

  /// This call, taken by a presentation or a stack that sends with `deliver`.
  func delivering(_ deliver: @escaping @Sendable () async -> Void) -> Self {
    var call = self
    call.deliver = deliver
    return call
  }
}
