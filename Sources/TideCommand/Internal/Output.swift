#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes text to a file descriptor (standard output or error) as it is, unbuffered, so that
/// what the REPL prints and what the line editor draws never come out of order.
func write(_ text: String, to descriptor: Int32 = STDOUT_FILENO) {
  var text = text
  text.withUTF8 { bytes in
    var offset = 0
    // A terminal or pipe may take part of the text at a time, or be interrupted by a signal.
    while offset < bytes.count {
      #if canImport(Glibc)
        let count = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      #else
        let count = Darwin.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      #endif
      if count > 0 {
        offset += count
      } else if count < 0 && (errno == EINTR || errno == EAGAIN) {
        continue
      } else {
        return  // The reader is gone: nothing more can be shown.
      }
    }
  }
}
