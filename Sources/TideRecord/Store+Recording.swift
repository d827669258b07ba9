import Tide

extension Store {
  /// Starts recording the store's session into `recorder`: every action it reduces from now
  /// on, with its time and whether an effect sent it, and (the first time) a fingerprint of the
  /// state it begins from. A replay runs the steps from the feature's initial state, and says
  /// so when that state has another fingerprint: record a store made with the feature's initial
  /// state, from its start.
  ///
  /// <!-- example: given store: Store<Login.State, Login.Action>, recorder: Recorder -->
  /// ```swift
  /// try store.record(into: recorder)
  /// store.send(.usernameChanged("pritesh"))
  /// store.stopRecording()
  /// ```
  ///
  /// - Parameters:
  ///   - recorder: Where the session goes.
  /// - Throws: ``RecordingError`` when the store is a scoped store (record the store it was
  ///   scoped from: it reduces the actions), when it is already recorded, or when the recorder
  ///   records, or recorded, another store. The same store may record into the same recorder
  ///   again after ``stopRecording()``; what it did in between is not in the recording.
  public func record(into recorder: Recorder) throws(RecordingError) {
    guard isRoot else {
      throw RecordingError.cannotRecord(
        "a scoped store cannot be recorded: record the store it was scoped from, which reduces its actions"
      )
    }
    guard !isTapped else {
      throw RecordingError.cannotRecord(
        "this store is already recorded: call stopRecording() first")
    }
    try recorder.attach(self, clock: drivingClock, start: StateFingerprint.of(untrackedState))
    tapReductions(
      { action, received in recorder.append(action, received: received) }, owner: recorder)
  }

  /// Stops recording; the recorder keeps what it has. Does nothing when the store is not
  /// recorded.
  ///
  /// <!-- example: given store: Store<Login.State, Login.Action> -->
  /// ```swift
  /// store.stopRecording()
  /// ```
  public func stopRecording() {
    guard let recorder = tapOwner as? Recorder else { return }
    tapReductions(nil)
    recorder.detach()
  }
}
