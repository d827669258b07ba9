import TideInspect

/// A short fingerprint of a state, as a recording keeps it (`# start: …`): the state a recorded
/// store began from, so that a replay from another state (a store recorded after it had
/// changed, or one made with other values than the feature's initial state) is said, not shown
/// as if it had happened.
///
/// It hashes the state as the inspector prints it (secrets as stand-ins of their shape,
/// dictionaries and sets in sorted order, a shared value by its key and value), so it is the same in every process that prints the
/// same state, and it holds nothing the state holds.
package enum StateFingerprint {
  /// The fingerprint of `state`: 16 hexadecimal digits.
  package static func of(_ state: Any) -> String {
    var inspector = Inspector(redacts: true)
    inspector.standsInForSecrets = true
    inspector.usesSourceExpressions = false
    // FNV-1a, 64 bits: a fingerprint to compare, not a secret to keep.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in inspector.source(state).utf8 {
      hash ^= UInt64(byte)
      hash &*= 0x100_0000_01b3
    }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  /// Whether `text` is written as a fingerprint is.
  package static func isFingerprint(_ text: some StringProtocol) -> Bool {
    text.utf8.count == 16
      && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
  }
}
