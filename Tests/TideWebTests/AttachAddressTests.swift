import Testing
import TideAttach

/// The attach address and its errors, as a tool of your own meets them (public API only).
@Suite struct AttachAddressTests {
  @Test func anAddressReadsBackAsItsText() throws {
    let loopback = try AttachAddress(parsing: "tide://127.0.0.1:41234?token=abc")
    #expect(loopback == AttachAddress(place: .loopback(port: 41234), token: "abc"))
    #expect(loopback.text == "tide://127.0.0.1:41234?token=abc")
    let socket = try AttachAddress(parsing: "tide+unix:/tmp/a?token=b", tokenInAddress: false)
    #expect(socket.place == .unixSocket(path: "/tmp/a?token=b"))
    #expect(socket.token == nil)
  }

  @Test func aBadAddressSaysWhichFormsThereAre() {
    #expect(
      throws: AttachError.invalidAddress(
        "an address is tide://127.0.0.1:PORT or tide+unix:PATH, with the token in TIDE_TOKEN, as the served process prints it"
      )
    ) { try AttachAddress(parsing: "http://127.0.0.1:80") }
    #expect(
      throws: AttachError.invalidAddress(
        "an attach address has no path: tide://127.0.0.1:80, not tide://127.0.0.1:80/path")
    ) { try AttachAddress(parsing: "tide://127.0.0.1:80/path") }
    #expect(throws: AttachError.invalidAddress("the Unix socket's path is empty")) {
      try AttachAddress(parsing: "tide+unix:")
    }
  }

  @Test func nothingServedIsACannotConnectThatSaysWhere() {
    #expect {
      try AttachClient(
        connectingTo: AttachAddress(place: .loopback(port: 1), token: nil), token: "x")
    } throws: { error in
      guard case .cannotConnect(let reason) = error as? AttachError else { return false }
      return reason.hasPrefix("nothing is served at tide://127.0.0.1:1: ")
        && reason.hasSuffix("; is the process running?")
    }
  }

  @Test func anEndedConnectionsMessageSaysItEnded() {
    #expect(
      AttachError.connectionEnded("the server closed it").message
        == "the connection ended: the server closed it")
  }
}
