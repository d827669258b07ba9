import Testing

@testable import TideRecord

/// Where the first byte that is not UTF-8 is, as a message says it: a character cut short only
/// when the text ends inside one that could still be valid.
@Suite struct FileAccessTests {
  @Test(
    arguments: [
      ([0xFF], "line 1, byte 1 is 0xFF"),
      (Array("ab\ncd".utf8) + [0x80], "line 2, byte 3 is 0x80"),
      (Array("é\r\n".utf8) + [0xC0, 0x80], "line 2, byte 1 is 0xC0"),
      ([0xF5, 0x80, 0x80, 0x80], "line 1, byte 1 is 0xF5"),
      ([0xED, 0xA0, 0x80], "line 1, byte 1 is 0xED"),
      // Cut short at the end: still a character's beginning.
      ([0x61, 0xC3], "the text ends inside a character"),
      ([0xE2, 0x82], "the text ends inside a character"),
      ([0xF0, 0x9F, 0x98], "the text ends inside a character"),
      // Cut short, but no character begins so: a surrogate, an overlong form, past U+10FFFF.
      ([0xED, 0xA0], "line 1, byte 1 is 0xED"),
      ([0xE0, 0x80], "line 1, byte 1 is 0xE0"),
      ([0xF4, 0x90], "line 1, byte 1 is 0xF4"),
      ([0xF0, 0x80], "line 1, byte 1 is 0xF0"),
      // Cut short in the middle of the text: not at its end.
      ([0xE2, 0x82, 0x61], "line 1, byte 1 is 0xE2"),
    ] as [([UInt8], String)])
  func theFirstBadByteIsNamed(bytes: [UInt8], message: String) {
    #expect(String(validating: bytes, as: UTF8.self) == nil)
    #expect(FileAccess.invalidUTF8Location(in: bytes) == message)
  }
}
