extension Inspector {
  /// Prints a value as JSON, for fronts that render state in another language (the web front's
  /// pages). Hidden values print as `null`, so a redacting inspector never lets a secret out.
  ///
  /// Structs become objects of their stored properties; enums become `{"case": "name"}`, with
  /// `"value"` holding a single unlabeled payload or an object of the payload's fields; arrays
  /// and sets become arrays; dictionaries become arrays of `[key, value]` pairs; strings, whole
  /// and decimal numbers, booleans and `nil` become their JSON spelling; any other scalar (a
  /// duration, a date) becomes the string the inspector prints it as.
  ///
  /// <!-- example: fragment -->
  /// ```swift
  /// Inspector().json(Login.ViewState(Login.State(username: "ada")))
  /// // {"username":"ada","password":null,"isLoginButtonEnabled":false,…}
  /// ```
  ///
  /// - Parameters:
  ///   - value: Any value.
  /// - Returns: One line of JSON.
  package func json(_ value: Any) -> String {
    var output = ""
    JSONRenderer().write(node(value), to: &output)
    return output
  }

  /// Writes a string as a JSON string literal.
  ///
  /// - Parameters:
  ///   - string: Any text.
  /// - Returns: The literal, quotes included.
  package static func jsonString(_ string: String) -> String {
    var output = ""
    JSONRenderer.writeString(string, to: &output)
    return output
  }
}
