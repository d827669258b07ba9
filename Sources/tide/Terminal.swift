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
    #if canImport(Glibc)
      _ = Glibc.write(descriptor, bytes.baseAddress, bytes.count)
    #else
      _ = Darwin.write(descriptor, bytes.baseAddress, bytes.count)
    #endif
  }
}
