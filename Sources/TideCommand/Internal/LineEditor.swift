import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Line editing on a terminal in raw mode: arrows, Home/End, history, Tab completion, Ctrl-C and
/// Ctrl-D. Output printed while a line is being typed goes above it, and the line is redrawn.
@MainActor
final class LineEditor {
  enum Event {
    case line(String)
    case interrupt
    case endOfInput
  }

  private var original = termios()
  private var isRaw = false
  private var buffer: [Character] = []
  private var cursor = 0
  private var history: [String] = []
  private var historyIndex = 0
  private var pending: [UInt8] = []
  /// Whether the last byte ended a line with CR, so that the LF of a pasted CRLF is not a second
  /// (empty) line.
  private var afterCarriageReturn = false
  /// Bytes received and not yet edited, oldest first, from `queued[queueStart]`.
  private var queued: [UInt8] = []
  private var queueStart = 0
  private var prompt = ""
  private var isEditing = false
  /// Completions for the text before the cursor.
  var complete: (String) -> [String] = { _ in [] }

  init() {}

  func enableRawMode() {
    guard tcgetattr(STDIN_FILENO, &original) == 0 else { return }
    var raw = original
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
    raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
    withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
      bytes[Int(VMIN)] = 1
      bytes[Int(VTIME)] = 0
    }
    isRaw = tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0
  }

  func restore() {
    if isRaw { tcsetattr(STDIN_FILENO, TCSAFLUSH, &original) }
    isRaw = false
  }

  /// Starts editing a new line after `prompt`.
  func begin(prompt: String) {
    self.prompt = prompt
    buffer = []
    cursor = 0
    historyIndex = history.count
    isEditing = true
    redraw()
  }

  /// Prints text above the line being edited.
  func printAbove(_ text: String) {
    if isEditing { write("\r\u{1B}[K") }
    write(text)
    if isEditing { redraw() }
  }

  /// Adds bytes typed or pasted; ``nextEvent()`` edits them.
  func enqueue(_ bytes: [UInt8]) {
    queued += bytes
  }

  /// Edits the queued bytes until a line is finished or the user interrupts, redrawing once at
  /// the end rather than after every byte (a pasted line costs one redraw).
  func nextEvent() -> Event? {
    var event: Event?
    while event == nil, queueStart < queued.count {
      let byte = queued[queueStart]
      queueStart += 1
      event = edit(byte)
    }
    if queueStart == queued.count {
      queued.removeAll(keepingCapacity: true)
      queueStart = 0
    }
    if event == nil, isEditing { redraw() }
    return event
  }

  /// Edits one byte, without redrawing.
  private func edit(_ byte: UInt8) -> Event? {
    defer { afterCarriageReturn = byte == 0x0D && pending.isEmpty }
    if byte == 0x0A && afterCarriageReturn && pending.isEmpty { return nil }
    pending.append(byte)
    if pending[0] == 0x1B {
      return escape()
    }
    if pending[0] >= 0x80 {
      // A multi-byte UTF-8 character: wait until it is whole.
      let needed = pending[0] >= 0xF0 ? 4 : pending[0] >= 0xE0 ? 3 : 2
      guard pending.count >= needed else { return nil }
      let character = String(decoding: pending, as: UTF8.self)
      pending = []
      insert(character)
      return nil
    }
    pending = []
    switch byte {
    case 0x0D, 0x0A:
      let line = String(buffer)
      write("\r\n")
      isEditing = false
      if !line.trimmingCharacters(in: .whitespaces).isEmpty, history.last != line {
        history.append(line)
      }
      return .line(line)
    case 0x03:
      write("^C\r\n")
      // As in a shell: Ctrl-C on a half-typed line drops the line; on an empty one it
      // interrupts (cancels effects, or exits).
      guard buffer.isEmpty else {
        buffer = []
        cursor = 0
        return nil
      }
      isEditing = false
      return .interrupt
    case 0x04:
      if buffer.isEmpty {
        write("\r\n")
        isEditing = false
        return .endOfInput
      }
      if cursor < buffer.count { buffer.remove(at: cursor) }
    case 0x7F, 0x08:
      if cursor > 0 {
        cursor -= 1
        buffer.remove(at: cursor)
      }
    case 0x01: cursor = 0
    case 0x05: cursor = buffer.count
    case 0x15:
      buffer.removeSubrange(0..<cursor)
      cursor = 0
    case 0x0B: buffer.removeSubrange(cursor...)
    case 0x0C: write("\u{1B}[H\u{1B}[2J")
    case 0x09: completeWord()
    default:
      if byte >= 0x20 { insert(String(UnicodeScalar(byte))) }
    }
    return nil
  }

  private func escape() -> Event? {
    // No sequence a terminal sends is this long: drop it rather than wait forever.
    if pending.count > 16 {
      pending = []
      return nil
    }
    guard pending.count >= 3 else {
      if pending.count == 2 && pending[1] != UInt8(ascii: "[") && pending[1] != UInt8(ascii: "O") {
        pending = []
      }
      return nil
    }
    let final = pending[pending.count - 1]
    if pending[1] == UInt8(ascii: "[") && final >= 0x30 && final <= 0x39 { return nil }  // e.g. 3~
    defer { pending = [] }
    switch final {
    case UInt8(ascii: "A"): recall(-1)
    case UInt8(ascii: "B"): recall(1)
    case UInt8(ascii: "C"): cursor = min(buffer.count, cursor + 1)
    case UInt8(ascii: "D"): cursor = max(0, cursor - 1)
    case UInt8(ascii: "H"): cursor = 0
    case UInt8(ascii: "F"): cursor = buffer.count
    case UInt8(ascii: "~"):
      if pending.count >= 4 && pending[2] == UInt8(ascii: "3") && cursor < buffer.count {
        buffer.remove(at: cursor)
      }
    default: break
    }
    return nil
  }

  /// The longest line the editor holds, as the REPL reads at most this many characters.
  static let maximumLength = 1_000_000

  private func insert(_ text: String) {
    guard buffer.count < Self.maximumLength else {
      write("\u{7}")  // The bell: the line is full.
      return
    }
    for character in text {
      buffer.insert(character, at: cursor)
      cursor += 1
    }
  }

  private func recall(_ step: Int) {
    let next = historyIndex + step
    guard next >= 0, next <= history.count else { return }
    historyIndex = next
    buffer = next == history.count ? [] : Array(history[next])
    cursor = buffer.count
  }

  private func completeWord() {
    let before = String(buffer[..<cursor])
    let options = complete(before)
    guard !options.isEmpty else { return }
    var common = options[0]
    for option in options.dropFirst() {
      while !option.hasPrefix(common) { common.removeLast() }
    }
    if common.count > before.count {
      let after = buffer[cursor...]
      buffer = Array(common) + after
      cursor = common.count
    } else if options.count > 1 {
      write("\r\n" + options.joined(separator: "  ") + "\r\n")
    }
  }

  /// The most characters of the line drawn: a longer line shows the part around the cursor,
  /// so a redraw costs the same whatever was pasted.
  static let visibleWidth = 160

  private func redraw() {
    var start = 0
    var end = buffer.count
    if buffer.count > Self.visibleWidth {
      start = max(0, min(cursor - Self.visibleWidth / 2, buffer.count - Self.visibleWidth))
      end = start + Self.visibleWidth
    }
    let head = start > 0 ? "…" : ""
    let tail = end < buffer.count ? "…" : ""
    let back = end - cursor + tail.count
    write(
      "\r\u{1B}[K" + prompt + head + String(buffer[start..<end]) + tail
        + (back > 0 ? "\u{1B}[\(back)D" : ""))
  }

  private func write(_ text: String) {
    TideCommand.write(text)
  }

}
