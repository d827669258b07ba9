/// A short fingerprint of a state, as a recording keeps it (`# start: …`): the state a recorded
/// store began from, so that a replay from another state (a store recorded after it had
/// changed, or one made with other values than the feature's initial state) is said, not shown
/// as if it had happened. ``of(_:)`` makes one; this file holds what reading one needs (the
/// session-file and attach fuzzers compile it alone).
package enum StateFingerprint {
  /// Whether `text` is written as a fingerprint is: 16 lowercase hexadecimal digits.
  package static func isFingerprint(_ text: some StringProtocol) -> Bool {
    text.utf8.count == 16
      && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
  }
}
