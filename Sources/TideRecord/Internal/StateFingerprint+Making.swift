import TideInspect

extension StateFingerprint {
  /// The fingerprint of `state`: 16 hexadecimal digits.
  ///
  /// It hashes the state as the inspector prints it (secrets as stand-ins of their shape,
  /// dictionaries and sets in sorted order, a shared value by its key and value), so it is the
  /// same in every process that prints the same state, and it holds nothing the state holds.
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
}
