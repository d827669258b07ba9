extension SessionFile {
  /// The file's text, as ``parse(_:)`` reads it back: the header, the feature, the first
  /// environment and `notes` as comments, then every step, resolution and answer in order (an
  /// environment switch as a `# environment:` line where it happened), then what happened after
  /// the last step.
  ///
  /// - Parameters:
  ///   - notes: Comment lines to put after the header, without their `# `.
  /// The line that marks a recording.
  package static let recordingLine = "# recording: its calls answer from the answer lines"

  package func text(notes: [String] = []) -> String {
    var lines = [Self.header]
    if let feature { lines.append("# feature: \(feature)") }
    var environment = environment
    if let environment { lines.append("# environment: \(environment)") }
    if isRecording { lines.append(Self.recordingLine) }
    if let start { lines.append("# start: \(start)") }
    lines += notes.map { "# \($0)" }
    var nextResolution = resolutions.startIndex
    var nextAnswer = answers.startIndex
    /// The resolutions and answers that came before step `index`, in the order of their times.
    func between(before index: Int) {
      while true {
        let resolution =
          nextResolution < resolutions.endIndex
            && resolutions[nextResolution].index <= index
          ? resolutions[nextResolution] : nil
        let answer =
          nextAnswer < answers.endIndex && answers[nextAnswer].index <= index
          ? answers[nextAnswer] : nil
        if let resolution, answer.map({ resolution.time <= $0.time }) ?? true {
          lines.append(
            "resolve @\(DurationText.format(resolution.time)) \(resolution.outcome) \(resolution.call)"
          )
          nextResolution += 1
        } else if let answer {
          lines.append(answer.fileLine)
          nextAnswer += 1
        } else {
          return
        }
      }
    }
    for (index, step) in steps.enumerated() {
      between(before: index)
      if let switched = step.environment, switched != environment {
        environment = switched
        lines.append("# environment: \(switched)")
      }
      lines.append(step.fileLine)
    }
    between(before: steps.count)
    if let finalEnvironment, finalEnvironment != environment {
      lines.append("# environment: \(finalEnvironment)")
    }
    if let clock, clock > (steps.last?.time ?? .zero) {
      lines.append("# clock: @\(DurationText.format(clock))")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
