// A libFuzzer target for what `tide` reads: the expression parser (every action typed or loaded)
// and the session-file reader, with the path arithmetic and the times they use. Built with the
// parser's own sources by `.ci/fuzz/run`; not part of the package.
//
// It checks more than "does not crash": an error's position is inside its input, a parsed
// session's steps are in time order with lines in range, a parsed session written back reads
// back the same (recorded answers included), any text survives the quoting of answer lines, and
// a secret typed in a string of a line the parser rejects is hidden by the mask the REPL echoes
// it with.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  let scalars = text.unicodeScalars.count

  do {
    _ = try ExpressionParser.parse(text)
  } catch {
    precondition((0...scalars).contains(error.position), "position \(error.position) of \(scalars)")
    let secret = "Zq9Secret"
    let line = text + " .passwordChanged(\"\(secret)\")"
    if (try? ExpressionParser.parse(line)) == nil {
      let mask = SecretMask(line, secretLabels: ["passwordChanged"])
      precondition(
        !mask.text.contains(secret), "the mask shows the secret in \(line.debugDescription)")
      _ = mask.position(error.position)
    }
  }

  if let file = try? SessionFile.parse(text) {
    var previous = Duration.zero
    for step in file.steps {
      precondition(step.time >= previous && step.time <= DurationText.limit)
      precondition(step.line >= 1)
      previous = step.time
    }
    for answer in file.answers {
      precondition(answer.number >= 1 && !answer.name.isEmpty && answer.line >= 1)
      precondition((0...file.steps.count).contains(answer.index))
    }
    // What is written reads back as it was: answers (their names, numbers, results) survive
    // any name or text, and nothing the writer emits splits a line.
    let again = try! SessionFile.parse(file.text())
    precondition(again.answers.map(\.name) == file.answers.map(\.name))
    precondition(again.answers.map(\.number) == file.answers.map(\.number))
    precondition(again.answers.map(\.result) == file.answers.map(\.result))
    precondition(again.steps.map(\.action) == file.steps.map(\.action))
  }
  // Path arithmetic never traps, whatever the name, and splits only at slashes.
  let folder = PathText.folder(of: text)
  let last = PathText.lastComponent(of: text)
  precondition(!folder.isEmpty, "no folder for \(text.debugDescription)")
  precondition(last == "/" || !last.contains("/"), "a slash in \(last.debugDescription)")
  _ = PathText.baseName(of: text)
  // What tide prints of text it did not make holds no control but a line feed or a tab, and
  // nothing is lost: each escaped character is spelled in full.
  let printable = TerminalText.printable(text)
  precondition(
    !printable.unicodeScalars.contains { $0 != "\n" && $0 != "\t" && TerminalText.isInvisible($0) },
    "a control in \(printable.debugDescription)")
  precondition(printable.unicodeScalars.count >= text.unicodeScalars.count)
  // A time that reads, written and read again, is the same to the attosecond.
  if let time = try? DurationText.parse(text) {
    precondition((try? DurationText.parse(DurationText.format(time))) == time, "\(time)")
  }
  // A call name or failure text of any bytes survives quoting and unquoting.
  let quoted = JSONQuoting.quoted(text)
  if let (unquoted, rest) = SessionFile.Answer.unquote(Substring(quoted)) {
    precondition(unquoted == text && rest.isEmpty, "quoting \(text.debugDescription)")
  } else {
    preconditionFailure("quoting \(text.debugDescription) gave no string")
  }
  return 0
}
