import TideRecord

/// The messages of the attach protocol, version 1, as both ends read and write them (see the
/// article "The attach protocol" in TideWeb's documentation).
///
/// A client sends `hello` first, with the run's token, then any number of `send`s. The server
/// answers `hello` with `welcome` and every line of the recording so far, then each new line as
/// the store records it; each `send` with `sent` or `refused`. A line the server cannot read
/// gets `error`; before the `hello` is accepted, an `error` is the last line and the server
/// closes the connection.
package enum AttachProtocol {
  /// The version this build speaks.
  package static let version = 1

  /// What a client sends.
  package enum ClientMessage: Equatable, Sendable {
    /// `{"type":"hello","protocol":1,"token":"…"}`: first, and only first.
    case hello(protocol: Int, token: String)
    /// `{"type":"send","id":7,"action":".loginButtonTapped"}`: an action in Swift syntax; the
    /// answer carries the same `id`.
    case send(id: Int, action: String)

    var message: AttachMessage {
      switch self {
      case .hello(let version, let token):
        AttachMessage([
          ("type", .string("hello")), ("protocol", .number(version)), ("token", .string(token)),
        ])
      case .send(let id, let action):
        AttachMessage([("type", .string("send")), ("id", .number(id)), ("action", .string(action))])
      }
    }

    /// Reads a client's message.
    ///
    /// - Throws: A message that names what is missing, unknown or of the wrong kind.
    init(_ message: AttachMessage) throws(AttachProtocol.Refusal) {
      switch message.type {
      case "hello":
        try Self.check(message, fields: ["type", "protocol", "token"])
        self = .hello(
          protocol: try Self.number("protocol", of: message),
          token: try Self.string("token", of: message))
      case "send":
        try Self.check(message, fields: ["type", "id", "action"])
        self = .send(
          id: try Self.number("id", of: message), action: try Self.string("action", of: message))
      case let other:
        if message["type"] != nil, other == nil {
          throw Refusal("\"type\" is a string: \"hello\" or \"send\"")
        }
        throw Refusal(
          other.map { "unknown type \(JSONQuoting.quoted($0)): a client sends hello or send" }
            ?? "a message needs a type: \"hello\" or \"send\"")
      }
    }
  }

  /// What a server sends.
  package enum ServerMessage: Equatable, Sendable {
    /// `{"type":"welcome","protocol":1,"feature":"app","environment":"live","lines":12,
    /// "start":"0123456789abcdef"}`: `lines` is how many `line` messages follow at once, the
    /// recording so far; `start`, when there, the fingerprint of the state the store began
    /// from, as a recording's `# start:` line gives it.
    case welcome(protocol: Int, feature: String, environment: String, lines: Int, start: String?)
    /// `{"type":"line","text":"send @1.5s .loginButtonTapped"}`: a line of the recording, in
    /// the session-file format, in the order the store recorded them.
    case line(String)
    /// `{"type":"sent","id":7}`: the action was sent to the store.
    case sent(id: Int)
    /// `{"type":"refused","id":7,"message":"…"}`: the action was not sent, and why.
    case refused(id: Int, message: String)
    /// `{"type":"error","message":"…"}`: a line the server could not read, or the reason it
    /// closes the connection.
    case error(message: String)

    var message: AttachMessage {
      switch self {
      case .welcome(let version, let feature, let environment, let lines, let start):
        AttachMessage(
          [
            ("type", .string("welcome")), ("protocol", .number(version)),
            ("feature", .string(feature)), ("environment", .string(environment)),
            ("lines", .number(lines)),
          ] + (start.map { [("start", AttachMessage.Value.string($0))] } ?? []))
      case .line(let text):
        AttachMessage([("type", .string("line")), ("text", .string(text))])
      case .sent(let id):
        AttachMessage([("type", .string("sent")), ("id", .number(id))])
      case .refused(let id, let message):
        AttachMessage([
          ("type", .string("refused")), ("id", .number(id)), ("message", .string(message)),
        ])
      case .error(let message):
        AttachMessage([("type", .string("error")), ("message", .string(message))])
      }
    }

    /// Reads a server's message.
    init(_ message: AttachMessage) throws(AttachProtocol.Refusal) {
      switch message.type {
      case "welcome":
        try Self.check(
          message, fields: ["type", "protocol", "feature", "environment", "lines", "start"])
        let start = message["start"] == nil ? nil : try Self.string("start", of: message)
        if let start, !StateFingerprint.isFingerprint(start) {
          throw Refusal("\"start\" is 16 hexadecimal digits")
        }
        self = .welcome(
          protocol: try Self.number("protocol", of: message),
          feature: try Self.string("feature", of: message),
          environment: try Self.string("environment", of: message),
          lines: try Self.number("lines", of: message), start: start)
      case "line":
        try Self.check(message, fields: ["type", "text"])
        self = .line(try Self.string("text", of: message))
      case "sent":
        try Self.check(message, fields: ["type", "id"])
        self = .sent(id: try Self.number("id", of: message))
      case "refused":
        try Self.check(message, fields: ["type", "id", "message"])
        self = .refused(
          id: try Self.number("id", of: message), message: try Self.string("message", of: message))
      case "error":
        try Self.check(message, fields: ["type", "message"])
        self = .error(message: try Self.string("message", of: message))
      case let other:
        throw Refusal(
          "unknown type \(other.map(JSONQuoting.quoted) ?? "(none)") from the server")
      }
    }
  }

  /// Why a message was refused.
  package struct Refusal: Error, Equatable, Sendable {
    let message: String
    init(_ message: String) { self.message = message }
  }
}

extension AttachProtocol.ClientMessage: AttachMessageReading {}
extension AttachProtocol.ServerMessage: AttachMessageReading {}

/// The field checks both ends' messages share.
protocol AttachMessageReading {}

extension AttachMessageReading {
  /// Refuses a message with a field other than `fields`.
  static func check(_ message: AttachMessage, fields: [String]) throws(AttachProtocol.Refusal) {
    if let unknown = message.fields.first(where: { !fields.contains($0.name) }) {
      throw AttachProtocol.Refusal(
        "\(message.type ?? "a message") has no field \(JSONQuoting.quoted(unknown.name)); it has "
          + fields.map(JSONQuoting.quoted).joined(separator: ", "))
    }
  }

  static func string(_ name: String, of message: AttachMessage) throws(AttachProtocol.Refusal)
    -> String
  {
    switch message[name] {
    case .string(let value): return value
    case .number:
      throw AttachProtocol.Refusal("\(JSONQuoting.quoted(name)) is a string, not a number")
    case nil:
      throw AttachProtocol.Refusal(
        "\(message.type ?? "the message") needs \(JSONQuoting.quoted(name)), a string")
    }
  }

  static func number(_ name: String, of message: AttachMessage) throws(AttachProtocol.Refusal)
    -> Int
  {
    switch message[name] {
    case .number(let value): return value
    case .string:
      throw AttachProtocol.Refusal("\(JSONQuoting.quoted(name)) is a whole number, not a string")
    case nil:
      throw AttachProtocol.Refusal(
        "\(message.type ?? "the message") needs \(JSONQuoting.quoted(name)), a whole number")
    }
  }

}
